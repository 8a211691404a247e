import { eq } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import { mailJobRuns, mailOutbox, users } from '../../../server/core/db/schema';
import { seedMonitoringDemo } from '../../../server/demo/monitoring/seed';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers';
import { eventually, FAST } from '../jobs/fixtures';
import { as } from '../monitoring/world';

/**
 * 'Run now' of a mail job sends a period once: a second run for a period already sent (or being sent) answers 15
 * and mails nobody, however fast the clicks come; a re-send must be asked for with `resend`, and then mails again.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ jobQueue: FAST });
  await t.reset();
  await seedMonitoringDemo(t.db, { password: DEMO_PASSWORD, now: t.clock(), days: 2, size: 3, lifetime: true });
}, 180_000);
afterAll(() => t.close());

const monthly = {
  kind: 'monthly_energy_report',
  day_of_month: 3,
  hour: 8,
  time_zone: 'Europe/Berlin',
  recipient_roles: ['customer'],
};

async function newJob(name: string): Promise<number> {
  const admin = await as(t, 'admin');
  const { body } = await admin.post('/api/MailTiming/SaveMailJob', { ...monthly, name });
  expect(body.code).toBe(200);
  return body.data.id as number;
}

const runsOf = (jobId: number) => t.db.select().from(mailJobRuns).where(eq(mailJobRuns.mailJobId, jobId));

async function mailsTo(username: string): Promise<number> {
  const [user] = await t.db.select({ email: users.email }).from(users).where(eq(users.username, username));
  return (await t.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.recipient, user!.email))).length;
}

async function whenDone(jobId: number) {
  await eventually(async () => {
    const runs = await runsOf(jobId);
    expect(runs.every((r) => r.state === 'done' || r.state === 'failed')).toBe(true);
  });
}

describe('RunMailJob for a period already sent', () => {
  test('a second run answers 15 and mails nobody; with resend the period goes again, the history shows both', async () => {
    const admin = await as(t, 'admin');
    const id = await newJob('Once a period');
    const before = await mailsTo('customer');
    const first = await admin.post('/api/MailTiming/RunMailJob', { id });
    expect(first.body.code).toBe(200);
    await whenDone(id);
    expect(await mailsTo('customer')).toBe(before + 1);

    const again = await admin.post('/api/MailTiming/RunMailJob', { id });
    expect(again.body.code).toBe(Code.TOO_FAST);
    expect(again.body.info).toContain(first.body.data.period);
    expect(again.body.data).toMatchObject({ field: 'resend', period: first.body.data.period });
    expect(await runsOf(id)).toHaveLength(1);
    expect((await admin.post('/api/MailTiming/RunMailJob', { id, resend: false })).body.code).toBe(Code.TOO_FAST);
    await whenDone(id);
    expect(await mailsTo('customer')).toBe(before + 1);

    const resent = await admin.post('/api/MailTiming/RunMailJob', { id, resend: true });
    expect(resent.body.code).toBe(200);
    expect(resent.body.data.period).toBe(first.body.data.period);
    await whenDone(id);
    expect(await mailsTo('customer')).toBe(before + 2);
    const history = (await admin.post('/api/MailTiming/GetMailJobRuns', { mail_job_id: id })).body.data;
    expect(history.dataCount).toBe(2);
  }, 60_000);

  test('five clicks at once: one run, four 15s, one mail per recipient', async () => {
    const admin = await as(t, 'admin');
    const id = await newJob('Five clicks');
    const before = await mailsTo('customer');
    const answers = await Promise.all(Array.from({ length: 5 }, () => admin.post('/api/MailTiming/RunMailJob', { id })));
    expect(answers.map((a) => a.body.code).sort()).toEqual([Code.TOO_FAST, Code.TOO_FAST, Code.TOO_FAST, Code.TOO_FAST, 200]);
    expect(await runsOf(id)).toHaveLength(1);
    await whenDone(id);
    expect(await mailsTo('customer')).toBe(before + 1);
  }, 60_000);

  test('a run while another is still queued for the period is refused too; a failed run does not count', async () => {
    const admin = await as(t, 'admin');
    const id = await newJob('Queued');
    // A run made, not yet performed: the period is being sent.
    await t.db.insert(mailJobRuns).values({
      mailJobId: id,
      trigger: 'manual',
      scheduledFor: t.clock(),
      period: '2026-02',
      state: 'queued',
      createdAt: t.clock(),
    });
    expect((await admin.post('/api/MailTiming/RunMailJob', { id })).body.code).toBe(Code.TOO_FAST);
    // A failed run sent nothing: running the period again needs no re-send.
    await t.db.update(mailJobRuns).set({ state: 'failed' }).where(eq(mailJobRuns.mailJobId, id));
    expect((await admin.post('/api/MailTiming/RunMailJob', { id })).body.code).toBe(200);
    await whenDone(id);
  }, 60_000);

  test('bad input: resend that is not a boolean → 2, nothing run', async () => {
    const admin = await as(t, 'admin');
    const id = await newJob('Bad flag');
    const { body } = await admin.post('/api/MailTiming/RunMailJob', { id, resend: 'yes' });
    expect(body.code).toBe(Code.PARAM_ERROR);
    expect(await runsOf(id)).toHaveLength(0);
  });

  test.each(['customer', 'installer', 'dev', 'fasw'])(
    '%s has no mailTiming right: 45 with or without resend, nothing run',
    async (role) => {
      const id = await newJob(`Not for ${role}`);
      const user = await as(t, role);
      for (const payload of [{ id }, { id, resend: true }]) {
        const { body } = await user.post('/api/MailTiming/RunMailJob', payload);
        expect(body.code).toBe(Code.NO_PERMISSION);
        expect(body.data ?? null).toBeNull();
      }
      expect(await runsOf(id)).toHaveLength(0);
    },
  );
});
