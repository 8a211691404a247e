import { COUNTRY_CODES, type CountryCode } from './countryCodes';

/**
 * Country names in the reader's language, from Intl.DisplayNames (no table of names is shipped). A user's country
 * is an ISO 3166-1 alpha-2 code ('DE'); some older records (an e-mail rule's country) still hold the English name
 * typed in ('Germany'): both are shown in the current language, anything else as it was typed.
 */
const ASSIGNED = new Set<string>(COUNTRY_CODES);
/** The portal's languages, whose names of a country are recognised when a name is read back as a code. */
const NAME_LANGUAGES = ['en', 'de', 'zh', 'ja'];
/** Everyday English names ICU does not give (its names are 'United States', 'Czechia', 'Türkiye' …). */
const ALIASES: Readonly<Record<string, CountryCode>> = {
  usa: 'US',
  'united states of america': 'US',
  america: 'US',
  uk: 'GB',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  holland: 'NL',
  'the netherlands': 'NL',
  'czech republic': 'CZ',
  turkey: 'TR',
  'south korea': 'KR',
  korea: 'KR',
  'republic of korea': 'KR',
  'north korea': 'KP',
  russia: 'RU',
  'russian federation': 'RU',
  vietnam: 'VN',
  'viet nam': 'VN',
  burma: 'MM',
  'ivory coast': 'CI',
  swaziland: 'SZ',
  macedonia: 'MK',
  'cape verde': 'CV',
  'east timor': 'TL',
  "people's republic of china": 'CN',
  prc: 'CN',
  uae: 'AE',
};

let byName: Map<string, CountryCode> | undefined;

/** How a name is compared: case and spacing aside, 'and' as ICU writes it ('Bosnia and Herzegovina' = 'Bosnia & Herzegovina'). */
function nameKey(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ').replace(/ and /g, ' & ');
}

/** Every name of every country in the portal's languages, lower-cased, to its code (built once). */
function namesToCodes(): Map<string, CountryCode> {
  if (byName) return byName;
  byName = new Map(Object.entries(ALIASES));
  for (const language of NAME_LANGUAGES) {
    const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    for (const code of COUNTRY_CODES) {
      const shown = names.of(code);
      const name = shown && nameKey(shown);
      // English first: a name another language gives to a different country never takes an English one's place.
      if (name && !byName.has(name)) byName.set(name, code);
    }
  }
  return byName;
}

export function isCountryCode(value: string): value is CountryCode {
  return ASSIGNED.has(value);
}

/** The code a stored value stands for: a code ('de' → 'DE') or a name ('Germany', 'Deutschland', 'USA'); else undefined. */
export function countryCodeOf(value: string | null | undefined): CountryCode | undefined {
  const text = (value ?? '').trim();
  if (!text) return undefined;
  const upper = text.toUpperCase();
  if (isCountryCode(upper)) return upper;
  return namesToCodes().get(nameKey(text));
}

const regionNames = new Map<string, Intl.DisplayNames | null>();
/** The language's country names, built once per language: a list names a country on every row. */
function regionNamesIn(language: string): Intl.DisplayNames | null {
  let names = regionNames.get(language);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    } catch {
      names = null;
    }
    regionNames.set(language, names);
  }
  return names;
}

/** A country's name in the language ('DE', 'de-DE' → 'Deutschland'); text that names no country as it is. */
export function countryLabel(value: string | null | undefined, language: string): string {
  const text = (value ?? '').trim();
  const code = countryCodeOf(text);
  if (!code) return text;
  return regionNamesIn(language)?.of(code) ?? text;
}

/** The picker's choices: every country by its name in the language, in that language's alphabetical order. */
export function countryOptions(language: string): { value: CountryCode; label: string }[] {
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(language);
  return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) => collator.compare(a.label, b.label));
}
