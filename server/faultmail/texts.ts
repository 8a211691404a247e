import { createInstance, type TFunction } from 'i18next';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../contract/languages';

/** The digest's texts: namespace `faultmail` (the screen's) and `monitoring` (fault and level names), four languages. */
const LOCALES = fileURLToPath(new URL('../../locales/', import.meta.url));
const NAMESPACES = ['faultmail', 'monitoring'] as const;

const i18n = createInstance();
void i18n.init({
  initImmediate: false,
  showSupportNotice: false,
  fallbackLng: DEFAULT_LANGUAGE,
  ns: [...NAMESPACES],
  defaultNS: 'faultmail',
  interpolation: { escapeValue: false },
  resources: Object.fromEntries(
    LANGUAGES.map(({ code }) => [
      code,
      Object.fromEntries(NAMESPACES.map((ns) => [ns, JSON.parse(readFileSync(`${LOCALES}${code}/${ns}.json`, 'utf8'))])),
    ]),
  ),
});

export function digestTexts(language: Language): TFunction {
  return i18n.getFixedT(language);
}
