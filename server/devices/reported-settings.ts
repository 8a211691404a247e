import { sql } from 'drizzle-orm';
import type { DeviceSettings } from '../../contract/device-commands';
import { queryRows, type Database } from '../core/db';

/** What a system's device last reported it has set (its replies to readSettings and to every change); undefined before it did. */
export async function reportedSettings(db: Database, systemId: number): Promise<DeviceSettings | undefined> {
  const [row] = await queryRows<{ settings: DeviceSettings }>(
    db,
    sql`SELECT settings FROM device_states WHERE system_id = ${systemId} AND settings_at IS NOT NULL`,
  );
  return row?.settings;
}
