import type { FastifyPluginAsync } from 'fastify';
import { settingsCalls as calls } from '../../../contract/account-calls';
import type { AppDeps } from '../../config';
import { registerEndpoint } from '../../core/http/endpoint';
import { controlNames, installerContact, menuSystems, readOwn, saveOwn, saveStaff } from './service';

/**
 * The /Account calls of spec §7 that are the caller's own preferences (CONTRACT.md, Account settings): the section
 * of userInfoSettings that fits the caller's role, and the menu's lists. Each reads and writes the caller's row only:
 * the body names no user, so no id in it can reach another user's settings. Each call is an object of
 * contract/account-calls.ts.
 */
export const accountSettingsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;
  await registerEndpoint(app, calls.saveCustomer, (actor, body) => saveOwn(db, actor, 'notifications', body, clock()));
  await registerEndpoint(app, calls.customer, (actor) => readOwn(db, actor, 'notifications'));
  await registerEndpoint(app, calls.saveInstaller, (actor, body) => saveOwn(db, actor, 'installer', body, clock()));
  await registerEndpoint(app, calls.installer, (actor) => readOwn(db, actor, 'installer'));
  await registerEndpoint(app, calls.saveStaff, (actor, body) => saveStaff(db, actor, body, clock()));
  await registerEndpoint(app, calls.staff, (actor) => readOwn(db, actor, 'staff'));
  await registerEndpoint(app, calls.menuSystems, async (actor) => menuSystems(db, actor, clock()));
  await registerEndpoint(app, calls.installerContact, (actor, { sn }) => installerContact(db, actor, sn, clock()));
  await registerEndpoint(app, calls.controlNames, async (actor) => controlNames(actor));
};
