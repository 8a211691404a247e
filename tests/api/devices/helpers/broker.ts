import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Server as HttpServer } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { connectAsync, type IClientOptions, type MqttClient } from 'mqtt';
import type { EventMessage, ReplyMessage, StateMessage, TelemetryMessage } from '../../../../contract/device-messages';
import { systems } from '../../../../server/core/db/schema/monitoring';
import type { MqttConfig } from '../../../../server/config';
import type { DeviceChannel, DeviceMessageHandlers } from '../../../../server/devices/transport/channel';
import { createDeviceChannel } from '../../../../server/devices/transport/create';
import type { TransportLog } from '../../../../server/devices/transport/log';
import { hashDeviceKey } from '../../../../server/monitoring/ingest/device-keys';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';

const run = promisify(execFile);

/** A message a handler was given. */
export type Handled =
  | { kind: 'telemetry'; sn: string; message: TelemetryMessage }
  | { kind: 'event'; sn: string; message: EventMessage }
  | { kind: 'reply'; sn: string; message: ReplyMessage }
  | { kind: 'state'; sn: string; message: StateMessage };

/** A portal node: the channel and what its handlers were given and its log said. */
export interface TestPortal {
  channel: DeviceChannel;
  handled: Handled[];
  warnings: Array<{ fields: Record<string, unknown>; message: string }>;
  /** Message ids whose handler throws. */
  failing: Set<string>;
  /** The embedded broker's port. */
  brokerPort?: number;
}

export interface TestBroker extends TestPortal {
  /** Which broker: the embedded aedes one, or the Mosquitto at MQTT_TEST_URL. */
  kind: 'embedded' | 'mosquitto';
  /** Whether only this file's devices talk to it: the Mosquitto of a test run is shared by the files running beside. */
  isolated: boolean;
  database: TestDatabase;
  /** The token secret the portal's broker password derives from. */
  jwtSecret: string;
  /** Where devices connect over TCP. */
  deviceUrl: string;
  /** A system row with a fresh S/N and device key, which the broker lets in. */
  addDevice(): Promise<{ sn: string; key: string }>;
  /** Connects as that device (MQTT 3.1.1, client id = S/N, no reconnecting); rejects when the broker refuses. */
  connectDevice(sn: string, key: string, options?: IClientOptions & { url?: string }): Promise<MqttClient>;
  /** Another portal node on the same broker and shared-subscription group (external broker only). */
  openPortal(): Promise<TestPortal>;
  close(): Promise<void>;
}

/**
 * A real broker and the portal's channel on it for a device test: the embedded broker on a free port (and on
 * `httpServer` at /mqtt when given), or, when MQTT_TEST_URL is set (.ci/mosquitto.sh), that Mosquitto, whose
 * password file learns each added device. Each broker gets its own shared-subscription group, so that the files
 * running beside on the same Mosquitto do not take each other's messages.
 */
