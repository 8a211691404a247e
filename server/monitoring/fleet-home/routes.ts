import type { FastifyPluginAsync } from 'fastify';
import { fleetHomeCalls as calls } from '../../../contract/monitoring-calls';
import type { AppDeps } from '../../config';
import { registerEndpoint } from '../../core/http/endpoint';
import { contextOf } from '../context';
import { fleetOverview } from './service';

/**
 * /api/ESS/GetFleetOverview (contract/monitoring-calls.ts fleetHomeCalls.overview): the staff home. For the staff
 * whose home it is, those who may open the storage list (the supplier's home is the list itself; customers and
 * sharers have their own dashboard): 45 for everyone else.
 */
export const fleetHomeRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { viewer, now } = contextOf(deps);
  await registerEndpoint(app, calls.overview, async (actor, body) => fleetOverview(deps.db, await viewer(actor), now(), body?.limit ?? 8));
};
