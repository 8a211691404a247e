import type { TestApp } from '../helpers';
import { as, createMonitoringWorld, CUSTOMER_SN } from './world';

let t: TestApp;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
}, 300_000);
afterAll(() => t.close());

const NO_PERMISSION = { code: 45, data: null, info: 'No permission' };

describe("PayoffTotalResult for 'All'", () => {
  test("sums the customer's systems: cost, income, days; the payback percent is the income of the costed systems over their cost", async () => {
    const customer = await as(t, 'customer');
    const list = (await customer.post('/api/ESS/GetSystemsByCustomer')).body.data.filter((s: { sys_sn: string }) => s.sys_sn !== 'All');
    const singles = await Promise.all(
      list.map(async (s: { sys_sn: string }) => (await customer.post('/api/Income/PayoffTotalResult', { sn: s.sys_sn })).body.data),
    );
    const { body } = await customer.post('/api/Income/PayoffTotalResult', { sn: 'All' });
    expect(body.code).toBe(200);
    const all = body.data;
    const cents = (key: string, of = singles) => of.reduce((acc: number, s: Record<string, number>) => acc + Math.round(s[key]! * 100), 0);
    const days = (key: string) => singles.reduce((acc: number, s: Record<string, number>) => acc + s[key]!, 0);
    expect(all.systems).toBe(list.length);
    expect(all.excluded).toEqual([]);
    expect(all.currency).toBe('EUR');
    expect(all.cost_hidden).toBe(false);
    expect(Math.round(all.system_cost * 100)).toBe(cents('system_cost'));
    expect(Math.round(all.income_since_commissioning * 100)).toBe(cents('income_since_commissioning'));
    expect(all.days_reported).toBe(days('days_reported'));
    expect(all.days_in_service).toBe(days('days_in_service'));
    // Each system's average day is rounded to the cent: the sum of those may differ by half a cent each.
    expect(Math.abs(all.daily_income - cents('daily_income') / 100)).toBeLessThanOrEqual(singles.length * 0.005 + 0.001);
    expect(all.commissioned_on).toBe(singles.map((s: { commissioned_on: string }) => s.commissioned_on).sort()[0]);
    const costed = singles.filter((s: { system_cost: number | null }) => (s.system_cost ?? 0) > 0);
    expect(costed.length).toBe(singles.length);
    expect(all.payback_percent).toBe(Math.round((cents('income_since_commissioning', costed) * 1000) / cents('system_cost', costed)) / 10);
    // A date reached lies in the past, an estimate from today on; either says which it is.
    expect(all.payback_basis).not.toBeNull();
    const today = t.clock().toISOString().slice(0, 10);
    if (all.payback_basis === 'reached') expect(all.payback_date <= today).toBe(true);
    else expect(all.payback_date >= today).toBe(true);
  });

  test("a sharer's 'All' covers only the shared system; staff may not ask for 'All'", async () => {
    const sharer = await as(t, 'sharer');
    const all = (await sharer.post('/api/Income/PayoffTotalResult', { sn: 'All' })).body;
    const one = (await sharer.post('/api/Income/PayoffTotalResult', { sn: CUSTOMER_SN })).body;
    expect(all.code).toBe(200);
    expect(all.data.systems).toBe(1);
    expect(all.data.income_since_commissioning).toBe(one.data.income_since_commissioning);
    // The cost is the owner's: the sharer gets neither it nor the payback it would reveal.
    expect(all.data).toMatchObject({ cost_hidden: true, system_cost: null, payback_percent: null, payback_date: null });
    for (const role of ['admin', 'installer']) {
      expect((await (await as(t, role)).post('/api/Income/PayoffTotalResult', { sn: 'All' })).body).toEqual(NO_PERMISSION);
    }
  });
});

describe("income bars for 'All' with a system priced in another currency", () => {
  test("sum only the systems in the first one's currency and name the other, like the payback does", async () => {
    const customer = await as(t, 'customer');
    const sns: string[] = (await customer.post('/api/ESS/GetSystemsByCustomer')).body.data
      .map((s: { sys_sn: string }) => s.sys_sn)
      .filter((sn: string) => sn !== 'All');
    expect(sns.length).toBeGreaterThan(1);
    const other = sns[sns.length - 1]!;
    const tariff = { sn: other, currency: 'CHF', basePrice: 0.3, feedInPrice: 0.1, periods: [] };
    expect((await customer.post('/api/Account/ElectrovalenceSetting', tariff)).body.code).toBe(200);

    const singles = await Promise.all(
      sns.map(async (sn) => (await customer.post('/api/Income/PayoffStatistic', { sn, period: 'lifetime' })).body.data),
    );
    expect(singles.at(-1).currency).toBe('CHF');
    const { body } = await customer.post('/api/Income/PayoffStatistic', { sn: 'All', period: 'lifetime' });
    expect(body.code).toBe(200);
    expect(body.data.currency).toBe('EUR');
    expect(body.data.excluded).toEqual([other]);
    const euro = singles.filter((s: { currency: string }) => s.currency === 'EUR');
    expect(euro.length).toBe(sns.length - 1);
    expect(body.data.total).toBeCloseTo(
      euro.reduce((acc: number, s: { total: number }) => acc + s.total, 0),
      1,
    );
    for (const bar of body.data.bars) {
      const expected = euro.reduce(
        (acc: number, s: { bars: Array<{ label: string; income: number }> }) =>
          acc + (s.bars.find((b) => b.label === bar.label)?.income ?? 0),
        0,
      );
      expect(bar.income).toBeCloseTo(expected, 1);
    }
    // The payback of 'All' leaves out the same system.
    expect((await customer.post('/api/Income/PayoffTotalResult', { sn: 'All' })).body.data.excluded).toEqual([other]);
  });
});
