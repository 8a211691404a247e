import { sql } from 'drizzle-orm';
import { queryRows } from '../../../server/core/db';
import { seedMonitoringDemo } from '../../../server/demo/monitoring/seed';
import { demoDeviceKey } from '../../../server/monitoring/ingest/device-keys';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers';
import { as } from './world';

/**
 * The left-panel figures and the power flow (SticsSummeryDataForUser, and the customer's 'All') equal what
 * a handful of raw samples say, worked out by hand. Both systems are the demo customer's, in Munich and
 * Freiburg (Europe/Berlin); the clock is 2026-03-02 08:00 UTC, 09:00 local. At 5-minute intervals a
 * sample of W watts is W / 12,000 kWh, so 12,000 W is 1 kWh.
 */
let t: TestApp;
const HOME = 'ESS2024A0001';
const PARENTS = 'ESS2024A0002';

const sample = (ts: string, pv_w: number, load_w: number, battery_w: number, grid_w: number, soc: number) => ({
  ts,
  pv_w,
  load_w,
  battery_w,
  grid_w,
  soc,
});

const HOME_SAMPLES = [
  // Last year (31 Dec): PV 1 kWh, load 0.2, charge 0.2, export 0.6 → used on site 0.4.
  sample('2025-12-31T11:00:00Z', 12_000, 2_400, 2_400, -7_200, 40),
  // Last month: PV 0.5, load 0.1, export 0.4 → used on site 0.1.
  sample('2026-02-10T11:00:00Z', 6_000, 1_200, 0, -4_800, 45),
  // Yesterday, this month: no PV; load 0.2, discharge 0.1, import 0.1.
  sample('2026-03-01T11:00:00Z', 0, 2_400, -1_200, 1_200, 30),
  // Today: PV 0.3 + 0.2, load 0.1 + 0.1, charge 0.1, export 0.1 + 0.1 → used on site 0.2 + 0.1.
  sample('2026-03-02T07:50:00Z', 3_600, 1_200, 1_200, -1_200, 55),
  sample('2026-03-02T07:55:00Z', 2_400, 1_200, 0, -1_200, 60),
];
// Its newest sample is 30 minutes old, more than three intervals: not part of the flow's powers.
const PARENTS_SAMPLES = [sample('2026-03-02T07:30:00Z', 1_200, 600, 600, 0, 20)];

const energy = (pv: number, load: number, charge: number, discharge: number, imported: number, exported: number, self: number) => ({
  pv_kwh: pv,
  load_kwh: load,
  charge_kwh: charge,
  discharge_kwh: discharge,
  import_kwh: imported,
  export_kwh: exported,
  self_consumption_kwh: self,
});

beforeAll(async () => {
  // The samples reach back to last year, past the default 60 days of raw samples a server takes in.
  t = await createTestApp({ config: { rawRetentionDays: 366 } });
  await t.reset();
  await seedMonitoringDemo(t.db, { password: DEMO_PASSWORD, now: t.clock(), days: 0, size: 2 });
  // The seed's sample of now goes: the systems hold only the samples below.
  for (const table of ['telemetry', 'energy_daily', 'energy_monthly', 'system_faults']) await t.db.execute(sql.raw(`DELETE FROM ${table}`));
  for (const [sn, samples] of [
    [HOME, HOME_SAMPLES],
    [PARENTS, PARENTS_SAMPLES],
  ] as const) {
    const { body } = await t.post(
      '/api/Device/Ingest',
      { status: 'normal', samples },
      { headers: { 'x-device-key': demoDeviceKey(sn, DEMO_PASSWORD) } },
    );
    expect(body.code).toBe(200);
  }
});
afterAll(() => t.close());

test("one system's figures are the sums of its samples per local day, month, year and life, and the flow its newest sample", async () => {
  const admin = await as(t, 'admin');
  const { body } = await admin.post('/api/ESS/SticsSummeryDataForUser', { sn: HOME });
  expect(body.code).toBe(200);
  expect(body.data).toMatchObject({
    today: { ...energy(0.5, 0.2, 0.1, 0, 0, 0.2, 0.3), self_consumption_rate: 60, autarky_rate: 100 },
    month: energy(0.5, 0.4, 0.1, 0.1, 0.1, 0.2, 0.3),
    year: energy(1, 0.5, 0.1, 0.1, 0.1, 0.6, 0.4),
    total: energy(2, 0.7, 0.3, 0.1, 0.1, 1.2, 0.8),
    // 0.8 / 2 used on site; 1 − 0.1 / 0.7 of the load not imported.
    self_consumption_rate: 40,
    autarky_rate: 85.7,
    co2_saved_kg: 0.8,
    flow: { ts: '2026-03-02T07:55:00.000Z', pv_w: 2_400, load_w: 1_200, battery_w: 0, grid_w: -1_200, soc: 60, online: true },
  });
});

test("the customer's 'All' flow: powers of the systems reporting now, SoC weighted by usable capacity over every system", async () => {
  const customer = await as(t, 'customer');
  const { body } = await customer.post('/api/ESS/SticsSummeryDataForCustomer', { sn: 'All' });
  expect(body.code).toBe(200);
  const capacities = await queryRows<{ sys_sn: string; surpluscobat: number }>(
    t.db,
    sql`SELECT sys_sn, surpluscobat FROM systems ORDER BY sys_sn`,
  );
  const capacity = (sn: string) => Number(capacities.find((c) => c.sys_sn === sn)!.surpluscobat);
  const soc = (60 * capacity(HOME) + 20 * capacity(PARENTS)) / (capacity(HOME) + capacity(PARENTS));
  expect(body.data.flow).toEqual({
    ts: '2026-03-02T07:55:00.000Z',
    pv_w: 2_400,
    load_w: 1_200,
    battery_w: 0,
    grid_w: -1_200,
    soc: Math.round(soc * 10) / 10,
    online: true,
  });
  // The parents' 0.1 kWh of PV today adds to the home's 0.5.
  expect(body.data.today.pv_kwh).toBe(0.6);
});
