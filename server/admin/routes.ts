import type { FastifyPluginAsync } from 'fastify';
import {
  companyManagement,
  companyOrganizations,
  complaints,
  customerArchives,
  customerRecords,
  installationRecords,
  installerArchives,
  maintenanceRecords,
  productSuggestions,
  rdWorkHours,
  RESOURCES,
} from '../../resources';
import type { ResourceDeclaration } from '../../resources/types';
import type { AppDeps } from '../config';
import { registerResources, type ResourceHooks } from '../core/crud/register';
import { companyRoutes } from './companies/routes';
import { categoryHooks, emailRuleHooks, mailOutboxHooks } from './email-rules/service';
import { licenseRoutes } from './licenses/routes';
import { licenseHooks } from './licenses/service';
import { menuRoutes } from './menus/routes';
import { menuHooks } from './menus/service';
import { roleRoutes } from './roles/routes';
import { snRoutes } from './sn/routes';
import { snHooks } from './sn/service';
import { translationRoutes } from './translations/routes';
import { userInfoRoutes } from './user-info/routes';
import { userLogRoutes } from './user-log/routes';
import { userRoutes } from './users/routes';
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
 * with calls of its own, registered there with its hooks (company management: server/admin/companies/; the complaint: server/complaints/routes.ts; the customer
 * archive and its records: server/archives/routes.ts; R&D hours: server/workhours/; suggestions: server/suggestions/; installation and maintenance records: server/records/).
 */
const OWN_AREA_RESOURCES: readonly ResourceDeclaration[] = [
  companyManagement,
  companyOrganizations,
  complaints,
  customerArchives,
  customerRecords,
  installerArchives,
  rdWorkHours,
  productSuggestions,
  installationRecords,
  maintenanceRecords,
];
export const ADMIN_RESOURCES = RESOURCES.filter((declaration) => !OWN_AREA_RESOURCES.includes(declaration));

/**
 * The administration areas: the generated calls of every declared resource (resources/index.ts),
 * then each sub-area's own calls (lock a user, import S/Ns, export the log, …). Each sub-area is a folder:
 * `routes.ts` (one line per call of contract/admin/<sub-area>-calls.ts) and `service.ts` (its SQL, taking an
 * actor or plain values, and the checks of its generated calls).
 */
export const adminRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const crud = await registerResources(app, deps, { resources: ADMIN_RESOURCES, hooks: RESOURCE_HOOKS });
  await app.register(snRoutes, { deps, crud: crud.snManagement! });
  await app.register(userRoutes, { deps });
  await app.register(licenseRoutes, { deps });
  await app.register(roleRoutes, { deps });
  await app.register(menuRoutes, { deps });
  await app.register(translationRoutes, { deps });
  await app.register(userLogRoutes, { deps, crud: crud.userLog! });
  await app.register(userInfoRoutes, { deps });
  await app.register(companyRoutes, { deps });
};