export async function brokerForTests(
  options: {
    httpServer?: HttpServer;
    database?: TestDatabase;
    /** The embedded broker even when MQTT_TEST_URL is set (what only it does: MQTT over WebSocket). */
    embedded?: boolean;
  } = {},
): Promise<TestBroker> {
  const database = options.database ?? (await createTestDatabase());
  const external = options.embedded ? undefined : process.env.MQTT_TEST_URL;
  const shareGroup = `test${randomBytes(4).toString('hex')}`;
  const jwtSecret = randomBytes(32).toString('hex');
  const portals: TestPortal[] = [];

  const openPortal = async (): Promise<TestPortal> => {
    const handled: Handled[] = [];
    const warnings: TestPortal['warnings'] = [];
    const failing = new Set<string>();
    const record =
      <K extends Handled['kind']>(kind: K) =>
      async (sn: string, message: Extract<Handled, { kind: K }>['message']) => {
        if (failing.has(message.id)) throw new Error(`handler refuses ${message.id}`);
        handled.push({ kind, sn, message } as Handled);
      };
    const handlers: DeviceMessageHandlers = {
      telemetry: record('telemetry'),
      event: record('event'),
      reply: record('reply'),
      state: record('state'),
    };
    const log: TransportLog = {
      info: () => {},
      warn: (fields, message) => warnings.push({ fields: fields as Record<string, unknown>, message }),
      error: (fields, message) => warnings.push({ fields: fields as Record<string, unknown>, message }),
    };
    const { channel, brokerPort } = await createDeviceChannel({
      db: database.db,
      jwtSecret,
      mqtt: external
        ? { url: external, username: process.env.MQTT_TEST_USERNAME, password: process.env.MQTT_TEST_PASSWORD, shareGroup }
        : { port: 0 },
      httpServer: options.httpServer,
      handlers,
      log,
    });
    const portal = { channel, handled, warnings, failing, brokerPort };
    portals.push(portal);
    return portal;
  };

  const first = await openPortal();
  const deviceUrl = external ?? `mqtt://127.0.0.1:${first.brokerPort}`;
  const mosquittoDir = process.env.MQTT_TEST_DIR ?? '/tmp/ess-mosquitto';

  const broker: TestBroker = {
    ...first,
    kind: external ? 'mosquitto' : 'embedded',
    isolated: !external,
    database,
    jwtSecret,
    deviceUrl,
    async addDevice() {
      const sn = `T${randomBytes(5).toString('hex').toUpperCase()}`;
      const key = randomBytes(24).toString('base64url');
      await database.db.insert(systems).values({
        sysSn: sn,
        popv: 10,
        minv: 'ESS-10K',
        poinv: 10,
        cobat: 10,
        mbat: 'LFP-10',
        surpluscobat: 9,
        uscapacity: 90,
        latitude: 52.5,
        longitude: 13.4,
        countryCode: 'DE',
        timeZone: 'Europe/Berlin',
        deviceKeyHash: hashDeviceKey(key),
        createdAt: new Date(),
      });
      if (external) await addToMosquitto(mosquittoDir, sn, key, () => broker.connectDevice(sn, key));
      return { sn, key };
    },
    connectDevice: (sn, key, { url = deviceUrl, ...rest } = {}) =>
      connectAsync(
        url,
        { username: sn, password: key, clientId: sn, protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 5_000, ...rest },
        false,
      ),
    async openPortal() {
      if (!external) throw new Error('the embedded broker runs in one portal node only');
      return openPortal();
    },
    async close() {
      for (const portal of portals.reverse()) await portal.channel.close();
      if (!options.database) await database.close();
    },
  };
  return broker;
}

/**
 * The MQTT config of a whole test app (createTestApp's `config.mqtt`): the embedded broker on a free port, or the
 * Mosquitto at MQTT_TEST_URL with a shared-subscription group of its own (`shareGroup`: two nodes of one test share one).
 */
export function mqttConfigForTests(shareGroup = `test${randomBytes(4).toString('hex')}`): MqttConfig {
  const external = process.env.MQTT_TEST_URL;
  return external
    ? { url: external, username: process.env.MQTT_TEST_USERNAME, password: process.env.MQTT_TEST_PASSWORD, shareGroup }
    : { port: 0 };
}

/** Where a device of an app built with mqttConfigForTests connects. */
export function deviceUrlOf(config: MqttConfig, brokerPort: number | undefined): string {
  return config.url ?? `mqtt://127.0.0.1:${brokerPort}`;
}

/** Lets a device with this key in: nothing to do on the embedded broker (it reads the systems table), Mosquitto learns it. */
export async function allowDevice(config: MqttConfig, sn: string, key: string): Promise<void> {
  if (!config.url) return;
  await addToMosquitto(process.env.MQTT_TEST_DIR ?? '/tmp/ess-mosquitto', sn, key, () =>
    connectAsync(
      config.url!,
      { username: sn, password: key, clientId: sn, protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 5_000 },
      false,
    ),
  );
}

/**
 * Adds the device to Mosquitto's password file (under a lock: the files running beside add theirs too), has
 * Mosquitto read it again and waits until the device gets in.
 */
async function addToMosquitto(dir: string, sn: string, key: string, tryConnect: () => Promise<MqttClient>): Promise<void> {
  const passwd = join(dir, 'passwd');
  // mosquitto_passwd rewrites the file in place, and a reload (another file's device) reading it half-written would
  // log out every client missing from it: edited as a copy, renamed over the file at once.
  const edit = 'cp "$1" "$1.new" && mosquitto_passwd -b "$1.new" "$2" "$3" && mv "$1.new" "$1"';
  await run('flock', [`${passwd}.lock`, 'sh', '-c', edit, 'edit', passwd, sn, key]);
  process.kill(Number((await readFile(join(dir, 'mosquitto.pid'), 'utf8')).trim()), 'SIGHUP');
  for (let attempt = 0; ; attempt++) {
    try {
      await (await tryConnect()).endAsync();
      return;
    } catch (error) {
      if (attempt >= 40) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** Waits until `check` holds (polling), or fails after `ms`. */
// Generous: on CI the Mosquitto is shared with the files running beside, one of which floods it with 1,000 devices.
export async function eventually(check: () => boolean, ms = 10_000, what = 'the condition'): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
