/**
 * Country names in the reader's language. Some records hold a country as an ISO code ('DE'), older ones as the
 * English name typed in ('Germany'); both are shown in the current language, anything else as it was typed.
 */
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
let byEnglishName: Map<string, string> | undefined;

/** The region code of an English country name ('germany' → 'DE'), built once from Intl's own names. */
function codeOfEnglishName(name: string): string | undefined {
  if (!byEnglishName) {
    byEnglishName = new Map();
    const english = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    for (const a of LETTERS) {
      for (const b of LETTERS) {
        const shown = english.of(a + b);
        if (shown) byEnglishName.set(shown.toLowerCase(), a + b);
      }
    }
  }
  return byEnglishName.get(name.trim().toLowerCase());
}

export function countryLabel(value: string | null | undefined, language: string): string {
  const text = (value ?? '').trim();
  if (!text) return '';
  const code = /^[A-Za-z]{2}$/.test(text) ? text.toUpperCase() : codeOfEnglishName(text);
  if (!code) return text;
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(code) ?? text;
  } catch {
    return text;
  }
}
