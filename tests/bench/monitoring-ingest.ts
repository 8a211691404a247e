import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/core/db';
import { systems as systemsTable } from '../../server/core/db/schema/monitoring';
import { demoFleet } from '../../server/demo/monitoring/fleet';
import { seedMonitoringDemo } from '../../server/demo/monitoring/seed';
import { siteOfSystem } from '../../server/demo/monitoring/site';
import { demoDeviceKey } from '../../server/monitoring/ingest/device-keys';
import type { IngestBatch } from '../../contract/ingest';
import { DEVICE_KEY_HEADER } from '../../server/core/http/request-actor';
import type { SystemRow } from '../../server/core/system-scope';
import { pgArray } from '../../server/monitoring/sql-arrays';
import { toIngestBatches } from '../../server/simulator/batches';
import { SiteSimulator } from '../../server/simulator/simulate';
import type { TestDatabase } from '../api/helpers/database';
import { runConcurrently } from './concurrency';
import { fork } from 'node:child_process';
import { BENCH_PASSWORD, benchApp, log, openBenchDatabase, type Backend } from './monitoring-common';

/**
 * Ingest throughput: simulated systems post one day each per request (288 samples at 5 minutes, what a
 * device that reports daily sends) to /api/Device/Ingest on a listening server from a process of their own
 * (ingest-devices.ts), CONCURRENCY requests in
 * flight; against the same rows written by a bare `INSERT … SELECT FROM unnest(…)` per batch, with the
 * same concurrency, into the same telemetry table. Both in rows/s; the best of alternating rounds.
 */
const SYSTEMS = 8;
const DAYS = 12;
const STEP_MS = 300_000;
const DAY_MS = 86_400_000;
const CONCURRENCY = 8;
const ROUNDS = 3;

export interface Job {
  system: SystemRow;
  key: string;
  batch: IngestBatch;
  json: string;
}

export async function ingestThroughput(backend: Backend): Promise<{ ours: number; reference: number }> {
  const database = await openBenchDatabase(backend);
  const now = new Date();
  // The fleet without history; its device keys are derived from the S/N and the demo password.
  await seedMonitoringDemo(database.db, { password: BENCH_PASSWORD, now, days: 0, size: SYSTEMS });
  const app = await benchApp(database.db, now);
  let devices: Awaited<ReturnType<typeof startDevices>> | undefined;
  try {
    const jobs = await simulatedJobs(database, now);
    const rows = jobs.reduce((n, job) => n + job.batch.samples.length, 0);
    log(`${backend.label}: ${jobs.length} batches, ${rows.toLocaleString('en')} rows per round, ${CONCURRENCY} in flight`);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/Device/Ingest`;

    devices = await startDevices({
      type: 'load',
      url,
      header: DEVICE_KEY_HEADER,
      jobs: jobs.map(({ key, json }) => ({ key, json })),
      concurrency: CONCURRENCY,
    });
    const viaHttp = () => devices!.run();
    const rawInsert = () => runConcurrently(jobs, CONCURRENCY, (job) => insertRaw(database, job));
    /** Rows per second of one round from empty tables; the count is checked after the clock stopped. */
    const rate = async (work: () => Promise<void>) => {
      await clear(database);
      const elapsed = await seconds(work);
      await expectRows(database, rows);
      return rows / elapsed;
    };

    // Warm-up: the first requests compile the validators and serializers, the first statements get planned.
    await rate(viaHttp);
    await rate(rawInsert);
    const best = { ours: 0, reference: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      best.reference = Math.max(best.reference, await rate(rawInsert));
      best.ours = Math.max(best.ours, await rate(viaHttp));
    }
    return best;
  } finally {
    devices?.stop();
    await app.close();
    await database.close();
  }
}

/** One job per system per day, day by day (so each system's batches arrive in order, as from a device). */
async function simulatedJobs(database: TestDatabase, now: Date): Promise<Job[]> {
  const fleet = new Map(demoFleet(SYSTEMS).map((s) => [s.sn, s]));
  const rows = await database.db.select().from(systemsTable).orderBy(systemsTable.id);
  const start = Math.floor(now.getTime() / DAY_MS) * DAY_MS - (DAYS + 1) * DAY_MS;
  const perSystem = rows.map((system) => {
    const simulator = new SiteSimulator(siteOfSystem(system, fleet.get(system.sysSn)?.annualLoadKwh), start, STEP_MS, 55);
    return toIngestBatches(simulator.run(start + DAYS * DAY_MS), STEP_MS, DAY_MS / STEP_MS).map((batch) => ({
      system,
      key: demoDeviceKey(system.sysSn, BENCH_PASSWORD),
      batch,
      json: JSON.stringify(batch),
    }));
  });
  const jobs: Job[] = [];
  for (let day = 0; day < DAYS; day++) for (const batches of perSystem) if (batches[day]) jobs.push(batches[day]!);
  return jobs;
}

/** The reference: the samples of one batch, as one bare multi-row insert (what a bulk loader would do). */
export async function insertRaw(database: TestDatabase, { system, batch }: Job): Promise<void> {
  const s = batch.samples;
  await database.db.execute(sql`
    INSERT INTO telemetry (system_id, ts, pv_w, load_w, battery_w, grid_w, soc)
    SELECT ${system.id}, to_timestamp(u.ms / 1000.0), u.pv, u.load, u.battery, u.grid, u.soc
      FROM unnest(${pgArray(s.map((x) => Date.parse(x.ts)))}::bigint[], ${pgArray(s.map((x) => x.pv_w))}::int[], ${pgArray(s.map((x) => x.load_w))}::int[],
                  ${pgArray(s.map((x) => x.battery_w))}::int[], ${pgArray(s.map((x) => x.grid_w))}::int[], ${pgArray(s.map((x) => x.soc))}::real[])
           AS u(ms, pv, load, battery, grid, soc)`);
}

async function seconds(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

/** Every round starts from the same empty tables and systems that have not reported yet. */
async function clear(database: TestDatabase): Promise<void> {
  await database.db.execute(sql`TRUNCATE telemetry, energy_daily, energy_monthly, system_faults`);
  await database.db.execute(sql`UPDATE systems SET last_seen_at = NULL, ems_status = NULL`);
}

async function expectRows(database: TestDatabase, expected: number): Promise<void> {
  const [row] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM telemetry`);
  if (Number(row?.n) !== expected) throw new Error(`telemetry holds ${row?.n} rows, expected ${expected}`);
}

/** The devices' process (ingest-devices.ts), loaded with the batches; run() posts them all once. */
async function startDevices(load: {
  type: 'load';
  url: string;
  header: string;
  jobs: Array<{ key: string; json: string }>;
  concurrency: number;
}) {
  const child = fork(new URL('./ingest-devices.ts', import.meta.url), [], { execArgv: ['--import', 'tsx'] });
  const next = () =>
    new Promise<{ type: string; error?: string }>((resolve, reject) => {
      child.once('message', (message) => resolve(message as { type: string; error?: string }));
      child.once('exit', (code) => reject(new Error(`the devices' process exited with code ${code}`)));
    });
  const ready = next();
  child.send(load);
  await ready;
  return {
    async run() {
      const done = next();
      child.send({ type: 'run' });
      const { error } = await done;
      if (error) throw new Error(error);
    },
    stop: () => child.kill(),
  };
}
