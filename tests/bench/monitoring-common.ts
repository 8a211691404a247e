import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../server/app';
import { createTestDatabase, type TestDatabase } from '../api/helpers/database';

/**
 * What the monitoring benchmarks share: the databases they run on (PGlite always, PostgreSQL as well when
 * DATABASE_URL is set), the app built in-process on one of them, and logged-in calls.
 */
export const BENCH_PASSWORD = 'bench-password';

export interface Backend {
  label: 'PGlite' | 'PostgreSQL';
  /** The server URL a fresh database is created through (PostgreSQL only). */
  url?: string;
}

export function benchBackends(): Backend[] {
  const url = process.env.DATABASE_URL;
  return [{ label: 'PGlite' }, ...(url ? [{ label: 'PostgreSQL' as const, url }] : [])];
}

/**
 * A fresh, migrated database on the backend: the API tests' helper, which makes a new PostgreSQL database
 * through DATABASE_URL (dropped again by close()) or an in-memory PGlite without it. It reads the
 * variable synchronously when called, so setting it around the call picks the backend.
 */
export function openBenchDatabase(backend: Backend): Promise<TestDatabase> {
  const saved = process.env.DATABASE_URL;
  if (backend.url) process.env.DATABASE_URL = backend.url;
  else delete process.env.DATABASE_URL;
  try {
    return createTestDatabase();
  } finally {
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
  }
}

/** The whole server on a database, with a fixed clock (the instant the bench world was built for). */
export async function benchApp(db: TestDatabase['db'], now: Date): Promise<FastifyInstance> {
  const app = await buildApp({
    db,
    clock: () => now,
    config: { jwtSecret: randomBytes(32).toString('hex'), demoPassword: BENCH_PASSWORD, logLevel: false },
  });
  await app.ready();
  return app;
}

/** A monitoring call as the web app makes it: POST with the access token; fails unless code 200. */
export type Call = (path: string, body?: unknown) => Promise<any>;

export async function loginAs(app: FastifyInstance, username: string): Promise<Call> {
  const login = await app.inject({ method: 'POST', url: '/api/Account/Login', payload: { username, password: BENCH_PASSWORD } });
  const { code, data, info } = login.json();
  if (code !== 200) throw new Error(`login as ${username}: ${code} ${info}`);
  const headers = { authorization: `Bearer ${data.AccessToken}` };
  return async (path, body) => {
    const response = await app.inject({ method: 'POST', url: path, headers, ...(body === undefined ? {} : { payload: body as object }) });
    const answer = response.json();
    if (answer.code !== 200) throw new Error(`${path} as ${username}: ${answer.code} ${answer.info}`);
    return answer.data;
  };
}

export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

/** p-th percentile (0-100) of a list of durations, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function log(message: string) {
  console.log(`  · ${message}`);
}

/** A call's p99 in the big world (`ours`) and in the reference world (ms). */
export interface LatencyFigure {
  call: string;
  ours: number;
  reference: number;
}

/** A named call of a bench world. */
export interface NamedCall {
  name: string;
  run: () => Promise<unknown>;
}

/**
 * p99 of each call in the big world (`ours`) against the same call in the reference world, best of `rounds`: the
 * calls are made request by request in turn, so that a burst of other work on the machine hits both alike. Logs
 * the medians with the worlds' sizes.
 */
export async function compareLatency(
  label: string,
  worlds: { reference: readonly NamedCall[]; ours: readonly NamedCall[]; sizes: { reference: number; ours: number } },
  { rounds = 3, requests = 200 }: { rounds?: number; requests?: number } = {},
): Promise<LatencyFigure[]> {
  const best = new Map<string, { ours: number; reference: number; oursMedian: number; referenceMedian: number }>();
  // Warm-up: plans, validators and serializers.
  for (const calls of [worlds.reference, worlds.ours]) for (const call of calls) for (let i = 0; i < 10; i++) await call.run();
  for (let round = 0; round < rounds; round++) {
    for (const [i, call] of worlds.reference.entries()) {
      const times = { ours: [] as number[], reference: [] as number[] };
      for (let n = 0; n < requests; n++) {
        times.reference.push((await timed(call.run)).ms);
        times.ours.push((await timed(worlds.ours[i]!.run)).ms);
      }
      const entry = best.get(call.name) ?? { ours: Infinity, reference: Infinity, oursMedian: Infinity, referenceMedian: Infinity };
      entry.reference = Math.min(entry.reference, percentile(times.reference, 99));
      entry.ours = Math.min(entry.ours, percentile(times.ours, 99));
      entry.referenceMedian = Math.min(entry.referenceMedian, percentile(times.reference, 50));
      entry.oursMedian = Math.min(entry.oursMedian, percentile(times.ours, 50));
      best.set(call.name, entry);
    }
  }
  const { sizes } = worlds;
  for (const [name, e] of best)
    log(
      `${label} ${name}: median ${e.oursMedian.toFixed(2)} ms (${sizes.ours}) vs ${e.referenceMedian.toFixed(2)} ms (${sizes.reference})`,
    );
  return [...best].map(([call, { ours, reference }]) => ({ call, ours, reference }));
}
