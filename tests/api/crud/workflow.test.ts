import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../../server/core/db/database';
import type { AppDeps } from '../../../server/config';
import { registered } from './registered';
import { workflowHistory } from '../../../server/core/db/schema';
import { checkWorkflow, workflowPaths } from '../../../resources/workflow';
import { auditRows, expectOk, expectRejected, tableDigests, tokenCache } from '../admin/helpers';
import { createTestApp, type TestApp } from '../helpers';
import { fixtureTickets, TICKET_STATES } from './fixture-workflow-resource';
import { CREATE_FIXTURE_TICKETS } from './fixture-workflow-table';

/**
 * DESIGN §3: a declaration with a workflow (and its table) is all a new entity needs for its transition
 * calls, their history and their audit. As in fixture.test.ts, the mocks stand for the developer's edits:
 * the declaration listed in RESOURCES, the table in server/core/db/schema, the one named hook in the server's
 * registry of workflow hooks.
 */
vi.mock('../../../resources/index', async (importOriginal) => {
  const shipped = await importOriginal<typeof import('../../../resources/index')>();
  const { fixtureTickets } = await import('./fixture-workflow-resource');
  return { ...shipped, RESOURCES: [...shipped.RESOURCES, fixtureTickets] };
});
vi.mock('../../../server/core/db/schema/index', async (importOriginal) => {
  const { fixtureTicketsTable } = await import('./fixture-workflow-table');
  return { ...(await importOriginal<object>()), fixtureTicketsTable };
});
vi.mock('../../../server/core/crud/workflow-hooks', async () => {
  const { fixtureTicketsTable } = await import('./fixture-workflow-table');
  const { eq, sql } = await import('drizzle-orm');
  return {
    WORKFLOW_HOOKS: {
      fixtureTickets: {
        // Runs in the transition's transaction: counts the reopenings on the record.
        countReopen: async ({ db, record }: { db: any; record: Record<string, unknown> }) => {
          await db
            .update(fixtureTicketsTable)
            .set({ reopen_count: sql`${fixtureTicketsTable.reopen_count} + 1` })
            .where(eq(fixtureTicketsTable.id, record.id as number));
        },
      },
    },
  };
});

let t: TestApp;
const tokens = tokenCache(() => t);
beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(CREATE_FIXTURE_TICKETS);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  await t.db.execute(sql`TRUNCATE fixture_tickets RESTART IDENTITY`);
  tokens.clear();
});

const paths = workflowPaths(fixtureTickets.endpoints);
const { transitions } = fixtureTickets.workflow!;

/** Valid fields for each transition, so that only the state decides. */
const FIELDS: Record<string, Record<string, unknown>> = {
  ask: { question: 'Which firmware?' },
  approve: { score: 4 },
  reject: { reason: 'Duplicate' },
};

async function newTicket(title = 'Battery noise'): Promise<number> {
  const saved = await expectOk(t, '/api/Ticket/SaveTicket', { title }, await tokens.of('admin'));
  expect(saved.status).toBe('new');
  return saved.id;
}

async function setState(id: number, state: string) {
  await t.db.execute(sql`UPDATE fixture_tickets SET status = ${state} WHERE id = ${id}`);
}

async function ticket(id: number) {
  const [row] = await queryRows<{ status: string; score: number | null; reopen_count: number }>(
    t.db,
    sql`SELECT status, score, reopen_count FROM fixture_tickets WHERE id = ${id}`,
  );
  return row!;
}

async function historyRows(id: number) {
  return t.db.select().from(workflowHistory).where(eq(workflowHistory.recordId, id)).orderBy(workflowHistory.id);
}

