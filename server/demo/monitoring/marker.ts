import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../core/db';
import { appSettings } from '../../core/db/schema/app-settings';
import { systems } from '../../core/db/schema/monitoring';
import { demoDeviceKey, hashDeviceKey } from '../../monitoring/ingest/device-keys';
import { DEMO_FLEET_SIZE, demoFleet } from './fleet';

/**
 * The row that says "the monitoring demo was seeded into this database". Only such a database plays its
 * demo fleet live at start; a real deployment (no demo seed) never simulates anything.
 */
export const DEMO_FLEET_KEY = 'demo_fleet';

export interface DemoMarker {
  /** How many systems demoFleet() made (the fleet is generated from a fixed seed, so this names them). */
  size: number;
  seededAt: string;
}

export async function markDemoSeeded(db: Database, marker: DemoMarker, now: Date): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key: DEMO_FLEET_KEY, value: { ...marker }, updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: { ...marker }, updatedAt: now } });
}

export async function demoMarker(db: Database): Promise<DemoMarker | null> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, DEMO_FLEET_KEY));
  if (!row) return null;
  const size = Number(row.value.size);
  return Number.isInteger(size) && size > 0 ? { size, seededAt: String(row.value.seededAt ?? '') } : null;
}

/**
 * A demo database seeded before this row existed: every demo S/N is there with the device key the demo
 * password derives. Nothing else matches that (a real system's key is random), so the row is written then.
 */
export async function adoptEarlierDemoSeed(db: Database, demoPassword: string, now: Date, size = DEMO_FLEET_SIZE): Promise<boolean> {
  if (await demoMarker(db)) return false;
  const fleet = demoFleet(size);
  const rows = await db
    .select({ sn: systems.sysSn, keyHash: systems.deviceKeyHash })
    .from(systems)
    .where(
      inArray(
        systems.sysSn,
        fleet.map((d) => d.sn),
      ),
    );
  if (rows.length !== fleet.length || !rows.every((r) => r.keyHash === hashDeviceKey(demoDeviceKey(r.sn, demoPassword)))) return false;
  await markDemoSeeded(db, { size, seededAt: 'before the marker existed' }, now);
  return true;
}
