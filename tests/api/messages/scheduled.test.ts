import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { queryRows } from '../../../server/core/db';
import { PUBLISH_MESSAGE_JOB, publishDueMessagesJob, publishMessageJob } from '../../../server/messages/jobs';
import { expectOk } from '../admin/helpers';
import { createTestApp, type TestApp } from '../helpers';
import { eventually, FAST } from '../jobs/fixtures';
import { createMonitoringWorld } from '../monitoring/world';

/**
 * A scheduled message is published by its job (server/messages/jobs.ts, pg-boss): the job is kept in the database,
 * so a server stopped after the message was scheduled publishes nothing, and the next server publishes it once when
 * its time comes; a withdrawn message's job publishes nothing.
 */
let world: TestApp;
let running: TestApp | undefined;
const jobs = { ...FAST, jobs: [publishMessageJob, { ...publishDueMessagesJob, cron: undefined }] };

beforeAll(async () => {
  world = await createMonitoringWorld(1);
}, 120_000);
afterAll(async () => {
  await running?.app.close();
  await world?.close();
});

const serverWithQueue = async () => {
  const t = await createTestApp({ database: world.database, jobQueue: jobs });
  t.clock.set(world.clock());
  return t;
};
const state = async (id: number) =>
  (
    await queryRows<{ status: string; recipient_count: number; published_at: string | null }>(
      world.db,
      sql`SELECT status, recipient_count, published_at FROM info_messages WHERE id = ${id}`,
    )
  )[0]!;
const completed = async () =>
  (
    await queryRows<{ n: number }>(
      world.db,
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${PUBLISH_MESSAGE_JOB} AND state = 'completed'`,
    )
  )[0]!.n;

const scheduled = (publishAt: Date) => ({
  titles: { en: 'Maintenance window', de: 'Wartungsfenster' },
  contents: { en: 'Saturday night', de: 'Samstagnacht' },
  audience: { roles: ['customer'] },
  publish: 'at',
  publishAt: publishAt.toISOString(),
});

test('scheduled, then the server stops; the next server publishes it once at its time', async () => {
  const first = await serverWithQueue();
  const token = (await first.login('servicer')).AccessToken;
  const saved = await expectOk(
    first,
    '/api/InfoDistribution/SaveInfoDistribution',
    scheduled(new Date(first.clock().getTime() + 3_000)),
    token,
  );
  expect(saved).toMatchObject({ status: 'scheduled', recipient_count: 0 });
  // Stopped before its time: the job waits in the database.
  await first.app.close();
  expect((await state(saved.id)).status).toBe('scheduled');
  const [{ n: waiting }] = await queryRows<{ n: number }>(
    world.db,
    sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${PUBLISH_MESSAGE_JOB} AND state = 'created'`,
  );
  expect(waiting).toBe(1);

  running = await serverWithQueue();
  running.clock.advance(5_000);
  await eventually(async () => expect((await state(saved.id)).status).toBe('published'), 30_000);
  const [{ n: customers }] = await queryRows<{ n: number }>(
    world.db,
    sql`SELECT count(*)::int AS n FROM users WHERE 'customer' = ANY(roles) AND NOT locked AND deactivated_at IS NULL`,
  );
  const after = await state(saved.id);
  expect(after.recipient_count).toBe(customers);
  const [{ n: rows }] = await queryRows<{ n: number }>(
    world.db,
    sql`SELECT count(*)::int AS n FROM user_notifications WHERE message_id = ${saved.id}`,
  );
  expect(rows).toBe(customers);
  // The catch-up run finds nothing more to publish: still once.
  await publishDueMessagesJob.run({
    db: world.db,
    clock: running.clock,
    config: running.config,
    storage: running.app.storage,
    log: running.app.log,
    data: {},
  });
  expect(await state(saved.id)).toEqual(after);
}, 90_000);

test('a withdrawn message stays a draft when its job comes', async () => {
  const t = running!;
  const token = (await t.login('servicer')).AccessToken;
  const before = await completed();
  const saved = await expectOk(t, '/api/InfoDistribution/SaveInfoDistribution', scheduled(new Date(t.clock().getTime() + 2_000)), token);
  await expectOk(t, '/api/InfoDistribution/WithdrawInfoDistribution', { id: saved.id }, token);
  t.clock.advance(3_000);
  await eventually(async () => expect(await completed()).toBeGreaterThan(before), 30_000);
  expect((await state(saved.id)).status).toBe('draft');
  const [{ n }] = await queryRows<{ n: number }>(
    world.db,
    sql`SELECT count(*)::int AS n FROM user_notifications WHERE message_id = ${saved.id}`,
  );
  expect(n).toBe(0);
}, 60_000);
