import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandName } from '../../../contract/device-commands';
import { topics, type ReplyMessage, type StateMessage, type TelemetryMessage } from '../../../contract/device-messages';
import { SimulatedDevice } from '../../../server/simulator/mqtt-device';
import { SiteSimulator } from '../../../server/simulator/simulate';
import type { Site } from '../../../server/simulator/site';

/**
 * The simulator as a real MQTT device, against a real broker (an aedes one of its own, which lets the test listen on the
 * device's topics; the portal's ACL and Mosquitto are the business of tests/api/devices): it announces itself online with a Last Will, reports telemetry and events on its own topics,
 * acknowledges every command at once and answers it with its result and all its settings, obeys with its physics,
 * and answers a redelivered command id again without doing it twice.
 */
const HOUR = 3_600_000;
const SN = 'SIMTEST-0001';
const KEY = 'device-key-of-the-test';
const SITE: Site = {
  sn: SN,
  latitude: -33.87,
  longitude: 151.21,
  timeZone: 'Australia/Sydney',
  pvKwp: 6.6,
  inverterKw: 5,
  batteryKwh: 13.3,
  load: 'household',
  annualLoadKwh: 6000,
};
const SUNNY_NOON = Date.UTC(2026, 0, 15, 1, 0);

let broker: Aedes;
let server: net.Server;
let url = '';
let portal: MqttClient;
const received: { topic: string; message: Record<string, unknown> }[] = [];
let now = SUNNY_NOON - HOUR;
let device: SimulatedDevice;

beforeAll(async () => {
  broker = await Aedes.createBroker();
  // The device logs in with its S/N and key, as the portal's broker asks (the ACL is the portal's business).
  broker.authenticate = (_client, username, password, done) => done(null, username === SN && password?.toString() === KEY);
  server = net.createServer(broker.handle);
  server.listen(0);
  await once(server, 'listening');
  url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
  portal = await mqtt.connectAsync(url, { clientId: `portal-${process.pid}`, username: SN, password: KEY });
  portal.on('message', (topic, payload) => received.push({ topic, message: JSON.parse(payload.toString()) as Record<string, unknown> }));
  await portal.subscribeAsync([`ess/${SN}/up/+`, topics.state(SN)], { qos: 1 });
  device = new SimulatedDevice({
    url,
    key: KEY,
    simulator: new SiteSimulator(SITE, now, 300_000, 95),
    profile: { model: 'ESS-H6 Hybrid', inverterKw: 5, batteryKwh: 13.3 },
    countryCode: 'AU',
    clock: () => now,
    rebootMs: 50,
    reconnectPeriod: 100,
  });
  await device.start();
});

afterAll(async () => {
  await device?.stop();
  await portal?.endAsync();
  server.close();
  await new Promise<void>((resolve) => broker.close(() => resolve()));
});

async function waitFor<T = Record<string, unknown>>(
  predicate: (m: { topic: string; message: Record<string, unknown> }) => boolean,
): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const hit = received.find(predicate);
    if (hit) return hit.message as T;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no such message arrived');
}

const replyOf = (commandId: number, status: string) => (m: { topic: string; message: Record<string, unknown> }) =>
  m.topic === topics.up(SN, 'reply') && m.message.command_id === commandId && m.message.status === status;

function send(id: number, command: CommandName, params: Record<string, unknown> = {}) {
  return portal.publishAsync(
    topics.command(SN),
    JSON.stringify({ id, command, params, expires_at: new Date(now + 24 * HOUR).toISOString() }),
    { qos: 1 },
  );
}

