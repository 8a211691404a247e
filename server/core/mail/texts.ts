import { createInstance, type TFunction } from 'i18next';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANGUAGE, LANGUAGES, normalizeLanguage, type Language } from '../../../contract/languages';

/**
 * The server's texts in the four languages, from the same locales/ files as the web app, so that translators edit
 * one place: `mail` for mails, `monitoring` for fault and status names, `archives`, `workhours`, `mailings`,
 * `faultmail` and `complaints` for their exports and messages, `errors` for why a background report failed, and
 * `admin`, `common` and `settings` for the messages of the shared validation rules (issueText).
 */
const LOCALES = fileURLToPath(new URL('../../../locales/', import.meta.url));
const NAMESPACES = [
  'mail',
  'monitoring',
  'archives',
  'workhours',
  'mailings',
  'faultmail',
  'complaints',
  'errors',
  'admin',
  'common',
  'settings',
] as const;

const i18n = createInstance();
void i18n.init({
  initImmediate: false,
  // No console banner in the server's logs.
  showSupportNotice: false,
  fallbackLng: DEFAULT_LANGUAGE,
  ns: [...NAMESPACES],
  defaultNS: 'mail',
  interpolation: { escapeValue: false },
  resources: Object.fromEntries(
    LANGUAGES.map(({ code }) => [
      code,
      Object.fromEntries(NAMESPACES.map((ns) => [ns, JSON.parse(readFileSync(`${LOCALES}${code}/${ns}.json`, 'utf8'))])),
    ]),
  ),
});

/** The texts of one language; `namespace` is the one keys without a prefix come from (default `mail`). */
export function mailTexts(language: Language, namespace: (typeof NAMESPACES)[number] = 'mail'): TFunction {
  return i18n.getFixedT(language, namespace);
}

/** A user's language code (e.g. 'de-DE') as one of ours, English when we do not speak it. */
export function mailLanguage(languageCode: string | null | undefined): Language {
  return normalizeLanguage(languageCode) ?? DEFAULT_LANGUAGE;
}

const TRANSLATION_KEY = /^[a-z]+:[\w.]+$/;

/**
 * A schema message as an English sentence. The shared rules (contract/rules.ts, the resource declarations) carry
 * i18n keys such as `admin:validation.number`, which the web app translates beside the field; an answer's `info`
 * is read raw (by an integrator, in a log), so it gets the sentence. Any other text is returned unchanged.
 */
export function issueText(message: string): string {
  return TRANSLATION_KEY.test(message) && i18n.exists(message, { lng: DEFAULT_LANGUAGE })
    ? i18n.t(message, { lng: DEFAULT_LANGUAGE })
    : message;
}
