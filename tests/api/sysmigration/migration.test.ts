import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/core/db';
import { deviceMessageHandlers } from '../../../server/devices/messages';
import { markSilentSystemsOffline } from '../../../server/monitoring/systems/service';
import { newComplaint } from '../complaints/samples';
import type { TestApp } from '../helpers';
import { eventually } from '../jobs/fixtures';
import { as, CUSTOMER_SN } from '../monitoring/world';
import { countOf, installReplacement, migrationWorld, rowsOf } from './world';

/**
 * Data migration end to end on the demo world with the job queue running: the customer's system is replaced by a new
 * one that has reported for an hour (the same local day and month: rollup rows both have), its history moves, both
 * S/Ns refuse writes meanwhile (85), the figures of the new system are the sums, a revert puts every row back.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof as>>;
let customer: Awaited<ReturnType<typeof as>>;
const NEW_SN = 'ESS2026R0001';
let oldId: number;
let newSys: { id: number; key: string };

const ENERGY = ['pv_kwh', 'load_kwh', 'charge_kwh', 'discharge_kwh', 'import_kwh', 'export_kwh', 'self_consumption_kwh'] as const;
type Energy = Record<(typeof ENERGY)[number], number>;

const ingest = (key: string, body: unknown) =>
  t.inject({ method: 'POST', url: '/api/Device/Ingest', headers: { 'x-device-key': key }, payload: body as object });

/** An hour of the new system: 12 samples of 1,200 W PV, 800 W load, 400 W export, and one fault. */
function newSystemHour(from: Date) {
  const samples = Array.from({ length: 12 }, (_, i) => ({
    ts: new Date(from.getTime() + i * 300_000).toISOString(),
    pv_w: 1200,
    load_w: 800,
    battery_w: 0,
    grid_w: -400,
    soc: 50,
  }));
  return {
    status: 'normal',
    samples,
    faults: [{ code: 'W101', level: 'warning', description: 'Fan speed low', started_at: samples[3]!.ts, ended_at: samples[5]!.ts }],
  };
}

/** A sample at the last 5-minute mark (the interval the systems report on). */
function sampleNow() {
  const ts = new Date(Math.floor(t.clock().getTime() / 300_000) * 300_000).toISOString();
  return { ts, pv_w: 100, load_w: 100, battery_w: 0, grid_w: 0, soc: 50 };
}

async function figures(sn: string) {
  const summary = (await admin.post('/api/ESS/SticsSummeryDataForUser', { sn })).body.data;
  const lifetime = (await admin.post('/api/Power/SticsByPeriod', { sn, period: 'lifetime' })).body.data;
  const days = (await admin.post('/api/Statistic/SystemStatistic', { sn, beginDate: '2026-02-27', endDate: '2026-03-02' })).body.data;
  const faults = (await admin.post('/api/ESS/GetSysFaultBySn', { sn, pageIndex: 1, pageSize: 10 })).body.data;
  const pick = (o: Record<string, number>): Energy => Object.fromEntries(ENERGY.map((k) => [k, o[k]])) as Energy;
  return {
    total: pick(summary.total),
    lifetime: pick(lifetime.totals),
    days: Object.fromEntries((days as Array<Record<string, number> & { day: string }>).map((d) => [d.day, pick(d)])) as Record<
      string,
      Energy
    >,
    faults: faults.dataCount as number,
  };
}

const sum = (a: Energy | undefined, b: Energy | undefined): Energy =>
  Object.fromEntries(ENERGY.map((k) => [k, (a?.[k] ?? 0) + (b?.[k] ?? 0)])) as Energy;
function expectClose(actual: Energy, expected: Energy) {
  for (const k of ENERGY) expect(actual[k], k).toBeCloseTo(expected[k], 6);
}

async function registryState(): Promise<string | undefined> {
  return (await queryRows<{ state: string }>(t.db, sql`SELECT state FROM sn_registry WHERE sn = ${NEW_SN}`))[0]?.state;
}

async function migration(id: number) {
  return (await admin.post('/api/DataMigration/GetMigration', { id })).body.data;
}

