import { eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { appSettings } from '../../db/schema/app-settings';

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
