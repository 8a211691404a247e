import { sql } from 'drizzle-orm';
import { queryRows } from '../../../server/core/db';
import type { TestApp } from '../helpers';
import { as, createMonitoringWorld, CUSTOMER_SN } from './world';

/**
 * The role-scope matrix (DESIGN §6): every scoped role asking any per-system call about a system outside
 * its scope gets code 45 with nothing revealed (the same answer as for an S/N that does not exist), and
 * writes change nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
});
afterAll(() => t.close());

const NO_PERMISSION = { code: 45, data: null, info: 'No permission' };

/** The systems each scoped role may see, straight from the tables. */
async function scopeOf(role: string): Promise<string[]> {
  // The links staff set in user management, never the user's company text.
  const organization = sql`(SELECT organization_id FROM users WHERE username = ${role})`;
  const where = {
    customer: sql`customer_user_id = (SELECT id FROM users WHERE username = 'customer')`,
    sharer: sql`sys_sn IN (SELECT system_sn FROM system_shares WHERE sharer_user_id = (SELECT id FROM users WHERE username = 'sharer') AND expires_at > ${t.clock().toISOString()}::timestamptz)`,
    installer: sql`installer_company_id = (SELECT installer_company_id FROM users WHERE username = 'installer')`,
    reseller: sql`installer_company_id IN (SELECT id FROM installer_companies WHERE reseller_id = ${organization})`,
    servicepartner: sql`installer_company_id IN (SELECT id FROM installer_companies WHERE service_partner_id = ${organization})`,
    vppmanager: sql`vpp_id IN (SELECT id FROM vpps WHERE manager_user_id = (SELECT id FROM users WHERE username = 'vppmanager'))`,
    supplier: sql`id IN (SELECT system_id FROM system_components WHERE supplier_id = ${organization})`,
  }[role]!;
  return (await queryRows<{ sys_sn: string }>(t.db, sql`SELECT sys_sn FROM systems WHERE ${where} ORDER BY sys_sn`)).map((r) => r.sys_sn);
}

/** A system outside the role's scope, one that reports and has a customer where there is one, so 45 hides something real. */
async function outsideOf(role: string): Promise<{ sn: string; id: number }> {
  const inside = await scopeOf(role);
  const rows = await queryRows<{ sys_sn: string; id: number }>(
    t.db,
    sql`SELECT sys_sn, id FROM systems ORDER BY (customer_user_id IS NOT NULL AND last_seen_at IS NOT NULL) DESC, sys_sn`,
  );
  const row = rows.find((r) => !inside.includes(r.sys_sn))!;
  return { sn: row.sys_sn, id: row.id };
}

async function fingerprint() {
  const [systems] = await queryRows<{ digest: string }>(
    t.db,
    sql`SELECT md5(string_agg(s::text, ',' ORDER BY id)) AS digest FROM systems s`,
  );
  return { counts: await t.database.rowCounts(), systems: systems!.digest };
}

