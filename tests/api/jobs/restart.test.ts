import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate, openDatabase, queryRows, type DatabaseHandle } from '../../../server/core/db';
import { listenTarget } from '../../../server/core/db/database';
import { createTestApp } from '../helpers';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { eventually, FAST, recordingJob } from './fixtures';

/**
 * Jobs survive a restart: a job still waiting when the server closes runs after a new server starts on the same
 * data directory (PGlite) or the same PostgreSQL database (DATABASE_URL).
 */
const later = recordingJob('test.later');
let folder: string | undefined;
let server: TestDatabase | undefined;

afterAll(async () => {
  await server?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** Opens the test's database anew, as a restarted server does. */
async function open(): Promise<TestDatabase> {
  let handle: DatabaseHandle;
  if (process.env.DATABASE_URL) {
    server ??= await createTestDatabase();
    const target = listenTarget(server.db);
    handle = await openDatabase({ url: target.kind === 'postgres' ? String(target.config.connectionString) : '' });
  } else {
    folder ??= await mkdtemp(join(tmpdir(), 'jobs-restart-'));
    handle = await openDatabase({ dataDir: folder });
  }
  await migrate(handle.db);
  const unused = () => Promise.reject(new Error('not for this test'));
  return { ...handle, truncateAll: unused, rowCounts: unused };
}

test('a job waiting when the server closes runs after the next start on the same database', async () => {
  const first = await createTestApp({ database: await open(), jobQueue: { ...FAST, jobs: [later.job] } });
  const id = await first.app.jobs.send('test.later', { n: 1 }, { startAfterSeconds: 2 });
  await first.close();
  expect(later.runs).toEqual([]);

  const second = await createTestApp({ database: await open(), jobQueue: { ...FAST, jobs: [later.job] } });
  try {
    const state = async () =>
      (await queryRows<{ state: string }>(second.db, sql`SELECT state::text AS state FROM pgboss.job WHERE id = ${id}::uuid`))[0]?.state;
    await eventually(async () => expect(await state()).toBe('completed'));
    expect(later.runs).toEqual([{ n: 1 }]);
  } finally {
    await second.close();
  }
}, 60_000);
