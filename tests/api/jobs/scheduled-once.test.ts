import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate, openDatabase, queryRows, type DatabaseHandle } from '../../../server/core/db';
import { listenTarget } from '../../../server/core/db/database';
import { createTestApp, type TestApp } from '../helpers';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { eventually, FAST, recordingJob } from './fixtures';

/**
 * A job on a schedule (DESIGN §11: the per-minute mail dispatcher, the daily clean-ups) runs once per due time
 * however many server processes watch the schedule, and runs again after every process was stopped and a new one
 * started on the same database: the schedule is kept in the database, not in a process's timer.
 */
const tick = recordingJob('test.tick', { cron: '* * * * *' });
let folder: string | undefined;
let server: TestDatabase | undefined;

afterAll(async () => {
  await server?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

async function open(): Promise<TestDatabase> {
  let handle: DatabaseHandle;
  if (process.env.DATABASE_URL) {
    server ??= await createTestDatabase();
    const target = listenTarget(server.db);
    handle = await openDatabase({ url: target.kind === 'postgres' ? String(target.config.connectionString) : '' });
  } else {
    folder ??= await mkdtemp(join(tmpdir(), 'jobs-scheduled-'));
    handle = await openDatabase({ dataDir: folder });
  }
  await migrate(handle.db);
  const unused = () => Promise.reject(new Error('not for this test'));
  return { ...handle, truncateAll: unused, rowCounts: unused };
}

/**
 * The scheduled runs pg-boss sent of 'test.tick', per minute they were due for: each process's schedule check puts a
 * 'send it' job for the minute (its singleton slot, `singleton_on`), which becomes the run. Counted by the slot, not
 * by when the run was made: a loaded machine makes a minute's run a little after the next minute began.
 */
const sentPerMinute = (app: TestApp) =>
  queryRows<{ minute: string; n: number }>(
    app.db,
    sql`SELECT to_char(singleton_on, 'HH24:MI') AS minute, count(*)::int AS n
          FROM (SELECT singleton_on, data FROM pgboss.job WHERE name = '__pgboss__send-it'
                UNION ALL SELECT singleton_on, data FROM pgboss.archive WHERE name = '__pgboss__send-it') j
         WHERE j.data->>'name' = 'test.tick'
         GROUP BY 1 ORDER BY 1`,
  );

/** The runs of 'test.tick' the queue made (one per 'send it' job). */
const runsMade = async (app: TestApp) =>
  (
    await queryRows<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM (SELECT id FROM pgboss.job WHERE name = 'test.tick' UNION ALL SELECT id FROM pgboss.archive WHERE name = 'test.tick') j`,
    )
  )[0]!.n;

test('a scheduled job runs once across two server processes and again after a restart', async () => {
  const database = await open();
  const first = await createTestApp({ database, jobQueue: { ...FAST, jobs: [tick.job] } });
  // A second server process on the same database, watching the same schedule.
  const second = await createTestApp({ database, jobQueue: { ...FAST, jobs: [tick.job] } });
  try {
    await eventually(() => expect(tick.runs.length).toBeGreaterThanOrEqual(1), 75_000);
    // Give the other process time to (not) send its own copy of that minute's run.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    // One 'send it' per minute, and each made one run that ran (a minute that began meanwhile may still be on its way).
    await eventually(async () => {
      const minutes = await sentPerMinute(first);
      expect(minutes.length).toBeGreaterThanOrEqual(1);
      expect(minutes.every((m) => m.n === 1)).toBe(true);
      expect(await runsMade(first)).toBe(minutes.length);
      expect(tick.runs.length).toBe(minutes.length);
    }, 30_000);
  } finally {
    await second.app.close();
    await first.close();
  }

  const before = tick.runs.length;
  const restarted = await createTestApp({ database: await open(), jobQueue: { ...FAST, jobs: [tick.job] } });
  try {
    await eventually(() => expect(tick.runs.length).toBeGreaterThan(before), 75_000);
    const minutes = await sentPerMinute(restarted);
    expect(minutes.every((m) => m.n === 1)).toBe(true);
  } finally {
    await restarted.close();
  }
}, 180_000);
