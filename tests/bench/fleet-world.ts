import { sql } from 'drizzle-orm';
import { hashPassword } from '../../server/core/auth/passwords';
import { queryRows } from '../../server/core/db';
import { withStatementTimeout } from '../../server/core/db/statement-timeout';
import { seedDemo } from '../../server/demo/users';
import { installerCompanies, systems, vpps } from '../../server/core/db/schema';
import { users } from '../../server/core/db/schema/users';
import { demoFleet, type DemoSystem } from '../../server/demo/monitoring/fleet';
import { demoSystemRow, seedMonitoringDemo } from '../../server/demo/monitoring/seed';
import { pgArray } from '../../server/monitoring/sql-arrays';
import { recomputeMonthlyRollups } from '../../server/monitoring/ingest/rollups';
import type { TestDatabase } from '../api/helpers/database';
import { BENCH_PASSWORD, log, openBenchDatabase, type Backend } from './monitoring-common';

/**
 * The monitoring benchmarks' fleet: demoFleet(size) (the same demo users, installers, customer systems,
 * tariffs and shares at any size), built by bulk SQL so that thousands of systems take seconds:
 *
 * - users, installers, tariffs, shares and the first 60 systems by the demo seed (seedMonitoringDemo
 *   with no history); the rest of demoFleet(size) inserted in slices the same way (one insert of 2,000
 *   systems exceeds PGlite's message size);
 * - DAYS days of daily (and monthly) rollups; raw 5-minute telemetry for the last `rawDays` of them, whose
 *   rollups are computed from it, the days before with plausible, consistent synthetic rollups.
 */
const DEMO = 60;
const DAYS = 60;

export interface FleetOptions {
  size: number;
  /** Days of raw 5-minute telemetry up to now (the demo keeps all 60; 2 when only today's curve matters). */
  rawDays: number;
}

export async function buildFleet(backend: Backend, { size, rawDays }: FleetOptions, now: Date): Promise<TestDatabase> {
  const started = performance.now();
  const database = await openBenchDatabase(backend);
  const { db } = database;
  await seedDemo(db, { password: BENCH_PASSWORD, now });
  await seedMonitoringDemo(db, { password: BENCH_PASSWORD, now, days: 0, size: Math.min(size, DEMO) });
  const fleet = demoFleet(size);
  await addSystems(database, fleet.slice(DEMO), now);
  // Without history the seed leaves every status unknown: give each system the status the demo plans for
  // it, reporting until now (the offline ones went silent hours ago; the never-reporting ones stay unknown).
  const end = Math.floor(now.getTime() / 300_000) * 300_000;
  await db.execute(sql`
    UPDATE systems s SET ems_status = f.status,
           last_seen_at = CASE WHEN f.status = 'offline' THEN to_timestamp(${end / 1000 - 5 * 3600}) ELSE to_timestamp(${end / 1000}) END
      FROM unnest(${pgArray(fleet.map((f) => f.sn))}::text[], ${pgArray(fleet.map((f) => f.status))}::text[]) AS f(sn, status)
     WHERE s.sys_sn = f.sn AND f.status IS NOT NULL`);
  await bulkHistory(database, now, rawDays);
  await db.execute(sql`ANALYZE`);
  const [counts] = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT (SELECT count(*) FROM systems) AS systems, (SELECT count(*) FROM energy_daily) AS rollups, (SELECT count(*) FROM telemetry) AS telemetry`,
  );
  log(
    `${backend.label}: ${Number(counts!.systems).toLocaleString('en')} systems, ${Number(counts!.rollups).toLocaleString('en')} daily rollups, ` +
      `${Number(counts!.telemetry).toLocaleString('en')} telemetry rows, built in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  return database;
}

/**
 * `count` more customers (`bench-customer-1` …, password BENCH_PASSWORD), each owning `systemsEach` of the
 * fleet's systems that no customer owns yet; answers their user names and S/Ns.
 */
