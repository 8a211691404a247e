import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '../api/session';
import { applyOverrides, loadOverrides } from '../resources/translationOverrides';
import type { Language } from '../../contract/languages';
import { initialLanguage, NAMESPACES } from './languages';

export * from './languages';
export * from '../../contract/languages';

/**
 * Every locales/<lng>/<ns>.json but the server's mail texts, one chunk per language (vite.config.ts): only the
 * current language is ever fetched. Each is taken as text and parsed on every read, so i18next gets an object of its own (see applyOverrides) without a deep copy.
 */
const loaders = import.meta.glob<string>(['../../locales/*/*.json', '!../../locales/*/mail.json'], {
  query: '?raw',
  import: 'default',
});

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders[`../../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    // Translation overrides from the server (langTransManagement) win over the shipped texts.
    Promise.all([load(), loadOverrides(language)]).then(
      ([text, overrides]) => callback(null, applyOverrides(JSON.parse(text) as Record<string, unknown>, overrides[namespace])),
      (error: Error) => callback(error, null),
    );
  },
};

let ready: Promise<unknown> | undefined;

export function initI18n(language: Language = initialLanguage()): Promise<unknown> {
  ready ??= i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      // No promotional banner in the users' browser console.
      showSupportNotice: false,
      fallbackLng: false,
      supportedLngs: ['zh', 'en', 'de', 'ja'],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      returnNull: false,
    })
    .then(() => {
      document.documentElement.lang = language;
    });
  return ready;
}

/** Switches the language and keeps it in local storage (spec §4 Persistence). */
export async function setLanguage(language: Language) {
  try {
    localStorage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // not kept
  }
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

export function currentLanguage(): Language {
  return (i18n.language as Language) || 'en';
}

export { i18n };
