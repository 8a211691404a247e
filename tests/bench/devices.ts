import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { topics, type CommandMessage, type ReplyMessage, type TelemetryMessage } from '../../contract/device-messages';
import { buildApp } from '../../server/app';
import { queryRows } from '../../server/core/db';
import { systems as systemsTable } from '../../server/core/db/schema/monitoring';
import { seedDemo } from '../../server/demo/users';
import { startEmbeddedBroker } from '../../server/devices/transport/embedded-broker';
import { PORTAL_USERNAME, portalPassword } from '../../server/devices/transport/identities';
import { demoDeviceKey } from '../../server/monitoring/ingest/device-keys';
import { freePort, insertSystems, TestDevice, until, type FleetSystem } from '../api/devices/helpers/fleet';
import type { FixtureOptions } from '../api/devices/fixtures/server';
import { runConcurrently } from './concurrency';
import { BENCH_PASSWORD, log, loginAs, openBenchDatabase } from './monitoring-common';
import { insertRaw, type Job } from './monitoring-ingest';

/**
 * The device channel's figures with 2,000 simulated MQTT devices (bare MQTT.js clients that acknowledge and answer each
 * command at once), on the embedded broker:
 * - fan-out: one batch setting to every device, from CreateBatch until every command is succeeded in the ledger,
 *   against a bare MQTT client publishing the same 2,000 command messages and awaiting the 2,000 results through a
 *   broker of the same code (its own instance: the portal's handlers would otherwise also take the reference's
 *   replies). Both as commands per second;
 * - MQTT ingest: telemetry samples per second from the devices through the broker into the telemetry table, against
 *   the raw INSERT … unnest of the same batches (the monitoring ingest's reference);
 * - the server's RSS with the devices connected, against its RSS idle (a server process of its own).
 */
const DEVICES = 2000;
const SAMPLES_PER_DEVICE = 48;
const STEP_MS = 300_000;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

export interface DeviceFigures {
  fanOut: { ours: number; reference: number };
  ingest: { ours: number; reference: number };
  rss: { idle: number; connected: number };
}

async function connectAll(devices: TestDevice[]): Promise<void> {
  for (let i = 0; i < devices.length; i += 200) await Promise.all(devices.slice(i, i + 200).map((d) => d.connect()));
}

async function seconds(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

export async function deviceFigures(): Promise<DeviceFigures> {
  const database = await openBenchDatabase({ label: 'PGlite' });
  const now = new Date();
  await seedDemo(database.db, { password: BENCH_PASSWORD, now });
  const fleet = await insertSystems(database.db, DEVICES, { prefix: 'BENCH' });
  const jwtSecret = randomBytes(32).toString('hex');
  const app = await buildApp({
    db: database.db,
    clock: () => new Date(),
    config: { jwtSecret, demoPassword: BENCH_PASSWORD, logLevel: false, mqtt: { port: 0 } },
  });
  await app.ready();
  try {
    const reference = await bareFanOut(database.db, jwtSecret, fleet);
    const url = `mqtt://127.0.0.1:${app.devices.brokerPort}`;
    const devices = fleet.map((s) => new TestDevice(s.sn, s.key, url));
    await connectAll(devices);
    try {
      const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(database.db, query))[0]!.n);
      await until(async () => (await count(sql`SELECT count(*)::int AS n FROM device_states WHERE online`)) === DEVICES, 60_000, 'online');
      const servicer = await loginAs(app, 'servicer');
      let batchId = 0;
      const portal = await seconds(async () => {
        batchId = (
          await servicer('/api/BatchSetting/CreateBatch', {
            command: 'feedIn',
            params: { enabled: false },
            target: { kind: 'list', sns: fleet.map((s) => s.sn) },
            rate_per_minute: 100_000,
          })
        ).id;
        await until(
          async () =>
            (await count(sql`SELECT count(*)::int AS n FROM device_commands WHERE batch_id = ${batchId} AND state = 'succeeded'`)) ===
            DEVICES,
          120_000,
          'the batch succeeded',
        );
      });
      log(`fan-out: the batch in ${portal.toFixed(2)} s, the bare client in ${(DEVICES / reference).toFixed(2)} s`);
      const ingest = await ingestFigures(database, devices);
      return { fanOut: { ours: DEVICES / portal, reference }, ingest, rss: await rssFigures() };
    } finally {
      await Promise.all(devices.map((d) => d.close()));
    }
  } finally {
    await app.close();
    await database.close();
  }
}

