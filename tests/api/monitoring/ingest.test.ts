import { sql } from 'drizzle-orm';
import { queryRows } from '../../../server/core/db';
import { demoDeviceKey } from '../../../server/monitoring/ingest/device-keys';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers';
import { seedMonitoringDemo } from '../../../server/demo/monitoring/seed';

let t: TestApp;
const SN = 'ESS2024A0001';
const key = demoDeviceKey(SN, DEMO_PASSWORD);
const ingest = (body: unknown, deviceKey: string | null = key) =>
  t.post('/api/Device/Ingest', body, deviceKey ? { headers: { 'x-device-key': deviceKey } } : {});

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  // The fleet without history: ingest starts from an empty telemetry table.
  await seedMonitoringDemo(t.db, { password: DEMO_PASSWORD, now: t.clock(), days: 0, size: 4 });
  for (const table of ['telemetry', 'energy_daily', 'energy_monthly', 'system_faults']) await t.db.execute(sql.raw(`DELETE FROM ${table}`));
  await t.db.execute(sql`UPDATE systems SET last_seen_at = NULL, ems_status = NULL`);
});

function samples(from: Date, n: number) {
  return Array.from({ length: n }, (_, i) => ({
    ts: new Date(from.getTime() + i * 300_000).toISOString(),
    pv_w: 1000 + i,
    load_w: 600,
    // Both directions of battery and grid, so every rollup column holds energy.
    battery_w: i % 3 === 0 ? -400 : 300,
    grid_w: i % 4 === 0 ? 250 + i : -100 - i,
    soc: 50,
  }));
}

const start = () => new Date(t.clock().getTime() - 48 * 3_600_000);

async function snapshot() {
  const telemetry = await queryRows(
    t.db,
    sql`SELECT system_id, ts, pv_w, load_w, battery_w, grid_w, soc FROM telemetry ORDER BY system_id, ts`,
  );
  const daily = await queryRows(t.db, sql`SELECT * FROM energy_daily ORDER BY system_id, day`);
  const faults = await queryRows(t.db, sql`SELECT system_id, code, level, started_at, ended_at FROM system_faults ORDER BY id`);
  return { telemetry, daily, faults };
}

test('a batch is stored once: sending it again changes nothing', async () => {
  const batch = { status: 'normal', samples: samples(start(), 500) };
  const first = await ingest(batch);
  expect(first.body).toMatchObject({ code: 200, data: { accepted: 500, duplicates: 0, ems_status: 'normal' } });
  const before = await snapshot();
  const again = await ingest(batch);
  expect(again.body).toMatchObject({ code: 200, data: { accepted: 0, duplicates: 500 } });
  expect(await snapshot()).toEqual(before);
});

/**
 * Whether every day's rollup equals the aggregates of that day's raw rows (no day missing), and every
 * month's the sums of its days.
 */
async function rollupsMatchRawRows(): Promise<boolean[]> {
  const days = await queryRows<{ same: boolean }>(
    t.db,
    sql`WITH raw AS (
          SELECT t.system_id, (t.ts AT TIME ZONE s.time_zone)::date AS day,
                 sum(pv_w) * 300 / 3600000.0 AS pv, sum(load_w) * 300 / 3600000.0 AS load,
                 sum(greatest(battery_w, 0)) * 300 / 3600000.0 AS charge, sum(greatest(-battery_w, 0)) * 300 / 3600000.0 AS discharge,
                 sum(greatest(grid_w, 0)) * 300 / 3600000.0 AS import, sum(greatest(-grid_w, 0)) * 300 / 3600000.0 AS export,
                 sum(greatest(pv_w - greatest(-grid_w, 0), 0)) * 300 / 3600000.0 AS self_consumption, count(*) AS n
            FROM telemetry t JOIN systems s ON s.id = t.system_id GROUP BY 1, 2)
        SELECT coalesce(abs(raw.pv - d.pv_kwh) < 1e-6 AND abs(raw.load - d.load_kwh) < 1e-6 AND abs(raw.charge - d.charge_kwh) < 1e-6
               AND abs(raw.discharge - d.discharge_kwh) < 1e-6 AND abs(raw.import - d.import_kwh) < 1e-6
               AND abs(raw.export - d.export_kwh) < 1e-6 AND abs(raw.self_consumption - d.self_consumption_kwh) < 1e-6 AND raw.n = d.samples, false) AS same
          FROM raw FULL JOIN energy_daily d ON d.system_id = raw.system_id AND d.day = raw.day`,
  );
  const months = await queryRows<{ same: boolean }>(
    t.db,
    sql`WITH summed AS (
          SELECT system_id, date_trunc('month', day::timestamp)::date AS month, sum(pv_kwh) AS pv, sum(self_consumption_kwh) AS self_consumption,
                 sum(discharge_kwh) AS discharge, sum(import_kwh) AS import,
                 sum(samples) AS n
            FROM energy_daily GROUP BY 1, 2)
        SELECT coalesce(abs(summed.pv - m.pv_kwh) < 1e-6 AND abs(summed.self_consumption - m.self_consumption_kwh) < 1e-6
               AND abs(summed.discharge - m.discharge_kwh) < 1e-6 AND abs(summed.import - m.import_kwh) < 1e-6 AND summed.n = m.samples, false) AS same
          FROM summed FULL JOIN energy_monthly m ON m.system_id = summed.system_id AND m.month = summed.month`,
  );
  return [...days, ...months].map((r) => r.same);
}

test('rollups equal the aggregates of the raw rows, per local day', async () => {
  await ingest({ samples: samples(start(), 576) });
  const same = await rollupsMatchRawRows();
  expect(same.length).toBeGreaterThanOrEqual(2);
  expect(same.every(Boolean)).toBe(true);
});

