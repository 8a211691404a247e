import axios from 'axios';
import type { Envelope } from '../../../contract/codes';
import { api, API_BASE, REQUEST_TIMEOUT_MS } from '../../api/client';
import { session, type UserInfo } from '../../api/session';

/**
 * The Account calls of CONTRACT.md used by the shell and the public pages: the session (login, user info,
 * logout) and the pages of a person who cannot log in (yet). They answer the envelope: each page shows the
 * answer's code itself, next to the field or in place of the form (quiet: the /api client shows nothing).
 * Kept free of declarations: the login page's chunk carries this file. No call here is read through
 * useQuery, so there are no query keys.
 */
export interface LoginTokens {
  AccessToken: string;
  RefreshTokenKey: string;
}

export function login(username: string, password: string): Promise<Envelope<LoginTokens>> {
  return api.post<LoginTokens>('/Account/Login', { username, password }, { quiet: true });
}

export function getUserInfo(): Promise<Envelope<UserInfo>> {
  return api.post<UserInfo>('/Account/GetUserInfo', {}, { quiet: true });
}

/**
 * POST /Account/Logout, then clear the session and all of local storage (spec §4). Sent past the
 * interceptors: an expired token must not start a refresh and a reload when the user wants to leave.
 */
export async function logout(): Promise<void> {
  const token = session.getToken();
  try {
    if (token) {
      await axios.post(`${API_BASE}/Account/Logout`, undefined, {
        headers: { Authorization: `Bearer ${token}` },
        timeout: REQUEST_TIMEOUT_MS,
      });
    }
  } catch {
    // the server forgets the session on its own; locally it ends now
  } finally {
    session.clearAll();
  }
}

export function checkSharerAccount(token: string): Promise<Envelope<{ email: string }>> {
  return api.post<{ email: string }>('/Account/CheckSharerAccount', { token }, { quiet: true });
}

export function registerSharerAccount(token: string, username: string, password: string): Promise<Envelope<null>> {
  return api.post<null>('/Account/RegisterSharerAccount', { token, username, password }, { quiet: true });
}

/** `username` may be a user name or the account's e-mail address. */
export function forgetPassword(username: string): Promise<Envelope<null>> {
  return api.post<null>('/Account/ForgetPassword', { username }, { quiet: true });
}

export function resetPassword(token: string, newPassword: string): Promise<Envelope<null>> {
  return api.post<null>('/Account/ResetPasswords', { token, newPassword }, { quiet: true });
}

export function forgetUserName(email: string): Promise<Envelope<null>> {
  return api.post<null>('/Account/ForgetUserName', { email }, { quiet: true });
}
