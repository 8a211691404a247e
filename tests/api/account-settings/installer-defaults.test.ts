import { and, eq, isNull, sql } from 'drizzle-orm';
import { applyInstallerDefaults } from '../../../server/account/installer-defaults';
import { electricityTariffs, snRegistry, systems, users } from '../../../server/core/db/schema';
import { seedMonitoringDemo } from '../../../server/demo/monitoring/seed';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers';
import { recordingTransport } from '../mail/recording-transport';

/**
 * An installer's defaults (InstallSetting) are what the new owner of a system the
 * installer's company installed starts with (prices, currency, time zone), and the contact the owner and the
 * people they share the system with see; the customer's own choices win, and nobody learns the contact of an
 * installer of a system outside their scope.
 */
const transport = recordingTransport();
let t: TestApp;
let spare: { id: number; sn: string; timeZone: string };
let otherSn: string;
const CHECK = 'K7M2QX';
const EMAIL = 'lena.vogt@mail.example';
const DEFAULTS = {
  countryCode: 'CH',
  timeZone: 'Europe/Zurich',
  currency: 'CHF',
  buyPrice: 0.27,
  feedInPrice: 0.11,
  contactName: 'Marco Rossi',
  contactPhone: '+41 44 555 12 12',
  contactEmail: 'service@sole-impianti.example',
};

beforeAll(async () => {
  t = await createTestApp({ mailTransport: transport });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  transport.clear();
  await seedMonitoringDemo(t.db, { password: DEMO_PASSWORD, now: t.clock(), days: 0, size: 5 });
  const [installer] = await t.db.select({ company: users.installerCompanyId }).from(users).where(eq(users.username, 'installer'));
  const free = await t.db
    .select({ id: systems.id, sn: systems.sysSn, timeZone: systems.timeZone })
    .from(systems)
    .where(isNull(systems.customerUserId))
    .orderBy(systems.id);
  spare = free[0]!;
  otherSn = free[1]!.sn;
  // The spare system was installed by the demo installer's company, and nobody recorded its cost yet.
  await t.db.update(systems).set({ installerCompanyId: installer!.company, systemCost: null }).where(eq(systems.id, spare.id));
  await t.db.insert(snRegistry).values({
    sn: spare.sn.toUpperCase(),
    check_code: CHECK,
    product_type: 'system',
    model: 'ESS-H8',
    production_date: '2025-01-01',
    state: 'installed',
  });
});

async function saveDefaults(values: Partial<typeof DEFAULTS> = {}) {
  const { AccessToken } = await t.login('installer');
  const { body } = await t.post('/api/Account/InstallSetting', { ...DEFAULTS, ...values }, { token: AccessToken });
  expect(body.code).toBe(200);
}

/** Registers Lena for the spare system through the real calls; answers her access token and user id. */
async function register(extra: Record<string, unknown> = {}) {
  expect((await t.post('/api/Account/SendRegisterCode', { email: EMAIL })).body.code).toBe(200);
  await t.app.mailer.deliver();
  const code = /(\d{6})/.exec([...transport.sent].reverse().find((m) => m.to === EMAIL)?.text ?? '')?.[1];
  const { body } = await t.post('/api/Account/Register', {
    username: 'lena.vogt',
    password: 'Sonne2026!',
    name: 'Lena Vogt',
    email: EMAIL,
    code,
    sn: spare.sn,
    check_code: CHECK,
    country: 'CH',
    agreement: true,
    ...extra,
  });
  expect(body.code).toBe(200);
  const [user] = await t.db.select().from(users).where(eq(users.username, 'lena.vogt'));
  return { token: body.data.AccessToken as string, user: user! };
}

const contactOf = (sn: string, token: string) => t.post('/api/Account/GetInstallerContact', { sn }, { token });

test("good path: the new owner starts with the installer's zone, currency and prices, and sees the installer's contact", async () => {
  await saveDefaults();
  const check = await t.post('/api/Account/CheckSysSn', { sn: spare.sn, check_code: CHECK });
  expect(check.body.data.timeZone).toBe('Europe/Zurich');

  const { token, user } = await register();
  expect(user.timeZone).toBe('Europe/Zurich');
  const prices = await t.get(`/api/Account/GetElectrovalenceSetting?sn=${spare.sn}`, { token });
  expect(prices.body.data).toMatchObject({ currency: 'CHF', basePrice: 0.27, feedInPrice: 0.11, periods: [], isDefault: false });
  const [system] = await t.db.select().from(systems).where(eq(systems.id, spare.id));
  expect(system!.currency).toBe('CHF');
  // The system's own zone stays: its daily figures are cut at its midnight.
  expect(system!.timeZone).toBe(spare.timeZone);

  const { body } = await contactOf(spare.sn, token);
  expect(body).toMatchObject({
    code: 200,
    data: {
      company: 'Sole Impianti S.r.l.',
      name: 'Marco Rossi',
      phone: '+41 44 555 12 12',
      email: 'service@sole-impianti.example',
    },
  });
});

