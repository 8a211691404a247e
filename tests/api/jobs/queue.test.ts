import { sql } from 'drizzle-orm';
import { queryRows } from '../../../server/core/db';
import { createTestApp, type TestApp } from '../helpers';
import { eventually, FAST, recordingJob } from './fixtures';

/**
 * The job queue (DESIGN §11, server/core/jobs) on the test's database (PGlite, or PostgreSQL with DATABASE_URL):
 * a singleton key keeps a second send out, and two servers' workers on one database run each job once.
 */
const single = recordingJob('test.single');
const counted = recordingJob('test.counted', { concurrency: 'every send' });
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await createTestApp({ jobQueue: { ...FAST, jobs: [single.job, counted.job] } });
  // A second server process on the same database: its own queue and workers.
  b = await createTestApp({ database: a.database, jobQueue: { ...FAST, jobs: [counted.job] } });
}, 60_000);
afterAll(async () => {
  await b?.app.close();
  await a?.close();
});

const stateOf = async (id: string) =>
  (await queryRows<{ state: string }>(a.db, sql`SELECT state::text AS state FROM pgboss.job WHERE id = ${id}::uuid`))[0]?.state;

test('a job sent twice with the same singleton key while the first waits runs once', async () => {
  const first = await a.app.jobs.send('test.single', { n: 1 }, { singletonKey: 'the-key', startAfterSeconds: 1 });
  const second = await a.app.jobs.send('test.single', { n: 2 }, { singletonKey: 'the-key', startAfterSeconds: 1 });
  expect(first).toEqual(expect.any(String));
  expect(second).toBeNull();
  await eventually(async () => expect(await stateOf(first!)).toBe('completed'));
  expect(single.runs).toEqual([{ n: 1 }]);
  // Another key is another job.
  const other = await a.app.jobs.send('test.single', { n: 3 }, { singletonKey: 'another-key' });
  await eventually(async () => expect(await stateOf(other!)).toBe('completed'));
  expect(single.runs).toEqual([{ n: 1 }, { n: 3 }]);
});

test('two servers on one database: each job runs once, whichever worker takes it', async () => {
  const ids: string[] = [];
  for (let n = 0; n < 12; n++) ids.push((await (n % 2 ? b : a).app.jobs.send('test.counted', { n }))!);
  await eventually(async () => {
    for (const id of ids) expect(await stateOf(id)).toBe('completed');
  });
  expect(counted.runs.map((data) => data.n).sort((x, y) => Number(x) - Number(y))).toEqual([...Array(12).keys()]);
});

test('a job no server declared is refused at the sender', async () => {
  await expect(a.app.jobs.send('test.unknown')).rejects.toThrow("no job named 'test.unknown'");
});

test('with the settings the entry points pass (none), the queue starts and runs a job', async () => {
  const plain = recordingJob('test.plain');
  const app = await createTestApp({ database: a.database, jobQueue: { jobs: [plain.job] } });
  try {
    const id = await app.app.jobs.send('test.plain', { n: 1 });
    await eventually(async () => expect(await stateOf(id!)).toBe('completed'));
    expect(plain.runs).toEqual([{ n: 1 }]);
  } finally {
    await app.app.close();
  }
}, 60_000);
