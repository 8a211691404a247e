import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, CallError } from '../../api/call';
import { countryOptions } from '../../../contract/countries';
import { referenceCalls as calls } from '../../../contract/reference-calls';

/**
 * The reference data of every country, state and city field (spec §7 Reference data: contract/reference-calls.ts,
 * public calls). The data set stays on the server; each list is fetched once per page load and key.
 * Values are what is stored: ISO 3166-1 alpha-2 country codes, ISO 3166-2 state code parts, city names.
 */
export interface Option {
  value: string;
  label: string;
}

const cache = new Map<string, Promise<Option[]>>();

function cached(key: string, load: () => Promise<Option[]>): Promise<Option[]> {
  let entry = cache.get(key);
  if (!entry) {
    entry = load().catch((error: unknown) => {
      cache.delete(key);
      throw error;
    });
    cache.set(key, entry);
  }
  return entry;
}

/** A list the server did not answer with 200 is empty (the call is quiet: no message either). */
function noneOnCode(error: unknown): never[] {
  if (error instanceof CallError) return [];
  throw error;
}

export function loadCountries(language: string): Promise<Option[]> {
  return cached(`countries:${language}`, async () => {
    // Without the server the browser's own names of the same codes keep a form usable.
    const list = await call(calls.countries, { language }, { quiet: true }).catch(() => undefined);
    if (!list) return countryOptions(language);
    // Names only: flag emoji show as two letters in boxes where the system has no flag glyphs (Windows).
    return list.map((c) => ({ value: c.code, label: c.name }));
  });
}

export function loadStates(country: string, language: string): Promise<Option[]> {
  return cached(`states:${country}:${language}`, async () => {
    const list = await call(calls.states, { Key: country, language }, { quiet: true }).catch(noneOnCode);
    return list.map((s) => ({ value: s.code, label: s.name }));
  });
}

export function loadCities(country: string, state?: string): Promise<Option[]> {
  const key = state ? `${country}-${state}` : country;
  return cached(`cities:${key}`, async () => {
    const list = await call(calls.cities, { Key: key }, { quiet: true }).catch(noneOnCode);
    return list.map((c) => ({ value: c.name, label: c.name }));
  });
}

function useList(key: string | undefined, load: () => Promise<Option[]>): { options: Option[]; loading: boolean } {
  const [state, setState] = useState<{ key?: string; options: Option[] }>({ options: [] });
  useEffect(() => {
    if (key === undefined) return;
    let active = true;
    load()
      .then((options) => active && setState({ key, options }))
      .catch(() => active && setState({ key, options: [] }));
    return () => {
      active = false;
    };
    // `load` is derived from `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (key === undefined) return { options: [], loading: false };
  return { options: state.key === key ? state.options : [], loading: state.key !== key };
}

/** Every country, named in the current language (nothing fetched while `enabled` is false). */
export function useCountryOptions(enabled = true) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useList(enabled ? language : undefined, () => loadCountries(language));
}

/** The states of a country, named in the current language (none until one is chosen). */
export function useStateOptions(country: string | undefined) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useList(country ? `${country}:${language}` : undefined, () => loadStates(country!, language));
}

/** The cities of a state, or of a country that has no states (`hasStates` false). */
export function useCityOptions(country: string | undefined, state: string | undefined, hasStates: boolean) {
  const key = !country ? undefined : hasStates ? (state ? `${country}-${state}` : undefined) : country;
  return useList(key, () => loadCities(country!, hasStates ? state : undefined));
}
