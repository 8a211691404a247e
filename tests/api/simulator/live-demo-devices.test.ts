import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { topics, type ReplyMessage, type TelemetryMessage } from '../../../contract/device-messages';
import { queryRows } from '../../../server/core/db';
import { demoFleet } from '../../../server/demo/monitoring/fleet';
import { LiveDemoFleet } from '../../../server/demo/monitoring/live';
import { AdvisoryLock, sessionOnDatabase } from '../../../server/demo/monitoring/lock';
import { seedMonitoringDemo } from '../../../server/demo/monitoring/seed';
import { demoDeviceKey } from '../../../server/monitoring/ingest/device-keys';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers';

/**
 * The demo fleet inside the server plays every live demo system as an MQTT device once it has back-filled (DESIGN
 * §12): each logs in with its S/N and demo key, reports over the broker instead of the direct ingest call, and obeys.
 */
const SIZE = 12;
const liveSns = demoFleet(SIZE)
  .filter((d) => d.status !== null && d.status !== 'offline')
  .map((d) => d.sn);
let t: TestApp;
let broker: Aedes;
let server: net.Server;
let url: string;
let portal: MqttClient;
const received: { topic: string; message: Record<string, unknown> }[] = [];
let fleet: LiveDemoFleet | null = null;
const logins: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  broker = await Aedes.createBroker();
  broker.authenticate = (_client, username, password, done) => {
    const ok = username === 'portal' || (username !== undefined && password?.toString() === demoDeviceKey(username, DEMO_PASSWORD));
    if (ok && username !== 'portal') logins.push(username!);
    done(null, ok);
  };
  server = net.createServer(broker.handle);
  server.listen(0);
  await once(server, 'listening');
  url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
  portal = await mqtt.connectAsync(url, { clientId: 'portal-live-demo', username: 'portal' });
  portal.on('message', (topic, payload) => received.push({ topic, message: JSON.parse(payload.toString()) as Record<string, unknown> }));
  await portal.subscribeAsync('ess/#', { qos: 1 });
});
afterAll(async () => {
  await portal.endAsync();
  server.close();
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  await seedMonitoringDemo(t.db, { password: DEMO_PASSWORD, now: t.clock(), days: 1, size: SIZE });
  received.length = 0;
  logins.length = 0;
});
afterEach(async () => {
  await fleet?.stop();
  fleet = null;
});

const telemetryCount = async () => Number((await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM telemetry`))[0]!.n);

async function waitFor(predicate: (m: { topic: string; message: Record<string, unknown> }) => boolean) {
  for (let i = 0; i < 300; i++) {
    const hit = received.find(predicate);
    if (hit) return hit.message;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no such message arrived');
}

describe('the live demo fleet on a broker', () => {
  it('back-fills by direct ingest, then every live system reports over MQTT as its device', async () => {
    t.clock.advance(3_600_000);
    const before = await telemetryCount();
    fleet = new LiveDemoFleet({
      db: t.db,
      clock: t.clock,
      lock: new AdvisoryLock(sessionOnDatabase(t.db)),
      brokerUrl: url,
      deviceKey: (sn) => demoDeviceKey(sn, DEMO_PASSWORD),
    });
    expect(await fleet.lead()).toBe(true);
    const filled = await telemetryCount();
    expect(filled).toBeGreaterThan(before);
    expect(logins.sort()).toEqual([...liveSns].sort());
    for (const sn of liveSns) await waitFor((m) => m.topic === topics.state(sn) && m.message.state === 'online');

    t.clock.advance(300_000);
    const pushed = await fleet.tick();
    expect(pushed.systems).toBeGreaterThanOrEqual(liveSns.length - 1);
    // Over the broker, not into the database directly (the portal's handlers store it).
    expect(await telemetryCount()).toBe(filled);
    const sn = liveSns[0]!;
    const telemetry = (await waitFor((m) => m.topic === topics.up(sn, 'telemetry'))) as TelemetryMessage;
    expect(telemetry.samples[0]!.ts).toBe(new Date(Math.floor(t.clock().getTime() / 300_000) * 300_000).toISOString());

    // And it obeys.
    await portal.publishAsync(
      topics.command(sn),
      JSON.stringify({
        id: 1,
        command: 'feedIn',
        params: { enabled: false },
        expires_at: new Date(t.clock().getTime() + 3_600_000).toISOString(),
      }),
      { qos: 1 },
    );
    const reply = (await waitFor((m) => m.topic === topics.up(sn, 'reply') && m.message.status === 'succeeded')) as ReplyMessage;
    expect(reply.settings).toMatchObject({ feedIn: { enabled: false } });

    await fleet.stop();
    for (const s of liveSns) await waitFor((m) => m.topic === topics.state(s) && m.message.state === 'offline');

    // Played again (the lock came back): the same device, with its settings, and command 1 is done already.
    received.length = 0;
    expect(await fleet.lead()).toBe(true);
    await waitFor((m) => m.topic === topics.state(sn) && m.message.state === 'online');
    await portal.publishAsync(
      topics.command(sn),
      JSON.stringify({
        id: 1,
        command: 'feedIn',
        params: { enabled: false },
        expires_at: new Date(t.clock().getTime() + 3_600_000).toISOString(),
      }),
      { qos: 1 },
    );
    const again = (await waitFor((m) => m.topic === topics.up(sn, 'reply'))) as ReplyMessage;
    expect(again).toMatchObject({ id: '1-succeeded', command_id: 1, settings: { feedIn: { enabled: false } } });
    expect(received.filter((m) => m.topic === topics.up(sn, 'reply') && m.message.status === 'delivered')).toEqual([]);
  });

  it('without a broker reports by direct ingest as before', async () => {
    fleet = new LiveDemoFleet({ db: t.db, clock: t.clock, lock: new AdvisoryLock(sessionOnDatabase(t.db)) });
    await fleet.lead();
    const filled = await telemetryCount();
    t.clock.advance(300_000);
    const pushed = await fleet.tick();
    expect(await telemetryCount()).toBe(filled + pushed.samples);
    expect(pushed.samples).toBeGreaterThan(0);
    expect(logins).toEqual([]);
  });
});
