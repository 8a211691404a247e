import type { FastifyPluginAsync } from 'fastify';
import { userCalls as calls } from '../../../contract/admin/users-calls';
import type { AppDeps } from '../../config';
import { registerEndpoint } from '../../core/http/endpoint';
import {
  deactivateUser,
  deleteUser,
  historyOfUser,
  lockUser,
  resetUserPassword,
  saveUserMenuPermissions,
  userMenuPermissions,
} from './service';

/**
 * User management's own calls beside the generated list / one / save / delete (resources/userManagement.ts). Each
 * is an object of contract/admin/users-calls.ts; a line here says which service answers it. A reset's temporary
 * password is never cached: no /api answer is (server/core/http/security.ts).
 */
export const userRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps: { db, clock } }) => {
  await registerEndpoint(app, calls.lock, (actor, { id, locked }) => lockUser(db, actor, id, locked, clock()));
  await registerEndpoint(app, calls.resetPassword, (actor, { id }) => resetUserPassword(db, actor, id, clock()));
  await registerEndpoint(app, calls.menuPermissions, (_actor, { id }) => userMenuPermissions(db, id));
  await registerEndpoint(app, calls.saveMenuPermissions, (actor, body) => saveUserMenuPermissions(db, actor, body, clock()));
  await registerEndpoint(app, calls.history, (_actor, { id }) => historyOfUser(db, id));
  await registerEndpoint(app, calls.remove, (actor, { id }) => deleteUser(db, actor, id, clock()));
  await registerEndpoint(app, calls.deactivate, (actor, body) => deactivateUser(db, actor, body, clock()));
};
