import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/core/db';
import { topics } from '../../../contract/device-messages';
import { sweepLedger } from '../../../server/devices/ledger/sweep';
import { factorySettings } from '../../../server/simulator/obey';
import { SimulatedDevice } from '../../../server/simulator/mqtt-device';
import { SiteSimulator } from '../../../server/simulator/simulate';
import { createTestApp, type TestApp } from '../helpers';
import { as } from '../monitoring/world';
import { deviceUrlOf, mqttConfigForTests } from './helpers/broker';
import { allowDevices, insertSystems, TestDevice, until, type FleetSystem } from './helpers/fleet';

/**
 * The ledger and the devices over a real broker (the embedded one; Mosquitto when MQTT_TEST_URL is set): queued
 * commands reach a device that comes online in the order they were queued, a reconnect gets the unanswered ones again
 * and the device does none twice, a device cannot answer for another's command, an old reply replayed changes nothing,
 * the Last Will marks the system offline (an older session's does not), an expired command is never sent, and the
 * simulator obeys an export limit with its physics.
 */
const HOUR = 3_600_000;
const mqtt = mqttConfigForTests();
let t: TestApp;
let servicer: Awaited<ReturnType<typeof as>>;
let url: string;
let fleet: FleetSystem[];
const devices: TestDevice[] = [];

beforeAll(async () => {
  t = await createTestApp({ config: { mqtt } });
  await t.reset();
  servicer = await as(t, 'servicer');
  url = deviceUrlOf(mqtt, t.app.devices.brokerPort);
  // The last one's S/N is fixed: the simulator's weather follows it, and under this one the test hour is sunny.
  fleet = [...(await insertSystems(t.db, 8)), ...(await insertSystems(t.db, 1, { prefix: 'SUNNY' }))];
  await allowDevices(mqtt, fleet);
}, 60_000);
afterAll(async () => {
  for (const device of devices) await device.close();
  await t?.close();
});

function device(system: FleetSystem, options?: ConstructorParameters<typeof TestDevice>[3]): TestDevice {
  const made = new TestDevice(system.sn, system.key, url, options);
  devices.push(made);
  return made;
}

async function send(sn: string, command: string, params: Record<string, unknown>): Promise<number> {
  const { body } = await servicer.post('/api/DeviceCommand/SendCommand', { sn, command, params });
  expect(body.code, body.info).toBe(200);
  return body.data.id;
}

async function stateOf(id: number): Promise<string> {
  const [row] = await queryRows<{ state: string }>(t.db, sql`SELECT state FROM device_commands WHERE id = ${id}`);
  return row!.state;
}

/**
 * A command's history, each state once. Without 'sent': the portal marks what it published once the broker took the
 * whole round, and a quick device's acknowledgement may come first (pending → delivered is a transition of its own).
 */
async function history(id: number): Promise<string[]> {
  const rows = await queryRows<{ state: string }>(t.db, sql`SELECT state FROM device_command_events WHERE command_id = ${id} ORDER BY id`);
  const states = rows.map((r) => r.state);
  expect(new Set(states).size, `history of #${id}: ${states.join(', ')}`).toBe(states.length);
  return states.filter((s) => s !== 'sent');
}

async function allIn(ids: number[], state: string, ms = 5_000): Promise<void> {
  await until(async () => (await Promise.all(ids.map(stateOf))).every((s) => s === state), ms, `commands ${ids.join(', ')} ${state}`);
}

async function deviceState(systemId: number): Promise<{ online: boolean; session: string | null; ems_status: string | null }> {
  const [row] = await queryRows<{ online: boolean; session: string | null; ems_status: string | null }>(
    t.db,
    sql`SELECT d.online, d.session, s.ems_status FROM systems s LEFT JOIN device_states d ON d.system_id = s.id WHERE s.id = ${systemId}`,
  );
  return { online: row!.online ?? false, session: row!.session, ems_status: row!.ems_status };
}

/** The ledger's rows and history, to show that a message changed nothing. */
async function ledger(): Promise<string> {
  const rows = await queryRows(
    t.db,
    sql`SELECT (SELECT json_agg(c ORDER BY c.id) FROM device_commands c)::text AS commands,
               (SELECT json_agg(e ORDER BY e.id) FROM device_command_events e)::text AS events`,
  );
  return JSON.stringify(rows);
}

/** Until the portal has handled (or dropped) `n` more device messages than `before`. */
let barriers = 0;

