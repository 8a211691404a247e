import { z } from 'zod';
import { Code } from '../codes';
import { withCodes } from '../fieldCodes';
import { FILTER_TEXT_MAX, rules } from '../rules';
import { optionalBody, pageOf } from './common';
import { TRANSLATION_LANGUAGES } from './translations-constants';

/** langTransManagement: every key in all four languages; edits are overrides the web app loads at start. */

export { TRANSLATION_LANGUAGES, type TranslationLanguage } from './translations-constants';

/** 55 'Language type required' for a missing language and for one the portal does not have (only en, zh, de, ja). */
export const translationLanguage = withCodes(z.enum(TRANSLATION_LANGUAGES), {
  required: Code.LANGUAGE_REQUIRED,
  invalid: Code.LANGUAGE_REQUIRED,
});

export const translationOverridesQuery = z.object({ lng: translationLanguage });
export const translationOverridesAnswer = z.record(z.string(), z.record(z.string(), z.string())).describe('{ namespace: { key: text } }');

export const translationListBody = optionalBody(
  z.object({
    pageIndex: rules.integer(1, 1_000_000).default(1),
    pageSize: rules.integer(1, 50_000).default(20),
    namespace: z.string().max(40).optional(),
    key: z.string().max(FILTER_TEXT_MAX).optional(),
    text: z.string().max(FILTER_TEXT_MAX).optional(),
    overridden: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  }),
);

export const translationRow = z.object({
  id: z.string(),
  namespace: z.string(),
  key: z.string(),
  en: z.string(),
  zh: z.string(),
  de: z.string(),
  ja: z.string(),
  overridden: z.array(z.enum(TRANSLATION_LANGUAGES)).describe('languages whose text comes from the database, not from locales/'),
});
export type TranslationRow = z.infer<typeof translationRow>;
export const translationListAnswer = pageOf(translationRow).extend({ namespaces: z.array(z.string()) });

const entry = {
  namespace: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[a-zA-Z][a-zA-Z0-9_-]*$/),
  key: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_.-]+$/),
};
/** One text of one key in one language; the language first, so a body wrong in several fields answers its 55. */
export const translationTextBody = z.object({ language: translationLanguage, ...entry, value: z.string().trim().min(1).max(5000) });
export type TranslationText = z.infer<typeof translationTextBody>;
export const translationTextAnswer = z.object({ language: z.string(), namespace: z.string(), key: z.string(), value: z.string() });

export const resetTranslationBody = z.object({ language: translationLanguage, ...entry });
export const resetTranslationAnswer = z.null();
export type TranslationListBody = z.output<typeof translationListBody>;
export type TranslationListAnswer = z.infer<typeof translationListAnswer>;
