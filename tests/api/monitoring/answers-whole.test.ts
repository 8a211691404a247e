import { eq } from 'drizzle-orm';
import { users } from '../../../server/core/db/schema/users';
import type { Actor } from '../../../server/core/auth/actor';
import { fleetOverview } from '../../../server/monitoring/fleet-home/service';
import { incomeBars, payoffTotalOf } from '../../../server/monitoring/income/service';
import { systemsInScope, viewerOf } from '../../../server/core/system-scope';
import { readSystemSettings, readTariff } from '../../../server/monitoring/settings/service';
import { ownerSettingsOnDevice } from '../../../server/devices/owner-settings';
import { sharesOf } from '../../../server/monitoring/shares/manage';
import { dailyStatistics, dayCurve, periodBars, summary } from '../../../server/monitoring/stats/service';
import { listSystems, selectorList } from '../../../server/monitoring/systems/service';
import { localDate, resolveTarget } from '../../../server/monitoring/target';
import type { TestApp } from '../helpers';
import { as, createMonitoringWorld, CUSTOMER_SN } from './world';

/**
 * Every monitoring answer leaves through its response schema (contract/monitoring.ts), and a schema drops the fields
 * it does not name: a field the web reads but the schema forgot would vanish on the way out. So each answer here is
 * exactly what its service built, field for field.
 */
let t: TestApp;
let customer: Awaited<ReturnType<typeof as>>;
let admin: Awaited<ReturnType<typeof as>>;
beforeAll(async () => {
  t = await createMonitoringWorld(3);
  customer = await as(t, 'customer');
  admin = await as(t, 'admin');
});
afterAll(() => t.close());

async function viewer(username: string) {
  const [user] = await t.db.select().from(users).where(eq(users.username, username));
  const actor: Actor = { id: user!.id, username, roles: user!.roles, menuDenied: [], sessionId: 's', address: '127.0.0.1' };
  return viewerOf(t.db, actor);
}
/** What the service built, as JSON carries it (dates as text, no undefined fields). */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value));

async function expectWhole(call: Promise<{ body: { code: number; data: unknown } }>, built: unknown) {
  const { body } = await call;
  expect(body.code).toBe(200);
  expect(body.data).toStrictEqual(asJson(built));
}

test("the customer's screens: selector, summary, curve, bars, income, payoff, statistics, shares and settings", async () => {
  const me = await viewer('customer');
  const now = t.clock();
  await expectWhole(customer.post('/api/ESS/GetSystemsByCustomer'), await selectorList(t.db, me, now));
  for (const sn of ['All', CUSTOMER_SN]) {
    const target = await resolveTarget(t.db, me, sn, now);
    const date = localDate(now, target.timeZone);
    await expectWhole(customer.post('/api/ESS/SticsSummeryDataForCustomer', { sn }), await summary(t.db, target, now));
    await expectWhole(customer.post('/api/Power/SticsByDay', { sn, date }), {
      date,
      time_zone: target.timeZone,
      ...(await dayCurve(t.db, target, date)),
    });
    await expectWhole(customer.post('/api/Power/SticsByPeriod', { sn, period: 'year', date }), {
      period: 'year',
      date,
      ...(await periodBars(t.db, target, 'year', date)),
    });
    await expectWhole(customer.post('/api/Income/PayoffStatistic', { sn, period: 'lifetime', date }), {
      period: 'lifetime',
      date,
      ...(await incomeBars(t.db, target, 'lifetime', date, now)),
    });
    await expectWhole(customer.post('/api/Income/PayoffTotalResult', { sn }), await payoffTotalOf(t.db, target, now, () => true));
    await expectWhole(
      customer.post('/api/Statistic/SystemStatistic', { sn, beginDate: date, endDate: date }),
      await dailyStatistics(t.db, target, date, date),
    );
  }
  const [system] = (await systemsInScope(t.db, me, now)).filter((s) => s.sysSn === CUSTOMER_SN);
  await customer.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: 'friend@mail.example', days: 3 });
  await expectWhole(customer.post('/api/ESS/GetShareList', { sn: CUSTOMER_SN }), await sharesOf(t.db, system!, now));
  const [settings] = (await customer.get('/api/Account/GetCustomUseESSList')).body.data;
  expect(settings).toStrictEqual(
    asJson({
      system_id: system!.id,
      sys_sn: system!.sysSn,
      time_zone: system!.timeZone,
      ...(await readSystemSettings(t.db, system!)),
      export_limit_editable: true,
      device: await ownerSettingsOnDevice(t.db, system!),
      sys_name: system!.sysName,
    }),
  );
  await expectWhole(
    customer.get(`/api/Account/GetElectrovalenceSetting?sn=${CUSTOMER_SN}`),
    await readTariff(t.db, me.id, system!, system!.currency),
  );
});

test("staff screens: the storage list's page and the fleet home", async () => {
  const me = await viewer('admin');
  const query = { pageIndex: 1, pageSize: 50, sort: [{ field: 'alarm' as const, order: 'desc' as const }] };
  await expectWhole(admin.post('/api/ESS/GetSystems', query), await listSystems(t.db, me, t.clock(), query));
  await expectWhole(admin.post('/api/ESS/GetFleetOverview', {}), await fleetOverview(t.db, me, t.clock(), 8));
});