test('a batch overlapping what is stored keeps only its new samples, each counted once in the rollups', async () => {
  await ingest({ samples: samples(start(), 300) });
  const overlapping = await ingest({ status: 'warning', samples: samples(new Date(start().getTime() + 200 * 300_000), 200) });
  expect(overlapping.body).toMatchObject({ code: 200, data: { accepted: 100, duplicates: 100, ems_status: 'warning' } });
  const [row] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM telemetry`);
  expect(row!.n).toBe(400);
  expect((await rollupsMatchRawRows()).every(Boolean)).toBe(true);
});

test('the same batch sent twice at once is stored once', async () => {
  const batch = { samples: samples(start(), 400) };
  const answers = await Promise.all([ingest(batch), ingest(batch)]);
  expect(answers.map((a) => a.body.code)).toEqual([200, 200]);
  expect(answers.map((a) => a.body.data.accepted).sort()).toEqual([0, 400]);
  const [row] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM telemetry`);
  expect(row!.n).toBe(400);
  expect((await rollupsMatchRawRows()).every(Boolean)).toBe(true);
});

test('a re-sent batch carrying faults changes nothing: no second fault, no mail, same status and rollups', async () => {
  const fault = {
    code: 'W201',
    level: 'warning',
    description: 'Battery temperature high',
    started_at: new Date(start().getTime() + 600_000).toISOString(),
  };
  const batch = { status: 'normal', samples: samples(start(), 50), faults: [fault] };
  expect((await ingest(batch)).body.data).toMatchObject({ accepted: 50, ems_status: 'warning' });
  const before = { ...(await snapshot()), counts: await t.database.rowCounts() };
  const again = await ingest(batch);
  expect(again.body).toMatchObject({ code: 200, data: { accepted: 0, duplicates: 50, ems_status: 'warning', days: [] } });
  expect({ ...(await snapshot()), counts: await t.database.rowCounts() }).toEqual(before);
});

test('a new fault raises the status; its end brings it back', async () => {
  const started = new Date(start().getTime() + 3_600_000).toISOString();
  const fault = { code: 'F401', level: 'fault', description: 'Inverter isolation fault', started_at: started };
  const raised = await ingest({ status: 'normal', samples: samples(start(), 20), faults: [fault] });
  expect(raised.body.data.ems_status).toBe('fault');
  const ended = await ingest({
    status: 'normal',
    samples: samples(new Date(start().getTime() + 20 * 300_000), 5),
    faults: [{ ...fault, ended_at: new Date(start().getTime() + 2 * 3_600_000).toISOString() }],
  });
  expect(ended.body.data.ems_status).toBe('normal');
  const [row] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM system_faults`);
  expect(row!.n).toBe(1);
});

const goodFault = () => ({ code: 'F401', level: 'fault', description: 'Inverter isolation fault', started_at: start().toISOString() });

describe('a bad batch is refused whole and nothing is stored', () => {
  const cases: Array<[string, () => unknown, number, string]> = [
    ['too many samples', () => ({ samples: samples(start(), 2001) }), 2, 'samples'],
    [
      'a value out of range',
      () => ({ samples: [...samples(start(), 10), { ...samples(start(), 11)[10]!, soc: 140 }] }),
      2,
      'samples.10.soc',
    ],
    ['a timestamp in the future', () => ({ samples: samples(new Date(t.clock().getTime() - 300_000), 3) }), 2, 'samples.2.ts'],
    [
      'a timestamp off the interval',
      () => ({
        samples: [...samples(start(), 5), { ...samples(start(), 1)[0]!, ts: new Date(start().getTime() + 7 * 60_000).toISOString() }],
      }),
      2,
      'samples.5.ts',
    ],
    ['the same timestamp twice', () => ({ samples: [...samples(start(), 5), samples(start(), 1)[0]!] }), 2, 'samples.5.ts'],
    ['samples missing', () => ({ status: 'normal' }), 3, 'samples'],
    [
      'a fault with an unknown level',
      () => ({ samples: samples(start(), 3), faults: [{ ...goodFault(), level: 'critical' }] }),
      2,
      'faults.0.level',
    ],
    [
      'a fault starting in the future',
      () => ({
        samples: samples(start(), 3),
        faults: [goodFault(), { ...goodFault(), started_at: new Date(t.clock().getTime() + 3_600_000).toISOString() }],
      }),
      2,
      'faults.1.started_at',
    ],
    [
      'a fault ending before it started',
      () => ({ samples: samples(start(), 3), faults: [{ ...goodFault(), ended_at: new Date(start().getTime() - 60_000).toISOString() }] }),
      2,
      'faults.0.ended_at',
    ],
    ['a fault without a code', () => ({ samples: samples(start(), 3), faults: [{ ...goodFault(), code: '' }] }), 3, 'faults.0.code'],
  ];
  for (const [name, body, code, field] of cases) {
    test(name, async () => {
      const before = await t.database.rowCounts();
      const { body: answer } = await ingest(body());
      expect(answer.code).toBe(code);
      expect(answer.info).toContain(field);
      expect(await t.database.rowCounts()).toEqual(before);
    });
  }

  test('an unknown or missing device key: HTTP 401, nothing stored', async () => {
    const before = await t.database.rowCounts();
    const unknown = await ingest({ samples: samples(start(), 3) }, 'not-a-key');
    expect(unknown.body).toMatchObject({ code: 401 });
    expect(unknown.status).toBe(401);
    expect((await ingest({ samples: samples(start(), 3) }, null)).status).toBe(401);
    expect(await t.database.rowCounts()).toEqual(before);
  });
});
