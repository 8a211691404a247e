import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SNAPSHOT_FAULTS, SNAPSHOT_POWER_POINTS } from '../../../contract/complaint-snapshot';
import { takeSnapshot } from '../../../server/complaints/snapshot';
import { queryRows } from '../../../server/core/db';
import { expectOk, expectRejected } from '../admin/helpers';
import type { TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';
import { newComplaint, systemsOf } from './samples';

/**
 * The system's own data kept with a complaint: filing takes the model, the components with their
 * firmware, the status, the newest faults and the last 24 h of power; the detail answers it as it was then, the
 * list never carries it.
 */
const SAVE = '/api/Complaints/SaveComplaint';
const LIST = '/api/Complaints/GetComplaintPageList';
const ONE = '/api/Complaints/GetComplaint';
const DAY_MS = 24 * 3_600_000;

let t: TestApp;
const tokens: Record<string, string> = {};
let own: string;
let systemId: number;
beforeAll(async () => {
  t = await createMonitoringWorld(2);
  for (const role of ['customer', 'servicer', 'installer']) tokens[role] = (await t.login(role)).AccessToken;
  own = (await systemsOf(t, 'customer')).inside!;
  [{ id: systemId }] = (await queryRows<{ id: number }>(t.db, sql`SELECT id FROM systems WHERE sys_sn = ${own}`)) as [{ id: number }];
  // More faults than a snapshot keeps, the newest an hour ago, so the bound and the order show.
  await t.db.execute(sql`DELETE FROM system_faults WHERE system_id = ${systemId}`);
  for (let i = 1; i <= SNAPSHOT_FAULTS + 3; i++) {
    const started = new Date(t.clock().getTime() - i * 3_600_000).toISOString();
    await t.db.execute(
      sql`INSERT INTO system_faults (system_id, code, level, description, started_at) VALUES (${systemId}, ${`F${i}`}, 'fault', ${`Fault ${i}`}, ${started}::timestamptz)`,
    );
  }
}, 120_000);
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.execute(sql`TRUNCATE complaints, workflow_history RESTART IDENTITY CASCADE`);
});

describe('the system snapshot of a complaint', () => {
  it('filing keeps the model, components with firmware, status, the 10 newest faults and 24 h of power; the detail answers it', async () => {
    const filedAt = t.clock();
    const { id } = await expectOk(t, SAVE, newComplaint(own), tokens.customer!);
    const { snapshot } = await expectOk(t, ONE, { id }, tokens.servicer!);
    const [system] = await queryRows<{ minv: string; mbat: string; ems_status: string }>(
      t.db,
      sql`SELECT minv, mbat, ems_status FROM systems WHERE id = ${systemId}`,
    );
    expect(snapshot).toMatchObject({
      system_id: systemId,
      sys_sn: own,
      model: system!.minv,
      battery_model: system!.mbat,
      ems_status: system!.ems_status,
      taken_at: filedAt.toISOString(),
    });
    const components = await queryRows<{ kind: string; sn: string; model: string; firmware_version: string }>(
      t.db,
      sql`SELECT kind, sn, model, firmware_version FROM system_components WHERE system_id = ${systemId} ORDER BY kind, id`,
    );
    expect(components.length).toBeGreaterThan(0);
    expect(snapshot.components).toEqual(components);
    expect(snapshot.faults.map((f: { code: string }) => f.code)).toEqual(Array.from({ length: SNAPSHOT_FAULTS }, (_, i) => `F${i + 1}`));
    // The day before filing in 15-minute means: at most 96 points, oldest first, none outside the day.
    const times = snapshot.power.map((p: { ts: string }) => Date.parse(p.ts));
    expect(times.length).toBeGreaterThan(0);
    expect(times.length).toBeLessThanOrEqual(SNAPSHOT_POWER_POINTS);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(filedAt.getTime() - DAY_MS);
    expect(Math.max(...times)).toBeLessThanOrEqual(filedAt.getTime());
    expect(Object.keys(snapshot.power[0]).sort()).toEqual(['battery_w', 'grid_w', 'load_w', 'pv_w', 'soc', 'ts']);
  });

  it('stays as it was when the system changes later, and the list rows never carry it', async () => {
    const { id } = await expectOk(t, SAVE, newComplaint(own), tokens.customer!);
    const [before] = await queryRows<{ firmware_version: string }>(
      t.db,
      sql`SELECT firmware_version FROM system_components WHERE system_id = ${systemId} ORDER BY kind, id LIMIT 1`,
    );
    await t.db.execute(sql`UPDATE system_components SET firmware_version = 'X 9.9.9' WHERE system_id = ${systemId}`);
    try {
      const { snapshot } = await expectOk(t, ONE, { id }, tokens.customer!);
      expect(snapshot.components[0].firmware_version).toBe(before!.firmware_version);
    } finally {
      await t.db.execute(sql`UPDATE system_components SET firmware_version = ${before!.firmware_version} WHERE system_id = ${systemId}`);
    }
    const list = await expectOk(t, LIST, {}, tokens.customer!);
    expect(list.data[0]).not.toHaveProperty('snapshot');
  });

  it('taken for a past moment (a demo complaint filed days ago) it holds nothing later: faults, their end, samples, status', async () => {
    const at = new Date(t.clock().getTime() - 5.5 * 3_600_000);
    // F6 (6 h ago) ends after the moment: then it was still running.
    await t.db.execute(sql`UPDATE system_faults SET ended_at = now() WHERE system_id = ${systemId} AND code = 'F6'`);
    try {
      const snapshot = (await takeSnapshot(t.db, own, at))!;
      expect(snapshot.faults.map((f) => f.code)).toEqual(['F6', 'F7', 'F8', 'F9', 'F10', 'F11', 'F12', 'F13']);
      expect(snapshot.faults[0]!.ended_at).toBeNull();
      expect(Date.parse(snapshot.last_seen_at!)).toBeLessThanOrEqual(at.getTime());
      expect(Math.max(...snapshot.power.map((p) => Date.parse(p.ts)))).toBeLessThanOrEqual(at.getTime());
      expect(snapshot.ems_status).toBe('fault');
      expect(snapshot.taken_at).toBe(at.toISOString());
    } finally {
      await t.db.execute(sql`UPDATE system_faults SET ended_at = NULL WHERE system_id = ${systemId}`);
    }
  });

  it('a complaint filed before snapshots were kept answers null; one outside the scope answers 45 and no snapshot', async () => {
    const { id } = await expectOk(t, SAVE, newComplaint(own), tokens.customer!);
    await t.db.execute(sql`DELETE FROM complaint_snapshots`);
    expect((await expectOk(t, ONE, { id }, tokens.customer!)).snapshot).toBeNull();
    const refused = await expectRejected(t, ONE, { id }, tokens.installer!, 45);
    expect(refused.data).toBeNull();
  });
});
