import type { TestApp } from '../helpers';
import { as, createMonitoringWorld, CUSTOMER_SN } from './world';

let t: TestApp;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
});
afterAll(() => t.close());

const NO_PERMISSION = { code: 45, data: null, info: 'No permission' };

describe("PayoffTotalResult for 'All'", () => {
  test("sums the customer's systems: cost, income, daily income; payback when the combined income repays the combined cost", async () => {
    const customer = await as(t, 'customer');
    const list = (await customer.post('/api/ESS/GetSystemsByCustomer')).body.data.filter((s: { sys_sn: string }) => s.sys_sn !== 'All');
    const singles = await Promise.all(list.map(async (s: { sys_sn: string }) => (await customer.post('/api/Income/PayoffTotalResult', { sn: s.sys_sn })).body.data));
    const { body } = await customer.post('/api/Income/PayoffTotalResult', { sn: 'All' });
    expect(body.code).toBe(200);
    const all = body.data;
    const sum = (key: string) => Math.round(singles.reduce((acc: number, s: Record<string, number>) => acc + s[key]!, 0) * 100) / 100;
    expect(all.systems).toBe(list.length);
    expect(all.excluded).toEqual([]);
    expect(all.currency).toBe('EUR');
    expect(all.system_cost).toBeCloseTo(sum('system_cost'), 2);
    expect(all.income_reported).toBeCloseTo(sum('income_reported'), 2);
    expect(all.daily_income).toBeCloseTo(sum('daily_income'), 2);
    expect(all.income_since_commissioning).toBeCloseTo(sum('income_since_commissioning'), 2);
    expect(all.commissioned_on).toBe(singles.map((s: { commissioned_on: string }) => s.commissioned_on).sort()[0]);
    // The combined payback lies between the earliest and the latest single payback.
    const dates = singles.map((s: { payback_date: string }) => s.payback_date).sort();
    expect(all.payback_date >= dates[0]).toBe(true);
    expect(all.payback_date <= dates[dates.length - 1]).toBe(true);
    // And on that day the combined income reaches the combined cost, the day before it does not.
    const earned = (day: string) =>
      singles.reduce((acc: number, s: { commissioned_on: string; daily_income: number }) => {
        const days = (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${s.commissioned_on}T00:00:00Z`)) / 86_400_000;
        return acc + Math.max(0, days) * s.daily_income;
      }, 0);
    const dayBefore = new Date(Date.parse(`${all.payback_date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(earned(all.payback_date)).toBeGreaterThanOrEqual(all.system_cost - 0.5);
    expect(earned(dayBefore)).toBeLessThan(all.system_cost + 0.5);
    expect(all.payback_percent).toBeGreaterThan(0);
  });

  test("a sharer's 'All' covers only the shared system; staff may not ask for 'All'", async () => {
    const sharer = await as(t, 'sharer');
    const all = (await sharer.post('/api/Income/PayoffTotalResult', { sn: 'All' })).body;
    const one = (await sharer.post('/api/Income/PayoffTotalResult', { sn: CUSTOMER_SN })).body;
    expect(all.code).toBe(200);
    expect(all.data.systems).toBe(1);
    expect(all.data.income_reported).toBe(one.data.income_reported);
    for (const role of ['admin', 'installer']) {
      expect((await (await as(t, role)).post('/api/Income/PayoffTotalResult', { sn: 'All' })).body).toEqual(NO_PERMISSION);
    }
  });
});

describe("income bars for 'All' with a system priced in another currency", () => {
  test('sum only the systems in the first one\'s currency and name the other, like the payback does', async () => {
    const customer = await as(t, 'customer');
    const sns: string[] = (await customer.post('/api/ESS/GetSystemsByCustomer')).body.data.map((s: { sys_sn: string }) => s.sys_sn).filter((sn: string) => sn !== 'All');
    expect(sns.length).toBeGreaterThan(1);
    const other = sns[sns.length - 1]!;
    const tariff = { sn: other, currency: 'CHF', basePrice: 0.3, feedInPrice: 0.1, periods: [] };
    expect((await customer.post('/api/Account/ElectrovalenceSetting', tariff)).body.code).toBe(200);

    const singles = await Promise.all(sns.map(async (sn) => (await customer.post('/api/Income/PayoffStatistic', { sn, period: 'lifetime' })).body.data));
    expect(singles.at(-1).currency).toBe('CHF');
    const { body } = await customer.post('/api/Income/PayoffStatistic', { sn: 'All', period: 'lifetime' });
    expect(body.code).toBe(200);
    expect(body.data.currency).toBe('EUR');
    expect(body.data.excluded).toEqual([other]);
    const euro = singles.filter((s: { currency: string }) => s.currency === 'EUR');
    expect(euro.length).toBe(sns.length - 1);
    expect(body.data.total).toBeCloseTo(euro.reduce((acc: number, s: { total: number }) => acc + s.total, 0), 1);
    for (const bar of body.data.bars) {
      const expected = euro.reduce((acc: number, s: { bars: Array<{ label: string; income: number }> }) => acc + (s.bars.find((b) => b.label === bar.label)?.income ?? 0), 0);
      expect(bar.income).toBeCloseTo(expected, 1);
    }
    // The payback of 'All' leaves out the same system.
    expect((await customer.post('/api/Income/PayoffTotalResult', { sn: 'All' })).body.data.excluded).toEqual([other]);
  });
});
