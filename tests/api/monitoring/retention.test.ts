import { sql } from 'drizzle-orm';
import { queryRows } from '../../../server/core/db';
import { seedMonitoringDemo } from '../../../server/demo/monitoring/seed';
import { demoDeviceKey } from '../../../server/monitoring/ingest/device-keys';
import { DEFAULT_RAW_RETENTION_DAYS, parseRawRetentionDays, purgeRawSamples, rawWindowStart } from '../../../server/monitoring/retention';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers';
import { as, CUSTOMER_SN } from './world';

/**
 * Retention of raw samples: ingest refuses a sample older than the raw window (2, nothing
 * stored); the purge deletes raw samples older than the window, system by system in its local days, and leaves
 * the daily and monthly rollups, so the lifetime figures stay what they were.
 */
let t: TestApp;
const ZONE = 'Europe/Berlin'; // the customer's system
const key = demoDeviceKey(CUSTOMER_SN, DEMO_PASSWORD);
const ingest = (body: unknown, deviceKey = key) => t.post('/api/Device/Ingest', body, { headers: { 'x-device-key': deviceKey } });
const sample = (ms: number) => ({ ts: new Date(ms).toISOString(), pv_w: 1000, load_w: 600, battery_w: 0, grid_w: -400, soc: 50 });
const MINUTES_5 = 300_000;

// One world for the file, in the order of the tests: ingest first, then the default purge, then a one-day one.
beforeAll(async () => {
  t = await createTestApp();
  await t.reset();
  await seedMonitoringDemo(t.db, { password: DEMO_PASSWORD, now: t.clock(), days: 3, size: 3, lifetime: true });
}, 180_000);
afterAll(() => t.close());
afterEach(() => {
  t.config.rawRetentionDays = undefined;
});

async function stored() {
  const [row] = await queryRows<Record<string, string>>(
    t.db,
    sql`SELECT (SELECT md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), '')) FROM telemetry x) AS telemetry,
               (SELECT md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), '')) FROM energy_daily x) AS daily,
               (SELECT md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), '')) FROM energy_monthly x) AS monthly,
               (SELECT md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), '')) FROM systems x) AS systems`,
  );
  return row!;
}

describe('ingest and the raw window', () => {
  test("a sample at the window's first instant is stored; one interval before it is refused with 2, nothing stored", async () => {
    const first = rawWindowStart(ZONE, t.clock(), DEFAULT_RAW_RETENTION_DAYS);
    const before = await stored();
    const refused = await ingest({ status: 'normal', samples: [sample(first), sample(first - MINUTES_5)] });
    expect(refused.body.code).toBe(2);
    expect(refused.body.info).toContain('samples.1.ts (older than the 60 days raw samples are kept)');
    expect(await stored()).toEqual(before);

    const inside = await ingest({ status: 'normal', samples: [sample(first)] });
    expect(inside.body).toMatchObject({ code: 200, data: { accepted: 1 } });
  });

  test('the window follows the configuration (RAW_RETENTION_DAYS)', async () => {
    t.config.rawRetentionDays = 10;
    const first = rawWindowStart(ZONE, t.clock(), 10);
    expect((await ingest({ samples: [sample(first - MINUTES_5)] })).body.info).toContain('older than the 10 days');
    expect((await ingest({ samples: [sample(first)] })).body.code).toBe(200);
  });

  test('an unknown device is refused (401) before its samples are judged; nothing stored', async () => {
    const before = await stored();
    const answer = await ingest({ samples: [sample(0)] }, 'not-a-device-key');
    expect(answer.body.code).toBe(401);
    expect(await stored()).toEqual(before);
  });
});

describe('the purge', () => {
  test("the default window keeps the demo's recent raw history whole", async () => {
    const before = await stored();
    expect(await purgeRawSamples(t.db, t.clock())).toEqual({ deleted: 0 });
    expect(await stored()).toEqual(before);
  });

  test('deletes the raw samples before the window, keeps those inside, leaves the rollups and the lifetime figures', async () => {
    const customer = await as(t, 'customer');
    const figures = async () => ({
      since: (await customer.post('/api/ESS/SticsSummeryDataForUser', { sn: CUSTOMER_SN })).body.data.total,
      lifetime: (await customer.post('/api/Power/SticsByPeriod', { sn: CUSTOMER_SN, period: 'lifetime' })).body.data,
      income: (await customer.post('/api/Income/PayoffTotalResult', { sn: CUSTOMER_SN })).body.data,
    });
    const figuresBefore = await figures();
    const before = await stored();

    // A window of one day: yesterday and today keep their samples, the two days before lose them.
    const first = rawWindowStart(ZONE, t.clock(), 1);
    const around = sql`SELECT s.sys_sn, t.ts FROM telemetry t JOIN systems s ON s.id = t.system_id
                        WHERE s.sys_sn = ${CUSTOMER_SN} AND t.ts IN (${new Date(first).toISOString()}::timestamptz, ${new Date(first - MINUTES_5).toISOString()}::timestamptz)`;
    expect(await queryRows(t.db, around)).toHaveLength(2);

    const { deleted } = await purgeRawSamples(t.db, t.clock(), 1);
    expect(deleted).toBeGreaterThan(0);
    expect((await queryRows<{ ts: string }>(t.db, around)).map((r) => new Date(r.ts).getTime())).toEqual([first]);
    // Every system keeps nothing older than its own window (each in its zone).
    const oldest = await queryRows<{ time_zone: string; oldest: string }>(
      t.db,
      sql`SELECT s.time_zone, min(t.ts) AS oldest FROM telemetry t JOIN systems s ON s.id = t.system_id GROUP BY s.id, s.time_zone`,
    );
    expect(oldest.length).toBeGreaterThan(0);
    for (const row of oldest) expect(new Date(row.oldest).getTime()).toBeGreaterThanOrEqual(rawWindowStart(row.time_zone, t.clock(), 1));

    const after = await stored();
    expect(after.telemetry).not.toBe(before.telemetry);
    expect({ daily: after.daily, monthly: after.monthly, systems: after.systems }).toEqual({
      daily: before.daily,
      monthly: before.monthly,
      systems: before.systems,
    });
    expect(await figures()).toEqual(figuresBefore);

    // Run again (a daily job that ran twice): nothing more to delete.
    expect(await purgeRawSamples(t.db, t.clock(), 1)).toEqual({ deleted: 0 });
  });
});

test('RAW_RETENTION_DAYS: a whole number of days ≥ 1, default 60; anything else stops the start', () => {
  expect(parseRawRetentionDays(undefined)).toBe(60);
  expect(parseRawRetentionDays('')).toBe(60);
  expect(parseRawRetentionDays('30')).toBe(30);
  for (const bad of ['0', '-5', '1.5', 'sixty', '1e9x']) expect(() => parseRawRetentionDays(bad)).toThrow(/RAW_RETENTION_DAYS/);
});
