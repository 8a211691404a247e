import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../../server/core/db/database';
import { expectOk, tableDigests } from '../admin/helpers';
import type { TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';
import { multipart, PNG } from './attach-helpers';
import { CREATE_FIXTURE_SYSTEM_NOTES } from './attach-scoped-fixture';

/**
 * Files of a scoped resource follow its row scope (DESIGN §6, §10): a customer reads and adds the files of notes on
 * their own systems; a note on another's system (or none at all) answers 45 for its files too, and nothing is kept.
 */
vi.mock('../../../resources/index', async (importOriginal) => {
  const shipped = await importOriginal<typeof import('../../../resources/index')>();
  const { fixtureSystemNotes } = await import('./attach-scoped-fixture');
  return { ...shipped, RESOURCES: [...shipped.RESOURCES, fixtureSystemNotes] };
});
vi.mock('../../../server/core/db/schema/index', async (importOriginal) => {
  const { fixtureSystemNotesTable } = await import('./attach-scoped-fixture');
  return { ...(await importOriginal<object>()), fixtureSystemNotesTable };
});

let t: TestApp;
let own: string;
let foreign: string;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
  await t.db.execute(CREATE_FIXTURE_SYSTEM_NOTES);
  const customer = sql`(SELECT id FROM users WHERE username = 'customer')`;
  own = (
    await queryRows<{ sys_sn: string }>(t.db, sql`SELECT sys_sn FROM systems WHERE customer_user_id = ${customer} ORDER BY sys_sn LIMIT 1`)
  )[0]!.sys_sn;
  foreign = (
    await queryRows<{ sys_sn: string }>(
      t.db,
      sql`SELECT sys_sn FROM systems WHERE customer_user_id IS DISTINCT FROM ${customer} ORDER BY sys_sn LIMIT 1`,
    )
  )[0]!.sys_sn;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.execute(sql`TRUNCATE fixture_system_notes RESTART IDENTITY`);
  await t.db.execute(sql`DELETE FROM uploads`);
});

async function upload(token: string, content: Buffer, recordId?: number) {
  const parts = [
    ...(recordId === undefined ? [] : [{ name: 'recordId', value: String(recordId) }]),
    { name: 'file', filename: 'roof.png', content },
  ];
  const body = multipart(parts);
  const response = await t.inject({
    method: 'POST',
    url: '/api/SystemNote/UploadSystemNoteFile',
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
  return response.json();
}

describe('files of a scoped resource', () => {
  it("a customer adds and reads the photo of a note on their system; another's note answers 45 for its file, like a missing one", async () => {
    const customer = (await t.login('customer')).AccessToken;
    const admin = (await t.login('admin')).AccessToken;
    const mine = await upload(customer, PNG);
    const note = await expectOk(t, '/api/SystemNote/SaveSystemNote', { sys_sn: own, title: 'mine', photo: [mine.data.id] }, customer);
    const theirs = await upload(admin, Buffer.concat([PNG, Buffer.from('other')]));
    const other = await expectOk(t, '/api/SystemNote/SaveSystemNote', { sys_sn: foreign, title: 'theirs', photo: [theirs.data.id] }, admin);

    const download = (id: number, token: string) =>
      t.inject({
        method: 'POST',
        url: '/api/SystemNote/DownloadSystemNoteFile',
        headers: { authorization: `Bearer ${token}` },
        payload: { id },
      });
    expect((await download(mine.data.id, customer)).rawPayload.equals(PNG)).toBe(true);
    expect((await download(theirs.data.id, admin)).headers['content-type']).toBe('image/png');

    const before = await tableDigests(t);
    const refused = (await download(theirs.data.id, customer)).json();
    expect(refused).toEqual({ code: 45, data: null, info: 'No permission' });
    // Adding a file to another's note, or to a note that does not exist: the same 45, nothing kept.
    for (const recordId of [other.id, 999])
      expect((await upload(customer, Buffer.concat([PNG, Buffer.from('x')]), recordId)).code).toBe(45);
    expect(await tableDigests(t)).toEqual(before);
    expect(note.id).toBe(1);
  });
});
