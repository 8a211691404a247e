import { sql } from 'drizzle-orm';
import { queryRows } from '../../../server/core/db';
import { demoFleet } from '../../../server/demo/monitoring/fleet';
import { seedMonitoringDemo } from '../../../server/demo/monitoring/seed';
import { as, CUSTOMER_SN } from './world';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers';

/**
 * A demo system's whole life: daily and monthly rollups from its commissioning day,
 * raw 5-minute samples only for the recent days, joined at a local midnight with no day missing and none
 * counted twice; 'since start', the lifetime bars and CO₂ sum all of it.
 */
let t: TestApp;
const RAW_DAYS = 3;
const SIZE = 4;

beforeAll(async () => {
  t = await createTestApp();
  await t.reset();
  await seedMonitoringDemo(t.db, { password: DEMO_PASSWORD, now: t.clock(), days: RAW_DAYS, size: SIZE, lifetime: true });
}, 180_000);
afterAll(() => t.close());

type DayRow = {
  day: string;
  pv_kwh: number;
  samples: number;
  raw_samples: number;
  raw_pv_kwh: number;
};

/** Every rollup day of a system with what its raw samples hold that day (local days of its zone). */
async function daysOf(sn: string): Promise<DayRow[]> {
  return queryRows<DayRow>(
    t.db,
    sql`WITH s AS (SELECT id, time_zone, trans_frequency FROM systems WHERE sys_sn = ${sn}),
          raw AS (SELECT (r.ts AT TIME ZONE s.time_zone)::date AS day, count(*)::int AS n, sum(r.pv_w) * s.trans_frequency / 3600.0 / 1000 AS pv
                    FROM telemetry r JOIN s ON r.system_id = s.id GROUP BY 1, s.trans_frequency)
        SELECT d.day::text AS day, d.pv_kwh, d.samples, coalesce(raw.n, 0) AS raw_samples, coalesce(raw.pv, 0)::float8 AS raw_pv_kwh
          FROM energy_daily d JOIN s ON s.id = d.system_id LEFT JOIN raw ON raw.day = d.day
         ORDER BY d.day`,
  );
}

async function systemOf(sn: string) {
  const [row] = await queryRows<{ commissioned_on: string; today: string; time_zone: string; popv: number }>(
    t.db,
    sql`SELECT commissioned_on::text, (${t.clock().toISOString()}::timestamptz AT TIME ZONE time_zone)::date::text AS today, time_zone, popv
          FROM systems WHERE sys_sn = ${sn}`,
  );
  return row!;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe('from commissioning to today', () => {
  const reporting = demoFleet(SIZE).filter((s) => s.status !== null);

  test.each(reporting.map((s) => [s.sn]))('%s: one rollup per local day, no gap, none before commissioning', async (sn) => {
    const system = await systemOf(sn);
    const days = await daysOf(sn);
    expect(days[0]?.day).toBe(system.commissioned_on);
    expect(days[days.length - 1]?.day).toBe(system.today);
    // Consecutive: every local day once (outages last hours, never a whole day).
    days.slice(1).forEach((d, i) => expect(d.day).toBe(nextDay(days[i]!.day)));
  });

  test.each(reporting.map((s) => [s.sn]))(
    '%s: raw samples only for the recent days, joined at a local midnight without overlap',
    async (sn) => {
      const days = await daysOf(sn);
      const rawDays = days.filter((d) => d.raw_samples > 0);
      // The last RAW_DAYS days and today, each rolled up from exactly its raw samples (ingest's rollups).
      expect(rawDays.map((d) => d.day)).toEqual(days.slice(-(RAW_DAYS + 1)).map((d) => d.day));
      for (const d of rawDays) {
        expect(d.samples).toBe(d.raw_samples);
        expect(d.pv_kwh).toBeCloseTo(d.raw_pv_kwh, 6);
      }
      // The days before hold rollups only, counting the reports of a day (288 at 5 minutes, fewer in an outage).
      const early = days.slice(0, -(RAW_DAYS + 1));
      expect(early.length).toBeGreaterThan(80);
      for (const d of early) expect(d.samples).toBeGreaterThan(0);
      expect(early.reduce((s, d) => s + d.samples, 0) / early.length).toBeGreaterThan(280);
    },
  );

  test('months hold the sums of their days, early years and raw weeks alike', async () => {
    const rows = await queryRows<{ month: string; monthly: number; daily: number; samples_m: number; samples_d: number }>(
      t.db,
      sql`SELECT m.system_id, m.month::text, m.pv_kwh AS monthly, sum(d.pv_kwh)::float8 AS daily, m.samples AS samples_m, sum(d.samples)::int AS samples_d
            FROM energy_monthly m JOIN energy_daily d ON d.system_id = m.system_id AND date_trunc('month', d.day)::date = m.month
           GROUP BY m.system_id, m.month, m.pv_kwh, m.samples`,
    );
    const [count] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(DISTINCT (system_id, date_trunc('month', day)))::int AS n FROM energy_daily`,
    );
    expect(rows).toHaveLength(count!.n);
    for (const r of rows) {
      expect(r.monthly).toBeCloseTo(r.daily, 6);
      expect(r.samples_m).toBe(r.samples_d);
    }
  });
});

describe("the customer's figures span the system's life", () => {
  test("a system commissioned two years ago: energy in both earlier years, 'since start' = the sum of its days > this year", async () => {
    const system = await systemOf(CUSTOMER_SN);
    const firstYear = Number(system.commissioned_on.slice(0, 4));
    const thisYear = Number(system.today.slice(0, 4));
    expect(thisYear - firstYear).toBe(2);

    const customer = await as(t, 'customer');
    const lifetime = await customer.post('/api/Power/SticsByPeriod', { sn: CUSTOMER_SN, period: 'lifetime' });
    expect(lifetime.body.code).toBe(200);
    const bars: { label: string; pv_kwh: number }[] = lifetime.body.data.bars;
    expect(bars.map((b) => b.label)).toEqual([String(firstYear), String(firstYear + 1), String(thisYear)]);
    // A whole year of a German roof: several hundred kWh per kWp; the first almost whole (commissioned in January).
    expect(bars[0]!.pv_kwh / system.popv).toBeGreaterThan(700);
    expect(bars[1]!.pv_kwh / system.popv).toBeGreaterThan(800);

    const summary = await customer.post('/api/ESS/SticsSummeryDataForUser', { sn: CUSTOMER_SN });
    expect(summary.body.code).toBe(200);
    const { total, year } = summary.body.data;
    const sumOfDays = (await daysOf(CUSTOMER_SN)).reduce((s, d) => s + d.pv_kwh, 0);
    expect(total.pv_kwh).toBeCloseTo(sumOfDays, 1);
    expect(total.pv_kwh).toBeCloseTo(
      bars.reduce((s, b) => s + b.pv_kwh, 0),
      1,
    );
    expect(total.pv_kwh).toBeGreaterThan(3 * year.pv_kwh);
    expect(summary.body.data.co2_saved_kg).toBeCloseTo(total.pv_kwh * 0.4, 0);
  });

  test('another customer system is not readable by a stranger (code 45, nothing revealed)', async () => {
    const installer = await as(t, 'installer');
    const answer = await installer.post('/api/Power/SticsByPeriod', { sn: CUSTOMER_SN, period: 'lifetime' });
    expect(answer.body.code).toBe(45);
    expect(answer.body.data).toBeNull();
  });
});
