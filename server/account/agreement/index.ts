import { readFileSync } from 'node:fs';

export const AGREEMENT_LANGUAGES = ['en', 'zh', 'de', 'ja'] as const;
type AgreementLanguage = (typeof AGREEMENT_LANGUAGES)[number];

export interface Agreement {
  title: string;
  /** Markdown, without the title line. */
  content: string;
}

function load(language: AgreementLanguage): Agreement {
  const text = readFileSync(new URL(`./${language}.md`, import.meta.url), 'utf8');
  const [firstLine, ...rest] = text.split('\n');
  return { title: firstLine!.replace(/^#\s*/, '').trim(), content: rest.join('\n').trim() };
}

const AGREEMENTS = Object.fromEntries(AGREEMENT_LANGUAGES.map((language) => [language, load(language)])) as Record<
  AgreementLanguage,
  Agreement
>;

/** 'de-DE', 'zh_CN', 'JA' → the agreement in that language; English for anything else or nothing. */
export function agreementFor(languageCode?: string): Agreement {
  const language = (languageCode ?? 'en').split(/[-_]/)[0]!.toLowerCase();
  return AGREEMENTS[(AGREEMENT_LANGUAGES as readonly string[]).includes(language) ? (language as AgreementLanguage) : 'en'];
}