export async function addCustomers(
  database: TestDatabase,
  count: number,
  systemsEach: number,
  now: Date,
): Promise<Array<{ username: string; sns: string[] }>> {
  const { db } = database;
  // One hash for all: each is checked once at login, and hashing is what a bench should not wait for.
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const free = await queryRows<{ sys_sn: string }>(db, sql`SELECT sys_sn FROM systems WHERE customer_user_id IS NULL ORDER BY id`);
  const customers = Array.from({ length: count }, (_, i) => ({
    username: `bench-customer-${i + 1}`,
    sns: free.slice(i * systemsEach, (i + 1) * systemsEach).map((r) => r.sys_sn),
  }));
  if (customers.some((c) => c.sns.length < systemsEach))
    throw new Error(`the fleet has too few systems for ${count} customers of ${systemsEach}`);
  const rows = await db
    .insert(users)
    .values(
      customers.map((c) => ({
        username: c.username,
        passwordHash,
        displayName: c.username,
        roles: ['customer'],
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: users.id, username: users.username });
  for (const row of rows) {
    const { sns } = customers.find((c) => c.username === row.username)!;
    await db.execute(sql`UPDATE systems SET customer_user_id = ${row.id} WHERE sys_sn = ANY(${pgArray(sns)}::text[])`);
  }
  return customers;
}

/** The systems of the fleet beyond the demo's 60, as the demo seed stores its systems. */
async function addSystems(database: TestDatabase, extra: DemoSystem[], now: Date): Promise<void> {
  const { db } = database;
  const installers = new Map((await db.select().from(installerCompanies)).map((c) => [c.name, c.id]));
  const [vpp] = await db.select().from(vpps);
  for (let from = 0; from < extra.length; from += 250) {
    await db.insert(systems).values(
      extra.slice(from, from + 250).map((s) =>
        demoSystemRow(s, {
          installerId: installers.get(s.installer) ?? null,
          customerId: null,
          vppId: s.inVpp ? (vpp?.id ?? null) : null,
          password: BENCH_PASSWORD,
          now,
        }),
      ),
    );
  }
}

/**
 * `rawDays` days of synthetic 5-minute telemetry up to now for every system that reports (a PV bell by
 * local solar time, a household-like load with an evening peak, the battery taking the surplus and
 * covering the deficit within the inverter's power, the grid as the balance), the rollups of those days
 * computed from it, and rollups for the days before (to DAYS) with plausible, consistent figures. In
 * slices of systems, so that no statement holds millions of rows at once.
 */
async function bulkHistory(database: TestDatabase, now: Date, rawDays: number): Promise<void> {
  const end = Math.floor(now.getTime() / 300_000) * 300_000;
  const start = end - rawDays * 24 * 3_600_000;
  const ids = (await database.db.execute(
    sql`SELECT id FROM systems WHERE ems_status IS NOT NULL AND ems_status <> 'offline' ORDER BY id`,
  )) as unknown as { rows: Array<{ id: number }> };
  const reporting = ids.rows.map((r) => Number(r.id));
  const systemsPerSlice = Math.max(4, Math.floor(500 / rawDays));
  for (let from = 0; from < reporting.length; from += systemsPerSlice) {
    const slice = pgArray(reporting.slice(from, from + systemsPerSlice));
    // Bulk statements of a bench world may take longer than an interactive call's statement timeout.
    await withStatementTimeout(database.db, 0, async (db) => {
      await db.execute(sql`
        INSERT INTO telemetry (system_id, ts, pv_w, load_w, battery_w, grid_w, soc)
        SELECT s.id, g.ts, p.pv, p.load, b.battery, p.load + b.battery - p.pv, b.soc
          FROM systems s
         CROSS JOIN generate_series(to_timestamp(${start / 1000}), to_timestamp(${end / 1000}), interval '5 minutes') AS g(ts)
         CROSS JOIN LATERAL (SELECT extract(hour FROM g.ts AT TIME ZONE s.time_zone) + extract(minute FROM g.ts AT TIME ZONE s.time_zone) / 60.0 AS h) AS l
         CROSS JOIN LATERAL (
           SELECT round(s.popv * 800 * greatest(0, sin(pi() * (l.h - 6) / 12)) * (0.6 + 0.4 * random()))::int AS pv,
                  round(s.popv * 50 * (1 + random()) + CASE WHEN l.h BETWEEN 17 AND 21 THEN s.popv * 120 ELSE 0 END)::int AS load) AS p
         CROSS JOIN LATERAL (
           SELECT least(greatest(p.pv - p.load, -s.poinv * 500), s.poinv * 500)::int AS battery,
                  (50 + 40 * sin(pi() * (l.h - 10) / 12))::real AS soc) AS b
         WHERE s.id = ANY(${slice}::int[])
        ON CONFLICT (system_id, ts) DO NOTHING`);
      await db.execute(sql`
        INSERT INTO energy_daily (system_id, day, pv_kwh, load_kwh, charge_kwh, discharge_kwh, import_kwh, export_kwh, self_consumption_kwh, samples)
        SELECT s.id, d.day, e.pv, e.load, e.charge, e.charge * 0.9, greatest(e.load - (e.pv - e.export - e.charge) - e.charge * 0.9, 0), e.export,
               greatest(e.pv - e.export, 0), 288
          FROM systems s
         CROSS JOIN LATERAL (SELECT (${now.toISOString()}::timestamptz AT TIME ZONE s.time_zone)::date - k AS day
                               FROM generate_series(${rawDays}::int, ${DAYS - 1}::int) AS k) AS d
         CROSS JOIN LATERAL (SELECT s.popv * (1 + 4 * random()) AS pv, s.popv * (2 + random()) AS load) AS p
         CROSS JOIN LATERAL (SELECT p.pv, p.load, p.pv * 0.3 * random() AS export, least(p.pv * 0.3, s.surpluscobat) AS charge) AS e
         WHERE s.id = ANY(${slice}::int[])
        ON CONFLICT (system_id, day) DO NOTHING`);
      await db.execute(sql`
        INSERT INTO energy_daily (system_id, day, pv_kwh, load_kwh, charge_kwh, discharge_kwh, import_kwh, export_kwh, self_consumption_kwh, samples)
        SELECT t.system_id, (t.ts AT TIME ZONE s.time_zone)::date,
               sum(t.pv_w) / 12000.0, sum(t.load_w) / 12000.0, sum(greatest(t.battery_w, 0)) / 12000.0, sum(greatest(-t.battery_w, 0)) / 12000.0,
               sum(greatest(t.grid_w, 0)) / 12000.0, sum(greatest(-t.grid_w, 0)) / 12000.0,
               sum(greatest(t.pv_w - greatest(-t.grid_w, 0), 0)) / 12000.0, count(*)::int
          FROM telemetry t JOIN systems s ON s.id = t.system_id
         WHERE t.system_id = ANY(${slice}::int[])
           AND (t.ts AT TIME ZONE s.time_zone)::date >= (${now.toISOString()}::timestamptz AT TIME ZONE s.time_zone)::date - ${rawDays - 1}::int
         GROUP BY 1, 2
        ON CONFLICT (system_id, day) DO UPDATE SET
          pv_kwh = excluded.pv_kwh, load_kwh = excluded.load_kwh, charge_kwh = excluded.charge_kwh, discharge_kwh = excluded.discharge_kwh,
          import_kwh = excluded.import_kwh, export_kwh = excluded.export_kwh, self_consumption_kwh = excluded.self_consumption_kwh, samples = excluded.samples`);
      await recomputeMonthlyRollups(db, sql`system_id = ANY(${slice}::int[])`);
    });
  }
}