describe('a declared workflow gets its calls from the declaration alone', () => {
  it('names its calls after the one call: /<Area>/<Action><Noun> and /<Area>/Get<Noun>History', () => {
    expect(paths.action('approve')).toBe('/Ticket/ApproveTicket');
    expect(paths.history).toBe('/Ticket/GetTicketHistory');
    expect(() => workflowPaths({})).toThrow(/one/);
  });

  it('every action in every state: allowed where the declaration says, else refused with its code and nothing changed', async () => {
    const admin = await tokens.of('admin');
    const id = await newTicket();
    for (const state of TICKET_STATES) {
      for (const transition of transitions) {
        await setState(id, state);
        const body = { id, ...FIELDS[transition.action], note: `${transition.action} from ${state}` };
        const path = `/api${paths.action(transition.action)}`;
        if (transition.from.includes(state)) {
          const before = (await historyRows(id)).length;
          const answer = await expectOk(t, path, body, admin);
          expect(answer, `${transition.action} from ${state}`).toMatchObject({ id, status: transition.to });
          expect((await ticket(id)).status).toBe(transition.to);
          const rows = await historyRows(id);
          expect(rows).toHaveLength(before + 1);
          expect(rows.at(-1)).toMatchObject({
            entity: 'fixtureTickets',
            action: transition.action,
            fromState: state,
            toState: transition.to,
            note: body.note,
            username: 'admin',
          });
        } else {
          const refused = await expectRejected(t, path, body, admin, transition.refusedCode ?? 400);
          expect(refused.data).toEqual({ status: state });
        }
      }
    }
  });

  it('two transitions on one record at the same moment: one wins, the other is refused and changes nothing', async () => {
    const admin = await tokens.of('admin');
    const id = await newTicket();
    await setState(id, 'review');
    const [approve, reject] = await Promise.all([
      t.post('/api/Ticket/ApproveTicket', { id, score: 5 }, { token: admin }),
      t.post('/api/Ticket/RejectTicket', { id, reason: 'Not reproducible' }, { token: admin }),
    ]);
    const codes = [approve.body.code, reject.body.code].sort();
    expect(codes).toEqual([200, 400]);
    const winner = approve.body.code === 200 ? { status: 'done', score: 5 } : { status: 'rejected', score: null };
    expect(await ticket(id)).toMatchObject(winner);
    const rows = await historyRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.toState).toBe(winner.status);

    // The same action twice at once: the second finds the record moved on.
    await setState(id, 'new');
    const twice = await Promise.all([1, 2].map(() => t.post('/api/Ticket/StartTicket', { id }, { token: admin })));
    expect(twice.map((r) => r.body.code).sort()).toEqual([200, 400]);
    expect((await historyRows(id)).filter((r) => r.action === 'start')).toHaveLength(1);
  });

  it('the history: who, when, from, to, the note and the fields, oldest first; the fields that are columns are written; the hook and the audit run', async () => {
    const admin = await tokens.of('admin');
    const servicer = await tokens.of('servicer');
    const id = await newTicket();
    await expectOk(t, '/api/Ticket/StartTicket', { id, note: 'Looking at it' }, servicer);
    await expectOk(t, '/api/Ticket/AskTicket', { id, question: 'Which firmware?' }, servicer);
    await expectOk(t, '/api/Ticket/AnswerTicket', { id, note: 'V1.2' }, admin);
    t.clock.advance(60_000);
    await expectOk(t, '/api/Ticket/ApproveTicket', { id, score: 4 }, admin);
    await expectOk(t, '/api/Ticket/ReopenTicket', { id, note: '  ' }, admin);
    expect(await ticket(id)).toEqual({ status: 'new', score: 4, reopen_count: 1 });

    const history = await expectOk(t, '/api/Ticket/GetTicketHistory', { id }, servicer);
    expect(history.dataCount).toBe(5);
    expect(history.data.map((r: any) => [r.action, r.from_state, r.to_state, r.username])).toEqual([
      ['start', 'new', 'review', 'servicer'],
      ['ask', 'review', 'waiting', 'servicer'],
      ['answer', 'waiting', 'review', 'admin'],
      ['approve', 'review', 'done', 'admin'],
      ['reopen', 'done', 'new', 'admin'],
    ]);
    expect(history.data[0]).toMatchObject({ note: 'Looking at it', fields: null });
    expect(history.data[1]).toMatchObject({ note: null, fields: { question: 'Which firmware?' } });
    expect(history.data[3]).toMatchObject({ fields: { score: 4 } });
    expect(history.data[4].note).toBeNull();
    expect(new Date(history.data[3].created_at).getTime()).toBeGreaterThan(new Date(history.data[2].created_at).getTime());

    const [audit] = await auditRows(t, 'fixtureTickets.approve');
    expect(audit).toMatchObject({
      username: 'admin',
      target: `fixtureTickets:${id}`,
      detail: { before: { status: 'review' }, after: { status: 'done' }, fields: { score: 4 } },
    });
  });

  it('bad input answers the field and its code and changes nothing', async () => {
    const admin = await tokens.of('admin');
    const id = await newTicket();
    await setState(id, 'review');
    await expectRejected(t, '/api/Ticket/ApproveTicket', { id }, admin, 3, 'score');
    await expectRejected(t, '/api/Ticket/ApproveTicket', { id, score: 9 }, admin, 2, 'score');
    await expectRejected(t, '/api/Ticket/ApproveTicket', { id, score: '4' }, admin, 2, 'score');
    await expectRejected(t, '/api/Ticket/RejectTicket', { id, reason: '   ' }, admin, 3, 'reason');
    await expectRejected(t, '/api/Ticket/RejectTicket', { id, reason: 'x'.repeat(201) }, admin, 2, 'reason');
    await expectRejected(t, '/api/Ticket/AskTicket', { id, question: 'Which?', note: 'n'.repeat(1001) }, admin, 2, 'note');
    await expectRejected(t, '/api/Ticket/StartTicket', { id: '0x10' }, admin, 2, 'id');
    await expectRejected(t, '/api/Ticket/StartTicket', {}, admin, 3, 'id');
    await expectRejected(t, '/api/Ticket/StartTicket', { id: 99 }, admin, 8);
    await expectRejected(t, '/api/Ticket/GetTicketHistory', { id: 99 }, admin, 8);
    await expectRejected(t, '/api/Ticket/GetTicketHistory', { id: -1 }, admin, 2, 'id');
    expect((await ticket(id)).status).toBe('review');
    // The save call edits the title, never the state: a state in its body is left out.
    await expectOk(t, '/api/Ticket/SaveTicket', { id, title: 'Renamed', status: 'done' }, admin);
    expect((await ticket(id)).status).toBe('review');
  });

  it('a role without the action is refused with 45, and nothing is revealed or changed', async () => {
    const id = await newTicket();
    for (const role of ['customer', 'sncreator', 'installer']) {
      const token = await tokens.of(role);
      const refused = await expectRejected(t, '/api/Ticket/StartTicket', { id }, token, 45);
      expect(refused.data).toBeNull();
      await expectRejected(t, '/api/Ticket/RejectTicket', { id: 99, reason: 'x' }, token, 45);
      expect((await expectRejected(t, '/api/Ticket/GetTicketHistory', { id }, token, 45)).data).toBeNull();
    }
    // The servicer opens the screen and takes most actions, but the declaration keeps reject and archive for admins.
    const servicer = await tokens.of('servicer');
    await expectRejected(t, '/api/Ticket/RejectTicket', { id, reason: 'Duplicate' }, servicer, 45);
    await setState(id, 'done');
    await expectRejected(t, '/api/Ticket/ArchiveTicket', { id }, servicer, 45);
    await expectOk(t, '/api/Ticket/ReopenTicket', { id }, servicer);
  });

  it('a declaration naming an unknown state, declaring an action twice or putting the state in the form is stopped before it runs', () => {
    const { workflow } = fixtureTickets;
    expect(() => checkWorkflow('x', { ...workflow!, transitions: [{ action: 'go', from: ['new'], to: 'nowhere' }] })).toThrow(
      /unknown state 'nowhere'/,
    );
    expect(() => checkWorkflow('x', { ...workflow!, transitions: [transitions[0]!, transitions[0]!] })).toThrow(/twice/);
    expect(() => checkWorkflow('x', { ...workflow!, transitions: [{ action: 'Go', from: ['new'], to: 'new' }] })).toThrow(/lowerCamelCase/);
    // The save form may not set the state: it changes only through the transitions (their checks, history and audit).
    const fields = { ...fixtureTickets.fields, status: { ...fixtureTickets.fields.status, form: true } };
    expect(() => checkWorkflow('x', workflow!, fields)).toThrow(/state field is in the save form/);
    expect(() => checkWorkflow('x', workflow!, fixtureTickets.fields)).not.toThrow();
  });

  it('a hook a transition names but the server lacks, or one no transition names, stops the start', async () => {
    const { fixtureTicketsTable } = await import('./fixture-workflow-table');
    const register = (workflowHooks: Record<string, Record<string, () => void>>) =>
      registered({ db: t.db, clock: t.clock } as unknown as AppDeps, {
        resources: [fixtureTickets],
        tables: { fixtureTicketsTable },
        workflowHooks,
      });
    await expect(register({})).rejects.toThrow(/workflow hook 'countReopen' is not registered/);
    await expect(register({ fixtureTickets: { countReopen: () => {}, ghost: () => {} } })).rejects.toThrow(
      /'ghost' is named by no transition/,
    );
    await expect(register({ fixtureTickets: { countReopen: () => {} }, nobody: {} })).rejects.toThrow(/workflow hooks for 'nobody'/);
  });

  it('the digests helper sees the fixture table, so a changed ticket would fail the refusals above', async () => {
    const id = await newTicket();
    const before = await tableDigests(t);
    await setState(id, 'done');
    expect((await tableDigests(t)).fixture_tickets).not.toBe(before.fixture_tickets);
  });
});
