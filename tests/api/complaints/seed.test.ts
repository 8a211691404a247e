import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLAINT_STATES } from '../../../resources/complaints';
import { seedComplaintsDemo } from '../../../server/demo/complaints';
import { queryRows } from '../../../server/core/db';
import { temporaryStorage } from '../../../server/core/storage';
import { expectOk } from '../admin/helpers';
import type { TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';

/**
 * The demo complaints: every status, each reached by the steps the workflow allows with its
 * history, messages both ways, real files that download, ratings, the snapshot and the clocks.
 */
const LIST = '/api/Complaints/GetComplaintPageList';
const ONE = '/api/Complaints/GetComplaint';
const HISTORY = '/api/Complaints/GetComplaintHistory';
const DOWNLOAD = '/api/Complaints/DownloadComplaintFile';

let t: TestApp;
let customer: string;
let servicer: string;
beforeAll(async () => {
  t = await createMonitoringWorld(2);
  // The app's own storage, so its download call reads the files the seed wrote.
  await seedComplaintsDemo(t.db, { now: t.clock(), storage: t.app.storage });
  customer = (await t.login('customer')).AccessToken;
  servicer = (await t.login('servicer')).AccessToken;
}, 180_000);
afterAll(() => t.close());

describe('the demo complaints', () => {
  it('cover every status, each reached through the workflow: the last history row leads to it', async () => {
    const rows = await queryRows<{ status: string; last: string | null; steps: number }>(
      t.db,
      sql`SELECT c.status, (SELECT to_state FROM workflow_history h WHERE h.entity = 'customerComplaintList' AND h.record_id = c.id ORDER BY h.id DESC LIMIT 1) AS last,
            (SELECT count(*)::int FROM workflow_history h WHERE h.entity = 'customerComplaintList' AND h.record_id = c.id) AS steps
          FROM complaints c`,
    );
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(COMPLAINT_STATES));
    for (const row of rows) expect(row.last ?? 'new').toBe(row.status);
  });

  it('the customer sees theirs with clocks, snapshot, history, messages from staff, ratings and files that download', async () => {
    const list = await expectOk(t, LIST, { pageSize: 100 }, customer);
    expect(list.dataCount).toBeGreaterThan(5);
    expect(list.data.every((row: { created_by: string }) => row.created_by === 'customer')).toBe(true);
    const evaluated = list.data.find((row: { status: string }) => row.status === 'evaluated');
    expect(evaluated).toMatchObject({ rating_solved: 5, rating_time: 4, rating_attitude: 5 });
    expect(evaluated.clocks.resolution.state).toMatch(/met|missed/);
    const withFiles = list.data.find((row: { attachments: unknown[] }) => row.attachments.length >= 2);
    const detail = await expectOk(t, ONE, { id: withFiles.id }, customer);
    expect(detail.snapshot).toMatchObject({ sys_sn: detail.sys_sn });
    expect(detail.snapshot.components.length).toBeGreaterThan(0);
    const history = await expectOk(t, HISTORY, { id: withFiles.id }, customer);
    expect(history.dataCount).toBeGreaterThan(3);
    const photo = detail.attachments.find((f: { name: string }) => f.name.endsWith('.png'));
    const response = await t.inject({
      method: 'POST',
      url: DOWNLOAD,
      headers: { authorization: `Bearer ${customer}` },
      payload: { id: photo.id },
    });
    expect(response.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const messages = await expectOk(t, '/api/Complaints/GetComplaintMessages', { id: withFiles.id }, customer);
    expect(JSON.stringify(messages)).toContain('staff');
  });

  it('each history starts with the filing, and each snapshot is the system at filing time: nothing later in it', async () => {
    const rows = await queryRows<{ first: string; created_at: Date | string; snapshot: any }>(
      t.db,
      sql`SELECT (SELECT action FROM workflow_history h WHERE h.entity = 'customerComplaintList' AND h.record_id = c.id ORDER BY h.id LIMIT 1) AS first,
            c.created_at, s.snapshot
          FROM complaints c JOIN complaint_snapshots s ON s.complaint_id = c.id`,
    );
    expect(rows.length).toBeGreaterThan(5);
    for (const { first, created_at, snapshot } of rows) {
      const filed = new Date(created_at);
      const later = (at: string | null) => at !== null && Date.parse(at) > filed.getTime();
      expect(first).toBe('file');
      expect(Date.parse(snapshot.taken_at)).toBe(filed.getTime());
      expect(later(snapshot.last_seen_at)).toBe(false);
      for (const fault of snapshot.faults) expect(later(fault.started_at) || later(fault.ended_at)).toBe(false);
      for (const point of snapshot.power) expect(later(point.ts)).toBe(false);
    }
  });

  it('the staff list has overdue and due complaints to sort', async () => {
    expect((await expectOk(t, LIST, { sla: 'overdue' }, servicer)).dataCount).toBeGreaterThan(0);
    expect((await expectOk(t, LIST, { sla: 'due' }, servicer)).dataCount).toBeGreaterThan(0);
  });

  it('is seeded once: a second run adds nothing', async () => {
    const [before] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM complaints`);
    await seedComplaintsDemo(t.db, { now: t.clock(), storage: temporaryStorage() });
    const [after] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM complaints`);
    expect(after!.n).toBe(before!.n);
  });
});
