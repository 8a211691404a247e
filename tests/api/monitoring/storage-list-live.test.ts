import { sql } from 'drizzle-orm';
import { queryRows } from '../../../server/core/db';
import type { SystemListRow } from '../../../contract/monitoring';
import type { TestApp } from '../helpers';
import { as, createMonitoringWorld, CUSTOMER_SN } from './world';

let t: TestApp;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
}, 300_000);
afterAll(() => t.close());

const LIST = '/api/ESS/GetSystems';
const LIVE_KEYS = ['pv_w', 'battery_w', 'grid_w', 'soc', 'today_pv_kwh', 'alarm'] as const;

async function systemId(sn: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM systems WHERE sys_sn = ${sn}`);
  return row!.id;
}

async function wholeList(user: Awaited<ReturnType<typeof as>>, body: Record<string, unknown> = {}): Promise<SystemListRow[]> {
  const { body: answer } = await user.post(LIST, { pageIndex: 1, pageSize: 500, ...body });
  expect(answer.code).toBe(200);
  return answer.data.data;
}

/** Makes the system's newest sample, today's PV and open faults what the test says (by hand, in the database). */
async function setLive(
  sn: string,
  sample: { minutesAgo: number; pv: number; battery: number; grid: number; soc: number },
  todayPvKwh: number,
) {
  const id = await systemId(sn);
  const now = t.clock();
  const ts = new Date(Math.floor(now.getTime() / 300_000) * 300_000 - sample.minutesAgo * 60_000);
  await t.db.execute(sql`DELETE FROM telemetry WHERE system_id = ${id} AND ts >= ${ts.toISOString()}::timestamptz`);
  await t.db.execute(sql`INSERT INTO telemetry (system_id, ts, pv_w, load_w, battery_w, grid_w, soc)
                         VALUES (${id}, ${ts.toISOString()}::timestamptz, ${sample.pv}, 900, ${sample.battery}, ${sample.grid}, ${sample.soc})`);
  await t.db.execute(sql`UPDATE energy_daily SET pv_kwh = ${todayPvKwh}
                          WHERE system_id = ${id} AND day = (${now.toISOString()}::timestamptz AT TIME ZONE (SELECT time_zone FROM systems WHERE id = ${id}))::date`);
}

describe('/ESS/GetSystems live figures', () => {
  test("each row carries its newest current sample, its local today's PV and its worst open alarm", async () => {
    await setLive(CUSTOMER_SN, { minutesAgo: 0, pv: 4321, battery: -1234, grid: 56, soc: 67.5 }, 12.345);
    const id = await systemId(CUSTOMER_SN);
    const now = t.clock();
    await t.db.execute(sql`DELETE FROM system_faults WHERE system_id = ${id}`);
    // A warning and, later-started but worse, a fault; and an ended fault, which is no alarm any more.
    await t.db.execute(sql`INSERT INTO system_faults (system_id, code, level, description, started_at, ended_at) VALUES
      (${id}, 'W101', 'warning', 'Fan warning', ${new Date(now.getTime() - 3_600_000).toISOString()}::timestamptz, NULL),
      (${id}, 'F201', 'fault', 'Battery over-temperature', ${new Date(now.getTime() - 7_200_000).toISOString()}::timestamptz, NULL),
      (${id}, 'F999', 'fault', 'Old fault', ${new Date(now.getTime() - 9_000_000).toISOString()}::timestamptz, ${new Date(now.getTime() - 8_000_000).toISOString()}::timestamptz)`);

    const admin = await as(t, 'admin');
    const [row] = await wholeList(admin, { sn: CUSTOMER_SN });
    expect(row).toMatchObject({
      sys_sn: CUSTOMER_SN,
      pv_w: 4321,
      battery_w: -1234,
      grid_w: 56,
      soc: 67.5,
      today_pv_kwh: 12.35,
      alarm: {
        code: 'F201',
        level: 'fault',
        description: 'Battery over-temperature',
        started_at: new Date(now.getTime() - 7_200_000).toISOString(),
      },
    });
  });

  test('a sample older than three reporting intervals gives no power and no state of charge (the system is silent)', async () => {
    const sn = (await wholeList(await as(t, 'admin'))).find((r) => r.sys_sn !== CUSTOMER_SN && r.trans_frequency === 300)!.sys_sn;
    await setLive(sn, { minutesAgo: 20, pv: 999, battery: 10, grid: 10, soc: 50 }, 3);
    const [row] = await wholeList(await as(t, 'admin'), { sn });
    expect(row).toMatchObject({ pv_w: null, battery_w: null, grid_w: null, soc: null, today_pv_kwh: 3 });
  });

  test.each(LIVE_KEYS)('sorts by %s on the server, both ways, systems without the value last', async (key) => {
    const admin = await as(t, 'admin');
    const value = (r: SystemListRow): number | null =>
      key === 'alarm' ? (r.alarm ? { warning: 1, protection: 2, fault: 3 }[r.alarm.level] : null) : r[key];
    for (const order of ['asc', 'desc'] as const) {
      const rows = await wholeList(admin, { sort: [{ field: key, order }] });
      const values = rows.map(value);
      const present = values.filter((v): v is number => v !== null);
      expect(present.length).toBeGreaterThan(0);
      // Nulls only after every value.
      expect(values.slice(0, present.length)).toEqual(present);
      expect(present).toEqual([...present].sort((a, b) => (order === 'asc' ? a - b : b - a)));
    }
    // Paging through the sorted list gives the same order as one big page.
    const big = (await wholeList(admin, { sort: [{ field: key, order: 'desc' }] })).map((r) => r.sys_sn);
    const paged: string[] = [];
    for (let page = 1; paged.length < big.length; page++) {
      const { body } = await admin.post(LIST, { pageIndex: page, pageSize: 7, sort: [{ field: key, order: 'desc' }] });
      paged.push(...body.data.data.map((r: SystemListRow) => r.sys_sn));
    }
    expect(paged).toEqual(big);
  });

  test('every page tells the size of the whole search: a middle page, the last, one past the end, and a search finding nothing', async () => {
    for (const role of ['admin', 'installer']) {
      const user = await as(t, role);
      const total = (await wholeList(user)).length;
      const [installerTotal] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM systems`);
      if (role === 'admin') expect(total).toBe(installerTotal!.n);
      const lastPage = Math.ceil(total / 3);
      for (const [pageIndex, rows] of [
        [1, Math.min(3, total)],
        [lastPage, total - (lastPage - 1) * 3],
        [lastPage + 1, 0],
        [lastPage + 5, 0],
      ]) {
        const { body } = await user.post(LIST, { pageIndex, pageSize: 3 });
        expect(body.code).toBe(200);
        expect(body.data.dataCount).toBe(total);
        expect(body.data.data).toHaveLength(rows);
      }
      const none = await user.post(LIST, { pageIndex: 1, pageSize: 3, sn: 'no such system' });
      expect(none.body.data).toEqual({ dataCount: 0, data: [] });
    }
  });

  test('a sort the list does not offer answers 2 naming the field', async () => {
    const admin = await as(t, 'admin');
    const bodies = [
      { sort: [{ field: 'load_w', order: 'asc' }] },
      { sort: [{ field: 'pv_w', order: 'up' }] },
      { sort: [{ field: 'alarm; DROP TABLE systems', order: 'asc' }] },
      // One column at a time, as the list's table sorts.
      {
        sort: [
          { field: 'pv_w', order: 'asc' },
          { field: 'soc', order: 'desc' },
        ],
      },
      // The other list protocol (sort + order), gone: every list takes sort: [{ field, order }].
      { sort: 'pv_w', order: 'desc' },
    ];
    for (const body of bodies) {
      const { body: answer } = await admin.post(LIST, { pageIndex: 1, pageSize: 10, ...body });
      expect(answer.code).toBe(2);
      expect(answer.info).toMatch(/sort|order/);
      expect(answer.data).toEqual({ field: expect.stringMatching(/sort|order/) });
    }
    expect((await wholeList(admin)).length).toBeGreaterThan(0);
  });

  test('an installer sorted by a live figure still sees only their systems; customer and sharer get 45', async () => {
    const installer = await as(t, 'installer');
    const own = (await wholeList(installer)).map((r) => r.sys_sn).sort();
    const all = (await wholeList(await as(t, 'admin'))).length;
    expect(own.length).toBeLessThan(all);
    for (const key of LIVE_KEYS)
      expect((await wholeList(installer, { sort: [{ field: key, order: 'desc' }] })).map((r) => r.sys_sn).sort()).toEqual(own);
    for (const role of ['customer', 'sharer']) {
      expect((await (await as(t, role)).post(LIST, { pageIndex: 1, pageSize: 10, sort: [{ field: 'pv_w', order: 'desc' }] })).body).toEqual(
        { code: 45, data: null, info: 'No permission' },
      );
    }
  });
});
