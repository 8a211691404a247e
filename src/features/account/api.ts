import { accountCalls, recoveryCalls } from '../../../contract/account-calls';
import type { AnswerOf, BodyIn } from '../../../contract/endpoint';
import { profileCalls } from '../../../resources/profile-calls';
import { shareCalls } from '../../../contract/monitoring-calls';
import { postDirect } from '../../api/client';
import { callEnvelope } from '../../api/call';
import { session } from '../../api/session';

/**
 * The account area's calls (contract/account-calls.ts): the session (login, user info, logout), the pages of a
 * person who cannot log in (yet), and the caller's own account (profile, password, time zones). They answer the
 * envelope: each page shows the answer's code itself, next to the field or in place of the form (quiet: the /api
 * client shows nothing). Kept free of declarations: the login page's chunk carries this file. Calls read through
 * useQuery have their keys in `accountKeys`, and a change invalidates through them.
 */
export function login(username: string, password: string) {
  return callEnvelope(accountCalls.login, { username, password }, { quiet: true });
}

export function getUserInfo() {
  return callEnvelope(accountCalls.userInfo, {}, { quiet: true });
}

/**
 * POST /Account/Logout, then clear the session and all of local storage (spec §4). Sent past the
 * client's handling (postDirect): an expired token must not start a refresh and a reload when the user wants to leave.
 */
export async function logout(): Promise<void> {
  const token = session.getToken();
  try {
    if (token) {
      await postDirect(accountCalls.logout.path, undefined, { Authorization: `Bearer ${token}` });
    }
  } catch {
    // the server forgets the session on its own; locally it ends now
  } finally {
    session.clearAll();
  }
}

/** The invited sharer's link (contract/monitoring-calls.ts shareCalls): the page reads the envelope's code itself. */
export function checkSharerAccount(token: string) {
  return callEnvelope(shareCalls.checkInvitation, { token }, { quiet: true });
}

export function registerSharerAccount(token: string, username: string, password: string) {
  return callEnvelope(shareCalls.registerSharer, { token, username, password }, { quiet: true });
}

/** `username` may be a user name or the account's e-mail address. */
export function forgetPassword(username: string) {
  return callEnvelope(recoveryCalls.forgetPassword, { username }, { quiet: true });
}

export function resetPassword(token: string, newPassword: string) {
  return callEnvelope(recoveryCalls.resetPassword, { token, newPassword }, { quiet: true });
}

export function forgetUserName(email: string) {
  return callEnvelope(recoveryCalls.forgetUserName, { email }, { quiet: true });
}

/** The caller's own profile as the userInfoSettings declaration lists its fields. */
export type Profile = AnswerOf<typeof profileCalls.one>;

export type TimeZone = AnswerOf<typeof accountCalls.timeZones>[number];

/** Quiet where the caller says what went wrong itself (the top bar's language choice). */
export function getProfile(options: { quiet?: boolean } = {}) {
  return callEnvelope(profileCalls.one, {}, options);
}

/** Quiet: a refused field shows on the field. */
export function saveProfile(values: BodyIn<typeof profileCalls.save>) {
  return callEnvelope(profileCalls.save, values, { quiet: true });
}

/** Quiet: 23 shows under the old password, anything else under the new one. */
export function changePassword(oldPassword: string, newPassword: string) {
  return callEnvelope(accountCalls.changePassword, { oldPassword, newPassword }, { quiet: true });
}

export function getTimeZones() {
  return callEnvelope(accountCalls.timeZones, {});
}

const ALL = ['account'] as const;

/** The react-query keys of the account calls read through useQuery; a change invalidates through them. */
export const accountKeys = {
  all: ALL,
  profile: () => [...ALL, 'profile'] as const,
  timeZones: () => [...ALL, 'timeZones'] as const,
};
