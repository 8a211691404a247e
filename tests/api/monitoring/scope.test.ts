import { sql } from 'drizzle-orm';
import { queryRows } from '../../../server/core/db';
import type { TestApp } from '../helpers';
import { as, createMonitoringWorld, CUSTOMER_SN, EXPIRED_SHARE_SN } from './world';

let t: TestApp;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
});
afterAll(() => t.close());

/** The S/Ns each scoped role should see, straight from the tables (DESIGN §6). */
async function expectedScope(role: string): Promise<string[]> {
  // The links staff set in user management, never the user's company text.
  const organization = sql`(SELECT organization_id FROM users WHERE username = ${role})`;
  const where = {
    customer: sql`customer_user_id = (SELECT id FROM users WHERE username = 'customer')`,
    sharer: sql`sys_sn = ${CUSTOMER_SN}`,
    installer: sql`installer_company_id = (SELECT installer_company_id FROM users WHERE username = 'installer')`,
    reseller: sql`installer_company_id IN (SELECT id FROM installer_companies WHERE reseller_id = ${organization})`,
    servicepartner: sql`installer_company_id IN (SELECT id FROM installer_companies WHERE service_partner_id = ${organization})`,
    vppmanager: sql`vpp_id IN (SELECT id FROM vpps WHERE manager_user_id = (SELECT id FROM users WHERE username = 'vppmanager'))`,
    supplier: sql`id IN (SELECT system_id FROM system_components WHERE supplier_id = ${organization})`,
  }[role]!;
  const rows = await queryRows<{ sys_sn: string }>(t.db, sql`SELECT sys_sn FROM systems WHERE ${where} ORDER BY sys_sn`);
  return rows.map((r) => r.sys_sn);
}

async function allSns(): Promise<string[]> {
  return (await queryRows<{ sys_sn: string }>(t.db, sql`SELECT sys_sn FROM systems ORDER BY sys_sn`)).map((r) => r.sys_sn);
}

describe('staff list scope per role', () => {
  for (const role of ['installer', 'reseller', 'servicepartner', 'vppmanager', 'supplier']) {
    test(`${role} lists exactly their systems, and a system outside answers 45`, async () => {
      const user = await as(t, role);
      const expected = await expectedScope(role);
      expect(expected.length).toBeGreaterThan(0);
      const { body } = await user.post('/api/ESS/GetSystems', { pageIndex: 1, pageSize: 500 });
      expect(body.code).toBe(200);
      expect(body.data.data.map((s: { sys_sn: string }) => s.sys_sn).sort()).toEqual(expected);
      expect(body.data.dataCount).toBe(expected.length);
      const counts = await user.post('/api/ESS/GetVtSystemStatusCount');
      expect(counts.body.data.total).toBe(expected.length);
      const outside = (await allSns()).find((sn) => !expected.includes(sn))!;
      for (const path of ['/api/ESS/SticsSummeryDataForUser', '/api/Income/PayoffTotalResult']) {
        const answer = await user.post(path, { sn: outside });
        expect(answer.body).toEqual({ code: 45, data: null, info: 'No permission' });
      }
      // An S/N that does not exist answers exactly the same: nothing is revealed.
      expect((await user.post('/api/ESS/SticsSummeryDataForUser', { sn: 'NO-SUCH-SN' })).body).toEqual({
        code: 45,
        data: null,
        info: 'No permission',
      });
    });
  }

  test('unscoped staff (admin) see every system', async () => {
    const { body } = await (await as(t, 'admin')).post('/api/ESS/GetSystems', { pageIndex: 1, pageSize: 500 });
    expect(body.data.dataCount).toBe((await allSns()).length);
  });

  test('roles outside the storage-list route table get 45', async () => {
    for (const role of ['customer', 'sharer', 'fasw']) {
      const user = await as(t, role);
      expect((await user.post('/api/ESS/GetSystems', { pageIndex: 1, pageSize: 10 })).body.code).toBe(45);
      expect((await user.post('/api/ESS/GetVtSystemStatusCount')).body.code).toBe(45);
      expect((await user.post('/api/Position/GetMapsList')).body.code).toBe(45);
    }
  });
});

describe('customer and sharer', () => {
  test("the customer's selector: 'All' first with the sums to 2 decimals, then their systems", async () => {
    const { body } = await (await as(t, 'customer')).post('/api/ESS/GetSystemsByCustomer');
    const expected = await expectedScope('customer');
    const [all, ...own] = body.data;
    expect(own.map((s: { sys_sn: string }) => s.sys_sn)).toEqual(expected);
    expect(all.sys_sn).toBe('All');
    for (const key of ['popv', 'poinv', 'cobat', 'surpluscobat']) {
      expect(all[key]).toBe(Math.round(own.reduce((s: number, x: Record<string, number>) => s + x[key]!, 0) * 100) / 100);
    }
  });

  test('the sharer sees the shared system only, not the one whose share expired', async () => {
    const sharer = await as(t, 'sharer');
    const { body } = await sharer.post('/api/ESS/GetCustomer');
    expect(body.data.map((s: { sys_sn: string }) => s.sys_sn)).toEqual([CUSTOMER_SN]);
    expect((await sharer.post('/api/ESS/SticsSummeryDataForCustomer', { sn: EXPIRED_SHARE_SN })).body.code).toBe(45);
    expect((await sharer.post('/api/ESS/SticsSummeryDataForCustomer', { sn: CUSTOMER_SN })).body.code).toBe(200);
  });

  test("a customer cannot see another customer's system", async () => {
    const foreign = (await allSns()).find((sn) => !sn.startsWith('ESS2024A'))!;
    const customer = await as(t, 'customer');
    for (const path of ['/api/ESS/SticsSummeryDataForCustomer', '/api/Power/SticsByDay', '/api/ESS/GetSysFaultBySn']) {
      expect((await customer.post(path, { sn: foreign, pageIndex: 1, pageSize: 10 })).body.code).toBe(45);
    }
  });

  test('staff cannot use the customer selector calls', async () => {
    expect((await (await as(t, 'admin')).post('/api/ESS/GetSystemsByCustomer')).body.code).toBe(45);
  });

  test('sharers only read: remark and cost changes answer 45 and change nothing', async () => {
    const sharer = await as(t, 'sharer');
    const before = await t.database.rowCounts();
    expect((await sharer.post('/api/ESS/UpdateSystemRemark', { sn: CUSTOMER_SN, remark: 'x' })).body.code).toBe(45);
    expect((await sharer.post('/api/Income/UpdateSystemCost', { sn: CUSTOMER_SN, systemCost: 1 })).body.code).toBe(45);
    expect((await sharer.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: 'a@b.de', days: 3 })).body.code).toBe(45);
    expect(await t.database.rowCounts()).toEqual(before);
  });
});
