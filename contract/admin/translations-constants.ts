/** The languages of langTransManagement, free of schemas so the web app reads them without building any. */
export const TRANSLATION_LANGUAGES = ['en', 'zh', 'de', 'ja'] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];
