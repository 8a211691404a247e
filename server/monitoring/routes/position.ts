import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../config';
import { ok } from '../../core/http/envelope';
import { mapPositions } from '../systems/service';
import { contextOf } from './context';

/** /api/Position/GetMapsList: where the systems of the caller's scope stand, with their status. */
export const positionRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { viewer, now } = contextOf(deps);
  app.post('/GetMapsList', {
    config: { permission: { subject: 'fleet', action: 'read' } },
    schema: { tags: ['Position'], summary: 'Map positions of the systems in the caller\'s scope' },
    handler: async (request) => {
      return ok(await mapPositions(deps.db, await viewer(request), now()));
    },
  });
};
