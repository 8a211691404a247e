import { desc, eq } from 'drizzle-orm';
import { mailOutbox, passwordResets, sessions, systemShares, users } from '../../server/core/db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp, type Tokens } from './helpers';
import { recordingTransport } from './mail/recording-transport';

const FORGET_PASSWORD = '/api/Account/ForgetPassword';
const RESET = '/api/Account/ResetPasswords';
const FORGET_NAME = '/api/Account/ForgetUserName';
const MINUTE = 60_000;
const NEW_PASSWORD = 'fresh-start-42';

let t: TestApp;
/** The mail server: the only place the reset link is in clear (the outbox shows it masked). */
const transport = recordingTransport();
beforeAll(async () => {
  t = await createTestApp({ mailTransport: transport });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  transport.clear();
});

const forgetPassword = (username: unknown, ip?: string) => t.post(FORGET_PASSWORD, { username }, { ip });
const reset = (token: unknown, newPassword: unknown) => t.post(RESET, { token, newPassword });
const forgetName = (email: unknown, ip?: string) => t.post(FORGET_NAME, { email }, { ip });
const login = (username: string, password: string) => t.post<Tokens>('/api/Account/Login', { username, password });

async function mailsTo(address: string) {
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, address)).orderBy(desc(mailOutbox.id));
}

/** The token of the newest reset link mailed to the address, as its recipient gets it. */
async function resetTokenFor(address: string): Promise<string> {
  await t.app.mailer.deliver();
  const token = transport.tokenTo(address, '/ResetPassword');
  if (!token) throw new Error(`no reset link mailed to ${address}`);
  return token;
}

async function expireSharesOf(username: string) {
  const [user] = await t.db.select().from(users).where(eq(users.username, username));
  await t.db
    .update(systemShares)
    .set({ expiresAt: new Date(t.clock().getTime() - 1000) })
    .where(eq(systemShares.sharerUserId, user!.id));
}

