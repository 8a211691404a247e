import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../../server/core/db/database';
import type { TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';
import { CREATE_FIXTURE_NOTES } from './scoped-fixture-resource';

/**
 * DESIGN §3 / §6: a declaration's `scope` limits every generated call, list, one, save and delete alike. A
 * customer reaches the notes of their own systems; a note of another's system answers 45 whether it is read,
 * changed or deleted, exactly as a note that does not exist, and nothing changes.
 */
vi.mock('../../../resources/index', async (importOriginal) => {
  const shipped = await importOriginal<typeof import('../../../resources/index')>();
  const { fixtureNotes } = await import('./scoped-fixture-resource');
  return { ...shipped, RESOURCES: [...shipped.RESOURCES, fixtureNotes] };
});
vi.mock('../../../server/core/db/schema/index', async (importOriginal) => {
  const { fixtureNotesTable } = await import('./scoped-fixture-resource');
  return { ...(await importOriginal<object>()), fixtureNotesTable };
});

let t: TestApp;
let own: string;
let foreign: string;
beforeAll(async () => {
  // The demo users and fleet, one day of history: the rows the scope follows.
  t = await createMonitoringWorld(1);
  await t.db.execute(CREATE_FIXTURE_NOTES);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.execute(sql`TRUNCATE fixture_notes RESTART IDENTITY`);
  const customer = sql`(SELECT id FROM users WHERE username = 'customer')`;
  [{ sys_sn: own }] = (await queryRows<{ sys_sn: string }>(
    t.db,
    sql`SELECT sys_sn FROM systems WHERE customer_user_id = ${customer} ORDER BY sys_sn LIMIT 1`,
  )) as [{ sys_sn: string }];
  [{ sys_sn: foreign }] = (await queryRows<{ sys_sn: string }>(
    t.db,
    sql`SELECT sys_sn FROM systems WHERE customer_user_id IS DISTINCT FROM ${customer} ORDER BY sys_sn LIMIT 1`,
  )) as [{ sys_sn: string }];
  // Note 1 on the customer's system, note 2 on another's.
  await t.db.execute(sql`INSERT INTO fixture_notes (sys_sn, note) VALUES (${own}, 'mine'), (${foreign}, 'theirs')`);
});

async function notes() {
  return queryRows<{ id: number; sys_sn: string; note: string }>(t.db, sql`SELECT id, sys_sn, note FROM fixture_notes ORDER BY id`);
}

describe('a scoped fixture resource', () => {
  it("lists only the rows in the caller's scope; staff who see every system see all", async () => {
    const customer = (await t.login('customer')).AccessToken;
    const list = (await t.post('/api/Note/GetNotePageList', {}, { token: customer })).body;
    expect(list.data).toMatchObject({ dataCount: 1, data: [{ id: 1, note: 'mine' }] });
    const admin = (await t.login('admin')).AccessToken;
    expect((await t.post('/api/Note/GetNotePageList', {}, { token: admin })).body.data.dataCount).toBe(2);
  });

  it('one / save / delete of a row inside the scope do their work', async () => {
    const customer = (await t.login('customer')).AccessToken;
    expect((await t.post('/api/Note/GetNote', { id: 1 }, { token: customer })).body.data).toMatchObject({ note: 'mine' });
    expect((await t.post('/api/Note/SaveNote', { id: 1, sys_sn: own, note: 'changed' }, { token: customer })).body.code).toBe(200);
    expect((await t.post('/api/Note/SaveNote', { sys_sn: own, note: 'new' }, { token: customer })).body.code).toBe(200);
    expect((await t.post('/api/Note/DeleteNote', { id: 1 }, { token: customer })).body.code).toBe(200);
    expect((await notes()).map((n) => n.note)).toEqual(['theirs', 'new']);
  });

  it('one / save / delete of a foreign row answer 45, like a missing row, and change nothing', async () => {
    const customer = (await t.login('customer')).AccessToken;
    const before = await notes();
    for (const [path, body] of [
      ['/api/Note/GetNote', { id: 2 }],
      ['/api/Note/GetNote', { id: 99 }],
      ['/api/Note/SaveNote', { id: 2, sys_sn: foreign, note: 'taken' }],
      // Moving one's own note onto another's system, or filing a new one there.
      ['/api/Note/SaveNote', { id: 1, sys_sn: foreign, note: 'moved' }],
      ['/api/Note/SaveNote', { sys_sn: foreign, note: 'planted' }],
      ['/api/Note/DeleteNote', { id: 2 }],
      ['/api/Note/DeleteNote', { id: 99 }],
    ] as const) {
      const { body: answer } = await t.post(path, body, { token: customer });
      expect(answer, `${path} ${JSON.stringify(body)}`).toMatchObject({ code: 45, data: null });
      expect(JSON.stringify(answer)).not.toContain('theirs');
    }
    expect(await notes()).toEqual(before);
  });
});
