import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as s from '../../contract/registration';
import type { AppDeps } from '../config';
import { envelopeOf, ok } from '../core/http/envelope';
import { cities, countries, states } from './service';

const tags = ['Reference data'];

/**
 * /api/ESS/GetCountrycode, GetStatecode, GetCitycode (spec §7 Reference data). Public: the registration page
 * asks for them before anyone is logged in; they tell nothing about the portal's users or systems.
 */
export const referenceRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/ESS/GetCountrycode', {
    config: { public: true },
    schema: {
      tags,
      summary: 'Every country by its ISO 3166-1 alpha-2 code, named in the language asked for (en by default)',
      security: [],
      querystring: s.languageQuery,
      response: { 200: envelopeOf(s.countryAnswer) },
    },
    handler: async (request) => ok(await countries(request.query.language)),
  });

  app.get('/ESS/GetStatecode', {
    config: { public: true },
    schema: {
      tags,
      summary:
        'The states of the country `Key` (e.g. DE), by their ISO 3166-2 code part (BY), named in the language asked for (en by default); empty for an unknown country',
      security: [],
      querystring: s.keyQuery,
      response: { 200: envelopeOf(s.stateAnswer) },
    },
    handler: async (request) => ok(await states(request.query.Key, request.query.language)),
  });

  app.get('/ESS/GetCitycode', {
    config: { public: true },
    schema: {
      tags,
      summary: 'The cities of the state `Key` (country-state, e.g. DE-BY), or of a country without states (SG)',
      security: [],
      querystring: s.keyQuery,
      response: { 200: envelopeOf(s.cityAnswer) },
    },
    handler: async (request) => ok(await cities(request.query.Key)),
  });
};
