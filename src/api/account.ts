import axios from 'axios';
import type { Envelope } from '../shared/codes';
import { api, API_BASE, REQUEST_TIMEOUT_MS } from './client';
import { session, type UserInfo } from './session';

/** The Account calls of CONTRACT.md used by the shell. */
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
