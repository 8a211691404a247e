import { eq } from 'drizzle-orm';
import { mailOutbox, users } from '../../../server/core/db/schema';
import { seedMonitoringDemo } from '../../../server/demo/monitoring/seed';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers';
import { recordingTransport } from '../mail/recording-transport';
import { as, CUSTOMER_SN } from './world';

let t: TestApp;
/** The mail server: the only place an invitation link is in clear (the outbox shows it masked). */
const transport = recordingTransport();
beforeAll(async () => {
  t = await createTestApp({ mailTransport: transport });
  await t.reset();
  await seedMonitoringDemo(t.db, { password: DEMO_PASSWORD, now: t.clock(), days: 0 });
});
afterAll(() => t.close());

/** The token of the newest /shareRegister link handed to the mail server for the address. */
async function mailedInvitation(address: string) {
  await t.app.mailer.deliver();
  return transport.tokenTo(address, '/shareRegister');
}

test('a share to a new address: invitation, registration, login, and 97 once it expired', async () => {
  const customer = await as(t, 'customer');
  const { body } = await customer.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: ' Neighbour@Mail.example ', days: '2' });
  expect(body.code).toBe(200);
  const token = body.data.register_token as string;
  expect(token).toBeTruthy();
  expect((await t.post('/api/Account/CheckSharerAccount', { token })).body.data).toEqual({ email: 'neighbour@mail.example' });
  expect((await t.post('/api/Account/RegisterSharerAccount', { token, username: 'customer', password: 'abc12345' })).body.code).toBe(50);
  expect((await t.post('/api/Account/RegisterSharerAccount', { token, username: 'neighbour', password: 'short' })).body.code).toBe(2);
  expect((await t.post('/api/Account/RegisterSharerAccount', { token, username: 'neighbour', password: 'abc12345' })).body.code).toBe(200);
  expect((await t.post('/api/Account/CheckSharerAccount', { token })).body.code).toBe(12);
  const neighbour = await t.login('neighbour', 'abc12345');
  const list = await t.post('/api/ESS/GetCustomer', undefined, { token: neighbour.AccessToken });
  expect(list.body.data.map((s: { sys_sn: string }) => s.sys_sn)).toEqual([CUSTOMER_SN]);
  // Sharing again renews rather than duplicates, and needs no new invitation.
  const again = await customer.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: 'neighbour@mail.example', days: 1 });
  expect(again.body.data).toMatchObject({ sharer_username: 'neighbour', register_token: null });
  t.clock.advance(2 * 86_400_000);
  expect((await t.post('/api/Account/Login', { username: 'neighbour', password: 'abc12345' })).body.code).toBe(97);
});

test("only the owner shares; staff accounts and the owner's own address are refused", async () => {
  const admin = await as(t, 'admin');
  const customer = await as(t, 'customer');
  const before = await t.database.rowCounts();
  expect((await admin.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: 'x@mail.example', days: 3 })).body.code).toBe(45);
  expect(
    (await customer.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: 'anna.lindqvist@ess-portal.example', days: 3 })).body.code,
  ).toBe(37);
  expect((await customer.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: 'thomas.becker@mail.example', days: 3 })).body.code).toBe(2);
  expect(await t.database.rowCounts()).toEqual(before);
});

test("an address that is another account's user name → 37 on the e-mail field (was a 500), nothing changed", async () => {
  const [dev] = await t.db.select().from(users).where(eq(users.username, 'dev'));
  await t.db.update(users).set({ username: 'kenji@mail.example' }).where(eq(users.id, dev!.id));
  try {
    const customer = await as(t, 'customer');
    const before = await t.database.rowCounts();
    const { body } = await customer.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: ' Kenji@Mail.example ', days: 3 });
    expect(body).toMatchObject({ code: 37, data: { field: 'email' }, info: expect.stringContaining('User exists') });
    expect(await t.database.rowCounts()).toEqual(before);
  } finally {
    await t.db.update(users).set({ username: 'dev' }).where(eq(users.id, dev!.id));
  }
});

describe('the e-mail a share sends', () => {
  const mailsTo = (address: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, address)).orderBy(mailOutbox.id);

  test("a new person gets the /shareRegister link of the answer, in the owner's language", async () => {
    await t.db.update(users).set({ languageCode: 'de-DE' }).where(eq(users.username, 'customer'));
    const customer = await as(t, 'customer');
    const { body } = await customer.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: 'Invited.Friend@mail.example', days: 5 });
    expect(body.code).toBe(200);
    const [mail, ...more] = await mailsTo('invited.friend@mail.example');
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({
      category: 'share_invitation',
      language: 'de',
      subject: 'Thomas Becker hat ein Speichersystem mit Ihnen geteilt',
    });
    expect(mail!.body).toContain('http://localhost:8080/shareRegister?token=•••• (nur per E-Mail versandt)');
    expect(mail!.body).not.toContain(body.data.register_token);
    expect(mail!.body).toContain(CUSTOMER_SN);
    expect(await mailedInvitation('invited.friend@mail.example')).toBe(body.data.register_token);
    expect(transport.sent.at(-1)!.text).toContain(`http://localhost:8080/shareRegister?token=${body.data.register_token}`);
    await t.db.update(users).set({ languageCode: 'en-US' }).where(eq(users.username, 'customer'));
  });

  test('someone who already has a sharer account gets a notice with the login link and their user name', async () => {
    const customer = await as(t, 'customer');
    expect(
      (await customer.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: 'julia.becker@mail.example', days: 3 })).body.data.register_token,
    ).toBeNull();
    const mail = (await mailsTo('julia.becker@mail.example')).at(-1)!;
    expect(mail).toMatchObject({ category: 'share_invitation', language: 'en', subject: 'Thomas Becker shared a storage system with you' });
    expect(mail.body).toContain('Hello Julia Becker,');
    expect(mail.body).toContain('Log in with your user name sharer: http://localhost:8080/Login');
    expect(mail.body).not.toContain('shareRegister');
  });

  test('a refused share sends nothing', async () => {
    const admin = await as(t, 'admin');
    await admin.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: 'nobody-mailed@mail.example', days: 3 });
    expect(await mailsTo('nobody-mailed@mail.example')).toHaveLength(0);
  });
});

