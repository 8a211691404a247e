import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMPLAINT_STATES, complaints } from '../../../resources/complaints';
import type { FieldDeclaration } from '../../../resources/types';
import { workflowPaths } from '../../../resources/workflow';
import { queryRows } from '../../../server/core/db';
import { expectOk, expectRejected } from '../admin/helpers';
import type { TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';
import { insertComplaint, newComplaint, systemsOf, TRANSITION_FIELDS } from './samples';

/**
 * What each side of a complaint reads and may change (DESIGN §9):
 * - the filer's side edits a complaint only while it is new (45 afterwards, nothing changed); every edit, by either
 *   side, is a history entry naming what changed, and filing is the history's first entry;
 * - fields declared internal (resources/complaints.ts) and the notes of staff actions never reach the customer side,
 *   through any call it can make; staff read everything;
 * - people are answered with their display names.
 */
const SAVE = '/api/Complaints/SaveComplaint';
const LIST = '/api/Complaints/GetComplaintPageList';
const ONE = '/api/Complaints/GetComplaint';
const HISTORY = '/api/Complaints/GetComplaintHistory';
const MESSAGES = '/api/Complaints/GetComplaintMessages';
const COMMENT = '/api/Complaints/CommentComplaint';
const NEWS = '/api/ComplaintsNews/QueryAllUnreadNews';
const COMMENT_DETAIL = '/api/ComplaintsNews/GetCommentDetail';
const generated = workflowPaths(complaints.endpoints);
const act = (action: string) => `/api${generated.action(action)}`;

const INTERNAL = Object.entries(complaints.fields as Readonly<Record<string, FieldDeclaration>>)
  .filter(([, field]) => field.internal)
  .map(([name]) => name);
/** Texts only staff wrote into internal fields and notes: none may appear in an answer to the customer side. */
const SECRETS = {
  root_cause: 'Cold-soldered joint on board rev C',
  after_sales_solution: 'Board swapped under goodwill',
  archive_remark: 'Customer was difficult, keep an eye on them',
  pilot_solution: 'Pilot batch Q7',
  archive_module: 'Module-X17',
  archive_class: 'Class-K42',
  archive_type: 'Type-Z99',
  note: 'Staff only: probably a wiring fault by the installer',
};

let t: TestApp;
const tokens: Record<string, string> = {};
const names: Record<string, string> = {};
let own: string;
let installers: string;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
  for (const role of ['customer', 'installer', 'servicer', 'fasw', 'dasw', 'admin']) tokens[role] = (await t.login(role)).AccessToken;
  for (const row of await queryRows<{ username: string; display_name: string }>(t.db, sql`SELECT username, display_name FROM users`))
    names[row.username] = row.display_name;
  own = (await systemsOf(t, 'customer')).inside!;
  installers = (await systemsOf(t, 'installer')).inside!;
}, 120_000);
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.execute(sql`TRUNCATE complaints, workflow_history RESTART IDENTITY CASCADE`);
});

const history = async (id: number, as: string) => (await expectOk(t, HISTORY, { id }, tokens[as]!)).data as Record<string, any>[];

