import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../../permissions/roles';
import { COMPLAINT_STATES, complaints, TEAM_ROLES, type ComplaintTeam } from '../../../resources/complaints';
import { workflowPaths } from '../../../resources/workflow';
import { queryRows } from '../../../server/core/db';
import { expectOk, expectRejected } from '../admin/helpers';
import type { TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';
import { complaintDigest, insertComplaint, systemsOf, TRANSITION_FIELDS } from './samples';

/**
 * The complaint's transition matrix, generated from its declaration (resources/complaints.ts): every action × every
 * status × every role. A role the transition names (among those with the complaint screens) moves a complaint in one
 * of its `from` states to its `to` state with a history row; anyone else gets 45, a wrong state the transition's
 * code (88 for archive, else 400), and nothing changes.
 */
const workflow = complaints.workflow!;
const generated = workflowPaths(complaints.endpoints);
const paths = { action: (action: string) => `/api${generated.action(action)}` };
const NO_SCREEN: readonly Role[] = ['sharer', 'supplier', 'vppmanager'];
/** The team whose forward a role takes over (an overseer any). */
const teamOf = (role: Role): ComplaintTeam =>
  (Object.entries(TEAM_ROLES).find(([, r]) => r === role)?.[0] as ComplaintTeam | undefined) ?? 'rnd';

let t: TestApp;
const tokens = new Map<Role, string>();
beforeAll(async () => {
  t = await createMonitoringWorld(1);
  for (const role of ROLES) tokens.set(role, (await t.login(role)).AccessToken);
}, 120_000);
afterAll(() => t.close());

describe('the complaint transition matrix', () => {
  it.each(ROLES)(
    '%s: every action in every status is done or refused with its code, changing nothing',
    async (role) => {
      const token = tokens.get(role)!;
      const { inside } = await systemsOf(t, role);
      const sn = inside ?? (await systemsOf(t, 'admin')).inside!;
      let done = 0;
      for (const transition of workflow.transitions) {
        const holds = !NO_SCREEN.includes(role) && (transition.roles ?? ROLES).includes(role);
        for (const state of COMPLAINT_STATES) {
          const id = await insertComplaint(t, sn, state, state === 'forwarded' ? teamOf(role) : null);
          const body = { id, ...TRANSITION_FIELDS[transition.action] };
          const label = `${role} ${transition.action} in ${state}`;
          if (holds && transition.from.includes(state)) {
            const record = await expectOk(t, paths.action(transition.action), body, token);
            expect(record, label).toMatchObject({ id, status: transition.to });
            const [history] = await queryRows<{ n: number }>(
              t.db,
              sql`SELECT count(*)::int AS n FROM workflow_history WHERE entity = ${complaints.name} AND record_id = ${id}
                AND action = ${transition.action} AND from_state = ${state} AND to_state = ${transition.to}`,
            );
            expect(Number(history!.n), label).toBe(1);
            done++;
          } else {
            const code = holds ? (transition.refusedCode ?? 400) : 45;
            const before = await complaintDigest(t);
            const { body: answer } = await t.post(paths.action(transition.action), body, { token });
            expect(answer.code, `${label} → ${answer.info}`).toBe(code);
            expect(await complaintDigest(t), label).toBe(before);
          }
          // Each case's complaint goes once checked: the digest reads the whole table, which would otherwise hold
          // thousands of rows by the last role and make the file quadratic (minutes in CI).
          await queryRows(t.db, sql`DELETE FROM complaints WHERE id = ${id}`);
        }
      }
      // The matrix is not empty where the role acts at all.
      const acts = !NO_SCREEN.includes(role) && workflow.transitions.some((tr) => (tr.roles ?? ROLES).includes(role));
      expect(done > 0).toBe(acts);
    },
    120_000,
  );

  it('take over: only the team the transfer named (or an overseer); the taker becomes the handler', async () => {
    const { inside } = await systemsOf(t, 'admin');
    const id = await insertComplaint(t, inside!, 'forwarded', 'international');
    await expectRejected(t, paths.action('takeOver'), { id }, tokens.get('dev')!, 45);
    await expectRejected(t, paths.action('takeOver'), { id }, tokens.get('dasw')!, 45);
    expect(await expectOk(t, paths.action('takeOver'), { id }, tokens.get('fasw')!)).toMatchObject({
      status: 'processing',
      processor: 'fasw',
    });
  });

  it('accept makes the caller the accepter and the handler; a transfer needs its target team', async () => {
    const { inside } = await systemsOf(t, 'admin');
    const id = await insertComplaint(t, inside!, 'new');
    expect(await expectOk(t, paths.action('accept'), { id }, tokens.get('servicer')!)).toMatchObject({
      status: 'accepted',
      accepter: 'servicer',
      processor: 'servicer',
    });
    await expectOk(t, paths.action('process'), { id }, tokens.get('servicer')!);
    await expectRejected(t, paths.action('transfer'), { id }, tokens.get('servicer')!, 3, 'team');
    await expectRejected(t, paths.action('transfer'), { id, team: 'marketing' }, tokens.get('servicer')!, 2, 'team');
    expect(await expectOk(t, paths.action('transfer'), { id, team: 'domestic' }, tokens.get('servicer')!)).toMatchObject({
      status: 'forwarded',
      team: 'domestic',
    });
  });

  it('two handlers acting at once: one wins, the other is refused and the history holds one step', async () => {
    const { inside } = await systemsOf(t, 'admin');
    const id = await insertComplaint(t, inside!, 'new');
    const answers = await Promise.all(
      (['servicer', 'fasw'] as const).map(
        async (role) => (await t.post(paths.action('accept'), { id }, { token: tokens.get(role)! })).body,
      ),
    );
    expect(answers.map((a) => a.code).sort()).toEqual([200, 400]);
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM workflow_history WHERE record_id = ${id} AND entity = ${complaints.name}`,
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });
});

describe('archive', () => {
  it('keeps every field of spec §5 on the complaint; 88 unless completed or evaluated', async () => {
    const { inside } = await systemsOf(t, 'customer');
    const fasw = tokens.get('fasw')!;
    const processing = await insertComplaint(t, inside!, 'processing');
    await expectRejected(t, paths.action('archive'), { id: processing, ...TRANSITION_FIELDS.archive }, fasw, 88);
    const completed = await insertComplaint(t, inside!, 'completed');
    for (const field of Object.keys(TRANSITION_FIELDS.archive!)) {
      const { [field]: _left, ...body } = TRANSITION_FIELDS.archive!;
      await expectRejected(t, paths.action('archive'), { id: completed, ...body }, fasw, 3, field);
    }
    const archived = await expectOk(t, paths.action('archive'), { id: completed, ...TRANSITION_FIELDS.archive }, fasw);
    // The archive user is the one archiving (nobody types it).
    expect(archived).toMatchObject({ status: 'archived', ...TRANSITION_FIELDS.archive, archive_user: 'fasw' });
    // Archived is read only: every action is refused.
    await expectRejected(t, paths.action('reopen'), { id: completed, reason: 'again' }, tokens.get('customer')!, 400);
  });
});
