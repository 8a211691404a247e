import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { users } from '../../../server/core/db/schema';
import { seedMonitoringDemo } from '../../../server/demo/monitoring/seed';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers';
import { as, CUSTOMER_SN } from './world';

/**
 * The lifetime view's export: the lifetime table (one row per year) and its total, equal to
 * the lifetime bars and to the headline's 'since start'; every export's headers in the caller's language.
 */
let t: TestApp;
const ENERGY = ['pv_kwh', 'load_kwh', 'charge_kwh', 'discharge_kwh', 'import_kwh', 'export_kwh'] as const;

beforeAll(async () => {
  t = await createTestApp();
  await t.reset();
  await seedMonitoringDemo(t.db, { password: DEMO_PASSWORD, now: t.clock(), days: 2, size: 3, lifetime: true });
}, 180_000);
afterAll(() => t.close());

async function sheetOf(token: string, path: string, body: object) {
  const response = await t.inject({ method: 'POST', url: path, payload: body, headers: { authorization: `Bearer ${token}` } });
  expect(response.headers['content-type']).toContain('spreadsheetml');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows, fileName: String(response.headers['content-disposition']) };
}

const speaking = (language: string) => t.db.update(users).set({ languageCode: language }).where(eq(users.username, 'customer'));

describe('the lifetime export', () => {
  afterEach(() => speaking('en-US'));

  test("one row per year as the lifetime table, then the total: the lifetime bars' totals and 'since start'", async () => {
    const customer = await as(t, 'customer');
    const lifetime = (await customer.post('/api/Power/SticsByPeriod', { sn: CUSTOMER_SN, period: 'lifetime' })).body.data;
    const since = (await customer.post('/api/ESS/SticsSummeryDataForUser', { sn: CUSTOMER_SN })).body.data.total;
    const { name, rows, fileName } = await sheetOf(customer.token, '/api/Statistic/ExportLifetimeStatistic', { sn: CUSTOMER_SN });

    expect(fileName).toContain(`lifetime-${CUSTOMER_SN}.xlsx`);
    expect(name).toBe('Lifetime');
    expect(rows[0]).toEqual(['Year', 'PV (kWh)', 'Load (kWh)', 'Charged (kWh)', 'Discharged (kWh)', 'Bought (kWh)', 'Sold (kWh)']);
    // The years of the system's life, each with the figures of its lifetime bar (the table shows these rows).
    expect(lifetime.bars.length).toBe(3);
    expect(rows.slice(1, -1)).toEqual(lifetime.bars.map((bar: Record<string, number>) => [bar.label, ...ENERGY.map((k) => bar[k])]));
    const total = rows.at(-1)!;
    expect(total).toEqual(['Total', ...ENERGY.map((k) => lifetime.totals[k])]);
    ENERGY.forEach((k, i) => {
      // The total row adds up the year rows above it to the cent …
      const years = rows.slice(1, -1).reduce((sum, row) => sum + Number(row[i + 1]), 0);
      expect(Number(total[i + 1])).toBeCloseTo(years, 2);
      // … and is the headline's 'since start' to the kWh it shows (each year is rounded to the cent: 3 × ½ cent at most).
      expect(Math.abs(Number(total[i + 1]) - since[k])).toBeLessThanOrEqual(0.015);
      expect(Math.round(Number(total[i + 1]))).toBe(Math.round(since[k]));
    });
  });

  test("'All': the customer's systems together, equal to their lifetime bars", async () => {
    const customer = await as(t, 'customer');
    const lifetime = (await customer.post('/api/Power/SticsByPeriod', { sn: 'All', period: 'lifetime' })).body.data;
    const { rows } = await sheetOf(customer.token, '/api/Statistic/ExportLifetimeStatistic', { sn: 'All' });
    expect(rows.at(-1)).toEqual(['Total', ...ENERGY.map((k) => lifetime.totals[k])]);
  });

  test('headers, sheet name and total in the language of the caller', async () => {
    await speaking('de-DE');
    const customer = await as(t, 'customer');
    const { name, rows } = await sheetOf(customer.token, '/api/Statistic/ExportLifetimeStatistic', { sn: CUSTOMER_SN });
    expect(name).toBe('Gesamt');
    expect(rows[0]).toEqual([
      'Jahr',
      'PV (kWh)',
      'Verbrauch (kWh)',
      'Geladen (kWh)',
      'Entladen (kWh)',
      'Netzbezug (kWh)',
      'Einspeisung (kWh)',
    ]);
    expect(rows.at(-1)![0]).toBe('Summe');
  });

  test('a missing or malformed S/N: 3 / 2, nothing exported', async () => {
    const customer = await as(t, 'customer');
    expect((await customer.post('/api/Statistic/ExportLifetimeStatistic', {})).body.code).toBe(3);
    expect((await customer.post('/api/Statistic/ExportLifetimeStatistic', { sn: 'x'.repeat(65) })).body.code).toBe(2);
  });

  test("another owner's system: 45, nothing revealed", async () => {
    const installer = await as(t, 'installer');
    const { body } = await installer.post('/api/Statistic/ExportLifetimeStatistic', { sn: CUSTOMER_SN });
    expect(body).toMatchObject({ code: 45, data: null });
  });
});

describe("the other exports speak the caller's language too", () => {
  afterEach(() => speaking('en-US'));

  test('statistics, day curve and income in Chinese', async () => {
    await speaking('zh-CN');
    const customer = await as(t, 'customer');
    const today = (await customer.post('/api/Power/SticsByDay', { sn: CUSTOMER_SN })).body.data.date as string;
    const statistics = await sheetOf(customer.token, '/api/Statistic/ExportSystemStatistic', {
      sn: CUSTOMER_SN,
      beginDate: today,
      endDate: today,
    });
    expect(statistics.name).toBe('统计');
    expect(statistics.rows[0]).toEqual([
      '日期',
      '序列号',
      '光伏 (kWh)',
      '负载 (kWh)',
      '充电量 (kWh)',
      '放电量 (kWh)',
      '购电量 (kWh)',
      '馈网量 (kWh)',
      '自发自用率 (%)',
      '自给率 (%)',
    ]);
    const day = await sheetOf(customer.token, '/api/Power/ExportSticsByDay', { sn: CUSTOMER_SN, date: today });
    expect(day.rows[0]).toEqual(['时间（Europe/Berlin）', '光伏 (W)', '负载 (W)', '电池（W，+ 充电）', '电网（W，+ 购电）', 'SoC (%)']);
    const income = await sheetOf(customer.token, '/api/Income/ExportPayoffStatistic', { sn: CUSTOMER_SN, period: 'lifetime' });
    expect(income.name).toBe('收益');
    expect(income.rows[0]).toEqual(['周期', '节省（EUR）', '馈网收入（EUR）', '收益（EUR）']);
    expect(income.rows.at(-1)![0]).toBe('合计');
  });
});
