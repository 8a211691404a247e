import { eq, inArray } from 'drizzle-orm';
import { emailRules, faultSubscriptions, mailOutbox, systems, users } from '../../../server/core/db/schema';
import { queueDigests } from '../../../server/faultmail/digest';
import { seedMonitoringDemo } from '../../../server/demo/monitoring/seed';
import { demoDeviceKey } from '../../../server/monitoring/ingest/device-keys';
import { expectOk, expectRejected, tokenCache } from '../admin/helpers';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers';

/** ESS2024A0001: the demo customer's house in Munich (DE). */
const SN = 'ESS2024A0001';
const key = demoDeviceKey(SN, DEMO_PASSWORD);
const fault = (t: TestApp, code = 'F401', level = 'fault') => ({
  code,
  level,
  description: 'ISO fault',
  started_at: new Date(t.clock().getTime() - 600_000).toISOString(),
});
const ingest = (t: TestApp, faults: unknown[]) =>
  t.post('/api/Device/Ingest', { samples: [], faults }, { headers: { 'x-device-key': key } });
const recipients = async (t: TestApp) =>
  (await t.db.select({ r: mailOutbox.recipient }).from(mailOutbox).where(eq(mailOutbox.category, 'system_fault'))).map((x) => x.r).sort();

/** Service engineers beside the demo one, for the routing (they never log in). */
async function addServicers(t: TestApp, names: string[]) {
  const rows = await t.db
    .insert(users)
    .values(
      names.map((name) => ({ username: name, passwordHash: 'x', email: `${name}@service.example`, roles: ['servicer'], timeZone: 'UTC' })),
    )
    .returning({ id: users.id, username: users.username });
  return Object.fromEntries(rows.map((r) => [r.username, r.id]));
}

