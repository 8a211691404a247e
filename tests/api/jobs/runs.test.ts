import { sql } from 'drizzle-orm';
import { queryRows } from '../../../server/core/db';
import { ROLES } from '../../../permissions/roles';
import { expectRejected } from '../admin/helpers';
import { createTestApp, type TestApp } from '../helpers';
import { eventually, failingJob, FAST, recordingJob } from './fixtures';

/**
 * The runs are visible (DESIGN §11): /api/Jobs/GetJobRuns pages them newest first with their state, attempts and
 * last error; a failing job is retried with backoff and its failure shows there. Only those who run the portal
 * (admin, systemmanager) may read them.
 */
const RUNS = '/api/Jobs/GetJobRuns';
const fine = recordingJob('test.fine');
const RETRIES = 2;
const broken = failingJob('test.broken', Infinity, RETRIES);
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ jobQueue: { ...FAST, jobs: [fine.job, broken.job] } });
  await t.reset();
  admin = (await t.login('admin')).AccessToken;
}, 60_000);
afterAll(() => t?.close());

const runs = async (body: unknown = { pageIndex: 1, pageSize: 50 }) => {
  const { body: answer } = await t.post(RUNS, body, { token: admin });
  expect(answer.code, answer.info).toBe(200);
  return answer.data as { dataCount: number; data: Record<string, unknown>[] };
};

test('a failing job is retried with backoff, then failed; each state and its error show in GetJobRuns', async () => {
  const id = await t.app.jobs.send('test.broken');
  const run = async () => (await runs()).data.find((r) => r.id === id);
  // Its first attempt failed: waiting for the next, with the error.
  await eventually(async () =>
    expect(await run()).toMatchObject({ name: 'test.broken', state: 'retry', attempts: 1, error: 'flaky on attempt 1' }),
  );
  // The retries' delays grow (pg-boss's exponential backoff, declared with retryDelaySeconds 1).
  const [settings] = await queryRows<{ retry_limit: number; retry_delay: number; retry_backoff: boolean }>(
    t.db,
    sql`SELECT retry_limit, retry_delay, retry_backoff FROM pgboss.job WHERE id = ${id}::uuid`,
  );
  expect(settings).toEqual({ retry_limit: RETRIES, retry_delay: 1, retry_backoff: true });
  await eventually(
    async () => expect(await run()).toMatchObject({ state: 'failed', attempts: RETRIES + 1, error: `flaky on attempt ${RETRIES + 1}` }),
    30_000,
  );
  expect(broken.attempts()).toBe(RETRIES + 1);
  const failed = (await run())!;
  expect(failed.started_at).toEqual(expect.any(String));
  expect(failed.finished_at).toEqual(expect.any(String));
}, 60_000);

test('good path: runs newest first, paged, with dataCount; a completed run has no error', async () => {
  const first = await t.app.jobs.send('test.fine', { n: 1 });
  await eventually(async () =>
    expect((await runs()).data.find((r) => r.id === first)).toMatchObject({ state: 'completed', attempts: 1, error: null }),
  );
  const second = await t.app.jobs.send('test.fine', { n: 2 });
  await eventually(async () => expect((await runs()).data.find((r) => r.id === second)?.state).toBe('completed'));

  const all = await runs();
  expect(all.dataCount).toBe(all.data.length);
  expect(all.data.slice(0, 2).map((r) => r.id)).toEqual([second, first]);
  expect(all.data.map((r) => r.name)).not.toContain(expect.stringMatching(/^__pgboss/));
  const page2 = await runs({ pageIndex: 2, pageSize: 1 });
  expect(page2).toEqual({ dataCount: all.dataCount, data: [all.data[1]] });
  // No body reads the first page.
  expect((await runs(undefined)).data[0]!.id).toBe(second);
  // One job's runs.
  const fineOnly = await runs({ pageIndex: 1, pageSize: 50, name: 'test.fine' });
  expect(fineOnly.data.map((r) => r.id)).toEqual([second, first]);
  expect(fineOnly.dataCount).toBe(2);
}, 60_000);

test.each([
  [{ pageIndex: 0, pageSize: 10 }, 2, 'pageIndex'],
  [{ pageIndex: 1, pageSize: 501 }, 2, 'pageSize'],
  [{ pageIndex: 'one', pageSize: 10 }, 2, 'pageIndex'],
  [{ pageIndex: null, pageSize: 10 }, 3, 'pageIndex'],
  [{ pageIndex: 1, pageSize: 1.5 }, 2, 'pageSize'],
  [{ pageIndex: 1, pageSize: 10, name: 'x'.repeat(101) }, 2, 'name'],
  [{ pageIndex: 1, pageSize: 10, name: ' ' }, 3, 'name'],
])('bad input %j answers %i naming %s; nothing changes', async (body, code, field) => {
  await expectRejected(t, RUNS, body, admin, code, field);
});

test('every role but admin and systemmanager is refused with 45, nothing revealed', async () => {
  for (const role of ROLES) {
    const token = (await t.login(role)).AccessToken;
    const { body } = await t.post(RUNS, { pageIndex: 1, pageSize: 10 }, { token });
    if (role === 'admin' || role === 'systemmanager') expect(body.code, role).toBe(200);
    else expect(body, role).toMatchObject({ code: 45, data: null });
  }
}, 60_000);
