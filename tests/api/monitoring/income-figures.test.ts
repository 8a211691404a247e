import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../server/core/db';
import type { TestApp } from '../helpers';
import { as, createMonitoringWorld, CUSTOMER_SN } from './world';

/**
 * Every money figure of the income card is a sum of real days: the headline total, the
 * lifetime bars, the month bars of each year and the xlsx export agree to the cent, for one system with
 * hand-computed days and for 'All'; days in service without data are said; the cost is the owner's.
 *
 * The system's days (flat tariff: buy 0.30, feed-in 0.08 €/kWh; savings = (load − import) × buy, never
 * below 0; feed-in = export × feed-in price; each rounded to the cent per day):
 *   2024-12-15  load 10,     import 4,   export 3       → 1.80 + 0.24 = 2.04
 *   2025-06-01  load 12.5,   import 2.5, export 7.25    → 3.00 + 0.58 = 3.58
 *   2025-06-30  load 20.333, import 0,   export 10.111  → 6.10 + 0.81 = 6.91  (6.0999 and 0.80888 rounded per day)
 *   2026-02-10  load 8,      import 9,   export 1       → 0.00 + 0.08 = 0.08  (more bought than used: no savings)
 *   2026-03-02  load 10,     import 4,   export 3       → 2.04 (today, the test clock's day)
 * Total 14.65; by year 2.04 / 10.49 / 2.12. Commissioned 2024-11-20: 468 days in service, 5 reported.
 * The last 365 days (after 2025-03-02) hold 4 reported days worth 12.61: 3.1525 a day.
 */
const DAYS: Array<[day: string, load: number, imp: number, exp: number]> = [
  ['2024-12-15', 10, 4, 3],
  ['2025-06-01', 12.5, 2.5, 7.25],
  ['2025-06-30', 20.333, 0, 10.111],
  ['2026-02-10', 8, 9, 1],
  ['2026-03-02', 10, 4, 3],
];

