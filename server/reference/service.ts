import { countryOptions } from '../../contract/countries';
import { COUNTRY_CODES } from '../../contract/countryCodes';
import { DEFAULT_LANGUAGE, normalizeLanguage, type Language } from '../../contract/languages';
import type { CityEntry, CountryEntry, StateEntry } from '../../contract/reference';
import { STATE_NAMES } from './state-names';

/**
 * Reference data for the country, state and city fields (spec §7 Reference data). States and cities come from the
 * country-state-city package (a maintained ISO 3166 data set, some 15 MB of JSON): loaded on the first call, on the
 * server only, never shipped to the browser. Country names are Intl.DisplayNames' in the reader's language
 * (contract/countries.ts); state names in de, zh and ja come from state-names.ts where it has them.
 */
type Package = typeof import('country-state-city');
let loading: Promise<Package> | undefined;
const data = () => (loading ??= import('country-state-city'));

const COUNTRIES = new Set<string>(COUNTRY_CODES);

function languageOf(language: string | undefined) {
  return normalizeLanguage(language) ?? DEFAULT_LANGUAGE;
}

/** Every country a user may pick (the ISO codes of contract/countryCodes.ts), by name in the language, sorted by it. */
export async function countries(language?: string): Promise<CountryEntry[]> {
  const { Country } = await data();
  const extra = new Map(Country.getAllCountries().map((c) => [c.isoCode, c]));
  return countryOptions(languageOf(language)).map(({ value, label }) => {
    const known = extra.get(value);
    const phone = known?.phonecode ?? '';
    return {
      code: value,
      name: label,
      flag: known?.flag ?? '',
      phoneCode: phone === '' ? '' : phone.startsWith('+') ? phone : `+${phone}`,
    };
  });
}

/** A state's name in the language: ours (state-names.ts) where we have it, else the data set's English one. */
function localName(countryCode: string, stateCode: string, english: string, language: Language): string {
  return language === 'en' ? english : (STATE_NAMES[countryCode]?.[stateCode]?.[language] ?? english);
}

/**
 * The states (provinces, regions …) of a country by their ISO 3166-2 code part, named in the language (en by
 * default) and sorted by that name; none for an unknown country.
 */
export async function states(countryCode: string, language?: string): Promise<StateEntry[]> {
  const code = countryCode.trim().toUpperCase();
  if (!COUNTRIES.has(code)) return [];
  const { State } = await data();
  const lang = languageOf(language);
  const collator = new Intl.Collator(lang);
  return State.getStatesOfCountry(code)
    .map((s) => ({ code: s.isoCode, name: localName(code, s.isoCode, s.name, lang) }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** A state's name by its country and code part ('DE', 'BY' → 'Bavaria', in de 'Bayern'); the code where the data set has none. */
export async function stateName(countryCode: string, stateCode: string, language?: string): Promise<string> {
  const { State } = await data();
  const country = countryCode.toUpperCase();
  const state = State.getStateByCodeAndCountry(stateCode.toUpperCase(), country);
  return state ? localName(country, state.isoCode, state.name, languageOf(language)) : stateCode;
}

/** 'DE-BY' → the cities of Bavaria; 'SG' (a country without states) → the country's cities. */
export async function cities(key: string): Promise<CityEntry[]> {
  const [country = '', ...rest] = key.trim().split('-');
  const countryCode = country.toUpperCase();
  const stateCode = rest.join('-').toUpperCase();
  if (!COUNTRIES.has(countryCode)) return [];
  const { City } = await data();
  const list = stateCode ? City.getCitiesOfState(countryCode, stateCode) : (City.getCitiesOfCountry(countryCode) ?? []);
  const names = [...new Set(list.map((c) => c.name))];
  return names.sort(new Intl.Collator('en').compare).map((name) => ({ name }));
}

/** Whether `state` is one of the country's states ('' always is: the field is optional). */
export async function isStateOf(countryCode: string, state: string): Promise<boolean> {
  if (state === '') return true;
  return (await states(countryCode)).some((s) => s.code === state.toUpperCase());
}

/** Whether `city` is a city of the state (of the country without one), or any name when the data set lists none there. */
export async function isCityOf(countryCode: string, state: string, city: string): Promise<boolean> {
  if (city === '') return true;
  const list = await cities(state ? `${countryCode}-${state}` : countryCode);
  return list.length === 0 || list.some((c) => c.name.toLowerCase() === city.toLowerCase());
}

/** How far (in degrees, some 20 km) a town may lie from the nearest city of the data set to take that city's state. */
const SAME_TOWN_DEGREES = 0.2;

/**
 * The state (ISO 3166-2 code part) of the country's city of that name in the data set, of several the one nearest to
 * `near` (Perth: Western Australia's, not Tasmania's). A town the data set spells otherwise (München for its Munich,
 * Milano for Milan) takes the state of the data set's city nearest to `near`, when one lies that close; '' otherwise.
 */
export async function stateOfCity(countryCode: string, city: string, near?: { latitude: number; longitude: number }): Promise<string> {
  const code = countryCode.trim().toUpperCase();
  if (!COUNTRIES.has(code) || city.trim() === '') return '';
  const { City } = await data();
  const name = city.trim().toLowerCase();
  const all = City.getCitiesOfCountry(code) ?? [];
  const distance = (c: (typeof all)[number]) =>
    near ? Math.hypot(Number(c.latitude) - near.latitude, Number(c.longitude) - near.longitude) : 0;
  const nearest = (list: typeof all) =>
    list.reduce<(typeof all)[number] | undefined>((a, b) => (a && distance(a) <= distance(b) ? a : b), undefined);
  const named = nearest(all.filter((c) => c.name.toLowerCase() === name));
  if (named) return named.stateCode;
  const close = near ? nearest(all) : undefined;
  return close && distance(close) <= SAME_TOWN_DEGREES ? close.stateCode : '';
}
