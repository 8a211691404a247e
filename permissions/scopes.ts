import { RD_HOURS_READERS, type Role } from './roles';
import type { Subject } from './subjects';

/**
 * Whose rows are whose (DESIGN §6), as data both sides read: the web app to know which lists are partial, the
 * server (server/core/scope.ts) to turn a subject's scope into the one SQL condition that every call on it
 * applies, list, one, save and delete alike, generated or hand-written.
 *
 * - 'system': a row belongs to a system, and is in the viewer's scope when that system is (customers their
 *   own, sharers those shared to them, installers their company's, …; other staff every system);
 * - 'owner': a row belongs to the user who made it; staff who see every system see every row;
 * - 'personal': a row belongs to the user who made it, and only they see it, whoever they are; the roles that read
 *   everyone's rows (ALL_ROWS_READERS) see every row;
 * - 'installerCompany': a row is an installer company (its id): installers see their own company, resellers and
 *   service partners the companies they work with; staff who see every system see every company.
 *
 * A subject missing here has no row scope: whoever holds the action holds it on every row.
 */
export type RowScopeKind = 'system' | 'owner' | 'personal' | 'installerCompany';

export const ROW_SCOPES: Partial<Record<Subject, RowScopeKind>> = {
  system: 'system',
  systemRemark: 'system',
  systemCost: 'system',
  systemShareRecipients: 'system',
  share: 'system',
  complaint: 'system',
  customerArchive: 'system',
  warranty: 'system',
  rdWorkHour: 'personal',
  productSuggestion: 'owner',
  installer: 'installerCompany',
  installationRecord: 'system',
  maintenanceRecord: 'system',
  systemComponent: 'system',
};

/** Of a 'personal' subject, the roles that read every row: R&D hours are read by those who run the portal. */
export const ALL_ROWS_READERS: Partial<Record<Subject, readonly Role[]>> = {
  rdWorkHour: RD_HOURS_READERS,
};

export function rowScopeOf(subject: string): RowScopeKind | undefined {
  return ROW_SCOPES[subject as Subject];
}