describe('fault mail subscriptions (sysErrorEmailNotification)', () => {
  let t: TestApp;
  const tokens = tokenCache(() => t);
  let model = '';
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.reset();
    tokens.clear();
    await seedMonitoringDemo(t.db, { password: DEMO_PASSWORD, now: t.clock(), days: 0, size: 4 });
    model = (await t.db.select({ minv: systems.minv }).from(systems).where(eq(systems.sysSn, SN)))[0]!.minv;
  });

  it('a servicer adds, lists, changes and deletes their subscriptions; the form offers the fleet', async () => {
    const token = await tokens.of('servicer');
    const options = await expectOk(t, '/api/FaultMail/GetSubscriptionOptions', {}, token);
    expect(options.countries).toContain('DE');
    expect(options.models).toContain(model);
    const { id } = await expectOk(t, '/api/FaultMail/SaveSubscription', { country: 'DE', model, level: 'all', fault_code: 'all' }, token);
    await expectOk(t, '/api/FaultMail/SaveSubscription', { country: 'all', model: 'all', level: 'protection', fault_code: 'all' }, token);
    let list = await expectOk(t, '/api/FaultMail/GetMySubscriptions', {}, token);
    expect(list.map((r: any) => [r.country, r.model, r.level, r.fault_code])).toEqual([
      ['DE', model, 'all', 'all'],
      ['all', 'all', 'protection', 'all'],
    ]);
    await expectOk(t, '/api/FaultMail/SaveSubscription', { id, country: 'AT', model, level: 'fault', fault_code: 'F401' }, token);
    await expectOk(t, '/api/FaultMail/DeleteSubscription', { id: list[1].id }, token);
    list = await expectOk(t, '/api/FaultMail/GetMySubscriptions', {}, token);
    expect(list.map((r: any) => [r.id, r.country, r.level, r.fault_code])).toEqual([[id, 'AT', 'fault', 'F401']]);
  });

  it('bad input answers 2 or 3 naming the field, a duplicate 83, and changes nothing', async () => {
    const token = await tokens.of('servicer');
    await expectOk(t, '/api/FaultMail/SaveSubscription', { country: 'DE', model: 'all', level: 'all', fault_code: 'all' }, token);
    const good = { country: 'DE', model: 'all', level: 'fault', fault_code: 'all' };
    await expectRejected(t, '/api/FaultMail/SaveSubscription', { ...good, country: 'Germany' }, token, 2, 'country');
    await expectRejected(t, '/api/FaultMail/SaveSubscription', { ...good, level: 'severe' }, token, 2, 'level');
    await expectRejected(t, '/api/FaultMail/SaveSubscription', { ...good, model: '' }, token, 3, 'model');
    await expectRejected(t, '/api/FaultMail/SaveSubscription', { ...good, fault_code: '<script>' }, token, 2, 'fault_code');
    await expectRejected(t, '/api/FaultMail/SaveSubscription', { ...good, id: 'x' }, token, 2, 'id');
    // 'ALL' typed by hand is 'all': the same subscription.
    await expectRejected(t, '/api/FaultMail/SaveSubscription', { country: 'DE', model: 'ALL', level: 'all', fault_code: 'all' }, token, 83);
    await expectRejected(t, '/api/FaultMail/SaveSubscription', { country: 'DE', model: 'all', level: 'all', fault_code: 'all' }, token, 83);
    await expectRejected(t, '/api/FaultMail/DeleteSubscription', { id: 0 }, token, 2, 'id');
    await expectRejected(t, '/api/FaultMail/GetDeliveryLog', { pageIndex: 1, pageSize: 1000 }, token, 2, 'pageSize');
    await expectRejected(t, '/api/FaultMail/GetDeliveryLog', { pageIndex: 1, pageSize: 10, state: 'lost' }, token, 2, 'state');
  });

  it('only servicers may call; another engineer’s subscription is out of reach (45, unchanged)', async () => {
    const others = await addServicers(t, ['other']);
    const [row] = await t.db
      .insert(faultSubscriptions)
      .values({ userId: others.other!, country: 'FR', createdAt: t.clock() })
      .returning({ id: faultSubscriptions.id });
    const token = await tokens.of('servicer');
    await expectRejected(
      t,
      '/api/FaultMail/SaveSubscription',
      { id: row!.id, country: 'DE', model: 'all', level: 'all', fault_code: 'all' },
      token,
      45,
    );
    await expectRejected(t, '/api/FaultMail/DeleteSubscription', { id: row!.id }, token, 45);
    expect(await expectOk(t, '/api/FaultMail/GetMySubscriptions', {}, token)).toEqual([]);
    for (const role of ['admin', 'customer', 'installer', 'systemmanager']) {
      const other = await tokens.of(role);
      await expectRejected(t, '/api/FaultMail/GetMySubscriptions', {}, other, 45);
      await expectRejected(
        t,
        '/api/FaultMail/SaveSubscription',
        { country: 'DE', model: 'all', level: 'all', fault_code: 'all' },
        other,
        45,
      );
      await expectRejected(t, '/api/FaultMail/GetDeliveryLog', { pageIndex: 1, pageSize: 10 }, other, 45);
    }
  });

  it('a fault of model X in DE reaches exactly the servicers whose subscriptions match it', async () => {
    const ids = await addServicers(t, ['de_model', 'de_any', 'fr_only', 'other_model', 'warnings_only', 'code_f401', 'code_f999', 'none']);
    const sub = (name: string, values: Partial<typeof faultSubscriptions.$inferInsert>) => ({
      userId: ids[name]!,
      createdAt: t.clock(),
      ...values,
    });
    await t.db.insert(faultSubscriptions).values([
      sub('de_model', { country: 'DE', model: model.toLowerCase() }),
      sub('de_any', { country: 'DE' }),
      sub('fr_only', { country: 'FR' }),
      sub('other_model', { model: 'NOT-THIS-MODEL' }),
      sub('warnings_only', { level: 'warning' }),
      sub('code_f401', { faultCode: 'f401', level: 'fault' }),
      sub('code_f999', { faultCode: 'F999' }),
      // Two matching subscriptions: still one mail.
      sub('de_model', { level: 'fault' }),
    ]);
    expect((await ingest(t, [fault(t)])).body.code).toBe(200);
    expect(await recipients(t)).toEqual(['code_f401@service.example', 'de_any@service.example', 'de_model@service.example']);
  });

  it('the admin’s rules no longer reach servicers; a customer who turned fault alerts off gets none, one in quiet hours later', async () => {
    await t.db
      .insert(emailRules)
      .values(['servicer', 'customer'].map((value) => ({ category_code: 'system_fault', recipient_kind: 'role', recipient_value: value })));
    await ingest(t, [fault(t)]);
    const [owner] = await t.db.select().from(users).where(eq(users.username, 'customer'));
    expect(await recipients(t)).toEqual([owner!.email]);

    await t.db.delete(mailOutbox);
    const customer = await tokens.of('customer');
    const prefs = { faultAlerts: false, monthlyReport: true, news: true, quietHours: { enabled: false, start: '22:00', end: '07:00' } };
    await expectOk(t, '/api/Account/CustomUserSetting', prefs, customer);
    await ingest(t, [fault(t, 'F402')]);
    expect(await recipients(t)).toEqual([]);

    // Quiet hours around now (08:00 UTC) in the owner's zone: queued, due when they end.
    await t.db.update(users).set({ timeZone: 'UTC' }).where(eq(users.id, owner!.id));
    await expectOk(
      t,
      '/api/Account/CustomUserSetting',
      { ...prefs, faultAlerts: true, quietHours: { enabled: true, start: '06:00', end: '09:30' } },
      customer,
    );
    await ingest(t, [fault(t, 'F403')]);
    const [held] = await t.db.select().from(mailOutbox);
    expect(held!.recipient).toBe(owner!.email);
    expect(held!.nextAttemptAt.toISOString()).toBe('2026-03-02T09:30:00.000Z');
  });

  it('the delivery log shows the caller’s fault mails with their state and why they wait', async () => {
    const token = await tokens.of('servicer');
    await expectOk(t, '/api/FaultMail/SaveSubscription', { country: 'DE', model: 'all', level: 'all', fault_code: 'all' }, token);
    const others = await addServicers(t, ['colleague']);
    await t.db.insert(faultSubscriptions).values({ userId: others.colleague!, createdAt: t.clock() });
    await ingest(t, [fault(t), fault(t, 'F402', 'warning')]);
    await t.app.mailer.deliver();
    const [me] = await t.db.select().from(users).where(eq(users.username, 'servicer'));
    // One of them given up after its attempts.
    const mine = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, me!.email));
    await t.db
      .update(mailOutbox)
      .set({ attempts: 5, lastError: '550 mailbox unavailable' })
      .where(inArray(mailOutbox.id, [mine[0]!.id]));
    const log = await expectOk(t, '/api/FaultMail/GetDeliveryLog', { pageIndex: 1, pageSize: 10 }, token);
    expect(log.dataCount).toBe(2);
    expect(log.data.every((r: any) => r.recipient === me!.email && r.sys_sn === SN)).toBe(true);
    expect(log.data.map((r: any) => r.state).sort()).toEqual(['failed', 'waiting']);
    expect(log.data.find((r: any) => r.state === 'waiting').reason).toMatch(/no mail server/);
    const failed = await expectOk(t, '/api/FaultMail/GetDeliveryLog', { pageIndex: 1, pageSize: 10, state: 'failed' }, token);
    expect(failed.data.map((r: any) => r.reason)).toEqual(['550 mailbox unavailable']);
  });

  it('a servicer who chose the daily digest gets one mail at 07:00 of their zone instead of one per fault', async () => {
    const token = await tokens.of('servicer');
    await t.db.update(users).set({ timeZone: 'UTC', languageCode: 'de-DE' }).where(eq(users.username, 'servicer'));
    await expectOk(t, '/api/FaultMail/SaveSubscription', { country: 'DE', model: 'all', level: 'all', fault_code: 'all' }, token);
    await expectOk(t, '/api/Account/OtherRoleUserSetting', { landingPage: 'dashboard', pageSize: 20, faultMailDelivery: 'digest' }, token);
    await ingest(t, [fault(t), fault(t, 'F402', 'warning')]);
    expect(await recipients(t)).toEqual([]);
    expect(await queueDigests(t.db, 'https://portal.example', new Date('2026-03-03T06:00:00Z'))).toBe(0);
    expect(await queueDigests(t.db, 'https://portal.example', new Date('2026-03-03T07:00:00Z'))).toBe(1);
    // The same hour again (a repeated run) queues nothing more.
    expect(await queueDigests(t.db, 'https://portal.example', new Date('2026-03-03T07:10:00Z'))).toBe(0);
    const [digest] = await t.db.select().from(mailOutbox);
    expect(digest!.category).toBe('system_fault_digest');
    expect(digest!.subject).toBe('Neue Störungen der letzten 24 Stunden: 2');
    expect(digest!.body).toContain(SN);
    const log = await expectOk(t, '/api/FaultMail/GetDeliveryLog', { pageIndex: 1, pageSize: 10 }, token);
    expect(log.data.map((r: any) => r.id)).toEqual([digest!.id]);
  });
});
