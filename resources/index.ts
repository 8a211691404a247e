import { companyManagement, companyOrganizations } from './companyManagement';
import { complaints } from './complaints';
import { customerArchives } from './customerArchives';
import { customerRecords } from './customerRecords';
import { emailDeliveringRules, notificationCategories } from './emailDeliveringRules';
import { installationRecords } from './installationRecords';
import { installerArchives } from './installerArchives';
import { licenseManagement } from './licenseManagement';
import { mailOutbox } from './mailOutbox';
import { maintenanceRecords } from './maintenanceRecords';
import { menuManagement } from './menuManagement';
import { productSuggestions } from './productSuggestions';
import { rdWorkHours } from './rdWorkHours';
import { installerCompanyOptions, organizationOptions } from './scopeCompanies';
import { snManagement } from './snManagement';
import type { ResourceDeclaration } from './types';
import { userInfoSettings } from './userInfoSettings';
import { userLog } from './userLog';
import { userManagement } from './userManagement';
import { warrantyDelivery } from './warrantyDelivery';

export {
  companyManagement,
  companyOrganizations,
  complaints,
  customerArchives,
  customerRecords,
  emailDeliveringRules,
  installationRecords,
  installerArchives,
  installerCompanyOptions,
  licenseManagement,
  mailOutbox,
  maintenanceRecords,
  menuManagement,
  notificationCategories,
  organizationOptions,
  productSuggestions,
  rdWorkHours,
  snManagement,
  userInfoSettings,
  userLog,
  userManagement,
  warrantyDelivery,
};

/**
 * Every declared resource: the one list both sides read. The server generates the CRUD calls of each one
 * naming its `table` (server/core/crud/register.ts); the route table adds each route and its roles
 * (permissions/routes.ts), so the CASL ability, the menu and the route guard know it; the web app gives each
 * one without a screen of its own the generated screen (src/routing/screens.ts).
 */
export const RESOURCES: readonly ResourceDeclaration[] = [
  licenseManagement,
  snManagement,
  userManagement,
  userLog,
  menuManagement,
  userInfoSettings,
  emailDeliveringRules,
  notificationCategories,
  mailOutbox,
  installerCompanyOptions,
  organizationOptions,
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
  warrantyDelivery,
];
