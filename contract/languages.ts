/** Spec §1: the four languages, each listed by its own name. */
export const LANGUAGES = [
  { code: 'zh', label: '中文' },
  { code: 'en', label: 'English' },
  { code: 'de', label: 'Deutsch' },
  { code: 'ja', label: '日本語' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && LANGUAGES.some((l) => l.code === value);
}

/** Spec §3: the part before a dash, lower-cased; undefined when it is not one of ours. */
export function normalizeLanguage(code: string | null | undefined): Language | undefined {
  if (!code) return undefined;
  const short = code.split('-')[0]!.trim().toLowerCase();
  return isLanguage(short) ? short : undefined;
}
