import { userInfoSettings } from '../../resources/userInfoSettings';
import { formFields } from '../../resources/types';
import { LANGUAGE_CODES } from '../../resources/userManagement';
import { session } from '../api/session';
import { getProfile, saveProfile } from '../features/account/api';
import { setLanguage } from './index';
import type { Language } from '../../contract/languages';

/** The profile's code of a language ('de' → 'de-DE'). */
export function profileLanguageCode(language: Language): string {
  return LANGUAGE_CODES.find((code) => code.startsWith(`${language}-`)) ?? 'en-US';
}

/**
 * Saves a language as the logged-in user's own (the profile's save call, with the rest of the profile as it is),
 * so the next login, which applies the profile language (spec §4), keeps the one chosen in the top bar.
 * Resolves whether it was saved.
 */
export async function saveUserLanguage(language: Language): Promise<boolean> {
  try {
    const profile = await getProfile({ quiet: true });
    if (profile.code !== 200 || !profile.data) return false;
    const current: Record<string, unknown> = profile.data;
    const code = profileLanguageCode(language);
    const body = Object.fromEntries(
      formFields(userInfoSettings, 'edit')
        .filter((name) => current[name] !== null && current[name] !== undefined)
        .map((name) => [name, current[name]]),
    );
    if (body.language_code === code) return true;
    const saved = await saveProfile({ ...body, language_code: code });
    if (saved.code !== 200) return false;
    const info = session.getUserInfo();
    if (info) session.setUserInfo({ ...info, languageCode: code });
    return true;
  } catch {
    return false;
  }
}

/**
 * The language chosen in a language selector: shown at once and kept in this browser; while someone is logged in
 * it also becomes their own language. Resolves whether the profile kept it (true when nobody is logged in).
 */
export async function chooseLanguage(language: Language): Promise<boolean> {
  await setLanguage(language);
  return session.getToken() && session.getUserInfo() ? saveUserLanguage(language) : true;
}