describe('ForgetPassword', () => {
  test("by user name: a reset link in the user's language to their address, the token stored only as a hash", async () => {
    await t.db.update(users).set({ languageCode: 'ja-JP' }).where(eq(users.username, 'customer'));
    expect((await forgetPassword('Customer')).body).toEqual({ code: 200, data: null, info: 'Success' });
    const [mail, ...more] = await mailsTo('thomas.becker@mail.example');
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ category: 'password_reset', language: 'ja', subject: 'ESS ポータルのパスワード再設定' });
    expect(mail!.body).toContain('http://localhost:8080/ResetPassword?token=••••（メールでのみ送信）');
    const token = await resetTokenFor('thomas.becker@mail.example');
    expect(transport.sent.at(-1)!.text).toContain(`http://localhost:8080/ResetPassword?token=${token}`);
    const stored = await t.db.select().from(passwordResets);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);
    expect(stored[0]!.expiresAt.getTime() - t.clock().getTime()).toBe(60 * MINUTE);
  });

  test('by e-mail address, whatever its case', async () => {
    expect((await forgetPassword(' Julia.Becker@Mail.example ')).body.code).toBe(200);
    expect(await mailsTo('julia.becker@mail.example')).toHaveLength(1);
  });

  test('the link goes to PORTAL_URL when it is set', async () => {
    const other = await createTestApp({ config: { portalUrl: 'https://portal.example.com/' } });
    try {
      await other.reset();
      expect((await other.post(FORGET_PASSWORD, { username: 'admin' })).body.code).toBe(200);
      const [mail] = await other.db.select().from(mailOutbox);
      expect(mail!.body).toContain('https://portal.example.com/ResetPassword?token=•••• (sent by e-mail only)');
    } finally {
      await other.close();
    }
  });

  test('unknown user name → 4, unknown e-mail → 11, a user without an address → 11; nothing is mailed', async () => {
    expect((await forgetPassword('nobody')).body).toMatchObject({ code: 4, info: 'User does not exist' });
    expect((await forgetPassword('nobody@mail.example')).body).toMatchObject({ code: 11, info: 'Email does not exist' });
    await t.db.update(users).set({ email: '' }).where(eq(users.username, 'installer'));
    expect((await forgetPassword('installer')).body.code).toBe(11);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(0);
    expect(await t.db.select().from(passwordResets)).toHaveLength(0);
  });

  test('a sharer whose shares all expired → 98; a locked user → 6; no link is made', async () => {
    await expireSharesOf('sharer');
    expect((await forgetPassword('sharer')).body).toMatchObject({ code: 98, info: 'Share expired, cannot recover password' });
    await t.db.update(users).set({ locked: true }).where(eq(users.username, 'installer'));
    expect((await forgetPassword('installer')).body.code).toBe(6);
    expect(await t.db.select().from(passwordResets)).toHaveLength(0);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(0);
  });

  test('a sharer who also holds another role may recover without a share', async () => {
    await expireSharesOf('sharer');
    await t.db
      .update(users)
      .set({ roles: ['sharer', 'customer'] })
      .where(eq(users.username, 'sharer'));
    expect((await forgetPassword('sharer')).body.code).toBe(200);
  });

  test.each([
    ['no body field', 3, undefined],
    ['blank', 3, '   '],
    ['a number', 2, 42],
    ['a list', 2, ['admin']],
    ['300 characters', 2, 'x'.repeat(300)],
  ])('%s answers %i naming username and changes nothing', async (_, code, username) => {
    const before = await t.database.rowCounts();
    const { body } = await t.post(FORGET_PASSWORD, username === undefined ? {} : { username });
    expect(body.code).toBe(code);
    expect(body.info).toContain('username');
    expect(await t.database.rowCounts()).toEqual(before);
  });

  test('asking again for the same name within a minute → 15 (no second mail); after a minute it works', async () => {
    expect((await forgetPassword('customer')).body.code).toBe(200);
    expect((await forgetPassword('customer')).body).toMatchObject({ code: 15, info: 'Operation too fast' });
    expect(await mailsTo('thomas.becker@mail.example')).toHaveLength(1);
    t.clock.advance(MINUTE);
    expect((await forgetPassword('customer')).body.code).toBe(200);
  });

  test('one address sweeping through names is stopped after 20 requests an hour, other addresses are not', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 20; i++) expect((await forgetPassword(`guess-${i}`, ip)).body.code).toBe(4);
    expect((await forgetPassword('guess-20', ip)).body.code).toBe(15);
    expect((await forgetPassword('admin', ip)).body.code).toBe(15);
    expect((await forgetPassword('admin', '198.51.100.2')).body.code).toBe(200);
    t.clock.advance(60 * MINUTE + 1000);
    expect((await forgetPassword('guess-21', ip)).body.code).toBe(4);
  });
});

