import { sql } from 'drizzle-orm';
import { queryRows } from '../../../server/core/db';
import { hashDeviceKey } from '../../../server/monitoring/ingest/device-keys';
import { MOVED } from '../../../server/sysmigration/registry';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers';
import { createTestDatabase, worldTemplateExists } from '../helpers/database';
import { FAST } from '../jobs/fixtures';
import { WORLD_TEMPLATE_DAYS } from '../monitoring/world';
import { seedMonitoringDemo } from '../../../server/demo/monitoring/seed';

/** The demo world with its job queue running (the migration's job), copied from the run's template when there is one. */
export async function migrationWorld(): Promise<TestApp> {
  if (await worldTemplateExists()) return createTestApp({ database: await createTestDatabase({ from: 'world' }), jobQueue: FAST });
  const t = await createTestApp({ jobQueue: FAST });
  await t.reset();
  await seedMonitoringDemo(t.db, { password: DEMO_PASSWORD, now: t.clock(), days: WORLD_TEMPLATE_DAYS });
  return t;
}

/**
 * A system just installed to replace `like`: the same site, model and installer, no customer, no name, no data yet;
 * answers its device key.
 */
export async function installReplacement(t: TestApp, sn: string, like: string): Promise<{ id: number; key: string }> {
  const key = `key-${sn}`;
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`INSERT INTO systems (sys_sn, sys_name, popv, minv, poinv, cobat, mbat, surpluscobat, uscapacity, trans_frequency, site_kind,
                             latitude, longitude, address, postcode, city, country_code, time_zone, installer_company_id, currency,
                             device_key_hash, created_at)
        SELECT ${sn}, '', popv, minv, poinv, cobat, mbat, surpluscobat, uscapacity, trans_frequency, site_kind, latitude, longitude,
               address, postcode, city, country_code, time_zone, installer_company_id, currency, ${hashDeviceKey(key)}, ${t.clock().toISOString()}::timestamptz
          FROM systems WHERE sys_sn = ${like}
        RETURNING id`,
  );
  return { id: row!.id, key };
}

/** Every row of every moved table that names either system, as text, sorted: equal before and after a revert. */
export async function rowsOf(t: TestApp, ...sns: string[]): Promise<Record<string, string[]>> {
  const systems = await queryRows<{ id: number; sys_sn: string }>(
    t.db,
    sql`SELECT id, sys_sn FROM systems WHERE sys_sn = ANY(${`{${sns.join(',')}}`}::text[])`,
  );
  const ids = systems.map((s) => s.id);
  const out: Record<string, string[]> = {};
  for (const kind of MOVED) {
    const where =
      kind.how === 'takeover'
        ? sql`id = ANY(${`{${ids.join(',')}}`}::int[])`
        : kind.how === 'links' && kind.bySn
          ? sql`${sql.identifier(kind.column)} = ANY(${`{${sns.join(',')}}`}::text[])`
          : sql`${sql.identifier(kind.column)} = ANY(${`{${ids.join(',')}}`}::int[])`;
    const rows = await queryRows<{ r: string }>(
      t.db,
      sql`SELECT to_jsonb(x.*)::text AS r FROM ${sql.identifier(kind.table)} x WHERE ${where}`,
    );
    out[kind.table] = rows.map((r) => r.r).sort();
  }
  return out;
}

/** How many rows of a table name a system by id. */
export async function countOf(t: TestApp, table: string, systemId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE system_id = ${systemId}`,
  );
  return row!.n;
}
