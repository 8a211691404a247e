import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account/routes';
import type { AppDeps } from './config';
import { authPlugin } from './http/auth';
import { permissionPlugin } from './http/permissions';

/** Everything under /api: the access-token check and the permission check first, then the areas. */
export const api: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  await app.register(authPlugin, { secret: deps.config.jwtSecret, clock: deps.clock });
  await app.register(permissionPlugin);
  await app.register(accountRoutes, { prefix: '/Account', deps });
};
