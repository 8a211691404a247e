import { eq } from 'drizzle-orm';
import { findRoute } from '../../../permissions/routes';
import { mailOutbox } from '../../../server/core/db/schema';
import { deliverDueMails } from '../../../server/core/mail/outbox';
import { createMailSeal } from '../../../server/core/mail/seal';
import { seedMonitoringDemo } from '../../../server/demo/monitoring/seed';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers';
import { recordingTransport } from '../mail/recording-transport';

/**
 * Staff with the sent e-mails screen read a reset link for `admin` in the outbox and took
 * the account over. DESIGN §10: no screen or call shows a secret after it was created; the clear link exists
 * only in the mail handed to the transport.
 */
const OUTBOX_ROLES = findRoute('emailDeliveringRules')!.roles!;
const ADMIN_ADDRESS = 'anna.lindqvist@ess-portal.example';
const INVITED = 'new.friend@mail.example';
const CUSTOMER_SN = 'ESS2024A0001';
const LIST = '/api/EmailRule/GetMailOutboxPageList';
const ONE = '/api/EmailRule/GetMailOutbox';

async function prepare(t: TestApp) {
  await t.reset();
  await seedMonitoringDemo(t.db, { password: DEMO_PASSWORD, now: t.clock(), days: 0, size: 4 });
}

/** Every answer an outbox reader can get: the list, and each mail one by one. */
async function outboxAnswers(t: TestApp, token: string): Promise<string[]> {
  const list = await t.post(LIST, { pageIndex: 1, pageSize: 100 }, { token });
  expect(list.body.code).toBe(200);
  const answers = [JSON.stringify(list.body)];
  for (const mail of list.body.data.data as { id: number }[]) {
    const one = await t.post(ONE, { id: mail.id }, { token });
    expect(one.body.code).toBe(200);
    answers.push(JSON.stringify(one.body));
  }
  return answers;
}

describe('with a mail server: the link reaches the recipient, never an outbox reader', () => {
  const transport = recordingTransport();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ mailTransport: transport });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await prepare(t);
    transport.clear();
  });

  test.each(OUTBOX_ROLES)('as %s: the reset link for admin and a share invitation are masked in every outbox answer', async (role) => {
    const reader = await t.login(role);
    expect((await t.post('/api/Account/ForgetPassword', { username: 'admin' })).body.code).toBe(200);
    const customer = await t.login('customer');
    const share = await t.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: INVITED, days: 3 }, { token: customer.AccessToken });
    expect(share.body.code).toBe(200);
    await t.app.mailer.deliver();

    const resetToken = transport.tokenTo(ADMIN_ADDRESS, '/ResetPassword');
    const inviteToken = transport.tokenTo(INVITED, '/shareRegister');
    expect(resetToken).toBeTruthy();
    expect(inviteToken).toBe(share.body.data.register_token);

    const answers = await outboxAnswers(t, reader.AccessToken);
    expect(answers.length).toBeGreaterThanOrEqual(3); // the list and both mails
    for (const answer of answers) {
      expect(answer).not.toContain(resetToken);
      expect(answer).not.toContain(inviteToken);
      expect(answer).not.toMatch(/sealed/i);
    }
    const shown = answers.join('\n');
    expect(shown).toContain('http://localhost:8080/ResetPassword?token=•••• (sent by e-mail only)');
    expect(shown).toContain('http://localhost:8080/shareRegister?token=•••• (sent by e-mail only)');

    // Nor does the table keep them: the masked text for screens, and once handed over, no sealed text either.
    for (const row of await t.db.select().from(mailOutbox)) {
      expect(row.body).not.toContain(resetToken);
      expect(row.body).not.toContain(inviteToken);
      expect(row.sentAt).not.toBeNull();
      expect(row.sealedBody).toBeNull();
    }

    // The mail the admin gets works: the account is theirs again with the link, not the reader's.
    expect((await t.post('/api/Account/ResetPasswords', { token: resetToken, newPassword: 'taken-back-77' })).body.code).toBe(200);
    expect((await t.post('/api/Account/Login', { username: 'admin', password: 'taken-back-77' })).body.code).toBe(200);
    expect((await t.post('/api/Account/CheckSharerAccount', { token: inviteToken })).body.data).toEqual({ email: INVITED });
  });

  test("the mail handed to the transport carries the clear link, in the recipient's words", async () => {
    await t.post('/api/Account/ForgetPassword', { username: 'admin' });
    await t.app.mailer.deliver();
    const [mail] = transport.sent;
    expect(mail).toMatchObject({ to: ADMIN_ADDRESS, subject: 'Reset your ESS Portal password' });
    expect(mail!.text).toMatch(/Choose a new password here: http:\/\/localhost:8080\/ResetPassword\?token=[\w-]{20,}\n/);
    expect(mail!.text).not.toContain('••••');
  });

  test('a mail without a secret (the user name reminder) is sent as shown', async () => {
    await t.post('/api/Account/ForgetUserName', { email: ADMIN_ADDRESS });
    await t.app.mailer.deliver();
    const [row] = await t.db.select().from(mailOutbox);
    expect(row!.sealedBody).toBeNull();
    expect(transport.sent[0]!.text).toBe(row!.body);
  });
});

