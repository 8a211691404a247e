import { sql } from 'drizzle-orm';
import { vacuumComplaintTablesJob } from '../../../server/complaints/maintenance';
import { queryRows } from '../../../server/core/db';
import { deliverDueMailsJob } from '../../../server/core/mail/jobs';
import { removeStaleUploadsJob } from '../../../server/core/uploads/jobs';
import { faultDigestJob } from '../../../server/faultmail/digest';
import { dispatchJob } from '../../../server/mailings/jobs';
import { publishDueMessagesJob } from '../../../server/messages/jobs';
import { removeOldReportsJob } from '../../../server/reports/jobs';
import { markSilentSystemsOfflineJob, purgeRawSamplesJob } from '../../../server/monitoring/jobs';
import { migrationJob } from '../../../server/sysmigration/routes';
import { sweepAlarmsJob } from '../../../server/alarms/jobs';
import { createTestApp, type TestApp } from '../helpers';
import { eventually, FAST, recordingJob } from './fixtures';

/**
 * Core keeps the queue and imports no area: each part declares its jobs while the app is built (`app.jobs.declare`:
 * core's mail and uploads in server/app.ts, an area where server/api.ts registers it), and the queue the entry
 * points start (no job list given) runs exactly those.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

test('the queue the entry points start runs every job core and the areas declared, with their schedules', async () => {
  const app = (t = await createTestApp({ jobQueue: {} }));
  const schedules = await queryRows<{ name: string; cron: string }>(app.db, sql`SELECT name, cron FROM pgboss.schedule ORDER BY name`);
  const declared = [
    deliverDueMailsJob,
    markSilentSystemsOfflineJob,
    purgeRawSamplesJob,
    removeStaleUploadsJob,
    vacuumComplaintTablesJob,
    publishDueMessagesJob,
    // The servicers' daily fault digests (hourly: each is sent at 07:00 in its reader's time zone).
    faultDigestJob,
    // Scheduled mail's per-minute dispatcher (its sender is bound where it is declared) and the reports' daily clean-up.
    dispatchJob(() => Promise.resolve()),
    removeOldReportsJob,
    // The device channel's sweep of expiries and timeouts and the batches' waves (every minute).
    { name: 'devices.sweep', cron: '* * * * *' },
    { name: 'devices.waves', cron: '* * * * *' },
    // Alarms: holds that passed clear, silent systems get their offline alarm (every minute).
    sweepAlarmsJob,
  ];
  expect(schedules).toEqual(declared.map(({ name, cron }) => ({ name, cron })).sort((a, b) => a.name.localeCompare(b.name)));
  // Jobs sent on demand have no schedule, only their queue: a data migration's move and revert (server/sysmigration).
  const onDemand = [migrationJob.name];
  const queues = await queryRows<{ name: string }>(
    app.db,
    sql`SELECT name FROM pgboss.queue WHERE name = ANY(${`{${onDemand.join(',')}}`}::text[])`,
  );
  expect(queues.map((q) => q.name)).toEqual(onDemand);
  // Each has its worker: a send is taken (a name nobody declared is refused at the sender).
  const id = await app.app.jobs.send(markSilentSystemsOfflineJob.name, {}, { singletonKey: 'declared-test' });
  await eventually(async () =>
    expect(
      (await queryRows<{ state: string }>(app.db, sql`SELECT state::text AS state FROM pgboss.job WHERE id = ${id}::uuid`))[0]?.state,
    ).toBe('completed'),
  );
}, 60_000);

test('a job declared while the app is built runs; one declared twice or after the start is refused', async () => {
  const added = recordingJob('test.added');
  const app = (t = await createTestApp({ jobQueue: FAST, configure: (built) => built.jobs.declare(added.job) }));
  const id = await app.app.jobs.send(added.job.name, { n: 1 });
  await eventually(async () => expect(added.runs).toEqual([{ n: 1 }]));
  expect(id).toEqual(expect.any(String));
  // After ready the queue has started with what was declared: a later job would never run, so it is refused.
  expect(() => app.app.jobs.declare(recordingJob('test.late').job)).toThrow('before it is ready');
}, 60_000);

test('two jobs of one name are refused while the app is built', async () => {
  await expect(createTestApp({ configure: (app) => app.jobs.declare(recordingJob(deliverDueMailsJob.name).job) })).rejects.toThrow(
    `a job named '${deliverDueMailsJob.name}' is declared twice`,
  );
});
