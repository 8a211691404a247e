import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../server/core/db';
import { systems } from '../../server/core/db/schema/monitoring';
import { seedDemo } from '../../server/demo/users';
import { demoFleet } from '../../server/demo/monitoring/fleet';
import { seedMonitoringDemo } from '../../server/demo/monitoring/seed';
import { siteOfSystem } from '../../server/demo/monitoring/site';
import { recomputeDailyRollups } from '../../server/monitoring/ingest/rollups';
import { pgArray } from '../../server/monitoring/sql-arrays';
import { ENERGY_COLUMNS, energyOf, type EnergyTotals } from '../../server/monitoring/stats/energy';
import { periodBars } from '../../server/monitoring/stats/service';
import { SiteSimulator } from '../../server/simulator/simulate';
import type { TestDatabase } from '../api/helpers/database';
import { BENCH_PASSWORD, benchApp, log, loginAs, openBenchDatabase, timed, type Backend } from './monitoring-common';

/**
 * A year of statistics: the demo customer's system with a whole calendar year of 5-minute telemetry
 * (~105,000 rows, simulated, bulk-inserted, rollups rebuilt from them). Ours: the statistics service
 * behind /api/Power/SticsByPeriod, period 'year' (twelve month bars and the totals, from the monthly
 * rollups); the reference: the same figures aggregated by SQL from the raw rows. Both are timed at the
 * same layer (a query and its rows), without the ~2 ms every authenticated call costs whatever it reads;
 * the call itself is asked once and must give the same numbers as the raw rows. Answered as year views
 * per second (best round of each, measured alternately).
 */
const SN = 'ESS2024A0001';
const STEP_MS = 300_000;
const CHUNK = 10_000;
const ROUNDS = 4;
const CALLS_PER_ROUND = 20;
const QUERIES_PER_ROUND = 2;

interface YearView {
  bars: Array<EnergyTotals & { label: string }>;
}

export async function yearStatistics(backend: Backend): Promise<{ ours: number; reference: number }> {
  const database = await openBenchDatabase(backend);
  const now = new Date();
  await seedDemo(database.db, { password: BENCH_PASSWORD, now });
  await seedMonitoringDemo(database.db, { password: BENCH_PASSWORD, now, days: 0, size: 3 });
  const app = await benchApp(database.db, now);
  try {
    const year = now.getUTCFullYear() - 1;
    const system = await seedYear(database, year);
    const customer = await loginAs(app, 'customer');
    const date = `${year}-06-15`;
    const target = { systems: [system], timeZone: system.timeZone, currency: system.currency };
    const ours = () => periodBars(database.db, target, 'year', date);
    const reference = () => yearFromRawRows(database, system.id, system.timeZone, year);

    // The call the dashboard makes must answer what the raw rows say.
    const call = (await customer('/api/Power/SticsByPeriod', { sn: SN, period: 'year', date })) as YearView;
    const check = compare(call.bars, await reference());
    if (check) console.log(`WARNING: ${backend.label}: the year view from rollups differs from the raw rows: ${check}`);
    const best = { ours: Infinity, reference: Infinity };
    for (let round = 0; round < ROUNDS; round++) {
      best.reference = Math.min(best.reference, await meanMs(reference, QUERIES_PER_ROUND));
      best.ours = Math.min(best.ours, await meanMs(ours, CALLS_PER_ROUND));
    }
    // As rates, so that the budget reads 'at least 50× as many per second'.
    return { ours: 1000 / best.ours, reference: 1000 / best.reference };
  } finally {
    await app.close();
    await database.close();
  }
}

