import type { AuthProvider } from '@refinedev/core';
import * as account from '../features/account/api';
import { codeMessage } from '../api/client';
import { session } from '../api/session';
import { apiUi } from '../api/ui';
import { loadUser } from '../auth/user';
import { safeRedirect } from './redirect';

export { safeRedirect };

export interface LoginParams {
  username: string;
  password: string;
  redirect?: string;
}

let loggedInHere = false;

/** True once a login succeeded on this page: the login page then navigates on its own. */
export function loggedInOnThisPage(): boolean {
  return loggedInHere;
}

export const authProvider: AuthProvider = {
  async login({ username, password, redirect }: LoginParams) {
    const envelope = await account.login(username, password);
    if (envelope.code !== 200 || !envelope.data?.AccessToken) {
      return {
        success: false,
        error: {
          name: apiUi.translate('login:failed'),
          message: envelope.status === 7 ? codeMessage(7) : codeMessage(Number(envelope.code)),
        },
      };
    }
    session.setTokens(envelope.data.AccessToken, envelope.data.RefreshTokenKey);
    session.setUserName(username.trim());
    const loaded = await loadUser({ afterLogin: true });
    if (!loaded.ok) {
      const message = 'message' in loaded ? loaded.message : codeMessage(102);
      return { success: false, error: { name: apiUi.translate('login:failed'), message } };
    }
    loggedInHere = true;
    // A staff member's preferences (loaded here, not with the login page: its chunk stays small); without a page to
    // return to, the page they chose to open after login, else the root.
    const landing = await (await import('../features/settings/staffPreferences')).applyStaffPreferencesAtLogin();
    return { success: true, redirectTo: redirect ? safeRedirect(redirect) : (landing ?? '/') };
  },
  async logout() {
    await account.logout();
    return { success: true, redirectTo: '/Login' };
  },
  async check() {
    if (session.isLoggedIn()) return { authenticated: true };
    return { authenticated: false, logout: false, redirectTo: '/Login' };
  },
  async getIdentity() {
    const info = session.getUserInfo();
    if (!info) return null;
    return { id: info.username, name: info.username, email: info.email, roles: info.roles, country: info.country };
  },
  async getPermissions() {
    return session.getUserInfo()?.roles ?? [];
  },
  async onError(error: { statusCode?: number }) {
    // The /api client already handles HTTP 401 (refresh) and code 102 (session cleared, reload).
    if (error?.statusCode === 102 && !session.isLoggedIn()) return { logout: true, redirectTo: '/Login' };
    return {};
  },
};
