import { sql } from 'drizzle-orm';
import { queryRows } from '../../../server/core/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCheckCode, seedAdminDemo } from '../../../server/demo/admin';
import { systemComponents } from '../../../server/core/db/schema/monitoring';
import { seedMonitoringDemo } from '../../../server/demo/monitoring/seed';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers';
import { expectOk, expectRejected, tokenCache } from './helpers';

/** The administration demo `npm start` seeds on a fresh database (server/boot.ts), on a small fleet. */
let t: TestApp;
const tokens = tokenCache(() => t);
beforeAll(async () => {
  t = await createTestApp();
  await t.reset();
  await seedMonitoringDemo(t.db, { password: DEMO_PASSWORD, now: t.clock(), days: 1, size: 6 });
  await seedAdminDemo(t.db, { now: t.clock() });
}, 120_000);
afterAll(() => t.close());

describe('the administration demo', () => {
  it('has installer and service-partner licenses, the demo installer and service partner holding one, one expired', async () => {
    const admin = await tokens.of('admin');
    const page = await expectOk(t, '/api/License/GetLicensePageList', { pageIndex: 1, pageSize: 50 }, admin);
    expect(page.dataCount).toBeGreaterThanOrEqual(8);
    const types = new Set(page.data.map((l: any) => l.license_type));
    expect(types).toEqual(new Set(['installer', 'servicepartner']));
    const holders = page.data.filter((l: any) => l.assigned_user).map((l: any) => `${l.assigned_user}:${l.license_type}`);
    expect(holders.sort()).toEqual(['installer:installer', 'servicepartner:servicepartner']);
    const today = t.clock().toISOString().slice(0, 10);
    expect(page.data.filter((l: any) => l.expires_at < today)).toHaveLength(1);
    // The expired one is refused when a new installer registers with it (38).
    const expired = page.data.find((l: any) => l.expires_at < today);
    await expectRejected(
      t,
      '/api/User/SaveUser',
      {
        username: 'newinstaller',
        display_name: 'N',
        email: 'n@example.com',
        roles: ['installer'],
        language_code: 'en-US',
        password: 'Install2026',
        license_key: expired.license_key,
      },
      admin,
      38,
    );
  });

  it("registers the fleet's inverter and battery S/Ns with check codes, plus free stock that passes the check", async () => {
    const admin = await tokens.of('admin');
    const parts = await t.db.select().from(systemComponents);
    const inverter = parts.find((p) => p.kind === 'inverter')!;
    const battery = parts.find((p) => p.kind === 'battery')!;
    for (const part of [inverter, battery]) {
      const found = await expectOk(t, '/api/SN/GetSnPageList', { pageIndex: 1, pageSize: 5, sn: part.sn }, admin);
      expect(found.data[0]).toMatchObject({ sn: part.sn, product_type: part.kind, model: part.model });
      expect(['installed', 'moving', 'banned']).toContain(found.data[0].state);
    }
    // In the field: the right check code answers 22 (installed), a wrong one 21.
    await expectRejected(t, '/api/SN/CheckSn', { sn: inverter.sn, check_code: demoCheckCode(inverter.sn) }, admin, 22);
    await expectRejected(t, '/api/SN/CheckSn', { sn: inverter.sn, check_code: 'WRONG1' }, admin, 21);
    const free = await expectOk(t, '/api/SN/GetSnPageList', { pageIndex: 1, pageSize: 50, state: 'free' }, admin);
    expect(free.dataCount).toBeGreaterThanOrEqual(10);
    const stock = free.data[0];
    expect(await expectOk(t, '/api/SN/CheckSn', { sn: stock.sn, check_code: demoCheckCode(stock.sn) }, admin)).toMatchObject({
      sn: stock.sn,
    });
  });

  it('has notification categories and delivery rules by role, country and address', async () => {
    const admin = await tokens.of('admin');
    const categories = await expectOk(t, '/api/EmailRule/GetCategoryPageList', { pageIndex: 1, pageSize: 50 }, admin);
    expect(categories.data.map((c: any) => c.category_code)).toContain('system_fault');
    const rules = await expectOk(t, '/api/EmailRule/GetEmailRulePageList', { pageIndex: 1, pageSize: 50 }, admin);
    expect(new Set(rules.data.map((r: any) => r.recipient_kind))).toEqual(new Set(['role', 'country', 'address']));
    const codes = new Set(categories.data.map((c: any) => c.category_code));
    for (const rule of rules.data) expect(codes.has(rule.category_code)).toBe(true);
  });

  it("holds the mails of the fleet's open faults, waiting for a mail server", async () => {
    const [open] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM system_faults WHERE ended_at IS NULL`);
    expect(open!.n).toBeGreaterThan(0);
    const mails = await expectOk(t, '/api/EmailRule/GetMailOutboxPageList', { pageIndex: 1, pageSize: 100 }, await tokens.of('admin'));
    // Every open fault reaches at least the ticket system's address.
    expect(mails.data.filter((m: any) => m.recipient === 'alarms@ess-portal.example')).toHaveLength(open!.n);
    for (const mail of mails.data)
      expect(mail).toMatchObject({ category: 'system_fault', sent_at: null, last_error: expect.stringContaining('SMTP_URL') });
  });

  it('runs once: a second call adds nothing', async () => {
    const before = await t.database.rowCounts();
    await seedAdminDemo(t.db, { now: t.clock() });
    expect(await t.database.rowCounts()).toEqual(before);
  });
});
