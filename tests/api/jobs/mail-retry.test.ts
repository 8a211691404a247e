import { eq } from 'drizzle-orm';
import { mailOutbox } from '../../../server/core/db/schema/mail';
import { deliverDueMailsJob } from '../../../server/core/mail/jobs';
import { recordingTransport } from '../mail/recording-transport';
import { createTestApp, type TestApp } from '../helpers';
import { eventually, FAST } from './fixtures';

/**
 * A mail that failed waits in the outbox for its next attempt; the job 'mail.deliver-due' (every minute, once
 * across the server processes) hands it over when it is due, and leaves alone what is not due yet.
 */
let t: TestApp;
const transport = recordingTransport();

beforeAll(async () => {
  t = await createTestApp({ mailTransport: transport, jobQueue: { ...FAST, jobs: [deliverDueMailsJob] } });
  await t.reset();
});
afterAll(() => t?.close());

const failedMail = (to: string, nextAttemptAt: Date) => ({
  category: 'fault',
  recipient: to,
  language: 'en',
  subject: `Fault at your system (${to})`,
  body: 'The battery reported a fault.',
  createdAt: new Date(t.clock().getTime() - 10 * 60_000),
  attempts: 1,
  nextAttemptAt,
  lastError: '421 mail server busy',
});

test('the job delivers the failed mails that are due, and only those', async () => {
  const now = t.clock();
  const [due] = await t.db
    .insert(mailOutbox)
    .values(failedMail('due@example.com', new Date(now.getTime() - 1000)))
    .returning();
  const [later] = await t.db
    .insert(mailOutbox)
    .values(failedMail('later@example.com', new Date(now.getTime() + 3600_000)))
    .returning();

  await t.app.jobs.send(deliverDueMailsJob.name, {}, { singletonKey: 'test' });
  await eventually(async () => expect(transport.sent.map((m) => m.to)).toEqual(['due@example.com']), 30_000);

  const [sent] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, due!.id));
  expect(sent!.sentAt).not.toBeNull();
  expect(sent!.lastError).toBeNull();
  const [waiting] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, later!.id));
  expect(waiting!.sentAt).toBeNull();
  expect(waiting!.attempts).toBe(1);
});
