import type { FastifyPluginAsync } from 'fastify';
import { referenceCalls as calls } from '../../contract/reference-calls';
import type { AppDeps } from '../config';
import { registerEndpoint } from '../core/http/endpoint';
import { cities, countries, states } from './service';

/**
 * Countries, states and cities for every country field (spec §7 Reference data): public calls of
 * contract/reference-calls.ts, each answered by server/reference/service.ts.
 */
export const referenceRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app) => {
  await registerEndpoint(app, calls.countries, (_caller, { language }) => countries(language));
  await registerEndpoint(app, calls.states, (_caller, { Key, language }) => states(Key, language));
  await registerEndpoint(app, calls.cities, (_caller, { Key }) => cities(Key));
};
