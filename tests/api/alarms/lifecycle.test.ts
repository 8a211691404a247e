import { eq, sql } from 'drizzle-orm';
import { ALARM_CLEAR_HOLD_MINUTES } from '../../../contract/alarm-states';
import { sweepAlarms } from '../../../server/alarms/lifecycle';
import { queryRows } from '../../../server/core/db';
import { emailRules, mailOutbox, systems } from '../../../server/core/db/schema';
import { seedMonitoringDemo } from '../../../server/demo/monitoring/seed';
import { demoDeviceKey } from '../../../server/monitoring/ingest/device-keys';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers';

/**
 * Alarms follow the faults a device reports over the ingest (the MQTT path hands its events to the same ingest): one
 * open alarm per system and code, repeats counted, a hold before it clears so a flapping fault stays one alarm, one
 * notification per alarm opened. The notifications are the fault mails: an address rule makes each one mail.
 */
let t: TestApp;
const SN = 'ESS2024A0001';
const MINUTE = 60_000;
const HOLD = ALARM_CLEAR_HOLD_MINUTES * MINUTE;
const ingest = (body: unknown) => t.post('/api/Device/Ingest', body, { headers: { 'x-device-key': demoDeviceKey(SN, DEMO_PASSWORD) } });
const report = (faults: unknown[]) => ingest({ status: 'normal', samples: [], faults });
const at = (minutesAgo: number) => new Date(t.clock().getTime() - minutesAgo * MINUTE).toISOString();
const f401 = (startedMinutesAgo: number, endedMinutesAgo?: number) => ({
  code: 'F401',
  level: 'fault',
  description: 'ISO fault',
  started_at: at(startedMinutesAgo),
  ...(endedMinutesAgo === undefined ? {} : { ended_at: at(endedMinutesAgo) }),
});

type AlarmRow = {
  id: number;
  code: string;
  component: string;
  severity: string;
  state: string;
  occurrences: number;
  first_seen_at: string;
  last_seen_at: string;
  clear_due_at: string | null;
  cleared_at: string | null;
};
const alarmRows = () =>
  queryRows<AlarmRow>(
    t.db,
    sql`SELECT a.id::int AS id, a.code, a.component, a.severity, a.state, a.occurrences, a.first_seen_at, a.last_seen_at,
               a.clear_due_at, a.cleared_at
          FROM alarms a JOIN systems s ON s.id = a.system_id WHERE s.sys_sn = ${SN} ORDER BY a.id`,
  );
const history = async (id: number) =>
  (await queryRows<{ kind: string }>(t.db, sql`SELECT kind FROM alarm_events WHERE alarm_id = ${id} ORDER BY id`)).map((e) => e.kind);
const mails = async () => (await t.db.select().from(mailOutbox)).length;
const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  await seedMonitoringDemo(t.db, { password: DEMO_PASSWORD, now: t.clock(), days: 0, size: 4 });
  await t.db.execute(sql`DELETE FROM system_faults`);
  await t.db.execute(sql`DELETE FROM alarms`);
  await t.db.execute(sql`UPDATE systems SET ems_status = 'normal', last_seen_at = ${at(1)}::timestamptz`);
  await t.db
    .insert(emailRules)
    .values({ category_code: 'system_fault', recipient_kind: 'address', recipient_value: 'alarms@ticket.example' });
});

test('a fault opens an alarm of its component and severity, and tells once', async () => {
  expect((await report([f401(30)])).body.code).toBe(200);
  const [alarm] = await alarmRows();
  expect(alarm).toMatchObject({ code: 'F401', component: 'inverter', severity: 'critical', state: 'active', occurrences: 1 });
  expect(iso(alarm!.first_seen_at)).toBe(at(30));
  expect(await history(alarm!.id)).toEqual(['opened']);
  expect(await mails()).toBe(1);
  // The same report again (at-least-once delivery) is no new occurrence.
  await report([f401(30)]);
  expect((await alarmRows())[0]).toMatchObject({ occurrences: 1 });
  expect(await mails()).toBe(1);
});

test('an ended fault clears its alarm only once the hold passed; a return within the hold is the same alarm, told nobody', async () => {
  await report([f401(40, 30)]);
  let [alarm] = await alarmRows();
  expect(alarm).toMatchObject({ state: 'clearing', occurrences: 1 });
  expect(iso(alarm!.clear_due_at)).toBe(new Date(Date.parse(at(30)) + HOLD).toISOString());

  // Before the hold passed the sweep leaves it.
  await sweepAlarms(t.db, new Date(Date.parse(at(30)) + HOLD - MINUTE));
  expect((await alarmRows())[0]).toMatchObject({ state: 'clearing' });

  // It flaps back: the same alarm, active again, counted, nobody told again.
  await report([f401(20)]);
  [alarm] = await alarmRows();
  expect(alarm).toMatchObject({ state: 'active', occurrences: 2, clear_due_at: null });
  expect(iso(alarm!.last_seen_at)).toBe(at(20));
  expect(await history(alarm!.id)).toEqual(['opened', 'returned']);

  // It ends for good: cleared when the hold after its last end passed, at that moment.
  await report([f401(20, 10)]);
  const due = Date.parse(at(10)) + HOLD;
  await sweepAlarms(t.db, new Date(due));
  [alarm] = await alarmRows();
  expect(alarm).toMatchObject({ state: 'cleared', occurrences: 2 });
  expect(iso(alarm!.cleared_at)).toBe(new Date(due).toISOString());
  expect(await history(alarm!.id)).toEqual(['opened', 'returned', 'cleared']);
  expect(await mails()).toBe(1);

  // After it cleared, the fault again is a new alarm, and it is told.
  t.clock.advance(HOLD + MINUTE);
  await report([f401(1)]);
  const rows = await alarmRows();
  expect(rows.map((r) => r.state)).toEqual(['cleared', 'active']);
  expect(await mails()).toBe(2);
});

