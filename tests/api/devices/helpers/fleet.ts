import { execFile } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { commandMessage, topics, type CommandMessage, type ReplyMessage, type StateMessage } from '../../../../contract/device-messages';
import { queryRows, type Database } from '../../../../server/core/db';
import type { MqttConfig } from '../../../../server/config';
import { hashDeviceKey } from '../../../../server/monitoring/ingest/device-keys';
import { pgArray } from '../../../../server/monitoring/sql-arrays';

const run = promisify(execFile);

export interface FleetSystem {
  id: number;
  sn: string;
  key: string;
}

/**
 * `count` systems of a hybrid model inserted at once (one statement), each with its own device key; the S/Ns start
 * with `prefix` (letters and digits). The keys come from `keyOf` (default: random), so that a process that did not
 * insert them can derive them.
 */
export async function insertSystems(
  db: Database,
  count: number,
  { prefix = `F${randomBytes(3).toString('hex').toUpperCase()}`, keyOf = () => randomBytes(18).toString('base64url') } = {} as {
    prefix?: string;
    keyOf?: (sn: string) => string;
  },
): Promise<FleetSystem[]> {
  const sns = Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(5, '0')}`);
  const keys = sns.map(keyOf);
  const rows = await queryRows<{ id: number; sys_sn: string }>(
    db,
    sql`INSERT INTO systems (sys_sn, popv, minv, poinv, cobat, mbat, surpluscobat, uscapacity, latitude, longitude, country_code, time_zone, device_key_hash, created_at)
        SELECT u.sn, 10, 'ESS-H10 Hybrid', 10, 10, 'LFP-10', 9, 90, 52.5, 13.4, 'DE', 'Europe/Berlin', u.hash, now()
          FROM unnest(${pgArray(sns)}::text[], ${pgArray(keys.map(hashDeviceKey))}::text[]) AS u(sn, hash)
        RETURNING id, sys_sn`,
  );
  const idOf = new Map(rows.map((r) => [r.sys_sn, Number(r.id)]));
  return sns.map((sn, i) => ({ id: idOf.get(sn)!, sn, key: keys[i]! }));
}

/**
 * Lets many devices into the Mosquitto of MQTT_TEST_URL at once (allowDevice does one, with a reload each): their
 * passwords hashed by mosquitto_passwd -U in one go, appended to a copy of the password file renamed over it, under
 * the lock the other files take. Nothing to do on the embedded broker.
 */
export async function allowDevices(config: MqttConfig, devices: readonly { sn: string; key: string }[]): Promise<void> {
  if (!config.url || devices.length === 0) return;
  const dir = process.env.MQTT_TEST_DIR ?? '/tmp/ess-mosquitto';
  const passwd = join(dir, 'passwd');
  const work = await mkdtemp(join(tmpdir(), 'devices-'));
  try {
    const plain = join(work, 'plain');
    await writeFile(plain, devices.map((d) => `${d.sn}:${d.key}\n`).join(''), { mode: 0o600 });
    await run('mosquitto_passwd', ['-U', plain]);
    const edit = 'cp "$1" "$1.new" && cat "$2" >> "$1.new" && mv "$1.new" "$1"';
    await run('flock', [`${passwd}.lock`, 'sh', '-c', edit, 'edit', passwd, plain]);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  process.kill(Number((await readFile(join(dir, 'mosquitto.pid'), 'utf8')).trim()), 'SIGHUP');
  // Read again once the last device gets in.
  const last = devices.at(-1)!;
  for (let attempt = 0; ; attempt++) {
    try {
      const client = await mqtt.connectAsync(
        config.url,
        { username: last.sn, password: last.key, clientId: last.sn, reconnectPeriod: 0, connectTimeout: 5_000 },
        false,
      );
      await client.endAsync();
      return;
    } catch (error) {
      if (attempt >= 60) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

export interface TestDeviceOptions {
  /** Real milliseconds between reconnection attempts; 0: none. */
  reconnectPeriod?: number;
  /** Whether it answers its commands (acknowledgement, then success); off, it only records them. */
  answer?: boolean;
  /** Real milliseconds it works on each new command before answering (default none). */
  workMs?: () => number;
}

/**
 * A device as a bare MQTT.js client: logs in with its S/N and key, says online with a session of its own per
 * connection (its Last Will says offline for that session), records every command it is told, and, answering, does
 * each command id once: `applied` counts how often it did each (a redelivered id is answered again from memory).
 */
export class TestDevice {
  client: MqttClient | null = null;
  session = '';
  readonly received: CommandMessage[] = [];
  readonly applied = new Map<number, number>();
  readonly done = new Map<number, ReplyMessage>();
  /** Commands it is working on: one told again meanwhile is not started again. */
  private readonly working = new Set<number>();
  answer: boolean;
  private readonly reconnectPeriod: number;
  private readonly workMs: () => number;

  constructor(
    readonly sn: string,
    readonly key: string,
    readonly url: string,
    options: TestDeviceOptions = {},
  ) {
    this.answer = options.answer ?? true;
    this.reconnectPeriod = options.reconnectPeriod ?? 0;
    this.workMs = options.workMs ?? (() => 0);
  }

  private will() {
    const message: StateMessage = { id: `offline-${this.session}`, state: 'offline', session: this.session };
    return { topic: topics.state(this.sn), payload: Buffer.from(JSON.stringify(message)), qos: 1 as const, retain: true };
  }

  /** Connects (subscribed to its commands, then online); resolves on the first connection. */
  connect(): Promise<void> {
    this.session = randomUUID();
    const client = mqtt.connect(this.url, {
      username: this.sn,
      password: this.key,
      clientId: this.sn,
      clean: true,
      protocolVersion: 4,
      reconnectPeriod: this.reconnectPeriod,
      connectTimeout: 10_000,
      will: this.will(),
    });
    this.client = client;
    client.on('reconnect', () => {
      this.session = randomUUID();
      client.options.will = this.will();
    });
    client.on('error', () => {});
    client.on('message', (_topic, payload) => {
      void this.onCommand(payload).catch(() => {});
    });
    return new Promise((resolve, reject) => {
      let first = true;
      client.on('connect', () => {
        const announce = async () => {
          await client.subscribeAsync(topics.command(this.sn), { qos: 1 });
          await this.publishState('online');
        };
        const announced = announce();
        if (first) {
          first = false;
          announced.then(resolve, reject);
        } else announced.catch(() => {});
      });
      client.once('error', (error) => {
        if (first) reject(error);
      });
    });
  }

  publishState(state: StateMessage['state'], session = this.session): Promise<unknown> {
    const message: StateMessage = { id: `${state}-${session}`, state, session };
    return this.client!.publishAsync(topics.state(this.sn), JSON.stringify(message), { qos: 1, retain: true });
  }

  publishReply(reply: ReplyMessage): Promise<unknown> {
    return this.client!.publishAsync(topics.up(this.sn, 'reply'), JSON.stringify(reply), { qos: 1 });
  }

  private async onCommand(payload: Buffer): Promise<void> {
    const command = commandMessage.parse(JSON.parse(payload.toString('utf8')));
    this.received.push(command);
    if (!this.answer) return;
    await this.carryOut(command.id);
  }

  /** Does the command once (or answers it again from memory) and replies: acknowledgement, then success. */
  async carryOut(id: number): Promise<void> {
    const earlier = this.done.get(id);
    if (earlier) {
      await this.publishReply(earlier);
      return;
    }
    if (this.working.has(id)) return;
    this.working.add(id);
    await this.publishReply({ id: `${id}-delivered`, command_id: id, status: 'delivered' });
    const ms = this.workMs();
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
    this.applied.set(id, (this.applied.get(id) ?? 0) + 1);
    const reply: ReplyMessage = { id: `${id}-succeeded`, command_id: id, status: 'succeeded', message: 'done' };
    this.done.set(id, reply);
    this.working.delete(id);
    // Published whatever the connection does meanwhile: MQTT.js keeps it until the broker takes it.
    await this.publishReply(reply);
  }

  /** Leaves: `abruptly` drops the connection without a goodbye (the broker publishes the Last Will). */
  async close(abruptly = false): Promise<void> {
    const client = this.client;
    this.client = null;
    if (!client) return;
    if (abruptly) {
      client.stream.destroy();
      await client.endAsync(true);
    } else await client.endAsync();
  }
}

/** Waits until `check` answers true (polling every 25 ms), or fails after `ms` naming `what`. */
export async function until(check: () => Promise<boolean> | boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A TCP port nobody listens on now (a server process of a test or a bench listens there next). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
