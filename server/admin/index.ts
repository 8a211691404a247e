import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../config';
import { registerEmailRules } from './email-rules';
import { registerLicenses } from './licenses';
import { registerMenus } from './menus';
import { registerRoles } from './roles';
import { registerSn } from './sn';
import { registerTranslations } from './translations';
import { registerUserInfo } from './user-info';
import { registerUserLog } from './user-log';
import { registerUsers } from './users';

/** The administration areas (issue 3): each a declared resource over the CRUD factory plus its own calls. */
export const adminRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  registerLicenses(app, deps);
  await registerSn(app, deps);
  registerUsers(app, deps);
  registerRoles(app, deps);
  registerMenus(app, deps);
  registerTranslations(app, deps);
  registerEmailRules(app, deps);
  registerUserLog(app, deps);
  registerUserInfo(app, deps);
};
