import { eq, isNull, sql } from 'drizzle-orm';
import { registrationCodes, snRegistry, systemComponents, systems, users } from '../../server/core/db/schema';
import { REGISTRATION_LIMIT } from '../../server/account/registration/service';
import { seedMonitoringDemo } from '../../server/demo/monitoring/seed';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helpers';
import { recordingTransport } from './mail/recording-transport';

/**
 * A home owner registers with the S/N and check code on the label of their system and an
 * e-mailed code; they own the system and are logged in. Every refusal leaves the database as it was (apart from
 * the counted wrong tries, which are the point of the limits).
 */
const transport = recordingTransport();
let t: TestApp;
let spareSn: string;
let ownedSn: string;
const CHECK = 'K7M2QX';
const EMAIL = 'lena.vogt@mail.example';

beforeAll(async () => {
  t = await createTestApp({ mailTransport: transport });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  transport.clear();
  await seedMonitoringDemo(t.db, { password: DEMO_PASSWORD, now: t.clock(), days: 0, size: 4 });
  const [spare] = await t.db.select({ sn: systems.sysSn }).from(systems).where(isNull(systems.customerUserId));
  const [owned] = await t.db
    .select({ sn: systems.sysSn })
    .from(systems)
    .where(sql`${systems.customerUserId} is not null`);
  spareSn = spare!.sn;
  ownedSn = owned!.sn;
  const [part] = await t.db.select().from(systemComponents).where(eq(systemComponents.kind, 'battery')).limit(1);
  const label = (sn: string, product_type: string, state: string, check_code = CHECK) => ({
    sn: sn.toUpperCase(),
    check_code,
    product_type,
    model: 'ESS-H8',
    production_date: '2025-01-01',
    state,
  });
  await t.db
    .insert(snRegistry)
    .values([
      label(spareSn, 'system', 'installed'),
      label(ownedSn, 'system', 'installed'),
      label(part!.sn, 'battery', 'installed'),
      label('ESS2026B0001', 'system', 'free'),
      label('BAT970001', 'battery', 'free'),
    ]);
});

const ip = (n: number) => ({ ip: `198.51.100.${n}` });
const checkSn = (body: unknown, n = 1) => t.post('/api/Account/CheckSysSn', body, ip(n));
const sendCode = (email = EMAIL, n = 1, language?: string) => t.post('/api/Account/SendRegisterCode', { email, language }, ip(n));
const register = (body: Record<string, unknown>, n = 1) => t.post('/api/Account/Register', body, ip(n));

/** The code in the mail handed to the mail server (the outbox keeps it sealed). */
async function mailedCode(email = EMAIL): Promise<string> {
  await t.app.mailer.deliver();
  const mail = [...transport.sent].reverse().find((m) => m.to === email);
  const code = /(\d{6})/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

function form(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    username: 'lena.vogt',
    password: 'Sonne2026!',
    name: 'Lena Vogt',
    email: EMAIL,
    sn: spareSn,
    check_code: CHECK,
    country: 'DE',
    state: 'BY',
    city: 'Munich',
    timeZone: 'Europe/Berlin',
    agreement: true,
    language: 'de',
    ...extra,
  };
}

/** The counts of every table but the wrong-try counters. */
async function countsBesidesTries() {
  const { registration_failures: _f, ...rest } = await t.database.rowCounts();
  return rest;
}

