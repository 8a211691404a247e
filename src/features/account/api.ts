import type { Envelope } from '../../../contract/codes';
import type { AnswerOf, BodyIn } from '../../../contract/endpoint';
import { shareCalls } from '../../../contract/monitoring-calls';
import { api, postDirect } from '../../api/client';
import { session, type UserInfo } from '../../api/session';

/**
 * The account area's calls: the session (login, user info, logout), the pages of a person who cannot log in
 * (yet), and the caller's own account (profile, password, time zones). They answer the envelope: each page shows
 * the answer's code itself, next to the field or in place of the form (quiet: the /api client shows nothing).
 * Kept free of declarations: the login page's chunk carries this file. Calls read through useQuery have their
 * keys in `accountKeys`, and a change invalidates through them.
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
 * client's handling (postDirect): an expired token must not start a refresh and a reload when the user wants to leave.
 */
export async function logout(): Promise<void> {
  const token = session.getToken();
  try {
    if (token) {
      await postDirect('/Account/Logout', undefined, { Authorization: `Bearer ${token}` });
    }
  } catch {
    // the server forgets the session on its own; locally it ends now
  } finally {
    session.clearAll();
  }
}

/** The invited sharer's link (contract/monitoring-calls.ts shareCalls): the page reads the envelope's code itself. */
export function checkSharerAccount(token: string): Promise<Envelope<AnswerOf<typeof shareCalls.checkInvitation>>> {
  const body: BodyIn<typeof shareCalls.checkInvitation> = { token };
  return api.post(shareCalls.checkInvitation.path, body, { quiet: true });
}

export function registerSharerAccount(token: string, username: string, password: string): Promise<Envelope<null>> {
  const body: BodyIn<typeof shareCalls.registerSharer> = { token, username, password };
  return api.post(shareCalls.registerSharer.path, body, { quiet: true });
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

/**
 * The userInfoSettings declaration's calls (resources/userInfoSettings.ts: one record, the caller's own, no id),
 * written out here so that the login page's chunk stays free of declarations; a web test holds them equal.
 */
export const PROFILE_ENDPOINTS = { one: '/UserInfo/GetMyUserInfo', save: '/UserInfo/SaveMyUserInfo' } as const;

/** The caller's own profile as the userInfoSettings declaration lists its fields. */
export type Profile = Record<string, unknown>;

export interface TimeZone {
  id: string;
  name: string;
}

/** Quiet where the caller says what went wrong itself (the top bar's language choice). */
export function getProfile(options: { quiet?: boolean } = {}): Promise<Envelope<Profile>> {
  return api.post<Profile>(PROFILE_ENDPOINTS.one, {}, options);
}

/** Quiet: a refused field shows on the field. */
export function saveProfile(values: Profile): Promise<Envelope<null>> {
  return api.post<null>(PROFILE_ENDPOINTS.save, values, { quiet: true });
}

/** Quiet: 23 shows under the old password, anything else under the new one. */
export function changePassword(oldPassword: string, newPassword: string): Promise<Envelope<null>> {
  return api.post<null>('/Account/ChangePassword', { oldPassword, newPassword }, { quiet: true });
}

export function getTimeZones(): Promise<Envelope<TimeZone[]>> {
  return api.get<TimeZone[]>('/Account/GetSystemTimeZones');
}

const ALL = ['account'] as const;

/** The react-query keys of the account calls read through useQuery; a change invalidates through them. */
export const accountKeys = {
  all: ALL,
  profile: () => [...ALL, 'profile'] as const,
  timeZones: () => [...ALL, 'timeZones'] as const,
};
