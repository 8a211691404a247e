import type { FastifyPluginAsync } from 'fastify';
import { roleCalls as calls } from '../../../contract/admin/roles-calls';
import type { AppDeps } from '../../config';
import { registerEndpoint } from '../../core/http/endpoint';
import { roleList, saveRolePermissions } from './service';

/** roleManagement: the 14 roles and which menu entries each one's users see (contract/admin/roles-calls.ts). */
export const roleRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps: { db, clock } }) => {
  await registerEndpoint(app, calls.list, () => roleList(db));
  await registerEndpoint(app, calls.savePermissions, (actor, body) => saveRolePermissions(db, actor, body, clock()));
};
