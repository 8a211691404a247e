import type { FastifyPluginAsync } from 'fastify';
import { RESOURCES } from '../../resources';
import type { AppDeps } from '../config';
import { registerResources, type ResourceHooks } from '../core/crud/register';
import { categoryHooks, emailRuleHooks, mailOutboxHooks } from './email-rules';
import { licenseHooks, registerLicenses } from './licenses';
import { menuHooks, registerMenus } from './menus';
import { registerRoles } from './roles';
import { registerSn, snHooks } from './sn';
import { registerTranslations } from './translations';
import { registerUserInfo } from './user-info';
import { registerUserLog } from './user-log';
import { registerUserRemoval } from './user-removal';
import { registerUsers, userHooks } from './users';

/** The spec checks the declarations cannot say, by resource name (each beside its area's other calls). */
export const RESOURCE_HOOKS: ResourceHooks = {
  licenseManagement: licenseHooks,
  snManagement: snHooks,
  userManagement: userHooks,
  menuManagement: menuHooks,
  emailNotificationCategories: categoryHooks,
  emailDeliveringRules: emailRuleHooks,
  mailOutbox: mailOutboxHooks,
};

/**
 * The administration areas (issue 3): the generated calls of every declared resource (resources/index.ts),
 * then each area's own calls (lock a user, import S/Ns, export the log, …).
 */
export const adminRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const crud = registerResources(app, deps, { resources: RESOURCES, hooks: RESOURCE_HOOKS });
  await registerSn(app, deps, crud.snManagement!);
  registerUsers(app, deps);
  registerUserRemoval(app, deps);
  registerLicenses(app, deps);
  registerRoles(app, deps);
  registerMenus(app, deps);
  registerTranslations(app, deps);
  registerUserLog(app, deps, crud.userLog!);
  registerUserInfo(app, deps);
};