type Call = [method: 'POST' | 'GET', path: (sn: string) => string, body: (sn: string) => unknown];
const range = { beginDate: '2026-01-01', endDate: '2026-01-31' };
const CALLS: Record<string, Call> = {
  GetWeatherData: ['POST', () => '/api/ESS/GetWeatherData', (sn) => ({ sn })],
  SticsByPeriod: ['POST', () => '/api/Power/SticsByPeriod', (sn) => ({ sn, period: 'month' })],
  SticsByDay: ['POST', () => '/api/Power/SticsByDay', (sn) => ({ sn })],
  PredictivePower: ['POST', () => '/api/Power/PredictivePower', (sn) => ({ sn })],
  SystemStatistic: ['POST', () => '/api/Statistic/SystemStatistic', (sn) => ({ sn, ...range })],
  PayoffStatistic: ['POST', () => '/api/Income/PayoffStatistic', (sn) => ({ sn, period: 'year' })],
  PayoffTotalResult: ['POST', () => '/api/Income/PayoffTotalResult', (sn) => ({ sn })],
  SticsSummeryDataForUser: ['POST', () => '/api/ESS/SticsSummeryDataForUser', (sn) => ({ sn })],
  GetSecondDataBySn: ['GET', (sn) => `/api/ESS/GetSecondDataBySn?sn=${sn}`, () => null],
  GetUserLogBySn: ['POST', () => '/api/ESS/GetUserLogBySn', (sn) => ({ sn, pageIndex: 1, pageSize: 10 })],
  GetSysFaultBySn: ['POST', () => '/api/ESS/GetSysFaultBySn', (sn) => ({ sn, pageIndex: 1, pageSize: 10 })],
  GetSystemComponents: ['POST', () => '/api/ESS/GetSystemComponents', (sn) => ({ sn })],
  ExportSticsByDay: ['POST', () => '/api/Power/ExportSticsByDay', (sn) => ({ sn })],
  ExportSystemStatistic: ['POST', () => '/api/Statistic/ExportSystemStatistic', (sn) => ({ sn, ...range })],
  ExportPayoffStatistic: ['POST', () => '/api/Income/ExportPayoffStatistic', (sn) => ({ sn, period: 'year' })],
  ExportLifetimeStatistic: ['POST', () => '/api/Statistic/ExportLifetimeStatistic', (sn) => ({ sn })],
  UpdateSystemRemark: ['POST', () => '/api/ESS/UpdateSystemRemark', (sn) => ({ sn, remark: 'not yours' })],
  UpdateSystemCost: ['POST', () => '/api/Income/UpdateSystemCost', (sn) => ({ sn, systemCost: 1, currency: 'USD' })],
};

const ROLES = ['installer', 'reseller', 'servicepartner', 'vppmanager', 'supplier', 'customer', 'sharer'];

describe.each(ROLES)('%s asking about a system outside their scope', (role) => {
  test.each(Object.keys(CALLS))('%s answers 45, reveals nothing, changes nothing', async (name) => {
    const user = await as(t, role);
    const [method, path, body] = CALLS[name]!;
    const ask = (sn: string) => (method === 'GET' ? user.get(path(sn)) : user.post(path(sn), body(sn)));
    const { sn } = await outsideOf(role);
    const before = await fingerprint();
    const answer = await ask(sn);
    expect(answer.body).toEqual(NO_PERMISSION);
    expect(String(answer.headers['content-type'])).toMatch(/json/);
    expect(answer.headers['content-disposition']).toBeUndefined();
    // An S/N that does not exist answers the same: the caller cannot tell the two apart.
    expect((await ask('NO-SUCH-SN')).body).toEqual(NO_PERMISSION);
    expect(await fingerprint()).toEqual(before);
  });

  test("GetCustomUseESSSetting with another customer's system_id answers 45", async () => {
    const user = await as(t, role);
    const { id } = await outsideOf(role);
    expect((await user.get(`/api/Account/GetCustomUseESSSetting?system_id=${id}`)).body).toEqual(NO_PERMISSION);
    expect((await user.get('/api/Account/GetCustomUseESSSetting?system_id=999999')).body).toEqual(NO_PERMISSION);
  });
});

describe('the same calls inside the scope answer', () => {
  test.each(ROLES)('%s reads the faults and the day curve of a system in scope', async (role) => {
    const user = await as(t, role);
    const [sn] = await scopeOf(role);
    expect(sn).toBeDefined();
    expect((await user.post('/api/ESS/GetSysFaultBySn', { sn, pageIndex: 1, pageSize: 10 })).body.code).toBe(200);
    expect((await user.post('/api/Power/SticsByDay', { sn })).body.code).toBe(200);
  });

  test('the customer reads the settings of their own system by system_id', async () => {
    const [row] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM systems WHERE sys_sn = ${CUSTOMER_SN}`);
    const { body } = await (await as(t, 'customer')).get(`/api/Account/GetCustomUseESSSetting?system_id=${row!.id}`);
    expect(body.code).toBe(200);
    expect(body.data.sys_sn).toBe(CUSTOMER_SN);
  });
});
