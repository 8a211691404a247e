import type { FastifyPluginAsync } from 'fastify';
import { menuCalls as calls } from '../../../contract/admin/menus-calls';
import type { AppDeps } from '../../config';
import { registerEndpoint } from '../../core/http/endpoint';
import { menuOverrides } from './service';

/** menuManagement's own call beside the generated ones (resources/menuManagement.ts): contract/admin/menus-calls.ts. */
export const menuRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps: { db } }) => {
  await registerEndpoint(app, calls.overrides, () => menuOverrides(db));
};