/**
 * Waits until the portal has handled what the device published so far: its messages are handled in order, so once a
 * sample it sends after them is stored, they were handled too. (Counting the channel's messages would not do on the
 * Mosquitto of CI, which other files' devices share.)
 */
async function handledFrom(sender: TestDevice, systemId: number): Promise<void> {
  barriers += 1;
  const ts = new Date(Math.floor(t.clock().getTime() / 300_000) * 300_000 - barriers * 300_000).toISOString();
  const sample = { ts, pv_w: 0, load_w: 100, battery_w: 0, grid_w: 100, soc: 50 };
  await sender.client!.publishAsync(topics.up(sender.sn, 'telemetry'), JSON.stringify({ id: `barrier-${barriers}`, samples: [sample] }), {
    qos: 1,
  });
  await until(
    async () => (await queryRows(t.db, sql`SELECT 1 FROM telemetry WHERE system_id = ${systemId} AND ts = ${ts}::timestamptz`)).length > 0,
    5_000,
    'the messages before the barrier handled',
  );
}

describe('redelivery', () => {
  it('an offline device gets its three queued commands in queue order once online, and its replies make them succeeded', async () => {
    const system = fleet[0]!;
    const ids = [
      await send(system.sn, 'exportLimit', { limitW: 3000 }),
      await send(system.sn, 'socWindow', { minSoc: 10, maxSoc: 90 }),
      await send(system.sn, 'workMode', { mode: 'backup' }),
    ];
    expect(await Promise.all(ids.map(stateOf))).toEqual(['pending', 'pending', 'pending']);
    const d = device(system);
    await d.connect();
    await allIn(ids, 'succeeded');
    expect(d.received.map((c) => c.id)).toEqual(ids);
    expect(d.received.map((c) => c.command)).toEqual(['exportLimit', 'socWindow', 'workMode']);
    expect(d.received[1]!.params).toEqual({ minSoc: 10, maxSoc: 90 });
    for (const id of ids) expect(await history(id)).toEqual(['pending', 'delivered', 'succeeded']);
  });

  it('a device that reconnects mid-way gets the sent-but-unanswered commands again and does none twice', async () => {
    const system = fleet[1]!;
    const ids = [
      await send(system.sn, 'exportLimit', { limitW: 2000 }),
      await send(system.sn, 'feedIn', { enabled: false }),
      await send(system.sn, 'workMode', { mode: 'timeOfUse' }),
    ];
    const d = device(system, { answer: false });
    await d.connect();
    await until(() => d.received.length === 3, 5_000, 'three commands');
    // It does the first and answers; it acknowledges and does the second, but its result is lost with the connection;
    // the third it never starts.
    await d.carryOut(ids[0]!);
    await allIn([ids[0]!], 'succeeded');
    await d.publishReply({ id: `${ids[1]}-delivered`, command_id: ids[1]!, status: 'delivered' });
    d.applied.set(ids[1]!, 1);
    d.done.set(ids[1]!, { id: `${ids[1]}-succeeded`, command_id: ids[1]!, status: 'succeeded', message: 'done' });
    await allIn([ids[1]!], 'delivered');
    await d.close(true);
    expect(await Promise.all(ids.slice(1).map(stateOf))).toEqual(['delivered', 'sent']);

    d.answer = true;
    d.received.length = 0;
    await d.connect();
    await allIn(ids, 'succeeded');
    // Only the ones without a result came again, in order; each was done once.
    expect(d.received.map((c) => c.id)).toEqual(ids.slice(1));
    expect([...d.applied.values()]).toEqual([1, 1, 1]);
    // The one done before the drop was answered from memory.
    for (const id of ids) expect(await history(id)).toEqual(['pending', 'delivered', 'succeeded']);
  });

  it("a device cannot answer for another system's command, and an old reply replayed changes nothing", async () => {
    const [mine, other] = [fleet[2]!, fleet[3]!];
    const id = await send(mine.sn, 'exportLimit', { limitW: 1500 });
    const owner = device(mine, { answer: false });
    const intruder = device(other);
    await owner.connect();
    await intruder.connect();
    await allIn([id], 'sent');

    const before = await ledger();
    // On its own topic (the broker lets it publish nowhere else), naming the other system's command.
    await intruder.publishReply({ id: `${id}-succeeded`, command_id: id, status: 'succeeded', message: 'not mine' });
    await handledFrom(intruder, other.id);
    expect(await ledger()).toBe(before);

    await owner.carryOut(id);
    await allIn([id], 'succeeded');
    const done = await ledger();
    // The same replies again (a device or a broker replaying them): the row and its history stay as they are.
    await owner.publishReply({ id: `${id}-delivered`, command_id: id, status: 'delivered' });
    await owner.publishReply(owner.done.get(id)!);
    await owner.publishReply({ id: `${id}-failed`, command_id: id, status: 'failed', message: 'an older answer' });
    await handledFrom(owner, mine.id);
    expect(await ledger()).toBe(done);
    expect(await history(id)).toEqual(['pending', 'delivered', 'succeeded']);
  });

  it('the Last Will marks the system offline; a stale Will of an older session does not', async () => {
    const system = fleet[4]!;
    const first = device(system);
    await first.connect();
    await until(async () => (await deviceState(system.id)).online, 5_000, 'online');
    const oldSession = first.session;

    // Taken over by a new connection of the same device (a new session); then the old session's Will arrives late.
    const second = device(system);
    await second.connect();
    await until(async () => (await deviceState(system.id)).session === second.session, 5_000, 'the new session');
    await second.publishState('offline', oldSession);
    await handledFrom(second, system.id);
    expect(await deviceState(system.id)).toMatchObject({ online: true, session: second.session });

    // Gone without a goodbye: the broker publishes its Will.
    await second.close(true);
    await until(async () => !(await deviceState(system.id)).online, 5_000, 'offline by the Will');
    expect(await deviceState(system.id)).toMatchObject({ online: false, ems_status: 'offline' });
    await first.close();
  });

  it('an expired command is not sent when its device comes back', async () => {
    const system = fleet[5]!;
    const expired = await send(system.sn, 'exportLimit', { limitW: 1000 });
    // A day and more later: past its time to live, before the sweep has marked it.
    t.clock.advance(25 * HOUR);
    servicer = await as(t, 'servicer');
    const fresh = await send(system.sn, 'workMode', { mode: 'backup' });
    const d = device(system);
    await d.connect();
    await allIn([fresh], 'succeeded');
    expect(d.received.map((c) => c.id)).toEqual([fresh]);
    expect(await stateOf(expired)).toBe('pending');
    await sweepLedger(t.db, t.clock());
    expect(await stateOf(expired)).toBe('expired');
    expect(d.applied.has(expired)).toBe(false);
  });
});

