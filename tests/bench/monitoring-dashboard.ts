import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { seedDemo } from '../../server/db/seed';
import { installerCompanies, systems, vpps } from '../../server/db/schema/monitoring';
import { demoFleet, type DemoSystem } from '../../server/monitoring/demo/fleet';
import { demoSystemRow, seedMonitoringDemo } from '../../server/monitoring/demo/seed';
import { pgArray } from '../../server/monitoring/sql-arrays';
import { recomputeMonthlyRollups } from '../../server/monitoring/ingest/rollups';
import type { TestDatabase } from '../api/helpers/database';
import { BENCH_PASSWORD, benchApp, log, loginAs, openBenchDatabase, percentile, timed, type Backend, type Call } from './monitoring-common';

/**
 * Dashboard latency at fleet scale: p99 of the customer's dashboard calls and the staff storage list with
 * 2,000 systems × 60 days of history, against the same calls on the 60-system demo fleet. Both worlds
 * are built the same way and differ only in the number of systems (demoFleet(n): the same demo users,
 * installers, customer systems, tariffs and shares):
 *
 * - users, installers, tariffs, shares and the first 60 systems by the demo seed (seedMonitoringDemo
 *   with no history); the rest of demoFleet(2000) inserted in slices the same way (one insert of 2,000
 *   systems exceeds PGlite's message size);
 * - daily rollups for 60 days by bulk SQL, and raw 5-minute telemetry only for the last 48 hours (today
 *   and yesterday in every zone), also by bulk SQL, with today's and yesterday's rollups computed from it.
 *
 * 2,000 × 60 days × 288 samples would be 34.6 M raw rows, too many to generate in a bench run on two
 * cores; the dashboard reads raw rows only for the day curve and the current power flow (today) and the
 * rollups for everything longer, so this is the load it really sees.
 */
const BIG = 2_000;
const DEMO = 60;
const DAYS = 60;
const REQUESTS = 200;
const ROUNDS = 3;
const CUSTOMER_SN = 'ESS2024A0001';

export interface DashboardFigure {
  call: string;
  ours: number;
  reference: number;
}

interface World {
  database: TestDatabase;
  app: FastifyInstance;
  calls: Array<{ name: string; run: () => Promise<unknown> }>;
}

export async function dashboardLatency(backend: Backend): Promise<DashboardFigure[]> {
  const now = new Date();
  const demo = await buildWorld(backend, DEMO, now);
  const big = await buildWorld(backend, BIG, now);
  try {
    const best = new Map<string, { ours: number; reference: number; oursMedian: number; referenceMedian: number }>();
    // Warm-up: plans, validators and serializers.
    for (const world of [demo, big]) for (const call of world.calls) for (let i = 0; i < 10; i++) await call.run();
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, call] of demo.calls.entries()) {
        // Request by request in turn, so that a burst of other work on the machine hits both alike.
        const times = { ours: [] as number[], reference: [] as number[] };
        for (let n = 0; n < REQUESTS; n++) {
          times.reference.push((await timed(call.run)).ms);
          times.ours.push((await timed(big.calls[i]!.run)).ms);
        }
        const entry = best.get(call.name) ?? { ours: Infinity, reference: Infinity, oursMedian: Infinity, referenceMedian: Infinity };
        entry.reference = Math.min(entry.reference, percentile(times.reference, 99));
        entry.ours = Math.min(entry.ours, percentile(times.ours, 99));
        entry.referenceMedian = Math.min(entry.referenceMedian, percentile(times.reference, 50));
        entry.oursMedian = Math.min(entry.oursMedian, percentile(times.ours, 50));
        best.set(call.name, entry);
      }
    }
    for (const [name, e] of best) log(`${backend.label} ${name}: median ${e.oursMedian.toFixed(2)} ms (${BIG}) vs ${e.referenceMedian.toFixed(2)} ms (${DEMO})`);
    return [...best].map(([call, { ours, reference }]) => ({ call, ours, reference }));
  } finally {
    for (const world of [demo, big]) {
      await world.app.close();
      await world.database.close();
    }
  }
}

async function buildWorld(backend: Backend, size: number, now: Date): Promise<World> {
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
  await bulkHistory(database, now);
  await db.execute(sql`ANALYZE`);
  const rows = await db.execute(sql`SELECT (SELECT count(*) FROM systems) AS systems, (SELECT count(*) FROM energy_daily) AS rollups, (SELECT count(*) FROM telemetry) AS telemetry`);
  const counts = (rows as unknown as { rows: Array<Record<string, unknown>> }).rows[0]!;
  log(
    `${backend.label}: ${Number(counts.systems).toLocaleString('en')} systems, ${Number(counts.rollups).toLocaleString('en')} daily rollups, ` +
      `${Number(counts.telemetry).toLocaleString('en')} telemetry rows, built in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );

  const app = await benchApp(db, now);
  const customer = await loginAs(app, 'customer');
  const admin = await loginAs(app, 'admin');
  const on = (call: Call, path: string, body?: unknown) => () => call(path, body);
  return {
    database,
    app,
    calls: [
      { name: "customer summary ('All')", run: on(customer, '/api/ESS/SticsSummeryDataForCustomer', { sn: 'All' }) },
      { name: "customer day curve ('All')", run: on(customer, '/api/Power/SticsByDay', { sn: 'All' }) },
      { name: "customer month bars ('All')", run: on(customer, '/api/Power/SticsByPeriod', { sn: 'All', period: 'month' }) },
      { name: 'customer payoff', run: on(customer, '/api/Income/PayoffTotalResult', { sn: CUSTOMER_SN }) },
      { name: 'staff storage list page', run: on(admin, '/api/ESS/GetSystems', { pageIndex: 1, pageSize: 20 }) },
      { name: 'staff status counts', run: on(admin, '/api/ESS/GetVtSystemStatusCount') },
    ],
  };
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
 * 48 hours of synthetic 5-minute telemetry for every system that reports (a PV bell by local solar time,
 * a household-like load with an evening peak, the battery taking the surplus and covering the deficit
 * within the inverter's power, the grid as the balance), its rollups for today and yesterday, and
 * rollups for the 58 days before with plausible, consistent figures. In slices of systems, so that no
 * statement holds millions of rows at once.
 */
async function bulkHistory(database: TestDatabase, now: Date): Promise<void> {
  const { db } = database;
  const end = Math.floor(now.getTime() / 300_000) * 300_000;
  const start = end - 48 * 3_600_000;
  const ids = (await database.db.execute(sql`SELECT id FROM systems WHERE ems_status IS NOT NULL AND ems_status <> 'offline' ORDER BY id`)) as unknown as { rows: Array<{ id: number }> };
  const reporting = ids.rows.map((r) => Number(r.id));
  for (let from = 0; from < reporting.length; from += 250) {
    const slice = pgArray(reporting.slice(from, from + 250));
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
                             FROM generate_series(2, ${DAYS - 1}::int) AS k) AS d
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
         AND (t.ts AT TIME ZONE s.time_zone)::date >= (${now.toISOString()}::timestamptz AT TIME ZONE s.time_zone)::date - 1
       GROUP BY 1, 2
      ON CONFLICT (system_id, day) DO UPDATE SET
        pv_kwh = excluded.pv_kwh, load_kwh = excluded.load_kwh, charge_kwh = excluded.charge_kwh, discharge_kwh = excluded.discharge_kwh,
        import_kwh = excluded.import_kwh, export_kwh = excluded.export_kwh, self_consumption_kwh = excluded.self_consumption_kwh, samples = excluded.samples`);
    await recomputeMonthlyRollups(db, sql`system_id = ANY(${slice}::int[])`);
  }
}
