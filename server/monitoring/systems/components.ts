import { asc, eq, sql } from 'drizzle-orm';
import type { SystemComponent } from '../../../contract/monitoring';
import type { Database } from '../../core/db';
import { systemComponents } from '../../core/db/schema/monitoring';
import { organizations } from '../../core/db/schema/organizations';
import type { SystemRow } from '../../core/system-scope';

/** The components of one system: inverter first, then batteries, meter and EMS, each by S/N. */
export async function componentsOf(db: Database, system: SystemRow): Promise<SystemComponent[]> {
  const rows = await db
    .select({ component: systemComponents, supplier: organizations.name })
    .from(systemComponents)
    .leftJoin(organizations, eq(organizations.id, systemComponents.supplierId))
    .where(eq(systemComponents.systemId, system.id))
    .orderBy(
      sql`array_position(ARRAY['inverter', 'battery', 'meter', 'ems']::text[], ${systemComponents.kind})`,
      asc(systemComponents.kind),
      asc(systemComponents.sn),
    );
  return rows.map(({ component: c, supplier }) => ({
    id: c.id,
    kind: c.kind,
    sn: c.sn,
    model: c.model,
    firmware_version: c.firmwareVersion,
    supplier_company: supplier,
  }));
}