/** The reference fan-out: commands per second of a bare client publishing to every device and awaiting every result. */
async function bareFanOut(db: Parameters<typeof startEmbeddedBroker>[0]['db'], jwtSecret: string, fleet: FleetSystem[]): Promise<number> {
  const broker = await startEmbeddedBroker({ db, jwtSecret, port: 0, log: quiet });
  const url = `mqtt://127.0.0.1:${broker.port}`;
  const devices = fleet.map((s) => new TestDevice(s.sn, s.key, url));
  const client = await mqtt.connectAsync(url, {
    username: PORTAL_USERNAME,
    password: portalPassword(jwtSecret),
    clientId: `${PORTAL_USERNAME}_bench`,
    reconnectPeriod: 0,
  });
  try {
    await connectAll(devices);
    const expires = new Date(Date.now() + 3_600_000).toISOString();
    let round = 0;
    const run = async () => {
      round++;
      const results = new Set<number>();
      const base = round * 100_000;
      const done = new Promise<void>((resolve) => {
        client.on('message', (topic, payload) => {
          if (!topic.endsWith('/up/reply')) return;
          const reply = JSON.parse(payload.toString()) as ReplyMessage;
          if (reply.status === 'succeeded' && reply.command_id > base) results.add(reply.command_id);
          if (results.size === fleet.length) resolve();
        });
      });
      await Promise.all(
        fleet.map((s, i) => {
          const command: CommandMessage = { id: base + i + 1, command: 'feedIn', params: { enabled: false }, expires_at: expires };
          return client.publishAsync(topics.command(s.sn), JSON.stringify(command), { qos: 1 });
        }),
      );
      await done;
      client.removeAllListeners('message');
    };
    await client.subscribeAsync('ess/+/up/#', { qos: 1 });
    // A warm-up round, then the measured one.
    await run();
    return fleet.length / (await seconds(run));
  } finally {
    await client.endAsync();
    await Promise.all(devices.map((d) => d.close()));
    await broker.close();
  }
}

/** Samples per second: every device publishes one batch, until the telemetry table holds them all; against insertRaw. */
async function ingestFigures(
  database: Awaited<ReturnType<typeof openBenchDatabase>>,
  devices: TestDevice[],
): Promise<{ ours: number; reference: number }> {
  const rows = await database.db.select().from(systemsTable);
  const bySn = new Map(rows.map((r) => [r.sysSn, r]));
  const start = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 86_400_000;
  const jobs: (Job & { device: TestDevice; message: string })[] = devices.map((device, d) => {
    const samples = Array.from({ length: SAMPLES_PER_DEVICE }, (_, i) => {
      const pv = 1000 + ((d * 7 + i * 13) % 3000);
      return { ts: new Date(start + i * STEP_MS).toISOString(), pv_w: pv, load_w: 500, battery_w: 300, grid_w: 800 - pv, soc: 50 };
    });
    const message: TelemetryMessage = { id: `bench-${start}`, samples };
    const system = bySn.get(device.sn)!;
    return { system, key: '', batch: { samples }, json: '', device, message: JSON.stringify(message) };
  });
  const total = jobs.length * SAMPLES_PER_DEVICE;
  const clear = async () => {
    await database.db.execute(sql`TRUNCATE telemetry, energy_daily, energy_monthly, system_faults`);
    await database.db.execute(sql`UPDATE systems SET last_seen_at = NULL, ems_status = NULL`);
  };
  const stored = async () => Number((await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM telemetry`))[0]!.n);
  const viaMqtt = async () => {
    await Promise.all(jobs.map((j) => j.device.client!.publishAsync(topics.up(j.device.sn, 'telemetry'), j.message, { qos: 1 })));
    await until(async () => (await stored()) === total, 300_000, 'the telemetry stored');
  };
  const raw = () => runConcurrently(jobs, 8, (job) => insertRaw(database, job));
  const rate = async (work: () => Promise<void>) => {
    await clear();
    const elapsed = await seconds(work);
    if ((await stored()) !== total) throw new Error('telemetry rows missing');
    return total / elapsed;
  };
  // Warm-up of each, then the best of two rounds.
  await rate(raw);
  await rate(viaMqtt);
  const best = { ours: 0, reference: 0 };
  for (let round = 0; round < 2; round++) {
    best.reference = Math.max(best.reference, await rate(raw));
    best.ours = Math.max(best.ours, await rate(viaMqtt));
  }
  log(`MQTT ingest: ${total.toLocaleString('en')} samples from ${jobs.length.toLocaleString('en')} devices per round`);
  return best;
}

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** The server as a process of its own (tests/api/devices/fixtures/server.ts), idle, then with every device connected. */
async function rssFigures(): Promise<{ idle: number; connected: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-rss-'));
  const port = await freePort();
  const prefix = 'RSS';
  const options: FixtureOptions = {
    dataDir: join(dir, 'pglite'),
    mqtt: { port },
    jwtSecret: randomBytes(32).toString('hex'),
    demoPassword: BENCH_PASSWORD,
    seed: { count: DEVICES, prefix },
  };
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('../api/devices/fixtures/server.ts', import.meta.url).pathname, JSON.stringify(options)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const devices = Array.from({ length: DEVICES }, (_, i) => {
    const sn = `${prefix}${String(i).padStart(5, '0')}`;
    return new TestDevice(sn, demoDeviceKey(sn, BENCH_PASSWORD), `mqtt://127.0.0.1:${port}`);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (line) => line.startsWith('{"port"') && resolve());
      child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 3000));
    await settle();
    const idle = await rssOf(child.pid!);
    await connectAll(devices);
    await settle();
    return { idle, connected: await rssOf(child.pid!) };
  } finally {
    await Promise.all(devices.map((d) => d.close()));
    child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  }
}
