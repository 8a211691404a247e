import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rules } from '../../../resources/rules';
import type { AppDeps } from '../../config';
import { fleetOverviewAnswer } from '../../../contract/monitoring';
import { envelopeOf, ok } from '../../core/http/envelope';
import { contextOf } from '../context';
import { fleetOverview } from './service';

const overviewBody = z.object({ limit: rules.integer(1, 50).optional() }).optional();

/**
 * /api/ESS/GetFleetOverview: the staff home. For the staff whose home it is, those who may open the storage
 * list (the supplier's home is the list itself; customers and sharers have their own dashboard): 45 for
 * everyone else.
 */
export const fleetHomeRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { viewer, now } = contextOf(deps);

  app.post('/ESS/GetFleetOverview', {
    config: { permission: { subject: 'fleetOverview', action: 'read' } },
    schema: {
      tags: ['ESS'],
      summary:
        "The staff home in the caller's scope: systems with open faults, systems offline for more than a day, today's energy, the last events",
      body: overviewBody,
      response: { 200: envelopeOf(fleetOverviewAnswer) },
    },
    handler: async (request) => {
      return ok(await fleetOverview(deps.db, await viewer(request), now(), request.body?.limit ?? 8));
    },
  });
};
