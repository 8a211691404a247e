import { createInstance } from 'i18next';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANGUAGE } from '../../../contract/languages';

/**
 * The English sentence of a schema message. The shared rules (contract/rules.ts, the resource declarations)
 * carry i18n keys such as `admin:validation.number`, which the web app translates beside the field; the
 * answer's `info` is read raw (by an integrator, in a log), so it gets the sentence instead of the key.
 */
const LOCALE = fileURLToPath(new URL(`../../../locales/${DEFAULT_LANGUAGE}/`, import.meta.url));
const KEY = /^[a-z]+:[\w.]+$/;

const english = createInstance();
void english.init({
  initImmediate: false,
  showSupportNotice: false,
  lng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
  resources: {
    [DEFAULT_LANGUAGE]: Object.fromEntries(
      readdirSync(LOCALE)
        .filter((file) => file.endsWith('.json'))
        .map((file) => [file.slice(0, -'.json'.length), JSON.parse(readFileSync(`${LOCALE}${file}`, 'utf8'))]),
    ),
  },
});

/** `message` as an English sentence when it is a translation key the locales hold; any other text unchanged. */
export function issueText(message: string): string {
  return KEY.test(message) && english.exists(message) ? english.t(message) : message;
}
