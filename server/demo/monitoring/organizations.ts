import { eq } from 'drizzle-orm';
import type { Database } from '../../core/db';
import type { OrganizationKind } from '../../../permissions/roles';
import { organizations } from '../../core/db/schema/organizations';
import { users } from '../../core/db/schema/users';
import { DEMO_INSTALLERS, DEMO_USER_LINKS, type DemoSystem } from './fleet';

/** The demo's organizations by kind, then by name. */
export type DemoOrganizationIds = Record<OrganizationKind, Map<string, number>>;

/** The resellers and service partners of the demo installers and the suppliers of the fleet's batteries. */
export async function insertDemoOrganizations(db: Database, fleet: readonly DemoSystem[]): Promise<DemoOrganizationIds> {
  const named: Record<OrganizationKind, Set<string>> = {
    reseller: new Set(DEMO_INSTALLERS.flatMap((c) => (c.reseller ? [c.reseller] : []))),
    servicepartner: new Set(DEMO_INSTALLERS.flatMap((c) => (c.servicePartner ? [c.servicePartner] : []))),
    supplier: new Set(fleet.map((s) => s.batterySupplier)),
  };
  const rows = await db
    .insert(organizations)
    .values(Object.entries(named).flatMap(([kind, names]) => [...names].map((name) => ({ kind: kind as OrganizationKind, name }))))
    .returning();
  const ids: DemoOrganizationIds = { reseller: new Map(), servicepartner: new Map(), supplier: new Map() };
  for (const row of rows) ids[row.kind].set(row.name, row.id);
  return ids;
}

/** Links the partner demo users to the companies they work for, as an administrator would (DEMO_USER_LINKS). */
export async function linkDemoUsers(
  db: Database,
  installerIds: ReadonlyMap<string, number>,
  organizationIds: DemoOrganizationIds,
): Promise<void> {
  for (const [username, link] of Object.entries(DEMO_USER_LINKS)) {
    const set =
      'installerCompany' in link
        ? { installerCompanyId: installerIds.get(link.installerCompany) ?? null }
        : { organizationId: organizationIds[username as OrganizationKind].get(link.organization) ?? null };
    await db.update(users).set(set).where(eq(users.username, username));
  }
}
