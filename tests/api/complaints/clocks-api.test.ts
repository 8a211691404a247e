import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CLOCK_TARGETS } from '../../../contract/complaint-clocks';
import { queryRows } from '../../../server/core/db';
import { auditRows, expectOk, expectRejected } from '../admin/helpers';
import { TEST_EPOCH, type TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';
import { newComplaint, systemsOf, TRANSITION_FIELDS } from './samples';

/**
 * The service-level clocks through the complaint calls: each list row and the detail carry
 * `clocks` and `overdue`, the list sorts on `due_at` and filters on `sla`, paused statuses stop the clocks, and the
 * targets are the admins' to change (with an injected clock: every moment below is the test's own).
 */
const SAVE = '/api/Complaints/SaveComplaint';
const LIST = '/api/Complaints/GetComplaintPageList';
const ONE = '/api/Complaints/GetComplaint';
const TARGETS = '/api/Complaints/GetClockTargets';
const SAVE_TARGETS = '/api/Complaints/SaveClockTargets';
const act = (action: string) => `/api/Complaints/${action[0]!.toUpperCase()}${action.slice(1)}Complaint`;
const H = 3_600_000;

let t: TestApp;
let own: string;
/** Tokens by role, each signed in at the test clock's current time (moving the clock by hours expires older ones). */
const signedIn = new Map<string, string>();
const tokens = new Proxy({} as Record<string, string>, { get: (_, role: string) => signedIn.get(`${role}@${t.clock().getTime()}`) });
async function signIn() {
  for (const role of ['admin', 'customer', 'servicer', 'systemmanager']) {
    const key = `${role}@${t.clock().getTime()}`;
    if (!signedIn.has(key)) signedIn.set(key, (await t.login(role)).AccessToken);
  }
}
async function advance(ms: number) {
  t.clock.advance(ms);
  await signIn();
}
beforeAll(async () => {
  t = await createMonitoringWorld(1);
  own = (await systemsOf(t, 'customer')).inside!;
}, 120_000);
afterAll(() => t.close());
beforeEach(async () => {
  // History rows name record ids, which the truncate hands out again.
  await t.db.execute(sql`TRUNCATE complaints, workflow_history RESTART IDENTITY CASCADE`);
  await t.db.execute(sql`DELETE FROM app_settings WHERE key = 'complaint_clock_targets'`);
  t.clock.set(TEST_EPOCH);
  await signIn();
});

/** The customer files; the priority, the after-sales team's triage, is set by the servicer at the same moment. */
async function file({ priority, ...overrides }: Record<string, unknown> = {}): Promise<number> {
  const complaint = newComplaint(own, { description: `Case ${Math.random()}`, ...overrides });
  const saved = await expectOk(t, SAVE, complaint, tokens.customer!);
  if (priority) await expectOk(t, SAVE, { ...complaint, id: saved.id, priority }, tokens.servicer!);
  return Number(saved.id);
}

async function step(id: number, action: string, as = 'servicer') {
  return expectOk(t, act(action), { id, ...TRANSITION_FIELDS[action] }, tokens[as]!);
}

const ids = (rows: { id: number }[]) => rows.map((r) => Number(r.id));

describe('the clocks of a complaint', () => {
  it('a new complaint: both clocks run from filing; the list and the detail answer them, due at the first-response target', async () => {
    const filedAt = t.clock();
    const id = await file({ priority: 'high' });
    await advance(H);
    const detail = await expectOk(t, ONE, { id }, tokens.customer!);
    expect(detail.clocks.first_response).toEqual({
      state: 'running',
      elapsed_ms: H,
      target_ms: 4 * H,
      due_at: new Date(filedAt.getTime() + 4 * H).toISOString(),
      overdue: false,
    });
    expect(detail.clocks.resolution).toMatchObject({ state: 'running', elapsed_ms: H, target_ms: 72 * H });
    expect(detail.clocks.rnd).toEqual({ state: 'none', elapsed_ms: 0 });
    expect(detail).toMatchObject({ overdue: false, due_at: new Date(filedAt.getTime() + 4 * H).toISOString() });
    const list = await expectOk(t, LIST, {}, tokens.servicer!);
    expect(list.data[0]).toMatchObject({ id, overdue: false, clocks: detail.clocks });
  });

  it("the accept answers it; a solution waiting for the customer pauses the resolution (no due time, in neither 'due' nor 'overdue')", async () => {
    const id = await file();
    await advance(2 * H);
    const accepted = await step(id, 'accept');
    // The transition's answer already carries the new due time: the resolution's, 10 days after filing.
    expect(accepted.due_at).toBe(new Date(TEST_EPOCH.getTime() + 240 * H).toISOString());
    await step(id, 'process');
    await advance(H);
    await step(id, 'proposeSolution');
    await advance(300 * H);
    const paused = await expectOk(t, ONE, { id }, tokens.servicer!);
    expect(paused.clocks.first_response).toMatchObject({ state: 'met', elapsed_ms: 2 * H });
    expect(paused.clocks.resolution).toMatchObject({ state: 'paused', elapsed_ms: 3 * H, due_at: null });
    expect(paused).toMatchObject({ due_at: null, overdue: false });
    for (const sla of ['due', 'overdue']) expect((await expectOk(t, LIST, { sla }, tokens.servicer!)).dataCount).toBe(0);
    // The customer confirms: the clock runs on from its 3 hours.
    await step(id, 'confirm', 'customer');
    const resumed = await expectOk(t, ONE, { id }, tokens.servicer!);
    expect(resumed.clocks.resolution).toMatchObject({ state: 'running', elapsed_ms: 3 * H });
    expect(resumed.due_at).toBe(new Date(t.clock().getTime() + 237 * H).toISOString());
  });

  it('a staff message before the accept is the first response; a customer message is not', async () => {
    const id = await file({ priority: 'high' });
    await advance(H);
    await expectOk(t, '/api/Complaints/CommentComplaint', { id, commentContent: 'Any news?', attachments: [] }, tokens.customer!);
    expect((await expectOk(t, ONE, { id }, tokens.servicer!)).clocks.first_response.state).toBe('running');
    await advance(H);
    await expectOk(t, '/api/Complaints/CommentComplaint', { id, commentContent: 'We are on it.', attachments: [] }, tokens.servicer!);
    const detail = await expectOk(t, ONE, { id }, tokens.servicer!);
    expect(detail.clocks.first_response).toMatchObject({ state: 'met', elapsed_ms: 2 * H });
    // The due time is now the resolution's: 3 days after filing.
    expect(detail.due_at).toBe(new Date(TEST_EPOCH.getTime() + 72 * H).toISOString());
  });

  it('the list finds the overdue and the due ones and sorts by the due time; a completed one is in neither', async () => {
    const late = await file({ priority: 'high', title: 'Late' });
    await advance(3 * H);
    const soon = await file({ priority: 'normal', title: 'Soon' });
    const done = await file({ priority: 'low', title: 'Done' });
    for (const action of ['accept', 'process', 'proposeSolution']) await step(done, action);
    await step(done, 'confirm', 'customer');
    await step(done, 'complete');
    await advance(2 * H);
    expect(ids((await expectOk(t, LIST, { sla: 'overdue' }, tokens.servicer!)).data)).toEqual([late]);
    expect(ids((await expectOk(t, LIST, { sla: 'due' }, tokens.servicer!)).data)).toEqual([soon]);
    const sorted = await expectOk(t, LIST, { sort: [{ field: 'due_at', order: 'asc' }] }, tokens.servicer!);
    expect(ids(sorted.data)).toEqual([late, soon, done]);
    const row = sorted.data.find((r: { id: number }) => Number(r.id) === late);
    expect(row).toMatchObject({ overdue: true, clocks: { first_response: { state: 'running', overdue: true } } });
    await expectRejected(t, LIST, { sla: 'late' }, tokens.servicer!, 2, 'sla');
  });

  it('a customer sees the clocks of their own complaints only', async () => {
    const id = await file();
    const [foreign] = await queryRows<{ sys_sn: string }>(
      t.db,
      sql`SELECT sys_sn FROM systems WHERE sys_sn <> ${own} ORDER BY sys_sn LIMIT 1`,
    );
    const theirs = await expectOk(t, SAVE, newComplaint(foreign!.sys_sn), tokens.admin!);
    expect(ids((await expectOk(t, LIST, { sla: 'due' }, tokens.customer!)).data)).toEqual([id]);
    await expectRejected(t, ONE, { id: theirs.id }, tokens.customer!, 45);
  });
});

describe('the targets', () => {
  it("answer DESIGN §9's defaults until an admin changes them; then every running clock's due time follows", async () => {
    expect(await expectOk(t, TARGETS, {}, tokens.servicer!)).toEqual(DEFAULT_CLOCK_TARGETS);
    const id = await file();
    const changed = { firstResponseHours: { high: 1, normal: 2, low: 3 }, resolutionDays: { high: 1, normal: 5, low: 9 } };
    expect(await expectOk(t, SAVE_TARGETS, changed, tokens.admin!)).toEqual(changed);
    expect(await expectOk(t, TARGETS, {}, tokens.customer!)).toEqual(changed);
    const detail = await expectOk(t, ONE, { id }, tokens.servicer!);
    expect(detail.due_at).toBe(new Date(TEST_EPOCH.getTime() + 2 * H).toISOString());
    expect(detail.clocks.resolution.target_ms).toBe(5 * 24 * H);
    expect(await auditRows(t, 'complaint.clockTargets')).toHaveLength(1);
    await expectOk(t, SAVE_TARGETS, DEFAULT_CLOCK_TARGETS, tokens.systemmanager!);
  });

  it('refuse bad values (2 / 3) and anyone but admins and system managers (45), changing nothing', async () => {
    const good = DEFAULT_CLOCK_TARGETS;
    await expectRejected(t, SAVE_TARGETS, { ...good, firstResponseHours: { high: 0, normal: 24, low: 72 } }, tokens.admin!, 2, 'high');
    await expectRejected(t, SAVE_TARGETS, { ...good, resolutionDays: { high: 3, normal: 1.5, low: 30 } }, tokens.admin!, 2, 'normal');
    await expectRejected(t, SAVE_TARGETS, { firstResponseHours: good.firstResponseHours }, tokens.admin!, 3, 'resolutionDays');
    await expectRejected(t, SAVE_TARGETS, good, tokens.servicer!, 45);
    await expectRejected(t, SAVE_TARGETS, good, tokens.customer!, 45);
  });
});