describe('CheckSysSn', () => {
  test('the spare system with its check code (any case) → 200 with its model, country and zone; no token needed', async () => {
    const { body } = await checkSn({ sn: spareSn.toLowerCase(), check_code: CHECK.toLowerCase() });
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ sn: spareSn });
    expect(body.data.countryCode).toMatch(/^[A-Z]{2}$/);
    expect(body.data.timeZone).toContain('/');
    expect(body.data).not.toHaveProperty('systemId');
  });

  test.each([
    ['no S/N', 25, () => ({ check_code: CHECK })],
    ['not an S/N', 61, () => ({ sn: 'ab', check_code: CHECK })],
    ['an unknown S/N', 18, () => ({ sn: 'ESS2099ZZ9999', check_code: CHECK })],
    ['a wrong check code', 21, () => ({ sn: spareSn, check_code: 'AAAAAA' })],
    ['no check code', 21, () => ({ sn: spareSn })],
    ['a system owned by someone', 19, () => ({ sn: ownedSn, check_code: CHECK })],
    ['a free S/N without a system', 9, () => ({ sn: 'ESS2026B0001', check_code: CHECK })],
    ['a free battery', 9, () => ({ sn: 'BAT970001', check_code: CHECK })],
  ])('%s → %i, no user or system changed', async (_, code, body) => {
    const before = await countsBesidesTries();
    const owners = await t.db.select({ id: systems.id, owner: systems.customerUserId }).from(systems);
    expect((await checkSn(body())).body.code).toBe(code);
    expect(await countsBesidesTries()).toEqual(before);
    expect(await t.db.select({ id: systems.id, owner: systems.customerUserId }).from(systems)).toEqual(owners);
  });

  test("a battery built into a system → 22 (register the system's S/N)", async () => {
    const [part] = await t.db.select().from(systemComponents).where(eq(systemComponents.kind, 'battery')).limit(1);
    expect((await checkSn({ sn: part!.sn, check_code: CHECK })).body.code).toBe(22);
  });

  test.each([
    ['a number', { sn: 5, check_code: CHECK }],
    ['10,000 characters', { sn: 'S'.repeat(10_000), check_code: CHECK }],
    ['a NUL byte', { sn: `${'ESS2026B0001'}\u0000`, check_code: CHECK }],
  ])('%s → 2, nothing changed', async (_, body) => {
    const before = await t.database.rowCounts();
    expect((await checkSn(body)).body.code).toBe(2);
    expect(await t.database.rowCounts()).toEqual(before);
  });

  test('guessing the check code: after 5 wrong tries on an S/N even the right code answers 92 for 5 minutes', async () => {
    for (let i = 0; i < REGISTRATION_LIMIT.checkFailsPerSn; i++) {
      expect((await checkSn({ sn: spareSn, check_code: `WRONG${i}` }, 10 + i)).body.code).toBe(21);
    }
    expect((await checkSn({ sn: spareSn, check_code: CHECK }, 30)).body.code).toBe(92);
    t.clock.advance(REGISTRATION_LIMIT.checkWindowMs + 1000);
    expect((await checkSn({ sn: spareSn, check_code: CHECK }, 30)).body.code).toBe(200);
  });

  test('sweeping S/Ns from one address: after 10 misses it answers 92 for any S/N', async () => {
    for (let i = 0; i < REGISTRATION_LIMIT.checkFailsPerIp; i++) {
      expect((await checkSn({ sn: `ESS2099ZZ${1000 + i}`, check_code: CHECK }, 7)).body.code).toBe(18);
    }
    expect((await checkSn({ sn: spareSn, check_code: CHECK }, 7)).body.code).toBe(92);
    // Another client is not held.
    expect((await checkSn({ sn: spareSn, check_code: CHECK }, 8)).body.code).toBe(200);
  });
});

describe('SendRegisterCode', () => {
  test('mails a six-digit code in the language asked for; the outbox shows it masked', async () => {
    const { body } = await sendCode(EMAIL, 1, 'de-DE');
    expect(body).toMatchObject({ code: 200, data: { expiresInSeconds: 900, resendInSeconds: 60 } });
    const code = await mailedCode();
    const mail = transport.sent.find((m) => m.to === EMAIL)!;
    expect(mail.subject).toBe('Ihr Bestätigungscode für das ESS-Portal');
    const outbox = await t.db.execute(sql`SELECT body, category FROM mail_outbox`);
    const rows = (outbox as unknown as { rows: { body: string; category: string }[] }).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.category).toBe('registration_code');
    expect(rows[0]!.body).not.toContain(code);
    const [stored] = await t.db.select().from(registrationCodes);
    expect(stored!.codeHash).not.toContain(code);
  });

  test('an address that has an account → 37, no mail', async () => {
    const before = await t.database.rowCounts();
    const { body } = await sendCode('thomas.becker@mail.example'.toUpperCase());
    const [customer] = await t.db.select({ email: users.email }).from(users).where(eq(users.username, 'customer'));
    const again = await sendCode(customer!.email.toUpperCase());
    expect(again.body.code).toBe(37);
    expect(body.code === 200 || body.code === 37).toBe(true);
    if (body.code === 37) expect(await t.database.rowCounts()).toEqual(before);
  });

  test('again within a minute → 15; the sixth of a day → 16; from one client, the 21st address of the day → 16', async () => {
    expect((await sendCode()).body.code).toBe(200);
    const before = await t.database.rowCounts();
    expect((await sendCode()).body).toMatchObject({ code: 15, info: 'Operation too fast' });
    expect(await t.database.rowCounts()).toEqual(before);
    for (let i = 1; i < REGISTRATION_LIMIT.perEmailPerDay; i++) {
      t.clock.advance(REGISTRATION_LIMIT.resendMs);
      expect((await sendCode(EMAIL, 1 + i)).body.code).toBe(200);
    }
    t.clock.advance(REGISTRATION_LIMIT.resendMs);
    expect((await sendCode(EMAIL, 9)).body).toMatchObject({ code: 16, info: 'Daily action limit reached, come back tomorrow' });
    t.clock.advance(24 * 3_600_000);
    expect((await sendCode(EMAIL, 9)).body.code).toBe(200);

    for (let i = 0; i < REGISTRATION_LIMIT.perIpPerDay; i++) {
      t.clock.advance(REGISTRATION_LIMIT.resendMs);
      expect((await sendCode(`sweep${i}@mail.example`, 50)).body.code).toBe(200);
    }
    t.clock.advance(REGISTRATION_LIMIT.resendMs);
    expect((await sendCode('one-more@mail.example', 50)).body.code).toBe(16);
  });

  test.each([
    ['no e-mail', 3, {}],
    ['a bad address', 2, { email: 'lena@' }],
    ['a huge address', 2, { email: `${'a'.repeat(100_000)}@mail.example` }],
    ['a NUL byte', 2, { email: 'lena\u0000@mail.example' }],
  ])('%s → %i naming email, nothing changed', async (_, code, body) => {
    const before = await t.database.rowCounts();
    const { body: answer } = await t.post('/api/Account/SendRegisterCode', body);
    expect(answer.code).toBe(code);
    expect(answer.info).toContain('email');
    expect(await t.database.rowCounts()).toEqual(before);
  });
});

