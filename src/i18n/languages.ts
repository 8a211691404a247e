import type { UserInfo } from '../api/session';
import { STORAGE_KEYS } from '../api/session';

/** Spec §1: the four languages, each listed by its own name. */
export const LANGUAGES = [
  { code: 'zh', label: '中文' },
  { code: 'en', label: 'English' },
  { code: 'de', label: 'Deutsch' },
  { code: 'ja', label: '日本語' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: Language = 'en';
export const NAMESPACES = ['common', 'menu', 'errors', 'login', 'admin', 'monitoring'] as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && LANGUAGES.some((l) => l.code === value);
}

/** Spec §3: the part before a dash, lower-cased; undefined when it is not one of ours. */
export function normalizeLanguage(code: string | null | undefined): Language | undefined {
  if (!code) return undefined;
  const short = code.split('-')[0]!.trim().toLowerCase();
  return isLanguage(short) ? short : undefined;
}

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
export function languageForUser(user: Pick<UserInfo, 'username' | 'languageCode'>, storedUserName: string | null, current: Language): Language {
  // Names are matched as the login does (case-insensitively): 'Admin' logs in as 'admin'.
  if (storedUserName && storedUserName.toLowerCase() === user.username.toLowerCase()) return normalizeLanguage(user.languageCode) ?? current;
  return current;
}