test('a storm of 1,000 occurrences of one fault is one alarm and one notification', async () => {
  // Minute-long blips every 2 minutes, for 2,000 minutes: each is a new fault to the device, all within the hold.
  const blips = Array.from({ length: 1000 }, (_, i) => f401(2001 - 2 * i, 2000 - 2 * i));
  for (let i = 0; i < blips.length; i += 200) expect((await report(blips.slice(i, i + 200))).body.code).toBe(200);
  const rows = await alarmRows();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ occurrences: 1000, state: 'clearing' });
  expect(iso(rows[0]!.first_seen_at)).toBe(at(2001));
  expect(await mails()).toBe(1);
  const [{ n }] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM system_faults`);
  expect(n).toBe(1000);
});

test("a fault of a code the catalogue does not know gets the 'system' component and a severity from its level", async () => {
  await report([{ code: 'X-77', level: 'protection', description: 'Vendor relay', started_at: at(5) }]);
  expect((await alarmRows())[0]).toMatchObject({ code: 'X-77', component: 'system', severity: 'major', state: 'active' });
});

test('a system that fell silent gets its offline alarm from when it last reported, quietly; it clears when the system reports again', async () => {
  await t.db
    .update(systems)
    .set({ emsStatus: 'offline', lastSeenAt: new Date(at(90)) })
    .where(eq(systems.sysSn, SN));
  expect(await sweepAlarms(t.db, t.clock())).toMatchObject({ offlineOpened: 1 });
  let [alarm] = await alarmRows();
  expect(alarm).toMatchObject({ code: 'OFFLINE', component: 'ems', severity: 'major', state: 'active' });
  expect(iso(alarm!.first_seen_at)).toBe(at(90));
  // A second sweep opens nothing more.
  expect(await sweepAlarms(t.db, t.clock())).toMatchObject({ offlineOpened: 0 });

  const samples = [
    {
      ts: new Date(Math.floor((t.clock().getTime() - 5 * MINUTE) / 300_000) * 300_000).toISOString(),
      pv_w: 100,
      load_w: 300,
      battery_w: 0,
      grid_w: 200,
      soc: 40,
    },
  ];
  expect((await ingest({ status: 'normal', samples })).body.data.ems_status).toBe('normal');
  expect(await sweepAlarms(t.db, t.clock())).toMatchObject({ offlineCleared: 1 });
  [alarm] = await alarmRows();
  expect(alarm).toMatchObject({ state: 'cleared' });
  expect(iso(alarm!.cleared_at)).toBe(samples[0]!.ts);
  expect(await mails()).toBe(0);
});

test('a system replaced by another (its history moved and confirmed) raises no offline alarm and loses the one it had', async () => {
  await t.db
    .update(systems)
    .set({ emsStatus: 'offline', lastSeenAt: new Date(at(90)) })
    .where(eq(systems.sysSn, SN));
  await sweepAlarms(t.db, t.clock());
  expect((await alarmRows()).map((a) => a.state)).toEqual(['active']);
  const [old] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM systems WHERE sys_sn = ${SN}`);
  const [successor] = await queryRows<{ id: number; sys_sn: string }>(
    t.db,
    sql`SELECT id, sys_sn FROM systems WHERE sys_sn <> ${SN} LIMIT 1`,
  );
  await t.db
    .execute(sql`INSERT INTO system_migrations (old_system_id, old_sn, new_system_id, new_sn, state, plan, progress, saved, created_by, created_at, updated_at)
    VALUES (${old!.id}, ${SN}, ${successor!.id}, ${successor!.sys_sn}, 'confirmed', '{}', '{}', '{}', 'servicer', now(), now())`);
  expect(await sweepAlarms(t.db, t.clock())).toMatchObject({ offlineCleared: 1, offlineOpened: 0 });
  expect((await alarmRows()).map((a) => a.state)).toEqual(['cleared']);
  expect(await sweepAlarms(t.db, t.clock())).toMatchObject({ offlineOpened: 0 });
});

test('a fault open without an alarm (stored before alarms existed) is adopted by the sweep, quietly', async () => {
  const [{ id }] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM systems WHERE sys_sn = ${SN}`);
  await t.db.execute(
    sql`INSERT INTO system_faults (system_id, code, level, description, started_at) VALUES (${id}, 'W101', 'warning', 'hot', ${at(300)}::timestamptz)`,
  );
  expect(await sweepAlarms(t.db, t.clock())).toMatchObject({ adopted: 1 });
  expect((await alarmRows())[0]).toMatchObject({ code: 'W101', component: 'battery', severity: 'minor', state: 'active' });
  expect(await sweepAlarms(t.db, t.clock())).toMatchObject({ adopted: 0 });
  expect(await mails()).toBe(0);
});
