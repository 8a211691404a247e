import { emailDeliveringRules, notificationCategories } from './emailDeliveringRules';
import { licenseManagement } from './licenseManagement';
import { mailOutbox } from './mailOutbox';
import { snManagement } from './snManagement';
import type { ResourceDeclaration } from './types';
import { userLog } from './userLog';
import { userManagement } from './userManagement';

export { emailDeliveringRules, licenseManagement, mailOutbox, notificationCategories, snManagement, userLog, userManagement };

/** Every declared resource, by name (the web engine builds Refine resources from this list). */
export const RESOURCES: readonly ResourceDeclaration[] = [
  licenseManagement,
  snManagement,
  userManagement,
  userLog,
  emailDeliveringRules,
  notificationCategories,
  mailOutbox,
];