describe('ResetPasswords', () => {
  test('sets the new password once; the old one and the link stop working; every session ends', async () => {
    const before: Tokens = await t.login('customer');
    for (let i = 0; i < 5; i++) await login('customer', `wrong-${i}`);
    expect((await login('customer', DEMO_PASSWORD)).body.code).toBe(92);
    await forgetPassword('customer');
    const token = await resetTokenFor('thomas.becker@mail.example');
    expect((await reset(token, NEW_PASSWORD)).body).toEqual({ code: 200, data: null, info: 'Success' });
    // The hold of the wrong entries ends with the reset, the new password works at once.
    expect((await login('customer', NEW_PASSWORD)).body.code).toBe(200);
    t.clock.advance(5 * MINUTE + 1000);
    expect((await login('customer', DEMO_PASSWORD)).body.code).toBe(5);
    expect((await reset(token, 'another-one-7')).body).toMatchObject({ code: 12, info: 'Link expired' });
    const refreshed = await t.post('/api/Account/RefreshToken', {
      userName: 'customer',
      accessToken: before.AccessToken,
      refreshTokenKey: before.RefreshTokenKey,
    });
    expect(refreshed.body).toMatchObject({ code: 7, status: 7 });
    const [revoked] = await t.db.select().from(sessions).where(eq(sessions.revokedReason, 'password_reset'));
    expect(revoked).toBeDefined();
  });

  test('a link expires after an hour → 12, and the password stays', async () => {
    await forgetPassword('customer');
    const token = await resetTokenFor('thomas.becker@mail.example');
    t.clock.advance(60 * MINUTE);
    expect((await reset(token, NEW_PASSWORD)).body.code).toBe(12);
    expect((await login('customer', DEMO_PASSWORD)).body.code).toBe(200);
  });

  test('an unknown token → 12', async () => {
    expect((await reset('made-up-token', NEW_PASSWORD)).body.code).toBe(12);
  });

  test('a weak password → 2 naming newPassword; the link still works afterwards', async () => {
    await forgetPassword('customer');
    const token = await resetTokenFor('thomas.becker@mail.example');
    for (const weak of ['short1', 'lettersonly', '1234567890']) {
      const before = await t.database.rowCounts();
      const { body } = await reset(token, weak);
      expect(body.code).toBe(2);
      expect(body.info).toContain('newPassword');
      expect(await t.database.rowCounts()).toEqual(before);
    }
    expect((await reset(token, NEW_PASSWORD)).body.code).toBe(200);
  });

  test('missing token or password → 3 naming it', async () => {
    expect((await t.post(RESET, { newPassword: NEW_PASSWORD })).body).toMatchObject({ code: 3, info: expect.stringContaining('token') });
    expect((await t.post(RESET, { token: 'x' })).body).toMatchObject({ code: 3, info: expect.stringContaining('newPassword') });
  });

  test('a sharer whose shares expired after the link was mailed → 98, the password stays', async () => {
    await forgetPassword('sharer');
    const token = await resetTokenFor('julia.becker@mail.example');
    await expireSharesOf('sharer');
    expect((await reset(token, NEW_PASSWORD)).body.code).toBe(98);
    const [sharer] = await t.db.select().from(users).where(eq(users.username, 'sharer'));
    await t.db
      .update(systemShares)
      .set({ expiresAt: new Date(t.clock().getTime() + 86_400_000) })
      .where(eq(systemShares.sharerUserId, sharer!.id));
    expect((await login('sharer', DEMO_PASSWORD)).body.code).toBe(200);
  });

  test('a newer link does not revive an older one once either was used', async () => {
    await forgetPassword('customer');
    const first = await resetTokenFor('thomas.becker@mail.example');
    t.clock.advance(MINUTE);
    await forgetPassword('customer');
    const second = await resetTokenFor('thomas.becker@mail.example');
    expect(second).not.toBe(first);
    expect((await reset(second, NEW_PASSWORD)).body.code).toBe(200);
    expect((await reset(first, 'another-one-7')).body.code).toBe(12);
  });
});

describe('ForgetUserName', () => {
  test("mails the user name of the address to it, in the user's language", async () => {
    await t.db.update(users).set({ languageCode: 'zh-CN' }).where(eq(users.username, 'customer'));
    expect((await forgetName(' Thomas.Becker@MAIL.example ')).body.code).toBe(200);
    const [mail] = await mailsTo('thomas.becker@mail.example');
    expect(mail).toMatchObject({ category: 'user_name', language: 'zh', subject: '您的 ESS 门户用户名' });
    expect(mail!.body).toContain('thomas.becker@mail.example 对应账户的用户名是：customer');
    expect(mail!.body).toContain('http://localhost:8080/Login');
  });

  test('an unknown address → 11, nothing mailed', async () => {
    expect((await forgetName('nobody@mail.example')).body.code).toBe(11);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(0);
  });

  test.each([
    ['no address', 3, undefined],
    ['blank', 3, ' '],
    ['no top-level part', 2, 'someone@mail'],
    ['a number', 2, 5],
  ])('%s answers %i naming email and changes nothing', async (_, code, email) => {
    const before = await t.database.rowCounts();
    const { body } = await t.post(FORGET_NAME, email === undefined ? {} : { email });
    expect(body.code).toBe(code);
    expect(body.info).toContain('email');
    expect(await t.database.rowCounts()).toEqual(before);
  });

  test('asked again within a minute → 15', async () => {
    expect((await forgetName('thomas.becker@mail.example')).body.code).toBe(200);
    expect((await forgetName('thomas.becker@mail.example')).body.code).toBe(15);
    expect(await mailsTo('thomas.becker@mail.example')).toHaveLength(1);
  });
});