let t: TestApp;
let customer: Awaited<ReturnType<typeof as>>;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
  customer = await as(t, 'customer');
  const [system] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM systems WHERE sys_sn = ${CUSTOMER_SN}`);
  await t.db.execute(sql`UPDATE systems SET commissioned_on = '2024-11-20', system_cost = NULL WHERE id = ${system!.id}`);
  await t.db.execute(sql`DELETE FROM energy_daily WHERE system_id = ${system!.id}`);
  for (const [day, load, imp, exp] of DAYS) {
    await t.db
      .execute(sql`INSERT INTO energy_daily (system_id, day, pv_kwh, load_kwh, charge_kwh, discharge_kwh, import_kwh, export_kwh, self_consumption_kwh, samples)
                           VALUES (${system!.id}, ${day}, 0, ${load}, 0, 0, ${imp}, ${exp}, 0, 288)`);
  }
  const tariff = { sn: CUSTOMER_SN, currency: 'EUR', basePrice: 0.3, feedInPrice: 0.08, periods: [] };
  expect((await customer.post('/api/Account/ElectrovalenceSetting', tariff)).body.code).toBe(200);
}, 300_000);
afterAll(() => t.close());

const payoff = async (sn: string, who = customer) => (await who.post('/api/Income/PayoffTotalResult', { sn })).body;
const bars = async (sn: string, period: string, date?: string) =>
  (await customer.post('/api/Income/PayoffStatistic', { sn, period, date })).body.data;
const setCost = async (systemCost: number) =>
  expect((await customer.post('/api/Income/UpdateSystemCost', { sn: CUSTOMER_SN, systemCost })).body.code).toBe(200);
const cents = (values: number[]) => values.reduce((acc, v) => acc + Math.round(v * 100), 0);

/** The income export's rows as [label, savings, feed-in, income]; the last one is the total. */
async function exported(sn: string, period: string, date?: string): Promise<Array<[string, number, number, number]>> {
  const file = await t.inject({
    method: 'POST',
    url: '/api/Income/ExportPayoffStatistic',
    payload: { sn, period, date },
    headers: { authorization: `Bearer ${customer.token}` },
  });
  expect(file.headers['content-type']).toContain('spreadsheetml');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const rows: Array<[string, number, number, number]> = [];
  book.worksheets[0]!.eachRow((row, n) => {
    if (n > 1)
      rows.push([String(row.getCell(1).value), Number(row.getCell(2).value), Number(row.getCell(3).value), Number(row.getCell(4).value)]);
  });
  return rows;
}

describe('one system with known days and a known tariff', () => {
  test('headline total = lifetime bars = month bars of each year = export, to the cent (hand-computed)', async () => {
    const total = await payoff(CUSTOMER_SN);
    expect(total.code).toBe(200);
    expect(total.data.income_since_commissioning).toBe(14.65);
    const lifetime = await bars(CUSTOMER_SN, 'lifetime');
    expect(lifetime.bars.map((b: { label: string; income: number }) => [b.label, b.income])).toEqual([
      ['2024', 2.04],
      ['2025', 10.49],
      ['2026', 2.12],
    ]);
    expect(lifetime.total).toBe(14.65);
    expect(lifetime.bars.find((b: { label: string }) => b.label === '2025')).toEqual({
      label: '2025',
      savings: 9.1,
      feed_in: 1.39,
      income: 10.49,
    });
    for (const bar of lifetime.bars) {
      const year = await bars(CUSTOMER_SN, 'year', `${bar.label}-01-01`);
      expect(cents(year.bars.map((b: { income: number }) => b.income))).toBe(Math.round(bar.income * 100));
      expect(year.total).toBe(bar.income);
    }
    // A month's day bars: the two June days of 2025 as they were.
    const june = await bars(CUSTOMER_SN, 'month', '2025-06-15');
    expect(june.bars.map((b: { label: string; income: number }) => [b.label, b.income])).toEqual([
      ['2025-06-01', 3.58],
      ['2025-06-30', 6.91],
    ]);

    const sheet = await exported(CUSTOMER_SN, 'lifetime');
    expect(sheet.at(-1)).toEqual(['Total', 12.7, 1.95, 14.65]);
    expect(cents(sheet.slice(0, -1).map((r) => r[3]))).toBe(1465);
  });

  test('days in service without data are said, not filled in', async () => {
    const { data } = await payoff(CUSTOMER_SN);
    expect(data.days_reported).toBe(5);
    expect(data.days_in_service).toBe(468);
    expect(data.gaps).toEqual([{ sn: CUSTOMER_SN, days_reported: 5, days_in_service: 468 }]);
    expect(data.daily_income).toBe(3.15);
  });

  test('payback before it is reached: percent = total / cost, the date an estimate from the last 12 months', async () => {
    await setCost(100);
    const { data } = await payoff(CUSTOMER_SN);
    expect(data.system_cost).toBe(100);
    expect(data.payback_percent).toBe(14.7); // 14.65 / 100
    // 85.35 still to earn at 3.1525 a day: 27.07 → 28 days after 2026-03-02.
    expect(data.payback_date).toBe('2026-03-30');
    expect(data.payback_basis).toBe('last_12_months');
  });

  test('payback once reached: the day the summed days reached the cost, a fact', async () => {
    await setCost(10);
    const { data } = await payoff(CUSTOMER_SN);
    expect(data.payback_percent).toBe(146.5);
    expect(data.payback_date).toBe('2025-06-30'); // 2.04 + 3.58 = 5.62 < 10 ≤ 5.62 + 6.91
    expect(data.payback_basis).toBe('reached');
  });
});

describe("'All'", () => {
  test('the sum over the systems in the same currency: headline = singles = lifetime bars = export, to the cent', async () => {
    await setCost(100);
    const sns: string[] = (await customer.post('/api/ESS/GetSystemsByCustomer')).body.data
      .map((s: { sys_sn: string }) => s.sys_sn)
      .filter((sn: string) => sn !== 'All');
    expect(sns.length).toBeGreaterThan(1);
    const singles = await Promise.all(sns.map(async (sn) => (await payoff(sn)).data));
    const all = (await payoff('All')).data;
    expect(all.currency).toBe('EUR');
    expect(all.excluded).toEqual([]);
    expect(all.systems).toBe(sns.length);
    const expected = cents(singles.map((s) => s.income_since_commissioning));
    expect(Math.round(all.income_since_commissioning * 100)).toBe(expected);
    const lifetime = await bars('All', 'lifetime');
    expect(cents(lifetime.bars.map((b: { income: number }) => b.income))).toBe(expected);
    expect(Math.round(lifetime.total * 100)).toBe(expected);
    expect(Math.round((await exported('All', 'lifetime')).at(-1)![3] * 100)).toBe(expected);
    // Cost and payback percent are the systems' summed cost and the income of those with a cost.
    const costed = singles.filter((s) => (s.system_cost ?? 0) > 0);
    const cost = cents(costed.map((s) => s.system_cost));
    expect(Math.round(all.system_cost * 100)).toBe(cost);
    expect(all.payback_percent).toBe(Math.round((cents(costed.map((s) => s.income_since_commissioning)) * 1000) / cost) / 10);
    expect(all.days_reported).toBe(singles.reduce((acc, s) => acc + s.days_reported, 0));
    expect(all.gaps).toEqual(singles.flatMap((s) => s.gaps));
  });
});

describe('the cost is the owner’s (DESIGN §6)', () => {
  test('partners and sharers who see the system get its income but no cost, payback percent or date', async () => {
    await setCost(4321);
    let seen = 0;
    for (const role of ['installer', 'reseller', 'servicepartner', 'vppmanager', 'supplier', 'sharer']) {
      const body = await payoff(CUSTOMER_SN, await as(t, role));
      if (body.code === 45) continue;
      seen++;
      expect(body.code).toBe(200);
      expect(body.data).toMatchObject({
        cost_hidden: true,
        system_cost: null,
        payback_percent: null,
        payback_date: null,
        payback_basis: null,
      });
      expect(body.data.income_since_commissioning).toBe(14.65);
      expect(JSON.stringify(body)).not.toContain('4321');
    }
    expect(seen).toBeGreaterThanOrEqual(2);
    for (const role of ['customer', 'admin', 'servicer']) {
      const body = await payoff(CUSTOMER_SN, role === 'customer' ? customer : await as(t, role));
      expect(body.data).toMatchObject({ cost_hidden: false, system_cost: 4321 });
    }
  });
});

describe('bad input and other systems', () => {
  test('bad input answers 2 or 3 naming the field', async () => {
    expect((await customer.post('/api/Income/PayoffTotalResult', { sn: '' })).body).toMatchObject({ code: 3 });
    expect((await customer.post('/api/Income/PayoffStatistic', { sn: CUSTOMER_SN, period: 'week' })).body).toMatchObject({
      code: 2,
      info: expect.stringContaining('period'),
    });
    expect(
      (await customer.post('/api/Income/PayoffStatistic', { sn: CUSTOMER_SN, period: 'month', date: '2025-02-30' })).body,
    ).toMatchObject({ code: 2, info: expect.stringContaining('date') });
  });

  test("another owner's system and an unknown S/N answer the same 45, for the total, the bars and the export", async () => {
    const [foreign] = await queryRows<{ sys_sn: string }>(
      t.db,
      sql`SELECT sys_sn FROM systems WHERE customer_user_id IS DISTINCT FROM (SELECT id FROM users WHERE username = 'customer') LIMIT 1`,
    );
    for (const sn of [foreign!.sys_sn, 'ESS0000NOSUCH']) {
      expect(await payoff(sn)).toEqual({ code: 45, data: null, info: 'No permission' });
      expect((await customer.post('/api/Income/PayoffStatistic', { sn, period: 'lifetime' })).body).toEqual({
        code: 45,
        data: null,
        info: 'No permission',
      });
      expect((await customer.post('/api/Income/ExportPayoffStatistic', { sn, period: 'lifetime' })).body).toEqual({
        code: 45,
        data: null,
        info: 'No permission',
      });
    }
  });
});