describe('Register', () => {
  async function withCode(extra: Record<string, unknown> = {}) {
    expect((await sendCode()).body.code).toBe(200);
    return form({ code: await mailedCode(), ...extra });
  }

  test('creates a customer who owns the system, logged in at once; the system is on their list', async () => {
    const { body } = await register(await withCode());
    expect(body.code).toBe(200);
    expect(body.data.sn).toBe(spareSn);
    const [user] = await t.db.select().from(users).where(eq(users.username, 'lena.vogt'));
    expect(user).toMatchObject({
      roles: ['customer'],
      email: EMAIL,
      country: 'DE',
      timeZone: 'Europe/Berlin',
      languageCode: 'de-DE',
      displayName: 'Lena Vogt',
    });
    const [system] = await t.db.select().from(systems).where(eq(systems.sysSn, spareSn));
    expect(system!.customerUserId).toBe(user!.id);
    const info = await t.post('/api/Account/GetUserInfo', {}, { token: body.data.AccessToken });
    expect(info.body.data).toMatchObject({ username: 'lena.vogt', roles: ['customer'] });
    // The dashboard's system selector: their one system.
    const list = await t.post('/api/ESS/GetSystemsByCustomer', undefined, { token: body.data.AccessToken });
    expect(list.body.code).toBe(200);
    expect((list.body.data as { sys_sn: string }[]).map((s) => s.sys_sn).filter((sn) => sn !== 'All')).toEqual([spareSn]);
    const row = await t.db.execute(sql`SELECT state, city, agreement_title, sys_sn FROM registrations`);
    expect((row as unknown as { rows: unknown[] }).rows).toEqual([
      { state: 'BY', city: 'Munich', agreement_title: 'Nutzungsvereinbarung ESS-Portal', sys_sn: spareSn },
    ]);
    // The code is spent, and the label now says 19.
    expect((await register(form({ username: 'other', email: 'other@mail.example', code: '000000' }))).body.code).toBe(19);
    expect((await checkSn({ sn: spareSn, check_code: CHECK }, 3)).body.code).toBe(19);
    // And they log in with their password.
    await t.login('lena.vogt', 'Sonne2026!');
  });

  test.each([
    ['the user name is taken (any case)', 50, { username: 'CUSTOMER' }],
    ['ADMIN, the administrator in capitals', 50, { username: 'ADMIN' }],
    ['аdmin, with a Cyrillic а (a look-alike, UTS #39)', 50, { username: 'аdmin' }],
    ['the administrator’s display name', 37, { name: 'Anna Lindqvist' }],
    ['a staff display name in other case with a Cyrillic І', 37, { name: 'anna lindqvІst' }],
    ['a wrong check code', 21, { check_code: 'ZZZZZZ' }],
    ['an owned system', 19, () => ({ sn: ownedSn })],
    ['an unknown S/N', 18, { sn: 'ESS2099ZZ0001' }],
    ['a free S/N without a system', 9, { sn: 'ESS2026B0001' }],
    ['a wrong mailed code', 53, { code: '999999' }],
    ['no mailed code', 53, { code: undefined }],
    ['a state of another country', 2, { state: 'CA' }],
    ['a city not in the state', 2, { city: 'Hamburg' }],
    ['an unknown time zone', 2, { timeZone: 'Mars/Olympus' }],
    ['the agreement not accepted', 2, { agreement: false }],
    ['a weak password', 2, { password: 'password' }],
    ['a user name with spaces', 2, { username: 'lena vogt' }],
    ['a country that is none', 2, { country: 'XX' }],
  ])('%s → %i, nothing created', async (_, code, extra) => {
    const body = await withCode(typeof extra === 'function' ? extra() : extra);
    if (body.code === '999999') body.code = (await mailedCode()) === '999999' ? '999998' : '999999';
    const before = await countsBesidesTries();
    const { body: answer } = await register(body);
    expect(answer.code).toBe(code);
    const { registration_codes: _c, ...after } = await countsBesidesTries();
    const { registration_codes: _b, ...rest } = before;
    expect(after).toEqual(rest);
    expect(await t.db.select().from(users).where(eq(users.username, 'lena.vogt'))).toEqual([]);
  });

  test('adm1n registers: UTS #39 lists 1 as a look-alike of l, not of i', async () => {
    const { body } = await register(await withCode({ username: 'adm1n', name: 'Adam Ingram' }));
    expect(body.code).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.username, 'adm1n'));
    expect(user!.usernameSkeleton).toBe('adrnln');
  });

  test('an address that has an account → 37', async () => {
    const [customer] = await t.db.select({ email: users.email }).from(users).where(eq(users.username, 'customer'));
    expect((await register(form({ email: customer!.email, code: '123456' }))).body.code).toBe(37);
  });

  test('an expired code → 53; a code used up by 5 wrong tries → 53 even when right', async () => {
    const body = await withCode();
    t.clock.advance(REGISTRATION_LIMIT.codeTtlMs + 1000);
    expect((await register(body)).body.code).toBe(53);

    t.clock.advance(REGISTRATION_LIMIT.resendMs);
    const fresh = await withCode();
    for (let i = 0; i < REGISTRATION_LIMIT.codeTries; i++) {
      expect((await register({ ...fresh, code: fresh.code === '000000' ? '111111' : '000000' })).body.code).toBe(53);
    }
    expect((await register(fresh)).body.code).toBe(53);
    expect(await t.db.select().from(users).where(eq(users.username, 'lena.vogt'))).toEqual([]);
  });

  test('a code mailed to another address does not register this one', async () => {
    expect((await sendCode('someone.else@mail.example')).body.code).toBe(200);
    const code = await mailedCode('someone.else@mail.example');
    expect((await register(form({ code }))).body.code).toBe(53);
  });

  test('two registrations racing for one label: one owner, the other 19 or 53, nothing half-made', async () => {
    const first = await withCode();
    t.clock.advance(REGISTRATION_LIMIT.resendMs);
    expect((await sendCode('second@mail.example', 2)).body.code).toBe(200);
    const second = form({ username: 'second', email: 'second@mail.example', code: await mailedCode('second@mail.example') });
    const answers = await Promise.all([register(first, 1), register(second, 2)]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([19, 200]);
    const owners = await t.db.select({ owner: systems.customerUserId }).from(systems).where(eq(systems.sysSn, spareSn));
    expect(owners[0]!.owner).not.toBeNull();
    expect(
      (
        await t.db
          .select()
          .from(users)
          .where(sql`${users.username} in ('lena.vogt', 'second')`)
      ).length,
    ).toBe(1);
  });

  test.each([
    ['a huge body', { ...form(), name: 'x'.repeat(2_000_000) }],
    ['a NUL byte in the name', form({ name: 'Lena\u0000', code: '123456' })],
    ['a NUL byte in the user name', form({ username: 'lena\u0000', code: '123456' })],
    ['nested junk', { ...form(), sn: { $ne: null } }],
  ])('%s → refused, nothing created', async (_, body) => {
    const before = await t.database.rowCounts();
    const answer = await register(body);
    expect(answer.status === 413 || answer.body.code === 2).toBe(true);
    expect(await t.database.rowCounts()).toEqual(before);
  });
});
