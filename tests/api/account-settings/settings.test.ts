import { eq } from 'drizzle-orm';
import { userSettings, users } from '../../../server/core/db/schema';
import { wantsMail } from '../../../server/account/settings/service';
import { seedMonitoringDemo } from '../../../server/demo/monitoring/seed';
import { expectRejected, tokenCache } from '../admin/helpers';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers';

/** The account settings calls of spec §7 that hold a user's own preferences (CONTRACT.md, Account settings). */
describe('account settings: CustomUserSetting, InstallSetting, OtherRoleUserSetting, menu systems, control names', () => {
  let t: TestApp;
  const tokens = tokenCache(() => t);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.reset();
    tokens.clear();
  });
  const get = async (path: string, user: string) => (await t.get(path, { token: await tokens.of(user) })).body;
  const post = async (path: string, body: unknown, user: string) => (await t.post(path, body, { token: await tokens.of(user) })).body;
  const idOf = async (username: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

  const customerPrefs = {
    faultAlerts: true,
    monthlyReport: false,
    news: true,
    quietHours: { enabled: true, start: '22:30', end: '06:45' },
  };
  const installerPrefs = {
    countryCode: 'DE',
    timeZone: 'Europe/Berlin',
    currency: 'EUR',
    buyPrice: 0.32,
    feedInPrice: 0.082,
    contactName: 'Solar Süd Service',
    contactPhone: '+49 89 123456',
    contactEmail: 'service@solar-sued.example',
    customerExportLimit: false,
  };
  const staffPrefs = { landingPage: 'energyStorageList', pageSize: 50, faultMailDelivery: 'digest' };

  it('each role reads its defaults, saves and reads back its own section; wantsMail follows the customer', async () => {
    expect((await get('/api/Account/GetCustomUserSetting', 'customer')).data).toMatchObject({ faultAlerts: true, monthlyReport: true });
    expect((await post('/api/Account/CustomUserSetting', customerPrefs, 'customer')).code).toBe(200);
    expect((await get('/api/Account/GetCustomUserSetting', 'customer')).data).toEqual(customerPrefs);
    const customer = await idOf('customer');
    expect(await wantsMail(t.db, customer, 'monthlyReport')).toBe(false);
    expect(await wantsMail(t.db, customer, 'faultAlerts')).toBe(true);
    expect(await wantsMail(t.db, await idOf('installer'), 'monthlyReport')).toBe(true);

    expect((await get('/api/Account/GetInstallSetting', 'installer')).data).toMatchObject({ currency: 'EUR' });
    expect((await post('/api/Account/InstallSetting', installerPrefs, 'installer')).code).toBe(200);
    expect((await get('/api/Account/GetInstallSetting', 'installer')).data).toEqual(installerPrefs);

    expect((await get('/api/Account/GetOtherRoleUserSetting', 'servicer')).data).toEqual({
      landingPage: 'dashboard',
      pageSize: 20,
      faultMailDelivery: 'immediate',
    });
    expect((await post('/api/Account/OtherRoleUserSetting', staffPrefs, 'servicer')).code).toBe(200);
    expect((await get('/api/Account/GetOtherRoleUserSetting', 'servicer')).data).toEqual(staffPrefs);
    // The admin's own preferences are theirs alone.
    expect((await get('/api/Account/GetOtherRoleUserSetting', 'admin')).data.pageSize).toBe(20);
  });

  it('bad input answers the code naming the field and stores nothing', async () => {
    const cases: [string, string, unknown, number, string][] = [
      ['customer', '/api/Account/CustomUserSetting', { ...customerPrefs, news: 'yes' }, 2, 'news'],
      [
        'customer',
        '/api/Account/CustomUserSetting',
        { ...customerPrefs, quietHours: { enabled: true, start: '25:00', end: '06:00' } },
        2,
        'quietHours.start',
      ],
      ['customer', '/api/Account/CustomUserSetting', { ...customerPrefs, faultAlerts: undefined }, 3, 'faultAlerts'],
      ['installer', '/api/Account/InstallSetting', { ...installerPrefs, timeZone: 'Mars/Olympus' }, 2, 'timeZone'],
      ['installer', '/api/Account/InstallSetting', { ...installerPrefs, countryCode: 'Germany' }, 2, 'countryCode'],
      ['installer', '/api/Account/InstallSetting', { ...installerPrefs, currency: 'DOGE' }, 2, 'currency'],
      ['installer', '/api/Account/InstallSetting', { ...installerPrefs, buyPrice: -1 }, 2, 'buyPrice'],
      ['installer', '/api/Account/InstallSetting', { ...installerPrefs, contactEmail: 'not-an-address' }, 2, 'contactEmail'],
      ['installer', '/api/Account/InstallSetting', { ...installerPrefs, contactPhone: 'call me' }, 2, 'contactPhone'],
      ['servicer', '/api/Account/OtherRoleUserSetting', { ...staffPrefs, pageSize: 33 }, 2, 'pageSize'],
      ['servicer', '/api/Account/OtherRoleUserSetting', { ...staffPrefs, faultMailDelivery: 'weekly' }, 2, 'faultMailDelivery'],
      // A page the servicer may not open, a hidden detail page, no page at all.
      ['servicer', '/api/Account/OtherRoleUserSetting', { ...staffPrefs, landingPage: 'userManagement' }, 2, 'landingPage'],
      ['servicer', '/api/Account/OtherRoleUserSetting', { ...staffPrefs, landingPage: 'AddVpp' }, 2, 'landingPage'],
      ['servicer', '/api/Account/OtherRoleUserSetting', { ...staffPrefs, landingPage: 'nowhere' }, 2, 'landingPage'],
    ];
    for (const [user, path, body, code, field] of cases) await expectRejected(t, path, body, await tokens.of(user), code, field);
    expect(await t.db.select().from(userSettings)).toEqual([]);
  });

  it('a section outside the caller’s role answers 45; no id in a body reaches another user’s row', async () => {
    const refused: [string, string, unknown][] = [
      ['installer', '/api/Account/CustomUserSetting', customerPrefs],
      ['servicer', '/api/Account/CustomUserSetting', customerPrefs],
      ['customer', '/api/Account/InstallSetting', installerPrefs],
      ['servicer', '/api/Account/InstallSetting', installerPrefs],
      ['customer', '/api/Account/OtherRoleUserSetting', staffPrefs],
      ['installer', '/api/Account/OtherRoleUserSetting', staffPrefs],
      ['sharer', '/api/Account/CustomUserSetting', customerPrefs],
    ];
    for (const [user, path, body] of refused) await expectRejected(t, path, body, await tokens.of(user), 45);
    for (const [user, path] of [
      ['installer', '/api/Account/GetCustomUserSetting'],
      ['customer', '/api/Account/GetInstallSetting'],
      ['customer', '/api/Account/GetOtherRoleUserSetting'],
      ['admin', '/api/Account/GetCustomMenuESSlist'],
      ['installer', '/api/Account/GetCustomMenuESSlist'],
    ] as const)
      expect((await get(path, user)).code, `${user} ${path}`).toBe(45);
    // A user id in the body is no field of the call: it is ignored, the caller's own row is written.
    const customer = await idOf('customer');
    const servicer = await idOf('servicer');
    await post('/api/Account/OtherRoleUserSetting', { ...staffPrefs, userId: customer, user_id: customer }, 'servicer');
    const rows = await t.db.select({ userId: userSettings.userId, kind: userSettings.kind }).from(userSettings);
    expect(rows).toEqual([{ userId: servicer, kind: 'staff' }]);
  });

  it('GetCustomMenuESSlist lists the customer’s own systems and the sharer’s shared ones', async () => {
    await seedMonitoringDemo(t.db, { password: DEMO_PASSWORD, now: t.clock(), days: 0, size: 4 });
    const own = (await get('/api/Account/GetCustomMenuESSlist', 'customer')).data;
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((s: any) => s.shared === false && typeof s.sys_sn === 'string')).toBe(true);
    const shared = (await get('/api/Account/GetCustomMenuESSlist', 'sharer')).data;
    expect(shared.length).toBeGreaterThan(0);
    expect(shared.every((s: any) => s.shared === true)).toBe(true);
  });

  it('GetControlNameList names the remote controls of the screens the caller’s roles open', async () => {
    const names = async (user: string) => (await get('/api/Account/GetControlNameList', user)).data.map((c: any) => c.name);
    expect(await names('customer')).toEqual(['backupReserve', 'gridCharge', 'feedInLimit', 'chargeWindows', 'tariff']);
    expect(await names('servicer')).toEqual(
      expect.arrayContaining(['sendCommand', 'firmwareUpgrade', 'timedUpgrade', 'batchSetting', 'dataMigration', 'vppDispatch']),
    );
    expect(await names('servicer')).not.toContain('backupReserve');
    expect(await names('sharer')).toEqual([]);
    // An administrator who hides a screen from a user takes its control away.
    await t.db
      .update(users)
      .set({ menuDenied: ['commandManagement'] })
      .where(eq(users.username, 'dasw'));
    tokens.clear();
    expect(await names('dasw')).not.toContain('sendCommand');
  });
});