describe('editing a complaint', () => {
  it('filing is the first history entry, by the filer, shown with their display name', async () => {
    const { id } = await expectOk(t, SAVE, newComplaint(own), tokens.customer!);
    const entries = await history(id, 'customer');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'file',
      from_state: 'new',
      to_state: 'new',
      username: 'customer',
      user_name: names.customer,
    });
    expect(names.customer).not.toBe('customer');
  });

  it('the filer edits while it is new; the history names each change, old → new; an edit changing nothing writes none', async () => {
    const { id } = await expectOk(t, SAVE, newComplaint(own), tokens.customer!);
    // Filed without a postcode: the server took the system's.
    const [system] = await queryRows<{ postcode: string }>(t.db, sql`SELECT postcode FROM systems WHERE sys_sn = ${own}`);
    await expectOk(t, SAVE, { ...newComplaint(own), id, title: 'Battery never charges', postcode: '10115' }, tokens.customer!);
    await expectOk(t, SAVE, { ...newComplaint(own), id, title: 'Battery never charges', postcode: '10115' }, tokens.customer!);
    const entries = await history(id, 'customer');
    expect(entries.map((e) => e.action)).toEqual(['file', 'edit']);
    expect(entries[1]).toMatchObject({
      from_state: 'new',
      to_state: 'new',
      user_name: names.customer,
      fields: { title: { from: 'Battery stops charging', to: 'Battery never charges' }, postcode: { from: system!.postcode, to: '10115' } },
    });
  });

  it.each(COMPLAINT_STATES.filter((state) => state !== 'new'))(
    "in '%s' the customer side's edit answers 45 and changes nothing",
    async (state) => {
      const id = await insertComplaint(t, own, state);
      await expectRejected(t, SAVE, { ...newComplaint(own), id, title: 'Rewritten afterwards' }, tokens.customer!, 45);
      const forInstaller = await insertComplaint(t, installers, state);
      await expectRejected(
        t,
        SAVE,
        { ...newComplaint(installers), id: forInstaller, title: 'Rewritten afterwards' },
        tokens.installer!,
        45,
      );
    },
  );

  it('staff edit after acting, and the edit is in the history for both sides', async () => {
    const id = await insertComplaint(t, own, 'processing');
    await expectOk(t, SAVE, { ...newComplaint(own), id, description: 'Stays at 20 % since Monday', priority: 'high' }, tokens.servicer!);
    const [edit] = await history(id, 'customer');
    expect(edit).toMatchObject({
      action: 'edit',
      from_state: 'processing',
      to_state: 'processing',
      user_name: names.servicer,
      fields: {
        description: { from: 'Seeded complaint', to: 'Stays at 20 % since Monday' },
        priority: { from: 'normal', to: 'high' },
      },
    });
  });
});

/** A complaint of the customer's taken through the workflow by the calls, archived by fasw with the secrets. */
async function archivedComplaint(): Promise<{ id: number; evaluated: Record<string, unknown> }> {
  const { id } = await expectOk(t, SAVE, newComplaint(own), tokens.customer!);
  await expectOk(t, act('accept'), { id, note: SECRETS.note }, tokens.servicer!);
  await expectOk(t, act('process'), { id }, tokens.servicer!);
  await expectOk(t, act('proposeSolution'), { id, ...TRANSITION_FIELDS.proposeSolution }, tokens.servicer!);
  await expectOk(t, act('confirm'), { id, note: 'Works again, thank you' }, tokens.customer!);
  await expectOk(t, act('complete'), { id }, tokens.servicer!);
  const evaluated = await expectOk(t, act('evaluate'), { id, ...TRANSITION_FIELDS.evaluate }, tokens.customer!);
  await expectOk(t, COMMENT, { id, commentContent: 'Thank you for rating us.' }, tokens.servicer!);
  await expectOk(
    t,
    act('archive'),
    { id, ...TRANSITION_FIELDS.archive, ...SECRETS, onsite_handler: 'Onsite-Q3', handling_way: 'visit', pilot_detected: true },
    tokens.fasw!,
  );
  return { id, evaluated };
}

