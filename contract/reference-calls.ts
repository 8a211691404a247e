import { defineEndpoint, schemasFrom } from './endpoint';

/**
 * The reference data's calls (spec §7 Reference data), registered by server/reference/routes.ts and called by
 * src/features/reference/api.ts. Public: the registration page asks for them before anyone is logged in, and they
 * tell nothing about the portal's users or systems. Their schemas are in contract/reference.ts.
 */

const schemasOf = schemasFrom(() => import('./reference'));
const tag = 'Reference data';

export const referenceCalls = {
  countries: defineEndpoint({
    path: '/ESS/GetCountrycode',
    method: 'GET',
    permission: 'public',
    tag,
    summary: 'Every country by its ISO 3166-1 alpha-2 code, named in the language asked for (en by default)',
    schemas: schemasOf((s) => ({ body: s.languageQuery, answer: s.countryAnswer })),
  }),
  states: defineEndpoint({
    path: '/ESS/GetStatecode',
    method: 'GET',
    permission: 'public',
    tag,
    summary:
      'The states of the country `Key` (e.g. DE), by their ISO 3166-2 code part (BY), named in the language asked for (en by default); empty for an unknown country',
    schemas: schemasOf((s) => ({ body: s.keyQuery, answer: s.stateAnswer })),
  }),
  cities: defineEndpoint({
    path: '/ESS/GetCitycode',
    method: 'GET',
    permission: 'public',
    tag,
    summary: 'The cities of the state `Key` (country-state, e.g. DE-BY), or of a country without states (SG)',
    schemas: schemasOf((s) => ({ body: s.keyQuery, answer: s.cityAnswer })),
  }),
};
