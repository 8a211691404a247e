import { createInstance, type TFunction } from 'i18next';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANGUAGE, LANGUAGES, normalizeLanguage, type Language } from '../../../contract/languages';

/**
 * The mail texts in the four languages, from the same locales/ files as the web app (namespace `mail`,
 * plus `monitoring` for fault and status names, `archives` for the customer archives' export, `workhours` for the
 * R&D hours' export and messages, `mailings` for scheduled mail, `faultmail` for the servicers' fault digest, `complaints` for the statistical statement's export, `records` for the maintenance records' export, `errors` for
 * why a background report failed, `install` for the invitation to own a newly installed system), so that
 * translators edit one place.
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
  'records',
  'warranty',
  'install',
  'alarms',
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