beforeAll(async () => {
  t = await migrationWorld();
  const [old] = await queryRows<{ id: number; customer_user_id: number }>(
    t.db,
    sql`SELECT id, customer_user_id FROM systems WHERE sys_sn = ${CUSTOMER_SN}`,
  );
  oldId = old!.id;
  // What a service team finds linked to a customer's system: a complaint, the customer's file and a record, settings,
  // a tariff of its own, a fault (its event comes from the trigger).
  await t.db.execute(
    sql`INSERT INTO complaints (title, description, type, sys_sn, created_by) VALUES ('Old one', 'Stops at night', 'battery', ${CUSTOMER_SN}, 'customer')`,
  );
  const [archive] = await queryRows<{ id: number }>(
    t.db,
    sql`INSERT INTO customer_archives (name, country, postcode, license, sys_sn, created_by) VALUES ('Migration Owner', 'DE', '10115', 'MIG-LIC-1', ${CUSTOMER_SN}, 'admin') RETURNING id`,
  );
  await t.db.execute(
    sql`INSERT INTO customer_records (archive_id, kind, record_date, person, contents, sys_sn, created_by) VALUES (${archive!.id}, 'visit', '2026-03-01', 'Tech', 'Replaced the inverter', ${CUSTOMER_SN}, 'admin')`,
  );
  await t.db.execute(
    sql`INSERT INTO system_settings (system_id, settings, updated_at) VALUES (${oldId}, '{"backupReserveSoc": 20}'::jsonb, ${t.clock().toISOString()}::timestamptz) ON CONFLICT DO NOTHING`,
  );
  await t.db.execute(
    sql`INSERT INTO electricity_tariffs (user_id, system_id, currency, base_price, feed_in_price, updated_at)
        VALUES (${old!.customer_user_id}, ${oldId}, 'EUR', 0.31, 0.08, ${t.clock().toISOString()}::timestamptz) ON CONFLICT DO NOTHING`,
  );
  await t.db.execute(
    sql`INSERT INTO system_faults (system_id, code, level, description, started_at, ended_at)
        VALUES (${oldId}, 'E207', 'fault', 'Grid relay', '2026-03-01T10:00:00Z', '2026-03-01T10:30:00Z')`,
  );
  await t.db.execute(
    sql`INSERT INTO system_shares (system_sn, owner_user_id, sharer_user_id, email, expires_at, created_at)
        SELECT ${CUSTOMER_SN}, ${old!.customer_user_id}, id, 'mig-share@example.com', '2027-01-01T00:00:00Z', ${t.clock().toISOString()}::timestamptz
          FROM users WHERE username = 'sharer'`,
  );
  newSys = await installReplacement(t, NEW_SN, CUSTOMER_SN);
  // The new S/N as the factory registered it (BasicSettings/snManagement): 'moving' while its data moves.
  await t.db.execute(
    sql`INSERT INTO sn_registry (sn, check_code, product_type, production_date, state) VALUES (${NEW_SN}, 'K7Q2', 'system', '2026-01-15', 'installed')`,
  );
  // The new system reports for an hour, an hour after the old one's last sample (same local day and month).
  t.clock.advance(2 * 3_600_000);
  const sent = await ingest(newSys.key, newSystemHour(new Date(t.clock().getTime() - 3_600_000)));
  expect(sent.json().code).toBe(200);
  // The offline watch as its job would run it now (the old system fell silent two hours ago), before anything is looked at.
  await markSilentSystemsOffline(t.db, t.clock());
  // Logged in at the clock's new time (a token of two hours ago has run out).
  admin = await as(t, 'admin');
  customer = await as(t, 'customer');
}, 120_000);
afterAll(() => t.close());