describe('the simulator over MQTT', () => {
  it('after an export limit succeeded, the telemetry it publishes keeps the export within the limit', async () => {
    const system = fleet[8]!;
    // Sydney around noon on the test day: a sunny roof exports far more than the limit without it.
    const site = {
      sn: system.sn,
      latitude: -33.87,
      longitude: 151.21,
      timeZone: 'Australia/Sydney',
      pvKwp: 8,
      inverterKw: 8,
      batteryKwh: 5,
      load: 'household' as const,
      annualLoadKwh: 3000,
    };
    const profile = { model: 'ESS-H10 Hybrid', inverterKw: 8, batteryKwh: 5 };
    const start = Date.parse('2026-03-02T01:00:00Z');
    const LIMIT = 1000;
    const free = new SiteSimulator(site, start, 300_000, 100);
    free.settings = factorySettings(profile, 'AU');
    const freeExport = Math.max(...free.run(start + HOUR).map((r) => -r.measured.gridW));
    expect(freeExport).toBeGreaterThan(2 * LIMIT);

    let now = start;
    const sim = new SiteSimulator(site, start, 300_000, 100);
    const simulated = new SimulatedDevice({ url, key: system.key, simulator: sim, profile, countryCode: 'AU', clock: () => now });
    await simulated.start();
    try {
      const id = await send(system.sn, 'exportLimit', { limitW: LIMIT });
      await allIn([id], 'succeeded');
      now += HOUR;
      const published = await simulated.report();
      expect(published).toBeGreaterThanOrEqual(12);
      const samples = async () =>
        queryRows<{ grid_w: number }>(t.db, sql`SELECT grid_w FROM telemetry WHERE system_id = ${system.id} ORDER BY ts`);
      await until(async () => (await samples()).length >= published, 5_000, 'the telemetry stored');
      const exported = (await samples()).map((s) => Math.max(0, -s.grid_w));
      expect(Math.max(...exported)).toBeLessThanOrEqual(LIMIT * 1.02);
      // The limit binds: the roof still exports up to it.
      expect(Math.max(...exported)).toBeGreaterThan(LIMIT * 0.9);
    } finally {
      await simulated.stop();
    }
  });
});
