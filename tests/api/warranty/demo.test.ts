import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/core/db';
import { seedDemoWorld } from '../../../server/demo/world';
import { DEMO_PASSWORD, type TestApp } from '../helpers';
import { as, createMonitoringWorld } from '../monitoring/world';

/**
 * The demo's warranties (server/demo/warranty.ts) as the portal shows them: every commissioned system has terms, most
 * the standard ones from commissioning, a few extended by keys, two ending within the 90 days, one ended; keys in every
 * state; the customer's own system among the extended.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createMonitoringWorld(1);
  await seedDemoWorld(t.db, { password: DEMO_PASSWORD, now: t.clock(), storage: t.app.storage, monitoring: { days: 1 } });
}, 300_000);
afterAll(() => t?.close());

describe('the warranties of the demo', () => {
  it('every commissioned system has terms; most 10 years from commissioning; some ending soon, one ended', async () => {
    const [counts] = await queryRows<{ systems: number; terms: number; standard: number }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM systems WHERE commissioned_on IS NOT NULL) AS systems,
                 (SELECT count(*)::int FROM system_warranties) AS terms,
                 (SELECT count(*)::int FROM system_warranties w JOIN systems s ON s.id = w.system_id
                   WHERE w.start_on = s.commissioned_on AND w.inverter_years = 10 AND w.battery_years = 10) AS standard`,
    );
    expect(counts!.terms).toBe(counts!.systems);
    expect(counts!.standard).toBeGreaterThan(counts!.terms / 2);
    const admin = await as(t, 'admin');
    const count = async (state: string) =>
      (await admin.post('/api/Warranty/GetWarrantyPageList', { pageIndex: 1, pageSize: 500, state })).body.data.dataCount as number;
    expect(await count('expired')).toBeGreaterThanOrEqual(1);
    expect(await count('expiring')).toBeGreaterThanOrEqual(1);
    expect(await count('under')).toBeGreaterThan(counts!.terms / 2);
  });

  it("keys unused, used, expired and voided; the customer sees their own system's extension", async () => {
    const keys = await queryRows<{ state: string; expired: boolean }>(
      t.db,
      sql`SELECT state, expires_on < ${t.clock().toISOString().slice(0, 10)}::date AS expired FROM warranty_keys`,
    );
    expect(new Set(keys.map((k) => k.state))).toEqual(new Set(['unused', 'used', 'void']));
    expect(keys.some((k) => k.state === 'unused' && k.expired)).toBe(true);
    expect(keys.some((k) => k.state === 'unused' && !k.expired)).toBe(true);
    const customer = await as(t, 'customer');
    const own = await customer.post('/api/Warranty/GetWarranty', { sys_sn: 'ESS2024A0001' });
    expect(own.body.code).toBe(200);
    expect(own.body.data.extensions.length).toBeGreaterThan(0);
    expect(own.body.data.state).toBe('under');
  });
});
