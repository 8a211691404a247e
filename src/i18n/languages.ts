import type { UserInfo } from '../api/session';
import { STORAGE_KEYS } from '../api/session';
import { DEFAULT_LANGUAGE, normalizeLanguage, type Language } from '../../contract/languages';

export const NAMESPACES = [
  'common',
  'menu',
  'errors',
  'login',
  'admin',
  'monitoring',
  'complaints',
  'archives',
  'workhours',
  'suggestions',
  'messages',
  'mailings',
  'faultmail',
  'settings',
  'devices',
  'alarms',
  'records',
  'warranty',
  'sysmigration',
  'install',
] as const;

export function storedLanguage(): Language | undefined {
  try {
    return normalizeLanguage(localStorage.getItem(STORAGE_KEYS.language));
  } catch {
    return undefined;
  }
}

/** The language a page starts in: the stored one, else the default (en). */
export function initialLanguage(): Language {
  return storedLanguage() ?? DEFAULT_LANGUAGE;
}

/**
 * Spec §4: after the user info is loaded, the user's own language replaces the current one when the stored
 * user name matches the logged-in user; otherwise the current language stays.
 */
export function languageForUser(
  user: Pick<UserInfo, 'username' | 'languageCode'>,
  storedUserName: string | null,
  current: Language,
): Language {
  // Names are matched as the login does (case-insensitively): 'Admin' logs in as 'admin'.
  if (storedUserName && storedUserName.toLowerCase() === user.username.toLowerCase())
    return normalizeLanguage(user.languageCode) ?? current;
  return current;
}