describe('a migration, its guard and its revert', () => {
  let id: number;
  let before: Record<string, string[]>;
  let old0: Awaited<ReturnType<typeof figures>>;
  let new0: Awaited<ReturnType<typeof figures>>;

  it('previews what moves, per kind', async () => {
    before = await rowsOf(t, CUSTOMER_SN, NEW_SN);
    old0 = await figures(CUSTOMER_SN);
    new0 = await figures(NEW_SN);
    // Hand-computed: 12 samples of 5 minutes at 1,200 W PV = 1.2 kWh; 800 W load = 0.8 kWh; 400 W export = 0.4 kWh.
    expect(new0.total.pv_kwh).toBeCloseTo(1.2, 9);
    expect(new0.total.load_kwh).toBeCloseTo(0.8, 9);
    expect(new0.total.export_kwh).toBeCloseTo(0.4, 9);
    expect(new0.faults).toBe(1);
    const { body } = await admin.post('/api/DataMigration/PreviewMigration', { old_sn: CUSTOMER_SN, new_sn: NEW_SN });
    expect(body.code).toBe(200);
    const rows = Object.fromEntries(body.data.kinds.map((k: { kind: string; rows: number }) => [k.kind, k.rows]));
    expect(rows).toMatchObject({
      telemetry: await countOf(t, 'telemetry', oldId),
      energy_daily: await countOf(t, 'energy_daily', oldId),
      energy_monthly: await countOf(t, 'energy_monthly', oldId),
      faults: await countOf(t, 'system_faults', oldId),
      events: await countOf(t, 'system_events', oldId),
      complaints: expect.any(Number),
      customer_archives: 1,
      customer_records: 1,
      settings: 1,
      tariffs: 1,
    });
    expect(rows.telemetry).toBeGreaterThan(200);
    expect(rows.complaints).toBeGreaterThanOrEqual(1);
    expect(rows.shares).toBeGreaterThanOrEqual(1);
    expect(body.data.takes_customer).toBe(true);
    expect(body.data.last_at < new Date(t.clock().getTime() - 3_600_000).toISOString()).toBe(true);
  });

  it('starts; writes to either S/N answer 85 until it is confirmed or reverted (ingest, command, settings, remark, complaint, share, MQTT)', async () => {
    const { body } = await admin.post('/api/DataMigration/StartMigration', { old_sn: CUSTOMER_SN, new_sn: NEW_SN });
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ old_sn: CUSTOMER_SN, new_sn: NEW_SN, state: 'queued', created_by: 'admin' });
    id = body.data.id;
    expect(await registryState()).toBe('moving');
    // The job moves rows meanwhile: what the refused writes would have changed is looked at instead of every table.
    const written = () =>
      queryRows(
        t.db,
        sql`SELECT (SELECT count(*)::int FROM device_commands WHERE system_id IN (${oldId}, ${newSys.id})) AS commands,
                   (SELECT count(*)::int FROM complaints WHERE title = 'Battery stops charging') AS complaints,
                   (SELECT count(*)::int FROM system_shares WHERE email = 'late@example.com') AS shares,
                   (SELECT string_agg(remark || '/' || coalesce(system_cost::text, ''), ',' ORDER BY id) FROM systems WHERE id IN (${oldId}, ${newSys.id})) AS systems,
                   (SELECT string_agg(settings::text, ',') FROM system_settings WHERE system_id IN (${oldId}, ${newSys.id})) AS settings,
                   (SELECT string_agg(base_price::text, ',') FROM electricity_tariffs WHERE system_id IN (${oldId}, ${newSys.id})) AS tariffs,
                   (SELECT count(*)::int FROM telemetry WHERE system_id IN (${oldId}, ${newSys.id})) AS samples`,
      );
    const digest = await written();
    const refused = async (answer: Promise<{ body: { code: number } }>) => expect((await answer).body.code).toBe(85);
    expect((await ingest(newSys.key, { samples: [sampleNow()] })).json().code).toBe(85);
    // The MQTT channel's telemetry and events go through the same service: refused (the transport counts them dropped).
    const mqtt = deviceMessageHandlers({
      db: t.db,
      clock: t.clock,
      identities: t.app.devices.identities,
      dispatcher: t.app.devices.dispatcher,
    });
    await expect(mqtt.telemetry(NEW_SN, { id: 'm-1', samples: [sampleNow()] })).rejects.toMatchObject({ code: 85 });
    await expect(mqtt.event(CUSTOMER_SN, { id: 'm-2', faults: [] })).rejects.toMatchObject({ code: 85 });
    await refused(admin.post('/api/DeviceCommand/SendCommand', { sn: NEW_SN, command: 'feedIn', params: { enabled: false } }));
    await refused(admin.post('/api/DeviceCommand/SendCommand', { sn: CUSTOMER_SN, command: 'feedIn', params: { enabled: false } }));
    await refused(
      customer.post('/api/Account/CustomUseESSSetting', {
        sn: CUSTOMER_SN,
        backupReserveSoc: 30,
        gridCharge: false,
        feedInLimitPercent: 70,
        chargeWindows: [],
      }),
    );
    await refused(
      customer.post('/api/Account/ElectrovalenceSetting', {
        sn: CUSTOMER_SN,
        currency: 'EUR',
        basePrice: 0.3,
        feedInPrice: 0.08,
        periods: [],
      }),
    );
    await refused(admin.post('/api/ESS/UpdateSystemRemark', { sn: NEW_SN, remark: 'during the move' }));
    await refused(customer.post('/api/Income/UpdateSystemCost', { sn: CUSTOMER_SN, systemCost: 9000 }));
    await refused(customer.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: 'late@example.com', days: 30 }));
    await refused(admin.post('/api/Complaints/SaveComplaint', newComplaint(NEW_SN)));
    await refused(admin.post('/api/Complaints/SaveComplaint', newComplaint(CUSTOMER_SN.toLowerCase())));
    expect(await written()).toEqual(digest);
    // A second migration of either S/N meanwhile: 85 (being moved) for the pair reversed, 59 for the old S/N again.
    expect((await admin.post('/api/DataMigration/StartMigration', { old_sn: NEW_SN, new_sn: CUSTOMER_SN })).body.code).toBe(85);
  });

  it('moves every kind of row in the background, with its progress; the new system takes over the customer', async () => {
    await eventually(async () => expect((await migration(id)).state).toBe('moved'), 60_000);
    const done = await migration(id);
    for (const kind of done.kinds) expect(kind.moved, kind.kind).toBe(kind.total);
    expect(done.moved).toBe(done.total);
    for (const table of ['telemetry', 'energy_daily', 'energy_monthly', 'system_faults', 'system_events'])
      expect(await countOf(t, table, oldId), table).toBe(0);
    const [links] = await queryRows<Record<string, number>>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM complaints WHERE sys_sn = ${CUSTOMER_SN}) AS complaints,
                 (SELECT count(*)::int FROM customer_archives WHERE sys_sn = ${NEW_SN}) AS archives,
                 (SELECT count(*)::int FROM customer_records WHERE sys_sn = ${NEW_SN}) AS records,
                 (SELECT count(*)::int FROM system_shares WHERE system_sn = ${CUSTOMER_SN}) AS old_shares,
                 (SELECT count(*)::int FROM system_settings WHERE system_id = ${newSys.id}) AS settings,
                 (SELECT count(*)::int FROM electricity_tariffs WHERE system_id = ${newSys.id}) AS tariffs,
                 (SELECT count(*)::int FROM device_commands WHERE system_id = ${newSys.id}) AS commands`,
    );
    expect(links).toEqual({ complaints: 0, archives: 1, records: 1, old_shares: 0, settings: 1, tariffs: 1, commands: 0 });
    const [owner] = await queryRows<{ n: number | null; o: number | null }>(
      t.db,
      sql`SELECT n.customer_user_id AS n, o.customer_user_id AS o FROM systems n, systems o WHERE n.id = ${newSys.id} AND o.id = ${oldId}`,
    );
    expect(owner!.n).toBe(owner!.o);
    // Still held until confirmed or reverted.
    expect((await ingest(newSys.key, { samples: [] })).json().code).toBe(85);
    const { body: list } = await admin.post('/api/DataMigration/GetMigrationList', { pageIndex: 1, pageSize: 10, sn: 'R0001' });
    expect(list.data).toMatchObject({ dataCount: 1, data: [{ id, state: 'moved', created_by: 'admin' }] });
  }, 90_000);

  it("the new system's figures are the old and the new ones' sums: energy since start, each day, fault counts", async () => {
    const after = await figures(NEW_SN);
    expectClose(after.total, sum(old0.total, new0.total));
    expectClose(after.lifetime, sum(old0.lifetime, new0.lifetime));
    for (const day of new Set([...Object.keys(old0.days), ...Object.keys(new0.days)]))
      expectClose(after.days[day]!, sum(old0.days[day], new0.days[day]));
    // The day both reported in is one row, the sum (hand-computed: the old day plus the new hour's 1.2 kWh of PV).
    const shared = Object.keys(new0.days).find((day) => old0.days[day])!;
    expect(after.days[shared]!.pv_kwh).toBeCloseTo(old0.days[shared]!.pv_kwh + 1.2, 6);
    expect(after.faults).toBe(old0.faults + new0.faults);
    const emptied = await figures(CUSTOMER_SN);
    expect(emptied.total.pv_kwh).toBe(0);
    expect(emptied.faults).toBe(0);
  });

  it('the same old S/N again answers 59; a revert moves every row back exactly and frees both S/Ns', async () => {
    const third = await installReplacement(t, 'ESS2026R0002', CUSTOMER_SN);
    expect((await admin.post('/api/DataMigration/StartMigration', { old_sn: CUSTOMER_SN, new_sn: 'ESS2026R0002' })).body.code).toBe(85);
    const { body } = await admin.post('/api/DataMigration/RevertMigration', { id });
    expect(body.code).toBe(200);
    expect(body.data.state).toBe('reverting');
    await eventually(async () => expect((await migration(id)).state).toBe('reverted'), 60_000);
    expect((await migration(id)).kinds.filter((k: { moved: number }) => k.moved !== 0)).toEqual([]);
    expect(await rowsOf(t, CUSTOMER_SN, NEW_SN)).toEqual(before);
    expect(await registryState()).toBe('installed');
    const old1 = await figures(CUSTOMER_SN);
    const new1 = await figures(NEW_SN);
    expect(old1).toEqual(old0);
    expect(new1).toEqual(new0);
    // Free again: the device's next batch is taken.
    expect((await ingest(newSys.key, { samples: [sampleNow()] })).json().code).toBe(200);
    // A reverted migration ends nothing: the system may be moved again; confirmed or reverted ones are not revertible (59).
    expect((await admin.post('/api/DataMigration/RevertMigration', { id })).body.code).toBe(59);
    expect((await admin.post('/api/DataMigration/ConfirmMigration', { id })).body.code).toBe(59);
    await t.db.execute(sql`DELETE FROM systems WHERE id = ${third.id}`);
  }, 90_000);
});

describe('confirming', () => {
  it('ends reversibility and the hold; the old S/N moved again or the pair again answers 59', async () => {
    const [other] = await queryRows<{ sys_sn: string }>(
      t.db,
      sql`SELECT sys_sn FROM systems WHERE sys_sn NOT LIKE 'ESS2026R%' AND sys_sn <> ${CUSTOMER_SN} ORDER BY sys_sn LIMIT 1`,
    );
    const oldSn = other!.sys_sn;
    const replacement = await installReplacement(t, 'ESS2026R0003', oldSn);
    const { body } = await admin.post('/api/DataMigration/StartMigration', { old_sn: oldSn, new_sn: 'ESS2026R0003' });
    expect(body.code).toBe(200);
    // Confirming before the rows have moved is refused: the job is not done (85, the S/N is being moved).
    const early = await admin.post('/api/DataMigration/ConfirmMigration', { id: body.data.id });
    if (early.body.code !== 200) expect(early.body.code).toBe(85);
    await eventually(async () => expect(['moved', 'confirmed']).toContain((await migration(body.data.id)).state), 60_000);
    if (early.body.code !== 200)
      expect((await admin.post('/api/DataMigration/ConfirmMigration', { id: body.data.id })).body.code).toBe(200);
    const done = await migration(body.data.id);
    expect(done).toMatchObject({ state: 'confirmed', finished_by: 'admin' });
    expect((await admin.post('/api/DataMigration/RevertMigration', { id: body.data.id })).body.code).toBe(59);
    expect((await admin.post('/api/DataMigration/StartMigration', { old_sn: oldSn, new_sn: 'ESS2026R0003' })).body.code).toBe(59);
    const fourth = await installReplacement(t, 'ESS2026R0004', oldSn);
    expect((await admin.post('/api/DataMigration/StartMigration', { old_sn: oldSn, new_sn: 'ESS2026R0004' })).body.code).toBe(59);
    expect((await admin.post('/api/DataMigration/PreviewMigration', { old_sn: oldSn, new_sn: 'ESS2026R0004' })).body.code).toBe(59);
    // Writes are taken again.
    const sent = await ingest(replacement.key, { samples: [sampleNow()] });
    expect(sent.json().code).toBe(200);
    await t.db.execute(sql`DELETE FROM systems WHERE id = ${fourth.id}`);
  }, 90_000);
});

describe('two starts at once', () => {
  it('naming the same new system: one starts, the other finds it being moved (85)', async () => {
    const others = await queryRows<{ sys_sn: string }>(
      t.db,
      sql`SELECT sys_sn FROM systems s WHERE sys_sn NOT LIKE 'ESS2026R%' AND sys_sn <> ${CUSTOMER_SN}
             AND NOT EXISTS (SELECT 1 FROM system_migrations m WHERE s.id IN (m.old_system_id, m.new_system_id))
           ORDER BY sys_sn LIMIT 2`,
    );
    await installReplacement(t, 'ESS2026R0005', others[0]!.sys_sn);
    const answers = await Promise.all(
      others.map((o) => admin.post('/api/DataMigration/StartMigration', { old_sn: o.sys_sn, new_sn: 'ESS2026R0005' })),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, 85]);
    const [held] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM system_migrations WHERE new_sn = 'ESS2026R0005' AND state <> 'reverted'`,
    );
    expect(held!.n).toBe(1);
  });
});