/** The system's telemetry for the local calendar year, from the simulator, and its rollups. */
async function seedYear(database: TestDatabase, year: number) {
  const { db } = database;
  const [system] = await db.select().from(systems).where(eq(systems.sysSn, SN));
  if (!system) throw new Error(`${SN} missing from the demo fleet`);
  await db.execute(sql`DELETE FROM telemetry WHERE system_id = ${system.id}`);
  await db.execute(sql`DELETE FROM energy_daily WHERE system_id = ${system.id}`);
  const [bounds] = await queryRows<{ start: number; end: number }>(
    db,
    sql`SELECT extract(epoch FROM (${`${year}-01-01`}::timestamp AT TIME ZONE ${system.timeZone}))::float8 * 1000 AS start,
               extract(epoch FROM (${`${year + 1}-01-01`}::timestamp AT TIME ZONE ${system.timeZone}))::float8 * 1000 AS end`,
  );
  const start = Number(bounds!.start);
  const end = Number(bounds!.end);
  const demo = demoFleet(3).find((s) => s.sn === SN);
  const samples = new SiteSimulator(siteOfSystem(system, demo?.annualLoadKwh), start, STEP_MS, 55)
    .run(end)
    .flatMap(({ sample }) => (sample ? [sample] : []));
  for (let from = 0; from < samples.length; from += CHUNK) {
    const s = samples.slice(from, from + CHUNK);
    await db.execute(sql`
      INSERT INTO telemetry (system_id, ts, pv_w, load_w, battery_w, grid_w, soc)
      SELECT ${system.id}, to_timestamp(u.ms / 1000.0), u.pv, u.load, u.battery, u.grid, u.soc
        FROM unnest(${pgArray(s.map((x) => x.ts))}::bigint[], ${pgArray(s.map((x) => x.pvW))}::int[], ${pgArray(s.map((x) => x.loadW))}::int[],
                    ${pgArray(s.map((x) => x.batteryW))}::int[], ${pgArray(s.map((x) => x.gridW))}::int[], ${pgArray(s.map((x) => x.soc))}::real[])
             AS u(ms, pv, load, battery, grid, soc)`);
  }
  const days: string[] = [];
  for (let day = Date.UTC(year, 0, 1); day < Date.UTC(year + 1, 0, 1); day += 86_400_000)
    days.push(new Date(day).toISOString().slice(0, 10));
  for (let from = 0; from < days.length; from += 31) {
    await recomputeDailyRollups(db, system.id, system.timeZone, system.transFrequency, days.slice(from, from + 31));
  }
  await db.execute(sql`ANALYZE telemetry`);
  await db.execute(sql`ANALYZE energy_daily`);
  log(`${samples.length.toLocaleString('en')} telemetry rows of ${SN} for ${year} (${system.timeZone})`);
  return system;
}

/** The year view's month bars computed from the raw rows: energy per local day, then per month. */
async function yearFromRawRows(database: TestDatabase, systemId: number, timeZone: string, year: number): Promise<YearView['bars']> {
  const kwhPerW = STEP_MS / 3_600_000 / 1000;
  const rows = await queryRows<Record<string, unknown>>(
    database.db,
    sql`WITH daily AS (
          SELECT (t.ts AT TIME ZONE ${timeZone})::date AS day, sum(t.pv_w) AS pv, sum(t.load_w) AS load,
                 sum(greatest(t.battery_w, 0)) AS charge, sum(greatest(-t.battery_w, 0)) AS discharge,
                 sum(greatest(t.grid_w, 0)) AS import, sum(greatest(-t.grid_w, 0)) AS export,
                 sum(greatest(t.pv_w - greatest(-t.grid_w, 0), 0)) AS self_consumption
            FROM telemetry t
           WHERE t.system_id = ${systemId}
             AND t.ts >= (${`${year}-01-01`}::timestamp AT TIME ZONE ${timeZone}) AND t.ts < (${`${year + 1}-01-01`}::timestamp AT TIME ZONE ${timeZone})
           GROUP BY 1)
        SELECT to_char(day, 'YYYY-MM') AS label,
               sum(pv) * ${kwhPerW}::float8 AS pv_kwh, sum(load) * ${kwhPerW}::float8 AS load_kwh,
               sum(charge) * ${kwhPerW}::float8 AS charge_kwh, sum(discharge) * ${kwhPerW}::float8 AS discharge_kwh,
               sum(import) * ${kwhPerW}::float8 AS import_kwh, sum(export) * ${kwhPerW}::float8 AS export_kwh,
               sum(self_consumption) * ${kwhPerW}::float8 AS self_consumption_kwh
          FROM daily GROUP BY 1 ORDER BY 1`,
  );
  return rows.map((r) => ({ label: String(r.label), ...energyOf(r) }));
}

/** Null when both give the same bars (to the cent of a kWh), else the first difference. */
function compare(ours: YearView['bars'], raw: YearView['bars']): string | null {
  if (ours.length !== raw.length) return `${ours.length} bars from rollups, ${raw.length} from raw rows`;
  for (const [i, bar] of ours.entries()) {
    const other = raw[i]!;
    if (bar.label !== other.label) return `bar ${i}: ${bar.label} vs ${other.label}`;
    for (const column of ENERGY_COLUMNS) {
      if (Math.abs(bar[column] - other[column]) > 0.011) return `${bar.label} ${column}: ${bar[column]} vs ${other[column]}`;
    }
  }
  return ours.length === 12 ? null : `${ours.length} month bars, expected 12`;
}

async function meanMs(work: () => Promise<unknown>, times: number): Promise<number> {
  let total = 0;
  for (let i = 0; i < times; i++) total += (await timed(work)).ms;
  return total / times;
}
