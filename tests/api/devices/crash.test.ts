import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, expect, it } from 'vitest';
import type { MqttConfig } from '../../../server/config';
import { demoDeviceKey } from '../../../server/monitoring/ingest/device-keys';
import { DEMO_PASSWORD } from '../helpers';
import { databaseUrl, withAdminClient } from '../helpers/postgres-server';
import { allowDevices, freePort, TestDevice, until } from './helpers/fleet';
import type { FixtureOptions } from './fixtures/server';

/**
 * kill -9 of the portal during a batch of 1,000 commands: the server runs as a process of its own
 * (fixtures/server.ts) on a database that outlives it, the devices run here and reconnect by themselves. After the
 * restart on the same data, every command ends succeeded and no device did its command twice.
 */
const SYSTEMS = 1000;
const PREFIX = 'CRASH';
const serverUrl = process.env.DATABASE_URL;
const children: ChildProcess[] = [];
const devices: TestDevice[] = [];
const cleanups: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await Promise.all(devices.map((d) => d.close(true)));
  for (const cleanup of cleanups.reverse()) await cleanup();
}, 30_000);

/** Starts the server process; answers its HTTP port once it listens. */
async function startServer(options: FixtureOptions): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'fixtures/server.ts'), JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith('{"port"')) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${errors}`)));
  });
  return { child, port };
}

async function call(port: number, path: string, body: unknown, token?: string): Promise<any> {
  const response = await fetch(`http://127.0.0.1:${port}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; info: string; data: any };
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.info}`);
  return answer.data;
}

async function login(port: number): Promise<string> {
  return (await call(port, '/Account/Login', { username: 'servicer', password: DEMO_PASSWORD })).AccessToken;
}

it('after kill -9 during a batch of 1,000 commands and a restart on the same data, every command succeeds and none was done twice', async () => {
  const options: FixtureOptions = {
    mqtt: process.env.MQTT_TEST_URL
      ? {
          url: process.env.MQTT_TEST_URL,
          username: process.env.MQTT_TEST_USERNAME,
          password: process.env.MQTT_TEST_PASSWORD,
          shareGroup: `crash${randomBytes(4).toString('hex')}`,
        }
      : ({ port: await freePort() } satisfies MqttConfig),
    jwtSecret: randomBytes(32).toString('hex'),
    demoPassword: DEMO_PASSWORD,
  };
  if (serverUrl) {
    const name = `crash_${randomBytes(6).toString('hex')}`;
    await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
    cleanups.push(() => withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
    options.databaseUrl = databaseUrl(serverUrl, name);
  } else {
    // PGlite's data folder survives the kill -9 (it opens again and replays its log), so this runs on PGlite too.
    const dir = await mkdtemp(join(tmpdir(), 'crash-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    options.dataDir = join(dir, 'pglite');
  }
  const first = await startServer({ ...options, seed: { count: SYSTEMS, prefix: PREFIX } });

  const url = options.mqtt.url ?? `mqtt://127.0.0.1:${options.mqtt.port}`;
  const fleet = Array.from({ length: SYSTEMS }, (_, i) => {
    const sn = `${PREFIX}${String(i).padStart(5, '0')}`;
    return { sn, key: demoDeviceKey(sn, DEMO_PASSWORD) };
  });
  await allowDevices(options.mqtt, fleet);
  // Each device takes one to five seconds over its command, so the kill comes while many are under way.
  for (const { sn, key } of fleet)
    devices.push(new TestDevice(sn, key, url, { reconnectPeriod: 300, workMs: () => 1000 + Math.random() * 4000 }));
  for (let i = 0; i < devices.length; i += 100) await Promise.all(devices.slice(i, i + 100).map((d) => d.connect()));

  const token = await login(first.port);
  const batch = await call(
    first.port,
    '/BatchSetting/CreateBatch',
    { command: 'exportLimit', params: { limitW: 4000 }, target: { kind: 'list', sns: fleet.map((d) => d.sn) }, rate_per_minute: 100_000 },
    token,
  );
  expect(batch.total).toBe(SYSTEMS);
  // Killed once a part of the replies has been handled: the rest are under way on the devices, in flight, or queued.
  let atKill: Record<string, number> = {};
  await until(
    async () => {
      atKill = (await call(first.port, '/BatchSetting/GetBatch', { id: batch.id }, token)).counts;
      return (atKill.succeeded ?? 0) >= SYSTEMS / 4;
    },
    20_000,
    'a quarter of the replies handled',
  );
  first.child.kill('SIGKILL');
  await new Promise((resolve) => first.child.once('exit', resolve));
  expect(atKill.succeeded).toBeLessThan(SYSTEMS);

  const second = await startServer(options);
  const again = await login(second.port);
  let counts: Record<string, number> = {};
  await until(
    async () => {
      counts = (await call(second.port, '/BatchSetting/GetBatch', { id: batch.id }, again)).counts;
      return counts.succeeded === SYSTEMS;
    },
    30_000,
    `every command succeeded (at the kill: ${JSON.stringify(atKill)})`,
  ).catch((error: Error) => {
    throw new Error(`${error.message}; the batch counts ${JSON.stringify(counts)}`);
  });
  // Each device was told one command and did it once, however often it was told again.
  for (const device of devices) expect([...device.applied.values()]).toEqual([1]);
}, 90_000);
