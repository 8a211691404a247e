import { sql } from 'drizzle-orm';
import { queryRows } from '../../../server/core/db';
import type { TestApp } from '../helpers';
import { as, createMonitoringWorld, CUSTOMER_SN } from './world';

let t: TestApp;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
});
afterAll(() => t.close());

const NO_PERMISSION = { code: 45, data: null, info: 'No permission' };

describe('GetSystemComponents', () => {
  test('a system in scope: inverter first, then batteries, meter and EMS, with S/N, model and firmware', async () => {
    for (const role of ['customer', 'sharer', 'admin']) {
      const { body } = await (await as(t, role)).post('/api/ESS/GetSystemComponents', { sn: CUSTOMER_SN });
      expect(body.code).toBe(200);
      const kinds = body.data.map((c: { kind: string }) => c.kind);
      expect(kinds[0]).toBe('inverter');
      expect(kinds).toContain('battery');
      expect(kinds.slice(-2)).toEqual(['meter', 'ems']);
      for (const c of body.data) {
        expect(c.sn).toMatch(/^(INV|BAT|MTR|EMS)/);
        expect(c.model).not.toBe('');
        expect(c.firmware_version).not.toBe('');
      }
      const stored = await queryRows<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM system_components WHERE system_id = (SELECT id FROM systems WHERE sys_sn = ${CUSTOMER_SN})`,
      );
      expect(body.data).toHaveLength(Number(stored[0]!.n));
    }
  });

  test('bad input: 3 without sn or with a blank one (as the forms answer), 2 for a wrong type', async () => {
    const admin = await as(t, 'admin');
    const missing = await admin.post('/api/ESS/GetSystemComponents', {});
    expect(missing.body.code).toBe(3);
    expect(missing.body.info).toContain('sn');
    expect((await admin.post('/api/ESS/GetSystemComponents', { sn: 42 })).body.code).toBe(2);
    expect((await admin.post('/api/ESS/GetSystemComponents', { sn: '   ' })).body.code).toBe(3);
    expect((await t.post('/api/ESS/GetSystemComponents', { sn: CUSTOMER_SN })).status).toBe(401);
  });

  test("scope: outside the caller's systems, or unknown, answers 45 and reveals nothing", async () => {
    const foreign = (
      await queryRows<{ sys_sn: string }>(t.db, sql`SELECT sys_sn FROM systems WHERE customer_user_id IS NULL ORDER BY sys_sn LIMIT 1`)
    )[0]!.sys_sn;
    for (const role of ['customer', 'sharer']) {
      const user = await as(t, role);
      expect((await user.post('/api/ESS/GetSystemComponents', { sn: foreign })).body).toEqual(NO_PERMISSION);
    }
    const installer = await as(t, 'installer');
    const mine = (await installer.post('/api/ESS/GetSystems', { pageIndex: 1, pageSize: 500 })).body.data.data.map(
      (s: { sys_sn: string }) => s.sys_sn,
    );
    const outside = (await queryRows<{ sys_sn: string }>(t.db, sql`SELECT sys_sn FROM systems ORDER BY sys_sn`))
      .map((r) => r.sys_sn)
      .find((sn) => !mine.includes(sn))!;
    expect((await installer.post('/api/ESS/GetSystemComponents', { sn: mine[0] })).body.code).toBe(200);
    expect((await installer.post('/api/ESS/GetSystemComponents', { sn: outside })).body).toEqual(NO_PERMISSION);
    expect((await installer.post('/api/ESS/GetSystemComponents', { sn: 'NO-SUCH-SN' })).body).toEqual(NO_PERMISSION);
    // The sharer's expired share gives nothing either.
    expect((await (await as(t, 'sharer')).post('/api/ESS/GetSystemComponents', { sn: 'ESS2024A0002' })).body).toEqual(NO_PERMISSION);
  });
});
