import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { queryRows } from '../../../server/core/db';
import type { TestApp } from '../helpers';
import { as, createMonitoringWorld, CUSTOMER_SN } from './world';

let t: TestApp;
let customer: Awaited<ReturnType<typeof as>>;
let admin: Awaited<ReturnType<typeof as>>;
beforeAll(async () => {
  t = await createMonitoringWorld(3);
  customer = await as(t, 'customer');
  admin = await as(t, 'admin');
});
afterAll(() => t.close());

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(t.clock());
const yesterday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date(t.clock().getTime() - 86_400_000));

describe('good paths', () => {
  test('GetSystems: search, filter and sort', async () => {
    const { body } = await admin.post('/api/ESS/GetSystems', {
      pageIndex: 1,
      pageSize: 5,
      countryCode: 'de',
      sort: [{ field: 'popv', order: 'desc' }],
    });
    expect(body.code).toBe(200);
    expect(body.data.data.length).toBeLessThanOrEqual(5);
    expect(body.data.data.every((s: { country_code: string }) => s.country_code === 'DE')).toBe(true);
    const powers = body.data.data.map((s: { popv: number }) => s.popv);
    expect(powers).toEqual([...powers].sort((a, b) => b - a));
    const bySn = await admin.post('/api/ESS/GetSystems', { pageIndex: 1, pageSize: 5, sn: 'a0001' });
    expect(bySn.body.data.data.map((s: { sys_sn: string }) => s.sys_sn)).toEqual([CUSTOMER_SN]);
    const unknown = await admin.post('/api/ESS/GetSystems', { pageIndex: 1, pageSize: 50, status: 'unknown' });
    expect(unknown.body.data.dataCount).toBe(3);
  });

  test("GetSystems sorts by installer: one installer's systems together, the other way round for desc, none last", async () => {
    const installers = async (order: 'asc' | 'desc') =>
      (await admin.post('/api/ESS/GetSystems', { pageIndex: 1, pageSize: 500, sort: [{ field: 'installer', order }] })).body.data.data.map(
        (s: { installer: string | null }) => s.installer,
      );
    const up: Array<string | null> = await installers('asc');
    const down: Array<string | null> = await installers('desc');
    const runs = (list: Array<string | null>) => list.filter((name, i) => i === 0 || name !== list[i - 1]);
    expect(new Set(runs(up)).size).toBe(runs(up).length);
    expect(new Set(up).size).toBeGreaterThan(2);
    const named = (list: Array<string | null>) => runs(list).filter((name) => name !== null);
    expect(named(down)).toEqual([...named(up)].reverse());
    for (const list of [up, down])
      expect(list.slice(list.indexOf(null) === -1 ? list.length : list.indexOf(null)).every((name) => name === null)).toBe(true);
  });

  test('status counts cover every status', async () => {
    const { body } = await admin.post('/api/ESS/GetVtSystemStatusCount');
    for (const status of ['normal', 'warning', 'fault', 'offline', 'protection', 'unknown']) expect(body.data[status]).toBeGreaterThan(0);
  });

  test("summary, day curve and period bars of a system and of 'All'", async () => {
    for (const sn of [CUSTOMER_SN, 'All']) {
      const summary = await customer.post('/api/ESS/SticsSummeryDataForCustomer', { sn });
      expect(summary.body.code).toBe(200);
      expect(summary.body.data.total.pv_kwh).toBeGreaterThan(0);
      expect(summary.body.data.flow.online).toBe(true);
      const curve = await customer.post('/api/Power/SticsByDay', { sn, date: yesterday() });
      expect(curve.body.data.points).toHaveLength(288);
      const bars = await customer.post('/api/Power/SticsByPeriod', { sn, period: 'month', date: today() });
      expect(bars.body.data.bars.length).toBeGreaterThan(0);
      // A year's month bar (monthly rollups) holds what that month's day bars (daily rollups) add up to.
      const year = await customer.post('/api/Power/SticsByPeriod', { sn, period: 'year', date: today() });
      const thisMonth = year.body.data.bars.find((bar: { label: string }) => bar.label === today().slice(0, 7));
      expect(thisMonth.pv_kwh).toBeCloseTo(bars.body.data.totals.pv_kwh, 1);
      expect(thisMonth.self_consumption_kwh).toBeCloseTo(bars.body.data.totals.self_consumption_kwh, 1);
      const lifetime = await customer.post('/api/Power/SticsByPeriod', { sn, period: 'lifetime', date: today() });
      expect(lifetime.body.data.totals.pv_kwh).toBeCloseTo(summary.body.data.total.pv_kwh, 0);
    }
  });

  test('statistics, income, payback, weather and forecast', async () => {
    const stats = await customer.post('/api/Statistic/SystemStatistic', { sn: CUSTOMER_SN, beginDate: yesterday(), endDate: today() });
    expect(stats.body.data).toHaveLength(2);
    const income = await customer.post('/api/Income/PayoffStatistic', { sn: CUSTOMER_SN, period: 'year' });
    expect(income.body.data.total).toBeGreaterThan(0);
    expect(income.body.data.currency).toBe('EUR');
    const payoff = await customer.post('/api/Income/PayoffTotalResult', { sn: CUSTOMER_SN });
    expect(payoff.body.data.payback_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const weather = await customer.post('/api/ESS/GetWeatherData', { sn: CUSTOMER_SN });
    expect(weather.body.data.hours).toHaveLength(24);
    const forecast = await customer.post('/api/Power/PredictivePower', { sn: CUSTOMER_SN });
    expect(forecast.body.data.hours).toHaveLength(24);
  });

  test('remark and system cost are written and logged for the system', async () => {
    // The remark is staff's note (admin), the cost the owner's figure.
    expect((await admin.post('/api/ESS/UpdateSystemRemark', { sn: CUSTOMER_SN, remark: 'South roof' })).body.code).toBe(200);
    expect((await customer.post('/api/Income/UpdateSystemCost', { sn: CUSTOMER_SN, systemCost: 21000, currency: 'EUR' })).body.code).toBe(
      200,
    );
    const log = await admin.post('/api/ESS/GetUserLogBySn', { sn: CUSTOMER_SN, pageIndex: 1, pageSize: 10 });
    expect(log.body.data.data.map((r: { action: string }) => r.action)).toEqual(
      expect.arrayContaining(['update_remark', 'update_system_cost']),
    );
  });

  test('faults of a system with an open fault', async () => {
    const list = await admin.post('/api/ESS/GetSystems', { pageIndex: 1, pageSize: 1, status: 'fault' });
    const sn = list.body.data.data[0].sys_sn;
    const { body } = await admin.post('/api/ESS/GetSysFaultBySn', { sn, pageIndex: 1, pageSize: 10, state: 'open' });
    expect(body.data.data[0]).toMatchObject({ level: 'fault', ended_at: null });
  });

  test('dashboard preferences, the newest sample and map positions', async () => {
    expect((await customer.post('/api/ESS/SaveIndexESSSet', { settings: { cards: ['flow', 'income'] } })).body.code).toBe(200);
    expect((await customer.get('/api/ESS/GetIndexESSSet')).body.data).toEqual({ cards: ['flow', 'income'] });
    const second = await customer.get(`/api/ESS/GetSecondDataBySn?sn=${CUSTOMER_SN}`);
    expect(second.body.data).toMatchObject({ sn: CUSTOMER_SN, online: true });
    // The newest sample, as the summary's power flow shows it.
    const summary = await customer.post('/api/ESS/SticsSummeryDataForUser', { sn: CUSTOMER_SN });
    expect(second.body.data).toEqual({ sn: CUSTOMER_SN, ems_status: expect.any(String), ...summary.body.data.flow });
    const [newest] = await queryRows<{ ts: Date }>(
      t.db,
      sql`SELECT max(ts) AS ts FROM telemetry WHERE system_id = (SELECT id FROM systems WHERE sys_sn = ${CUSTOMER_SN})`,
    );
    expect(second.body.data.ts).toBe(new Date(newest!.ts).toISOString());
    const map = await admin.post('/api/Position/GetMapsList');
    expect(map.body.data.length).toBe(60);
  });

  test('electricity prices and system settings (customer only)', async () => {
    const tariff = { currency: 'EUR', basePrice: 0.35, feedInPrice: 0.08, periods: [{ start: '22:00', end: '06:00', price: 0.25 }] };
    expect((await customer.post('/api/Account/ElectrovalenceSetting', tariff)).body.code).toBe(200);
    expect((await customer.get('/api/Account/GetElectrovalenceSetting')).body.data).toMatchObject({ ...tariff, isDefault: false });
    const overlapping = { ...tariff, periods: [...tariff.periods, { start: '05:00', end: '07:00', price: 0.3 }] };
    expect((await customer.post('/api/Account/ElectrovalenceSetting', overlapping)).body.code).toBe(110);
    const settings = {
      sn: CUSTOMER_SN,
      backupReserveSoc: 20,
      gridCharge: true,
      feedInLimitPercent: 70,
      chargeWindows: [{ start: '01:00', end: '05:00' }],
    };
    expect((await customer.post('/api/Account/CustomUseESSSetting', settings)).body.code).toBe(200);
    const list = await customer.get('/api/Account/GetCustomUseESSList');
    expect(list.body.data.find((s: { sys_sn: string }) => s.sys_sn === CUSTOMER_SN)).toMatchObject({
      backupReserveSoc: 20,
      gridCharge: true,
    });
    expect((await admin.post('/api/Account/ElectrovalenceSetting', tariff)).body.code).toBe(45);
    expect((await (await as(t, 'sharer')).post('/api/Account/CustomUseESSSetting', settings)).body.code).toBe(45);
  });
});

describe('bad input: code 2/3 naming the field, nothing changed', () => {
  const cases: Array<[string, unknown, number, string]> = [
    ['/api/ESS/GetSystems', { pageSize: 10 }, 3, 'pageIndex'],
    ['/api/ESS/GetSystems', { pageIndex: 0, pageSize: 10 }, 2, 'pageIndex'],
    ['/api/ESS/GetSystems', { pageIndex: 1, pageSize: 10, sort: [{ field: 'password', order: 'asc' }] }, 2, 'sort'],
    ['/api/Power/SticsByDay', { sn: CUSTOMER_SN, date: '2026-13-45' }, 2, 'date'],
    ['/api/Power/SticsByPeriod', { sn: CUSTOMER_SN, period: 'week' }, 2, 'period'],
    ['/api/Power/SticsByDay', {}, 3, 'sn'],
    ['/api/Statistic/SystemStatistic', { sn: CUSTOMER_SN, beginDate: '2026-03-02', endDate: '2026-03-01' }, 2, 'endDate'],
    ['/api/Income/UpdateSystemCost', { sn: CUSTOMER_SN, systemCost: -5 }, 2, 'systemCost'],
    ['/api/ESS/UpdateSystemRemark', { sn: CUSTOMER_SN }, 3, 'remark'],
    ['/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: 'not-an-address', days: 3 }, 2, 'email'],
    ['/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: 'friend@mail.example', days: 'abc' }, 2, 'days'],
    ['/api/ESS/ShareSub', { sn: CUSTOMER_SN, days: 3 }, 3, 'email'],
    [
      '/api/Account/CustomUseESSSetting',
      { sn: CUSTOMER_SN, backupReserveSoc: 5, gridCharge: true, feedInLimitPercent: 50, chargeWindows: [] },
      2,
      'backupReserveSoc',
    ],
    [
      '/api/Account/ElectrovalenceSetting',
      { currency: 'EUR', basePrice: 0.3, feedInPrice: 0.1, periods: [{ start: '25:00', end: '06:00', price: 1 }] },
      2,
      'periods.0.start',
    ],
  ];
  for (const [path, body, code, field] of cases) {
    test(`${path} ${JSON.stringify(body)}`, async () => {
      const before = await t.database.rowCounts();
      const { body: answer } = await customer.post(path, body);
      expect(answer.code).toBe(code);
      expect(answer.info).toContain(field);
      expect(await t.database.rowCounts()).toEqual(before);
    });
  }
});

describe('exports', () => {
  async function readXlsx(path: string, body: unknown) {
    const response = await t.inject({
      method: 'POST',
      url: path,
      payload: body as object,
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(response.headers['content-disposition']).toMatch(/attachment; filename=".+\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    return workbook.worksheets[0]!;
  }

  test('the day curve: a header and 288 rows', async () => {
    const sheet = await readXlsx('/api/Power/ExportSticsByDay', { sn: CUSTOMER_SN, date: yesterday() });
    expect(sheet.rowCount).toBe(289);
    expect(sheet.getRow(2).getCell(1).value).toBe('00:00');
  });

  test('the statistics: one row per day', async () => {
    const sheet = await readXlsx('/api/Statistic/ExportSystemStatistic', { sn: CUSTOMER_SN, beginDate: yesterday(), endDate: today() });
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(2).value).toBe(CUSTOMER_SN);
  });

  test("the income: one row per bar of the year, with the bars' figures and the currency in the headers", async () => {
    const request = { sn: CUSTOMER_SN, period: 'year', date: today() };
    const { body } = await customer.post('/api/Income/PayoffStatistic', request);
    const sheet = await readXlsx('/api/Income/ExportPayoffStatistic', request);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Period', 'Savings (EUR)', 'Feed-in (EUR)', 'Income (EUR)']);
    expect(body.data.bars.length).toBeGreaterThan(0);
    // Header, one row per bar, and the Total row (its figures are held against the headline in income-figures.test.ts).
    expect(sheet.rowCount).toBe(body.data.bars.length + 2);
    body.data.bars.forEach((bar: { label: string; savings: number; feed_in: number; income: number }, i: number) => {
      expect(sheet.getRow(i + 2).values).toEqual([undefined, bar.label, bar.savings, bar.feed_in, bar.income]);
    });
    expect(sheet.getRow(body.data.bars.length + 2).getCell(4).value).toBe(body.data.total);
  });

  test('code 8 when there is nothing to export', async () => {
    for (const [path, body] of [
      ['/api/Power/ExportSticsByDay', { sn: CUSTOMER_SN, date: '2020-01-01' }],
      ['/api/Statistic/ExportSystemStatistic', { sn: CUSTOMER_SN, beginDate: '2020-01-01', endDate: '2020-01-31' }],
      ['/api/Income/ExportPayoffStatistic', { sn: CUSTOMER_SN, period: 'month', date: '2020-01-01' }],
    ] as const) {
      expect((await customer.post(path, body)).body).toMatchObject({ code: 8 });
    }
  });
});
