import { sql } from 'drizzle-orm';
import { queryRows } from '../../../server/core/db';
import type { TestApp } from '../helpers';
import { as, createMonitoringWorld, CUSTOMER_SN } from './world';

/**
 * Bad input for every monitoring call that takes some: code 2 (bad value) or 3 (missing), `info` naming
 * the field, and nothing in the database changed (no row added or removed, no system or setting edited).
 */
let t: TestApp;
const users: Record<string, Awaited<ReturnType<typeof as>>> = {};
let systemId: number;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
  for (const name of ['customer', 'admin']) users[name] = await as(t, name);
  const [row] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM systems WHERE sys_sn = ${CUSTOMER_SN}`);
  systemId = row!.id;
});
afterAll(() => t.close());

/** Row counts plus the content of the tables a call could edit in place. */
async function fingerprint() {
  const edited = await queryRows<{ name: string; digest: string | null }>(
    t.db,
    sql`SELECT 'systems' AS name, md5(string_agg(s::text, ',' ORDER BY id)) AS digest FROM systems s
        UNION ALL SELECT 'tariffs', md5(string_agg(e::text, ',' ORDER BY id)) FROM electricity_tariffs e
        UNION ALL SELECT 'settings', md5(string_agg(x::text, ',' ORDER BY system_id)) FROM system_settings x
        UNION ALL SELECT 'dashboard', md5(string_agg(d::text, ',' ORDER BY user_id)) FROM dashboard_settings d`,
  );
  return { counts: await t.database.rowCounts(), edited };
}

const longRange = { sn: CUSTOMER_SN, beginDate: '2024-01-01', endDate: '2025-01-02' };

type Case = [who: 'customer' | 'admin', method: 'POST' | 'GET', path: string, body: unknown, code: number, field: string];
const cases: Case[] = [
  ['customer', 'POST', '/api/ESS/GetWeatherData', { sn: CUSTOMER_SN, nowTime: 'yesterday noon' }, 2, 'nowTime'],
  ['customer', 'POST', '/api/ESS/GetWeatherData', { sn: CUSTOMER_SN, nowTime: '2026-03-01 12:00' }, 2, 'nowTime'],
  ['customer', 'POST', '/api/ESS/GetWeatherData', { nowTime: '2026-03-01T12:00:00Z' }, 3, 'sn'],
  ['customer', 'POST', '/api/ESS/SticsSummeryDataForUser', {}, 3, 'sn'],
  ['customer', 'POST', '/api/ESS/SticsSummeryDataForUser', { sn: 'X'.repeat(65) }, 2, 'sn'],
  ['customer', 'POST', '/api/ESS/SticsSummeryDataForCustomer', { sn: 42 }, 2, 'sn'],
  ['customer', 'POST', '/api/ESS/SticsSummeryDataForCustomer', { sn: '   ' }, 3, 'sn'],
  ['customer', 'POST', '/api/Power/PredictivePower', { sn: CUSTOMER_SN, date: '2026-02-31' }, 2, 'date'],
  ['customer', 'POST', '/api/Power/PredictivePower', { sn: CUSTOMER_SN, date: '1.3.2026' }, 2, 'date'],
  ['customer', 'POST', '/api/Power/SticsByPeriod', { sn: CUSTOMER_SN, period: 'month', date: '2026-04-31' }, 2, 'date'],
  ['customer', 'POST', '/api/Income/PayoffStatistic', { sn: CUSTOMER_SN, period: 'week' }, 2, 'period'],
  ['customer', 'POST', '/api/Income/PayoffStatistic', { sn: CUSTOMER_SN, period: 'year', date: '2026-1-1' }, 2, 'date'],
  ['customer', 'POST', '/api/Income/PayoffStatistic', { sn: CUSTOMER_SN }, 3, 'period'],
  ['customer', 'POST', '/api/Income/PayoffTotalResult', {}, 3, 'sn'],
  ['customer', 'POST', '/api/Income/PayoffTotalResult', { sn: ['All'] }, 2, 'sn'],
  ['customer', 'POST', '/api/ESS/GetSysFaultBySn', { sn: CUSTOMER_SN, pageIndex: 1, pageSize: 501 }, 2, 'pageSize'],
  ['customer', 'POST', '/api/ESS/GetSysFaultBySn', { sn: CUSTOMER_SN, pageIndex: 1, pageSize: 10, state: 'pending' }, 2, 'state'],
  ['customer', 'POST', '/api/ESS/GetSysFaultBySn', { sn: CUSTOMER_SN, pageSize: 10 }, 3, 'pageIndex'],
  ['admin', 'POST', '/api/ESS/GetUserLogBySn', { sn: CUSTOMER_SN, pageIndex: 1, pageSize: 501 }, 2, 'pageSize'],
  ['admin', 'POST', '/api/ESS/GetUserLogBySn', { sn: CUSTOMER_SN, pageIndex: 1.5, pageSize: 10 }, 2, 'pageIndex'],
  ['customer', 'POST', '/api/ESS/SaveIndexESSSet', { settings: { layout: 'x'.repeat(20_001) } }, 2, 'settings'],
  ['customer', 'POST', '/api/ESS/SaveIndexESSSet', { settings: 'compact' }, 2, 'settings'],
  ['customer', 'POST', '/api/ESS/SaveIndexESSSet', { settings: ['flow', 'income'] }, 2, 'settings'],
  ['customer', 'POST', '/api/ESS/SaveIndexESSSet', {}, 3, 'settings'],
  ['customer', 'GET', '/api/ESS/GetSecondDataBySn', null, 3, 'sn'],
  ['customer', 'GET', `/api/ESS/GetSecondDataBySn?sn=${'X'.repeat(65)}`, null, 2, 'sn'],
  ['customer', 'GET', '/api/Account/GetElectrovalenceSetting?sn=', null, 3, 'sn'],
  ['customer', 'GET', `/api/Account/GetElectrovalenceSetting?sn=${'X'.repeat(65)}`, null, 2, 'sn'],
  ['customer', 'GET', '/api/Account/GetCustomUseESSSetting', null, 3, 'system_id'],
  ['customer', 'GET', '/api/Account/GetCustomUseESSSetting?system_id=abc', null, 2, 'system_id'],
  ['customer', 'GET', '/api/Account/GetCustomUseESSSetting?system_id=0', null, 2, 'system_id'],
  ['customer', 'POST', '/api/Statistic/SystemStatistic', longRange, 2, 'endDate'],
  [
    'customer',
    'POST',
    '/api/Statistic/SystemStatistic',
    { sn: CUSTOMER_SN, beginDate: '2026-02-30', endDate: '2026-03-01' },
    2,
    'beginDate',
  ],
  ['customer', 'POST', '/api/Power/ExportSticsByDay', { sn: CUSTOMER_SN, date: '2026-02-31' }, 2, 'date'],
  ['customer', 'POST', '/api/Power/ExportSticsByDay', { date: '2026-03-01' }, 3, 'sn'],
  ['customer', 'POST', '/api/Statistic/ExportSystemStatistic', longRange, 2, 'endDate'],
  [
    'customer',
    'POST',
    '/api/Statistic/ExportSystemStatistic',
    { sn: CUSTOMER_SN, beginDate: '2026-03-02', endDate: '2026-03-01' },
    2,
    'endDate',
  ],
  ['customer', 'POST', '/api/Income/ExportPayoffStatistic', { sn: CUSTOMER_SN, period: 'decade' }, 2, 'period'],
  ['customer', 'POST', '/api/Income/ExportPayoffStatistic', { sn: CUSTOMER_SN, period: 'month', date: '2026-02-29' }, 2, 'date'],
  ['admin', 'POST', '/api/ESS/UpdateSystemRemark', { sn: CUSTOMER_SN, remark: 'r'.repeat(1001) }, 2, 'remark'],
  ['customer', 'POST', '/api/Income/UpdateSystemCost', { sn: CUSTOMER_SN, systemCost: 1000, currency: 'euro' }, 2, 'currency'],
];

describe('bad input: code 2/3 naming the field, nothing changed', () => {
  for (const [who, method, path, body, code, field] of cases) {
    test(`${path} ${JSON.stringify(body)?.slice(0, 80) ?? ''}`, async () => {
      const before = await fingerprint();
      const user = users[who]!;
      const { body: answer } = method === 'GET' ? await user.get(path) : await user.post(path, body);
      expect(answer.code).toBe(code);
      expect(answer.info).toContain(field);
      expect(answer.data === null || answer.data?.field === field).toBe(true);
      expect(await fingerprint()).toEqual(before);
    });
  }

  test('the same calls with good input answer 200 (the cases above fail for the named field only)', async () => {
    const customer = users.customer!;
    expect((await customer.post('/api/ESS/GetWeatherData', { sn: CUSTOMER_SN, nowTime: t.clock().toISOString() })).body.code).toBe(200);
    expect(
      (await customer.post('/api/Statistic/SystemStatistic', { sn: CUSTOMER_SN, beginDate: '2025-01-01', endDate: '2025-12-31' })).body
        .code,
    ).toBe(200);
    expect((await customer.post('/api/Power/PredictivePower', { sn: CUSTOMER_SN, date: '2026-02-28' })).body.code).toBe(200);
    expect((await customer.get(`/api/Account/GetCustomUseESSSetting?system_id=${systemId}`)).body.code).toBe(200);
    expect((await customer.post('/api/ESS/SaveIndexESSSet', { settings: { layout: 'x'.repeat(19_900) } })).body.code).toBe(200);
  });
});