describe('without a mail server: the waiting mail is sealed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => prepare(t));

  async function waitingResetMail() {
    expect((await t.post('/api/Account/ForgetPassword', { username: 'admin' })).body.code).toBe(200);
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, ADMIN_ADDRESS));
    return row!;
  }

  test("the row holds the masked text and the clear one only sealed under the server's key", async () => {
    const row = await waitingResetMail();
    expect(row.sentAt).toBeNull();
    expect(row.sealedBody).toBeTruthy();
    const clear = createMailSeal(t.config.jwtSecret).open(row.sealedBody!, row.recipient);
    const token = /\/ResetPassword\?token=([\w-]+)/.exec(clear)![1]!;
    expect(row.body).not.toContain(token);
    expect(row.sealedBody).not.toContain(token);
    expect(row.sealedBody).not.toContain('ResetPassword');
    // The masked text is the clear text with the token masked, nothing else changed.
    expect(row.body).toBe(clear.replace(token, '•••• (sent by e-mail only)'));
    expect((await t.post('/api/Account/ResetPasswords', { token, newPassword: 'taken-back-77' })).body.code).toBe(200);
  });

  test("a sealed text opens only with this server's secret and for its own recipient: otherwise it is not sent", async () => {
    const row = await waitingResetMail();
    const transport = recordingTransport();
    const from = 'Portal <noreply@portal.example>';
    expect(await deliverDueMails(t.db, transport, from, t.clock(), createMailSeal('another server secret'))).toEqual({
      sent: 0,
      failed: 1,
    });
    await t.db.update(mailOutbox).set({ recipient: 'thief@mail.example', nextAttemptAt: t.clock() }).where(eq(mailOutbox.id, row.id));
    expect(await deliverDueMails(t.db, transport, from, t.clock(), createMailSeal(t.config.jwtSecret))).toEqual({ sent: 0, failed: 1 });
    expect(transport.sent).toEqual([]);
    const [after] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(after!.lastError).toContain('sealed text cannot be opened');
  });

  test("a share invitation waits sealed too, in the owner's language", async () => {
    const customer = await t.login('customer');
    const share = await t.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: INVITED, days: 3 }, { token: customer.AccessToken });
    const token = share.body.data.register_token as string;
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, INVITED));
    expect(row!.body).not.toContain(token);
    expect(row!.body).toContain('/shareRegister?token=•••• (sent by e-mail only)');
    expect(row!.sealedBody).not.toContain(token);
    expect(createMailSeal(t.config.jwtSecret).open(row!.sealedBody!, INVITED)).toContain(`/shareRegister?token=${token}`);
  });
});
