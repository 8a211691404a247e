import { getUserInfo } from '../features/account/api';
import { RequestError } from '../api/transport';
import { session, type UserInfo } from '../api/session';
import { apiUi } from '../api/ui';
import { currentLanguage, initI18n, languageForUser, setLanguage } from '../i18n';

let loadedThisPage = false;

/** Whether the user info was loaded (login or start-up) since this page was opened. */
export function isUserLoaded(): boolean {
  return loadedThisPage && !!session.getUserInfo();
}

export type UserLoad =
  | { ok: true; user: UserInfo }
  | { ok: false; message: string }
  /** HTTP 401: the client renewed the session (the page reloads) or ended it; nothing more to do here. */
  | { ok: false; sessionHandled: true };

/**
 * Loads GetUserInfo and stores it. `afterLogin` applies the language rule of spec §4. A failure clears the
 * token and reports the server's info or 'Verification failed, please login again' (the caller returns to
 * the root). An expired access token (HTTP 401) is not a failure of the user: the client's one refresh
 * stores the new tokens and reloads the page, so the token is left alone.
 */
export async function loadUser({ afterLogin = false } = {}): Promise<UserLoad> {
  let failure: string | undefined;
  try {
    const envelope = await getUserInfo();
    const user = envelope.data;
    if (envelope.code === 200 && user && Array.isArray(user.roles) && user.roles.length > 0) {
      const info: UserInfo = {
        username: user.username,
        name: user.name || user.username,
        email: user.email ?? '',
        roles: user.roles,
        country: user.country ?? '',
        languageCode: user.languageCode ?? '',
        menuDenied: Array.isArray(user.menuDenied) ? user.menuDenied : [],
      };
      session.setUserInfo(info);
      loadedThisPage = true;
      if (afterLogin) {
        const language = languageForUser(info, session.getUserName(), currentLanguage());
        if (language !== currentLanguage()) await setLanguage(language);
      }
      return { ok: true, user: info };
    }
    failure = envelope.code !== 200 ? envelope.info : undefined;
  } catch (error) {
    if (error instanceof RequestError && error.status === 401) return { ok: false, sessionHandled: true };
    failure = undefined;
  }
  session.clearToken();
  if (failure) return { ok: false, message: failure };
  // Asked at start-up beside the texts (startUserLoad), the answer may come before they have loaded.
  await initI18n();
  return { ok: false, message: apiUi.translate('errors:verificationFailed') };
}

let started: Promise<UserLoad> | undefined;

/**
 * The start of a page behind the login (src/main.tsx): GetUserInfo is asked at once, beside the texts and the
 * portal's code, instead of after them (it was the longest wait before the dashboard's
 * first figure). The first RequireSession takes this answer (takeUserLoad) instead of asking again.
 */
export function startUserLoad(): void {
  if (session.isLoggedIn() && !isUserLoaded()) started ??= loadUser();
}

/** The user the page is opening for: the start-up answer when one was asked for, else the info kept from before. */
export async function expectedUser(): Promise<UserInfo | null> {
  const load = await started;
  return load?.ok ? load.user : session.getUserInfo();
}

/** The user info asked for at start-up, or asked for now. */
export function takeUserLoad(): Promise<UserLoad> {
  const load = started ?? loadUser();
  started = undefined;
  return load;
}
