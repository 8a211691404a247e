import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../server/core/db';
import { uploads } from '../../../server/core/db/schema/uploads';
import { removeStaleUploadsJob } from '../../../server/core/uploads/jobs';
import { markSilentSystemsOfflineJob, purgeRawSamplesJob } from '../../../server/monitoring/jobs';
import { rawWindowStart } from '../../../server/monitoring/retention';
import { seedMonitoringDemo } from '../../../server/demo/monitoring/seed';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers';
import { eventually, FAST } from './fixtures';

/**
 * The declared jobs run by the queue with the app's clock and config: the raw-sample purge from its schedule, the
 * offline watch and the stale-upload clean-up when sent. The world is seeded first (three days of raw samples),
 * then a server with the queue starts on it, as a real one starts on its database.
 */
let seeded: TestApp;
let t: TestApp;
const RETENTION_DAYS = 1;

beforeAll(async () => {
  seeded = await createTestApp();
  await seeded.reset();
  await seedMonitoringDemo(seeded.db, { password: DEMO_PASSWORD, now: seeded.clock(), days: 3, size: 3 });
}, 180_000);
afterAll(async () => {
  await t?.app.close();
  await seeded?.close();
});

const digest = (where: ReturnType<typeof sql>) =>
  queryRows<{ n: number; d: string }>(
    seeded.db,
    sql`SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), '')) AS d FROM telemetry x WHERE ${where}`,
  );
const rollups = () =>
  queryRows<{ d: string }>(seeded.db, sql`SELECT md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), '')) AS d FROM energy_daily x`);
const completedRuns = async (name: string) =>
  (
    await queryRows<{ n: number }>(seeded.db, sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${name} AND state = 'completed'`)
  )[0]!.n;

test('the daily purge, run by its schedule, removes the raw days before the window and nothing else', async () => {
  // Every system's window, in its own zone, at the app clock's time.
  const systems = await queryRows<{ id: number; time_zone: string }>(seeded.db, sql`SELECT id, time_zone FROM systems`);
  const outside = sql.join(
    systems.map(
      (s) =>
        sql`(system_id = ${s.id} AND ts < ${new Date(rawWindowStart(s.time_zone, seeded.clock(), RETENTION_DAYS)).toISOString()}::timestamptz)`,
    ),
    sql` OR `,
  );
  const [before] = await digest(outside);
  const [inside] = await digest(sql`NOT (${outside})`);
  const [daily] = await rollups();
  expect(before!.n).toBeGreaterThan(0);
  expect(inside!.n).toBeGreaterThan(0);

  // The declared job, its schedule every minute instead of daily so that the test need not wait for the night.
  t = await createTestApp({
    database: seeded.database,
    config: { rawRetentionDays: RETENTION_DAYS },
    jobQueue: { ...FAST, jobs: [{ ...purgeRawSamplesJob, cron: '* * * * *' }, markSilentSystemsOfflineJob, removeStaleUploadsJob] },
  });
  t.clock.set(seeded.clock());
  await eventually(async () => expect(await completedRuns(purgeRawSamplesJob.name)).toBeGreaterThan(0), 30_000);

  expect((await digest(outside))[0]!.n).toBe(0);
  expect((await digest(sql`NOT (${outside})`))[0]).toEqual(inside);
  expect((await rollups())[0]).toEqual(daily);
}, 60_000);

test('the schedules are kept in the database, in UTC, as declared', async () => {
  const schedules = await queryRows<{ name: string; cron: string; timezone: string }>(
    seeded.db,
    sql`SELECT name, cron, timezone FROM pgboss.schedule ORDER BY name`,
  );
  expect(schedules).toEqual([
    { name: markSilentSystemsOfflineJob.name, cron: '* * * * *', timezone: 'UTC' },
    { name: purgeRawSamplesJob.name, cron: '* * * * *', timezone: 'UTC' },
    { name: removeStaleUploadsJob.name, cron: removeStaleUploadsJob.cron, timezone: 'UTC' },
  ]);
  expect(purgeRawSamplesJob.cron).toBe('30 2 * * *');
});

test('the offline watch turns a system offline once it has been silent for three intervals', async () => {
  const sn = 'ESS2024A0001';
  await seeded.db.execute(
    sql`UPDATE systems SET ems_status = 'normal', last_seen_at = ${t.clock().toISOString()}::timestamptz WHERE sys_sn = ${sn}`,
  );
  const status = async () =>
    (await queryRows<{ s: string }>(seeded.db, sql`SELECT ems_status AS s FROM systems WHERE sys_sn = ${sn}`))[0]!.s;
  const runOnce = async () => {
    const id = await t.app.jobs.send(markSilentSystemsOfflineJob.name, {}, { singletonKey: `test-${Math.random()}` });
    await eventually(async () =>
      expect(
        (await queryRows<{ state: string }>(seeded.db, sql`SELECT state::text AS state FROM pgboss.job WHERE id = ${id}::uuid`))[0]?.state,
      ).toBe('completed'),
    );
  };
  t.clock.advance(14 * 60_000);
  await runOnce();
  expect(await status()).toBe('normal');
  t.clock.advance(2 * 60_000);
  await runOnce();
  expect(await status()).toBe('offline');
}, 60_000);

test('the hourly clean-up removes an upload no record took within a day, rows and bytes', async () => {
  const stored = await t.app.storage.put(Readable.from([Buffer.from('never attached')]));
  const row = {
    resource: 'fixture',
    field: 'papers',
    storageKey: stored.key,
    originalName: 'a.txt',
    mime: 'text/plain',
    size: stored.size,
    sha256: stored.sha256,
  };
  await seeded.db.insert(uploads).values({ ...row, createdAt: t.clock() });
  const send = async () => {
    const id = await t.app.jobs.send(removeStaleUploadsJob.name, {}, { singletonKey: `test-${Math.random()}` });
    await eventually(async () =>
      expect(
        (await queryRows<{ state: string }>(seeded.db, sql`SELECT state::text AS state FROM pgboss.job WHERE id = ${id}::uuid`))[0]?.state,
      ).toBe('completed'),
    );
  };
  const left = async () => (await seeded.db.select({ key: uploads.storageKey }).from(uploads)).map((u) => u.key);
  t.clock.advance(23 * 3600_000);
  await send();
  expect(await left()).toEqual([stored.key]);
  t.clock.advance(2 * 3600_000);
  await send();
  expect(await left()).toEqual([]);
  await expect(t.app.storage.get(stored.key)).rejects.toThrow();
}, 60_000);
