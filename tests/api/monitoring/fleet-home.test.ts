import { sql } from 'drizzle-orm';
import { queryRows } from '../../../server/core/db';
import type { FleetOverview, SystemListRow } from '../../../contract/monitoring';
import type { TestApp } from '../helpers';
import { as, createMonitoringWorld } from './world';

let t: TestApp;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
}, 300_000);
afterAll(() => t.close());

const OVERVIEW = '/api/ESS/GetFleetOverview';
const iso = (msAgo: number) => new Date(t.clock().getTime() - msAgo).toISOString();
const HOUR = 3_600_000;

async function snsOf(username: string): Promise<string[]> {
  const { body } = await (await as(t, username)).post('/api/ESS/GetSystems', { pageIndex: 1, pageSize: 500 });
  return body.data.data.map((r: SystemListRow) => r.sys_sn);
}

async function idOf(sn: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM systems WHERE sys_sn = ${sn}`);
  return row!.id;
}

async function overview(username: string, body?: unknown): Promise<FleetOverview> {
  const { body: answer } = await (await as(t, username)).post(OVERVIEW, body ?? {});
  expect(answer.code).toBe(200);
  return answer.data;
}

let mine: string[];
let others: string[];
beforeAll(async () => {
  mine = await snsOf('installer');
  others = (await snsOf('admin')).filter((sn) => !mine.includes(sn));
  expect(mine.length).toBeGreaterThanOrEqual(3);
  expect(others.length).toBeGreaterThan(0);
}, 120_000);

describe('/ESS/GetFleetOverview', () => {
  test("today's fleet energy is the sum of the systems' rollups of their own today", async () => {
    const [a, b] = [await idOf(mine[0]!), await idOf(mine[1]!)];
    const today = (id: number) =>
      sql`(${t.clock().toISOString()}::timestamptz AT TIME ZONE (SELECT time_zone FROM systems WHERE id = ${id}))::date`;
    const mineIds = await Promise.all(mine.map(idOf));
    await t.db.execute(sql`DELETE FROM energy_daily WHERE system_id IN (${sql.join(
      mineIds.map((id) => sql`${id}`),
      sql`, `,
    )})
                              AND day >= (${t.clock().toISOString()}::timestamptz - interval '2 days')::date`);
    for (const [id, row] of [
      [a, [10.5, 8, 1, 3.5, 2, 1.5]],
      [b, [4.25, 6.5, 2.25, 0.5, 1, 3]],
    ] as const) {
      await t.db
        .execute(sql`INSERT INTO energy_daily (system_id, day, pv_kwh, load_kwh, import_kwh, export_kwh, charge_kwh, discharge_kwh, self_consumption_kwh, samples)
                             VALUES (${id}, ${today(id)}, ${row[0]}, ${row[1]}, ${row[2]}, ${row[3]}, ${row[4]}, ${row[5]}, 0, 100)`);
    }
    // A row of yesterday is not today's.
    await t.db
      .execute(sql`INSERT INTO energy_daily (system_id, day, pv_kwh, load_kwh, import_kwh, export_kwh, charge_kwh, discharge_kwh, self_consumption_kwh, samples)
                           VALUES (${a}, ${today(a)} - 1, 99, 99, 99, 99, 99, 99, 0, 288)`);
    const { energy } = await overview('installer');
    // By hand: 10.5 + 4.25, 8 + 6.5, 1 + 2.25, 3.5 + 0.5, 2 + 1, 1.5 + 3.
    expect(energy).toEqual({
      systems: 2,
      pv_kwh: 14.75,
      load_kwh: 14.5,
      import_kwh: 3.25,
      export_kwh: 4,
      charge_kwh: 3,
      discharge_kwh: 4.5,
    });

    const [all] = await queryRows<{ pv: number; n: number }>(
      t.db,
      sql`SELECT coalesce(sum(d.pv_kwh), 0) AS pv, count(*)::int AS n FROM systems s
            JOIN energy_daily d ON d.system_id = s.id AND d.day = (${t.clock().toISOString()}::timestamptz AT TIME ZONE s.time_zone)::date`,
    );
    const admin = (await overview('admin')).energy;
    expect(admin.systems).toBe(all!.n);
    expect(admin.pv_kwh).toBeCloseTo(Number(all!.pv), 2);
  });

  test("systems with open faults: one row each with its newest open fault, newest first, in the caller's scope", async () => {
    const [x, y] = [await idOf(mine[0]!), await idOf(mine[2]!)];
    const outside = await idOf(others[0]!);
    await t.db.execute(sql`DELETE FROM system_faults`);
    await t.db.execute(sql`INSERT INTO system_faults (system_id, code, level, description, started_at, ended_at) VALUES
      (${x}, 'W101', 'warning', 'Fan warning', ${iso(5 * HOUR)}::timestamptz, NULL),
      (${x}, 'F201', 'fault', 'Battery over-temperature', ${iso(3 * HOUR)}::timestamptz, NULL),
      (${y}, 'P301', 'protection', 'Grid over-voltage', ${iso(1 * HOUR)}::timestamptz, NULL),
      (${y}, 'F999', 'fault', 'Ended fault', ${iso(2 * HOUR)}::timestamptz, ${iso(HOUR / 2)}::timestamptz),
      (${outside}, 'F202', 'fault', 'Not the installer''s', ${iso(HOUR / 4)}::timestamptz, NULL)`);

    const { faults } = await overview('installer');
    expect(faults.dataCount).toBe(2);
    expect(faults.data.map((f) => [f.sys_sn, f.code, f.level, f.started_at, f.open_faults])).toEqual([
      [mine[2], 'P301', 'protection', iso(1 * HOUR), 1],
      [mine[0], 'F201', 'fault', iso(3 * HOUR), 2],
    ]);
    const admin = await overview('admin');
    expect(admin.faults.dataCount).toBe(3);
    expect(admin.faults.data[0]).toMatchObject({ sys_sn: others[0], code: 'F202', description: "Not the installer's" });
    expect((await overview('admin', { limit: 1 })).faults).toMatchObject({ dataCount: 3, data: [{ sys_sn: others[0] }] });
  });

  test('the last events: faults started and ended (recorded as faults arrive), systems gone offline and back, newest first', async () => {
    const { events } = await overview('installer', { limit: 50 });
    const kinds = events.map((e) => [e.kind, e.sys_sn, e.code, e.at]);
    expect(kinds).toContainEqual(['fault_started', mine[2], 'P301', iso(1 * HOUR)]);
    expect(kinds).toContainEqual(['fault_ended', mine[2], 'F999', iso(HOUR / 2)]);
    expect(events.every((e) => mine.includes(e.sys_sn))).toBe(true);
    expect(events.map((e) => e.at)).toEqual([...events.map((e) => e.at)].sort().reverse());

    // A system falls silent (dated by its last report), then reports again.
    const z = await idOf(mine[1]!);
    await t.db.execute(sql`UPDATE systems SET ems_status = 'normal', last_seen_at = ${iso(30 * HOUR)}::timestamptz WHERE id = ${z}`);
    await t.db.execute(sql`UPDATE systems SET ems_status = 'offline' WHERE id = ${z}`);
    let after = await overview('installer', { limit: 50 });
    expect(after.events.find((e) => e.sys_sn === mine[1] && e.kind === 'offline')?.at).toBe(iso(30 * HOUR));
    // Offline for 30 hours: on the list of systems offline for more than a day.
    expect(after.offline.data.map((o) => o.sys_sn)).toContain(mine[1]);
    expect(after.offline.data.every((o) => mine.includes(o.sys_sn))).toBe(true);

    await t.db.execute(sql`UPDATE systems SET ems_status = 'normal', last_seen_at = ${iso(0)}::timestamptz WHERE id = ${z}`);
    after = await overview('installer', { limit: 50 });
    expect(after.events[0]).toMatchObject({ kind: 'online', sys_sn: mine[1], at: iso(0) });
    expect(after.offline.data.map((o) => o.sys_sn)).not.toContain(mine[1]);
  });

  test('a system offline for less than a day is not on the offline list', async () => {
    const z = await idOf(mine[1]!);
    await t.db.execute(sql`UPDATE systems SET ems_status = 'offline', last_seen_at = ${iso(20 * HOUR)}::timestamptz WHERE id = ${z}`);
    expect((await overview('installer')).offline.data.map((o) => o.sys_sn)).not.toContain(mine[1]);
    await t.db.execute(sql`UPDATE systems SET last_seen_at = ${iso(25 * HOUR)}::timestamptz WHERE id = ${z}`);
    expect((await overview('installer', { limit: 50 })).offline.data.map((o) => o.sys_sn)).toContain(mine[1]);
  });

  test('bad input answers 2 naming the field and changes nothing', async () => {
    const admin = await as(t, 'admin');
    const before = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM system_events`);
    for (const body of [{ limit: 0 }, { limit: 51 }, { limit: 'ten' }, { limit: 2.5 }]) {
      const { body: answer } = await admin.post(OVERVIEW, body);
      expect(answer).toMatchObject({ code: 2, data: { field: 'limit' } });
      expect(answer.info).toContain('limit');
    }
    expect(await queryRows(t.db, sql`SELECT count(*)::int AS n FROM system_events`)).toEqual(before);
  });

  test('customers, sharers and roles without the storage list get 45 and learn nothing', async () => {
    for (const role of ['customer', 'sharer', 'fasw', 'supplier']) {
      expect((await (await as(t, role)).post(OVERVIEW, {})).body).toEqual({ code: 45, data: null, info: 'No permission' });
    }
  });
});
