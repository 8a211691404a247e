import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account/routes';
import type { AppDeps } from './config';

/**
 * The areas under /api, each with its prefix. Every route here needs an access token unless it declares
 * `config: { public: true }`, and passes `config: { permission }` (server/http/permissions.ts) when it
 * belongs to a screen of permissions/routes.ts.
 */
export const api: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  await app.register(accountRoutes, { prefix: '/Account', deps });
};