describe('a simulated MQTT device', () => {
  it('connects with its S/N and key and announces itself online with a session', async () => {
    const state = await waitFor<StateMessage>((m) => m.topic === topics.state(SN) && m.message.state === 'online');
    expect(state.session).toMatch(/^[0-9a-f-]{36}$/);
    const stranger = new SimulatedDevice({
      url,
      key: 'wrong key',
      simulator: new SiteSimulator({ ...SITE }, now),
      profile: { model: 'ESS-H6 Hybrid', inverterKw: 5, batteryKwh: 13.3 },
      clock: () => now,
    });
    await expect(stranger.start()).rejects.toThrow();
  });

  it('publishes what it measured as telemetry, and its status as an event', async () => {
    now += HOUR;
    expect(await device.report()).toBe(13);
    const telemetry = await waitFor<TelemetryMessage>((m) => m.topic === topics.up(SN, 'telemetry'));
    expect(telemetry.samples).toHaveLength(13);
    expect(telemetry.id).toBeTruthy();
    await waitFor((m) => m.topic === topics.up(SN, 'event') && m.message.status === 'normal');
  });

  it('acknowledges a command, applies it and answers with all its settings; the export then stays under the limit', async () => {
    await send(7, 'exportLimit', { limitW: 2500 });
    await waitFor(replyOf(7, 'delivered'));
    const done = await waitFor<ReplyMessage>(replyOf(7, 'succeeded'));
    expect(done.settings).toMatchObject({
      exportLimit: { limitW: 2500 },
      feedIn: { enabled: true },
      safety: { gridCode: 'AS/NZS 4777.2' },
    });
    expect(device.settings.exportLimit).toEqual({ limitW: 2500 });
    received.length = 0;
    now += HOUR;
    await device.report();
    const telemetry = await waitFor<TelemetryMessage>((m) => m.topic === topics.up(SN, 'telemetry'));
    expect(telemetry.samples).toHaveLength(12);
    for (const s of telemetry.samples) expect(-s.grid_w).toBeLessThanOrEqual(2500);
    expect(Math.max(...telemetry.samples.map((s) => -s.grid_w))).toBeGreaterThan(2450);
  });

  it('answers a redelivered command id with its first answer and does not apply it again', async () => {
    await send(8, 'exportLimit', { limitW: 4000 });
    await waitFor(replyOf(8, 'succeeded'));
    received.length = 0;
    await send(7, 'exportLimit', { limitW: 2500 });
    const again = await waitFor<ReplyMessage>(replyOf(7, 'succeeded'));
    expect(again.id).toBe('7-succeeded');
    expect(again.settings).toMatchObject({ exportLimit: { limitW: 2500 } });
    // Still 4000: the old command was not done a second time.
    expect(device.settings.exportLimit).toEqual({ limitW: 4000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received.filter(replyOf(7, 'delivered'))).toHaveLength(0);
  });

  it('refuses what is beyond its rating, with its unchanged settings', async () => {
    await send(9, 'exportLimit', { limitW: 9000 });
    await waitFor(replyOf(9, 'delivered'));
    const refused = await waitFor<ReplyMessage>(replyOf(9, 'rejected'));
    expect(refused.message).toMatch(/above the inverter's rating/);
    expect(refused.settings).toMatchObject({ exportLimit: { limitW: 4000 } });
  });

  it('runs a cycle test in simulated time and answers when its cycles end', async () => {
    await send(10, 'cycleTest', { count: 1, durationMinutes: 240 });
    await waitFor(replyOf(10, 'delivered'));
    now += HOUR;
    await device.report();
    expect(received.filter(replyOf(10, 'succeeded'))).toHaveLength(0);
    // A redelivery while it runs is acknowledged, not started again.
    await send(10, 'cycleTest', { count: 1, durationMinutes: 240 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received.filter(replyOf(10, 'delivered'))).toHaveLength(2);
    now += 4 * HOUR;
    await device.report();
    const done = await waitFor<ReplyMessage>(replyOf(10, 'succeeded'));
    expect(done.message).toMatch(/1 cycles/);
  });

  it('reboots: offline by its Last Will, back online with a new session, then succeeded', async () => {
    received.length = 0;
    await send(11, 'reboot');
    const offline = await waitFor<StateMessage>((m) => m.topic === topics.state(SN) && m.message.state === 'offline');
    const online = await waitFor<StateMessage>((m) => m.topic === topics.state(SN) && m.message.state === 'online');
    expect(online.session).not.toBe(offline.session);
    await waitFor(replyOf(11, 'succeeded'));
    expect(device.connected).toBe(true);
  });

  it('says offline itself when it is switched off', async () => {
    received.length = 0;
    await device.stop();
    const offline = await waitFor<StateMessage>((m) => m.topic === topics.state(SN) && m.message.state === 'offline');
    expect(offline.session).toBeTruthy();
    expect(device.connected).toBe(false);
  });
});
