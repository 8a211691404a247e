import type { FastifyPluginAsync } from 'fastify';
import {
  complaints,
  customerArchives,
  customerRecords,
  installerArchives,
  productSuggestions,
  rdWorkHours,
  RESOURCES,
} from '../../resources';
import type { ResourceDeclaration } from '../../resources/types';
import type { AppDeps } from '../config';
import { registerResources, type ResourceHooks } from '../core/crud/register';
import { categoryHooks, emailRuleHooks, mailOutboxHooks } from './email-rules/service';
import { registerLicenses } from './licenses/routes';
import { licenseHooks } from './licenses/service';
import { registerMenus } from './menus/routes';
import { menuHooks } from './menus/service';
import { registerRoles } from './roles/routes';
import { registerSn } from './sn/routes';
import { snHooks } from './sn/service';
import { registerTranslations } from './translations/routes';
import { registerUserInfo } from './user-info/routes';
import { registerUserLog } from './user-log/routes';
import { registerUsers } from './users/routes';
import { userHooks } from './users/service';

/** The spec checks the declarations cannot say, by resource name (each in its sub-area's service). */
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
 * The declarations whose generated calls the administration registers: every declared resource but those of an area
 * with calls of its own, registered there with its hooks (the complaint: server/complaints/routes.ts; the customer
 * archive and its records: server/archives/routes.ts; R&D hours: server/workhours/; suggestions: server/suggestions/).
 */
const OWN_AREA_RESOURCES: readonly ResourceDeclaration[] = [
  complaints,
  customerArchives,
  customerRecords,
  installerArchives,
  rdWorkHours,
  productSuggestions,
];
export const ADMIN_RESOURCES = RESOURCES.filter((declaration) => !OWN_AREA_RESOURCES.includes(declaration));

/**
 * The administration areas: the generated calls of every declared resource (resources/index.ts),
 * then each sub-area's own calls (lock a user, import S/Ns, export the log, …). Each sub-area is a folder:
 * `routes.ts` (schemas from contract/admin/, permission, answer), `service.ts` (its SQL and the checks of
 * its generated calls), `schemas.ts` where the server narrows a contract schema.
 */
export const adminRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const crud = registerResources(app, deps, { resources: ADMIN_RESOURCES, hooks: RESOURCE_HOOKS });
  await registerSn(app, deps, crud.snManagement!);
  registerUsers(app, deps);
  registerLicenses(app, deps);
  registerRoles(app, deps);
  registerMenus(app, deps);
  registerTranslations(app, deps);
  registerUserLog(app, deps, crud.userLog!);
  registerUserInfo(app, deps);
};