describe('ShareSub days: whole days in digits (spec §5)', () => {
  test.each([
    ["'1e2'", '1e2'],
    ["'0x10'", '0x10'],
    ["'1.5'", '1.5'],
    ['1.5', 1.5],
    ["'-3'", '-3'],
    ['true', true],
    ['0', 0],
    ["'0'", '0'],
    ['[3]', [3]],
  ])('%s answers 2 naming days and stores nothing', async (_, days) => {
    const customer = await as(t, 'customer');
    const before = await t.database.rowCounts();
    const { body } = await customer.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: 'days@mail.example', days });
    expect(body.code).toBe(2);
    expect(body.info).toContain('days');
    expect(await t.database.rowCounts()).toEqual(before);
  });

  test("missing or blank days answers 3; ' 30 ' and 30 are 30 days", async () => {
    const customer = await as(t, 'customer');
    expect((await customer.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: 'days@mail.example' })).body.code).toBe(3);
    expect((await customer.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: 'days@mail.example', days: '' })).body.code).toBe(3);
    const text = await customer.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: 'days@mail.example', days: ' 30 ' });
    expect(new Date(text.body.data.expires_at).getTime() - t.clock().getTime()).toBe(30 * 86_400_000);
    const number = await customer.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: 'days@mail.example', days: 30 });
    expect(number.body.code).toBe(200);
  });

  test('the OpenAPI document still describes the call', async () => {
    const { AccessToken } = await t.login('admin');
    const doc = (await t.inject({ method: 'GET', url: '/api/docs/json', headers: { authorization: `Bearer ${AccessToken}` } })).json();
    expect(doc.paths['/api/ESS/ShareSub']).toBeDefined();
  });
});

test('the selector list marks the systems shared with the caller; such a system cannot be shared on (45)', async () => {
  const [sharer] = await t.db.select().from(users).where(eq(users.username, 'sharer'));
  await t.db
    .update(users)
    .set({ roles: ['customer', 'sharer'] })
    .where(eq(users.id, sharer!.id));
  try {
    const both = await as(t, 'sharer');
    const list = (await both.post('/api/ESS/GetSystemsByCustomer')).body.data as { sys_sn: string; shared_with_me?: boolean }[];
    const shared = list.filter((s) => s.shared_with_me);
    expect(shared.length).toBeGreaterThan(0);
    expect(list.filter((s) => s.sys_sn !== 'All').every((s) => s.shared_with_me === true)).toBe(true);
    const before = await t.database.rowCounts();
    expect((await both.post('/api/ESS/ShareSub', { sn: shared[0]!.sys_sn, email: 'onward@mail.example', days: 3 })).body.code).toBe(45);
    expect(await t.database.rowCounts()).toEqual(before);
    const own = (await (await as(t, 'customer')).post('/api/ESS/GetSystemsByCustomer')).body.data as {
      sys_sn: string;
      shared_with_me?: boolean;
    }[];
    expect(own.filter((s) => s.sys_sn !== 'All').every((s) => s.shared_with_me === false)).toBe(true);
  } finally {
    await t.db
      .update(users)
      .set({ roles: ['sharer'] })
      .where(eq(users.id, sharer!.id));
  }
});

test('sharing again with someone who has not registered yet sends a new registration link, not a login notice', async () => {
  const customer = await as(t, 'customer');
  const first = await customer.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: 'late.reader@mail.example', days: 2 });
  const again = await customer.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: 'late.reader@mail.example', days: 4 });
  expect(again.body.data.register_token).toBeTruthy();
  expect(again.body.data.register_token).not.toBe(first.body.data.register_token);
  const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'late.reader@mail.example')).orderBy(mailOutbox.id);
  expect(mails).toHaveLength(2);
  expect(mails[1]!.body).toContain('/shareRegister?token=••••');
  expect(mails[1]!.body).not.toContain('/Login');
  expect(await mailedInvitation('late.reader@mail.example')).toBe(again.body.data.register_token);
  const register = await t.post('/api/Account/RegisterSharerAccount', {
    token: again.body.data.register_token,
    username: 'late-reader',
    password: 'abc12345',
  });
  expect(register.body.code).toBe(200);
  // Registered now: the next share is a notice with the login link.
  const third = await customer.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: 'late.reader@mail.example', days: 4 });
  expect(third.body.data).toMatchObject({ sharer_username: 'late-reader', register_token: null });
});
