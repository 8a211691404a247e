import { z } from 'zod';

/**
 * Reference data for every country, state and city field (/ESS/GetCountrycode, GetStatecode, GetCitycode; calls in
 * contract/reference-calls.ts): the queries and answers web and server agree on.
 */

export const languageQuery = z.object({ language: z.string().max(20).optional() });
export const keyQuery = z.object({
  Key: z.string().trim().min(1).max(20).describe('GetStatecode: a country code (DE); GetCitycode: country and state (DE-BY)'),
  language: z.string().max(20).optional(),
});

export const countryAnswer = z.array(
  z.object({ code: z.string(), name: z.string().describe("in the request's language"), flag: z.string(), phoneCode: z.string() }),
);
export type CountryEntry = z.infer<typeof countryAnswer>[number];
export const stateAnswer = z.array(z.object({ code: z.string(), name: z.string() }));
export type StateEntry = z.infer<typeof stateAnswer>[number];
export const cityAnswer = z.array(z.object({ name: z.string() }));
export type CityEntry = z.infer<typeof cityAnswer>[number];