/** Every key at any depth of a JSON value. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysOf(inner, into);
    }
  return into;
}

function expectNothingInternal(answer: unknown, label: string) {
  const keys = keysOf(answer);
  for (const field of INTERNAL) {
    expect(keys.has(field), `${label}: ${field}`).toBe(false);
    expect(keys.has(`${field}_name`), `${label}: ${field}_name`).toBe(false);
  }
  const text = JSON.stringify(answer);
  for (const [name, secret] of [...Object.entries(SECRETS), ['onsite_handler', 'Onsite-Q3']])
    expect(text.includes(secret!), `${label} shows ${name}`).toBe(false);
}

describe("the customer side's view of a complaint", () => {
  it('the declaration marks the archive record, the handler and the team internal', () => {
    expect(INTERNAL).toEqual(
      expect.arrayContaining([
        'root_cause',
        'archive_remark',
        'pilot_detected',
        'leftover_version_issue',
        'archive_user',
        'archive_module',
        'archive_class',
        'archive_type',
        'onsite_handler',
        'processor',
        'accepter',
        'team',
      ]),
    );
    for (const name of ['title', 'description', 'status', 'reason', 'solution', 'action', 'rating_solved', 'evaluation'])
      expect(INTERNAL).not.toContain(name);
  });

  it('of an archived complaint holds no internal field or staff note in any call the customer can make', async () => {
    const { id, evaluated } = await archivedComplaint();
    // The answer of the customer's own workflow action already leaves out the handler.
    expectNothingInternal(evaluated, 'evaluate');
    const answers: Record<string, unknown> = {
      one: await expectOk(t, ONE, { id }, tokens.customer!),
      list: await expectOk(t, LIST, {}, tokens.customer!),
      search: await expectOk(t, LIST, { keyword: 'battery' }, tokens.customer!),
      category: await expectOk(t, LIST, { status: ['archived'] }, tokens.customer!),
      history: await expectOk(t, HISTORY, { id }, tokens.customer!),
      news: await expectOk(t, NEWS, { pageIndex: 1, pageSize: 5 }, tokens.customer!),
    };
    const newsItem = (answers.news as { data: { id: number }[] }).data[0]!;
    answers.messages = await expectOk(t, MESSAGES, { id }, tokens.customer!);
    answers.detail = await expectOk(t, COMMENT_DETAIL, { comment_id: newsItem.id }, tokens.customer!);
    for (const [label, answer] of Object.entries(answers)) expectNothingInternal(answer, label);
    // What is theirs stays: the solution, their rating and their own note.
    expect(answers.one).toMatchObject({ id, status: 'archived', solution: TRANSITION_FIELDS.archive!.solution, rating_solved: 5 });
    const entries = (answers.history as { data: Record<string, any>[] }).data;
    expect(entries.find((e) => e.action === 'confirm')!.note).toBe('Works again, thank you');
    expect(entries.find((e) => e.action === 'accept')!.note).toBeNull();
    expect(entries.find((e) => e.action === 'archive')!.fields).toMatchObject({ solution: TRANSITION_FIELDS.archive!.solution });
  });

  it('the installer, on the customer side of his systems, reads the same public part', async () => {
    const { id } = await expectOk(t, SAVE, newComplaint(installers), tokens.installer!);
    await expectOk(t, act('accept'), { id, note: SECRETS.note }, tokens.servicer!);
    await t.db.execute(sql`UPDATE complaints SET root_cause = ${SECRETS.root_cause}, team = 'rnd' WHERE id = ${id}`);
    for (const [label, path, body] of [
      ['one', ONE, { id }],
      ['list', LIST, {}],
      ['history', HISTORY, { id }],
    ] as const)
      expectNothingInternal(await expectOk(t, path, body, tokens.installer!), `installer ${label}`);
  });

  it('filtering the list by an internal field answers 45 to the customer side; staff filter by it', async () => {
    const id = await insertComplaint(t, own, 'processing', 'rnd');
    await t.db.execute(sql`UPDATE complaints SET processor = 'dasw' WHERE id = ${id}`);
    await expectRejected(t, LIST, { processor: 'dasw' }, tokens.customer!, 45);
    await expectRejected(t, LIST, { team: 'rnd' }, tokens.customer!, 45);
    expect((await expectOk(t, LIST, { processor: 'dasw' }, tokens.servicer!)).dataCount).toBe(1);
  });

  it('staff read the whole record, each person with their display name, the archive user being who archived', async () => {
    const { id } = await archivedComplaint();
    const one = await expectOk(t, ONE, { id }, tokens.dasw!);
    expect(one).toMatchObject({
      root_cause: SECRETS.root_cause,
      archive_remark: SECRETS.archive_remark,
      pilot_detected: true,
      onsite_handler: 'Onsite-Q3',
      // The one archiving.
      archive_user: 'fasw',
      archive_user_name: names.fasw,
      created_by: 'customer',
      created_by_name: names.customer,
      processor: 'servicer',
      processor_name: names.servicer,
      accepter_name: names.servicer,
    });
    const entries = await history(id, 'dasw');
    expect(entries.find((e) => e.action === 'accept')).toMatchObject({ note: SECRETS.note, user_name: names.servicer });
    expect(entries.find((e) => e.action === 'archive')!.fields).toMatchObject({ root_cause: SECRETS.root_cause });
    const messages = await expectOk(t, MESSAGES, { id }, tokens.customer!);
    expect(messages.data[0]).toMatchObject({ creator: 'servicer', creator_name: names.servicer });
  });

  it('the archive user is the one archiving whatever the body names', async () => {
    const id = await insertComplaint(t, own, 'evaluated');
    await t.db.execute(sql`UPDATE complaints SET solution = 's', action = 'a' WHERE id = ${id}`);
    const archived = await expectOk(t, act('archive'), { id, ...TRANSITION_FIELDS.archive, archive_user: 'customer' }, tokens.dasw!);
    expect(archived.archive_user).toBe('dasw');
    const [row] = await queryRows<{ archive_user: string }>(t.db, sql`SELECT archive_user FROM complaints WHERE id = ${id}`);
    expect(row!.archive_user).toBe('dasw');
  });
});