test("the customer's own choice wins: a zone picked in the form, prices set for all their systems", async () => {
  await saveDefaults();
  const { user } = await register({ timeZone: 'Europe/Berlin' });
  expect(user.timeZone).toBe('Europe/Berlin');

  // A customer who already set prices for all their systems, given another system of the installer, keeps them.
  await t.db.update(systems).set({ customerUserId: null }).where(eq(systems.id, spare.id));
  await t.db.delete(electricityTariffs).where(eq(electricityTariffs.userId, user.id));
  await t.db
    .insert(electricityTariffs)
    .values({ userId: user.id, systemId: null, currency: 'EUR', basePrice: 0.35, feedInPrice: 0.07, periods: [], updatedAt: t.clock() });
  const [system] = await t.db.select().from(systems).where(eq(systems.id, spare.id));
  expect(await applyInstallerDefaults(t.db, system!, user.id, t.clock())).toBe(false);
  const rows = await t.db.select().from(electricityTariffs).where(eq(electricityTariffs.userId, user.id));
  expect(rows).toEqual([expect.objectContaining({ systemId: null, currency: 'EUR', basePrice: 0.35 })]);
});

test('an installer without defaults: the system keeps its own zone and typical prices; no contact card', async () => {
  const check = await t.post('/api/Account/CheckSysSn', { sn: spare.sn, check_code: CHECK });
  expect(check.body.data.timeZone).toBe(spare.timeZone);
  const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(electricityTariffs);
  const { token, user } = await register();
  expect(user.timeZone).toBe(spare.timeZone);
  expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(electricityTariffs)).toEqual(before);
  expect((await t.get(`/api/Account/GetElectrovalenceSetting?sn=${spare.sn}`, { token })).body.data.isDefault).toBe(true);
  expect((await contactOf(spare.sn, token)).body).toMatchObject({ code: 200, data: null });
});

test('defaults without a contact give prices but no card; a locked installer speaks for the company no more', async () => {
  await saveDefaults({ contactName: '', contactPhone: '', contactEmail: '' });
  const { token, user } = await register();
  expect((await contactOf(spare.sn, token)).body.data).toBeNull();
  expect(
    await t.db
      .select()
      .from(electricityTariffs)
      .where(and(eq(electricityTariffs.userId, user.id), eq(electricityTariffs.systemId, spare.id))),
  ).toHaveLength(1);

  await saveDefaults();
  expect((await contactOf(spare.sn, token)).body.data).not.toBeNull();
  await t.db.update(users).set({ locked: true }).where(eq(users.username, 'installer'));
  expect((await contactOf(spare.sn, token)).body.data).toBeNull();
});

describe('scope', () => {
  test("another system's installer contact is not revealed (45, no data); a sharer reads the shared system's", async () => {
    await saveDefaults();
    const { token } = await register();
    // Another system of the same installer, not Lena's.
    await t.db
      .update(systems)
      .set({ installerCompanyId: sql`(SELECT installer_company_id FROM users WHERE username = 'installer')` })
      .where(eq(systems.sysSn, otherSn));
    for (const sn of [otherSn, 'ESS2024A0001', 'ESS2099ZZ0001']) {
      expect((await contactOf(sn, token)).body).toMatchObject({ code: 45, data: null });
    }
    // The demo customer and sharer: their own or shared system answers (no contact there), Lena's is not theirs.
    for (const who of ['customer', 'sharer']) {
      const { AccessToken } = await t.login(who);
      expect((await contactOf('ESS2024A0001', AccessToken)).body).toMatchObject({ code: 200, data: null });
      expect((await contactOf(spare.sn, AccessToken)).body).toMatchObject({ code: 45, data: null });
    }
    // Staff have the installer archive; the call is the owner's side only.
    const { AccessToken: installer } = await t.login('installer');
    expect((await contactOf(spare.sn, installer)).body).toMatchObject({ code: 45, data: null });
  });

  test.each([
    ['no S/N', 3, {}],
    ['an empty S/N', 3, { sn: '' }],
    ['a huge S/N', 2, { sn: 'S'.repeat(10_000) }],
  ])('%s → %i naming sn', async (_, code, body) => {
    const { AccessToken } = await t.login('customer');
    const { body: answer } = await t.post('/api/Account/GetInstallerContact', body, { token: AccessToken });
    expect(answer.code).toBe(code);
    expect(answer.info).toContain('sn');
  });
});
