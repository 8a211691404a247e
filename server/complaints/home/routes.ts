import type { FastifyPluginAsync } from 'fastify';
import { afterSalesHomeCall } from '../../../contract/complaints-calls';
import type { AppDeps } from '../../config';
import { registerEndpoint } from '../../core/http/endpoint';
import { afterSalesHome } from './service';

/** What waits for the after-sales teams today (contract/complaints-calls.ts afterSalesHomeCall). */
export const afterSalesHomeRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  await registerEndpoint(app, afterSalesHomeCall, (actor, { timeZone }) => afterSalesHome(deps.db, actor, deps.clock(), timeZone ?? 'UTC'));
};
