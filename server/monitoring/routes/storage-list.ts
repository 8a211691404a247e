import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../config';
import { ok } from '../../core/http/envelope';
import { statusCounts } from '../systems/service';
import { contextOf } from './context';
import * as s from './schemas';

/**
 * /api/EnergyStorageList/*: the storage-system area's status-count call (spec §7). Unlike
 * /ESS/GetVtSystemStatusCount (the whole scope, for the dashboards) it counts what the list's search finds,
 * so the status cards above the list agree with the list under them.
 */
export const storageListRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { viewer, now } = contextOf(deps);

  app.post('/GetSystemStatusCount', {
    config: { permission: { subject: 'fleet', action: 'read' } },
    schema: {
      tags: ['EnergyStorageList'],
      summary: "Systems per ems_status among those the storage list's search finds in the caller's scope",
      body: s.statusCountBody,
    },
    handler: async (request) => {
      return ok(await statusCounts(deps.db, await viewer(request), now(), request.body));
    },
  });
};
