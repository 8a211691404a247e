import { and, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import { SYSTEM_SCOPED_ROLES } from '../../permissions/roles';
import { Code } from '../../src/shared/codes';
import type { Database } from '../db';
import { systemComponents, systems, vpps } from '../db/schema/monitoring';
import { installerCompanies } from '../db/schema/organizations';
import { systemShares } from '../db/schema/shares';
import { users } from '../db/schema/users';
import type { AuthUser } from '../http/auth';
import { ApiError } from '../http/envelope';

/**
 * Who sees which system (DESIGN §6), as one SQL condition on `systems`. A user with several roles sees the
 * union; any role not listed here (admin, servicer, dev …) sees every system.
 */
export interface Viewer {
  id: number;
  roles: readonly string[];
  /**
   * The links staff set in user management (DESIGN §10), never the company text of the user's own profile:
   * an installer's company, and the reseller, service partner or supplier (organizations) a user works for.
   */
  installerCompanyId: number | null;
  organizationId: number | null;
}

const SCOPED_ROLES = new Set<string>(SYSTEM_SCOPED_ROLES);

export async function viewerOf(db: Database, user: AuthUser): Promise<Viewer> {
  const [row] = await db
    .select({ installerCompanyId: users.installerCompanyId, organizationId: users.organizationId })
    .from(users)
    .where(eq(users.id, user.id));
  return { id: user.id, roles: user.roles, installerCompanyId: row?.installerCompanyId ?? null, organizationId: row?.organizationId ?? null };
}

/** The condition on `systems` for the viewer's scope; undefined = every system. */
export function systemScope(viewer: Viewer, now: Date): SQL | undefined {
  if (viewer.roles.some((role) => !SCOPED_ROLES.has(role))) return undefined;
  const { installerCompanyId, organizationId } = viewer;
  // The systems of the installer companies this organization resells to or services.
  const installersOf = (column: typeof installerCompanies.resellerId | typeof installerCompanies.servicePartnerId) =>
    inArray(systems.installerCompanyId, sql`(SELECT ${installerCompanies.id} FROM ${installerCompanies} WHERE ${column} = ${organizationId})`);
  const conditions: SQL[] = [];
  for (const role of viewer.roles) {
    switch (role) {
      case 'customer':
        conditions.push(eq(systems.customerUserId, viewer.id));
        break;
      case 'sharer':
        conditions.push(
          inArray(
            systems.sysSn,
            sql`(SELECT ${systemShares.systemSn} FROM ${systemShares} WHERE ${and(eq(systemShares.sharerUserId, viewer.id), gt(systemShares.expiresAt, now))})`,
          ),
        );
        break;
      case 'installer':
        if (installerCompanyId !== null) conditions.push(eq(systems.installerCompanyId, installerCompanyId));
        break;
      case 'reseller':
        if (organizationId !== null) conditions.push(installersOf(installerCompanies.resellerId));
        break;
      case 'servicepartner':
        if (organizationId !== null) conditions.push(installersOf(installerCompanies.servicePartnerId));
        break;
      case 'vppmanager':
        conditions.push(inArray(systems.vppId, sql`(SELECT ${vpps.id} FROM ${vpps} WHERE ${vpps.managerUserId} = ${viewer.id})`));
        break;
      case 'supplier':
        if (organizationId !== null) {
          conditions.push(
            inArray(systems.id, sql`(SELECT ${systemComponents.systemId} FROM ${systemComponents} WHERE ${systemComponents.supplierId} = ${organizationId})`),
          );
        }
        break;
    }
  }
  return conditions.length > 0 ? or(...conditions)! : sql`false`;
}

export type SystemRow = typeof systems.$inferSelect;

/**
 * The system with this S/N if the viewer may see it. A system that does not exist and one outside the
 * scope answer the same code 45, so nobody learns which S/Ns exist.
 */
export async function systemInScope(db: Database, viewer: Viewer, sn: string, now: Date): Promise<SystemRow> {
  const scope = systemScope(viewer, now);
  const [system] = await db
    .select()
    .from(systems)
    .where(scope ? and(eq(systems.sysSn, sn), scope) : eq(systems.sysSn, sn));
  if (!system) throw new ApiError(Code.NO_PERMISSION);
  return system;
}

/** Every system of the viewer's scope (the customer's selector, the sharer's list). */
export async function systemsInScope(db: Database, viewer: Viewer, now: Date): Promise<SystemRow[]> {
  return db.select().from(systems).where(systemScope(viewer, now)).orderBy(systems.sysSn);
}
