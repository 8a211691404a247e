import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectOk, expectRejected } from '../admin/helpers';
import type { TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';
import { insertComplaint, systemsOf } from './samples';

/**
 * The top bar's unread complaint messages (spec §3 'Complaint message item', §4, §7 QueryAllUnreadNews; page size 5):
 * messages others wrote on complaints that concern the caller, until the caller opens them (a detail, or the
 * complaint's message list); never a message of a complaint outside the caller's scope.
 */
const NEWS = '/api/ComplaintsNews/QueryAllUnreadNews';
const COMMENT = '/api/Complaints/CommentComplaint';
const REPLY = '/api/ComplaintsProcessing/ReplyComplaintsComment';
const MESSAGES = '/api/Complaints/GetComplaintMessages';
const COMMENT_DETAIL = '/api/ComplaintsNews/GetCommentDetail';
const REPLY_DETAIL = '/api/ComplaintsNews/GetAdditionalInfoDetail';

let t: TestApp;
const tokens: Record<string, string> = {};
let own: string;
let foreign: string;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
  for (const role of ['customer', 'installer', 'servicer', 'fasw', 'sharer']) tokens[role] = (await t.login(role)).AccessToken;
  ({ inside: own, outside: foreign } = (await systemsOf(t, 'customer')) as { inside: string; outside: string });
}, 120_000);
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.execute(sql`TRUNCATE complaints RESTART IDENTITY CASCADE`);
});

const news = (as: string, body: Record<string, unknown> = { pageIndex: 1, pageSize: 5 }) => expectOk(t, NEWS, body, tokens[as]!);

/** A complaint of the customer's that the servicer handles. */
async function handledComplaint(sn = own): Promise<number> {
  const id = await insertComplaint(t, sn, 'processing');
  await t.db.execute(sql`UPDATE complaints SET processor = 'servicer', accepter = 'servicer' WHERE id = ${id}`);
  return id;
}

describe('unread complaint messages', () => {
  it('a staff comment is unread for the customer until its detail is opened; their own messages never are', async () => {
    const id = await handledComplaint();
    const comment = await expectOk(t, COMMENT, { id, commentContent: 'Please restart the inverter.' }, tokens.servicer!);
    expect(await news('servicer')).toEqual({ data: [], dataCount: 0 });

    const before = await news('customer');
    expect(before.dataCount).toBe(1);
    expect(before.data[0]).toMatchObject({
      id: comment.id,
      complaints_id: id,
      complaintscomment_id: comment.id,
      complaintsadditionalinfo_id: null,
      attachment_name: '',
      kind: 'comment',
      creator: 'servicer',
      content: 'Please restart the inverter.',
    });

    await expectOk(t, COMMENT_DETAIL, { comment_id: comment.id }, tokens.customer!);
    expect((await news('customer')).dataCount).toBe(0);
    // Opening it twice changes nothing.
    await expectOk(t, COMMENT_DETAIL, { comment_id: comment.id }, tokens.customer!);
    expect((await news('customer')).dataCount).toBe(0);
  });

  it('a customer reply is unread for the handler (an additional-info item) until opened; others on staff are not concerned', async () => {
    const id = await handledComplaint();
    const comment = await expectOk(t, COMMENT, { id, commentContent: 'Which firmware?' }, tokens.servicer!);
    const reply = await expectOk(t, REPLY, { id, commentContent: '1.2', commentId: comment.id }, tokens.customer!);
    const [item] = (await news('servicer')).data;
    expect(item).toMatchObject({ id: reply.id, complaintscomment_id: null, complaintsadditionalinfo_id: reply.id, kind: 'reply' });
    // fasw neither handles nor filed it.
    expect((await news('fasw')).dataCount).toBe(0);
    await expectOk(t, REPLY_DETAIL, { additionalinfo_id: reply.id }, tokens.servicer!);
    expect((await news('servicer')).dataCount).toBe(0);
  });

  it('pages of 5, newest first; count alone answers only the count; reading the complaint’s messages reads them all', async () => {
    const id = await handledComplaint();
    for (let n = 1; n <= 7; n++) await expectOk(t, COMMENT, { id, commentContent: `Note ${n}` }, tokens.servicer!);
    const first = await news('customer');
    expect(first.dataCount).toBe(7);
    expect(first.data.map((m: { content: string }) => m.content)).toEqual(['Note 7', 'Note 6', 'Note 5', 'Note 4', 'Note 3']);
    const second = await news('customer', { pageIndex: 2, pageSize: 5 });
    expect(second.data.map((m: { content: string }) => m.content)).toEqual(['Note 2', 'Note 1']);
    expect(await news('customer', { count: true })).toEqual({ data: [], dataCount: 7 });
    // The spec's defaults: page 1 of 5.
    expect((await news('customer', {})).data).toHaveLength(5);

    await expectOk(t, MESSAGES, { id }, tokens.customer!);
    expect((await news('customer')).dataCount).toBe(0);
  });

  it('names the sender by display name (the user name when there is none)', async () => {
    const id = await handledComplaint();
    await expectOk(t, COMMENT, { id, commentContent: 'Named' }, tokens.servicer!);
    await t.db.execute(sql`UPDATE users SET display_name = 'Li Wei (Service)' WHERE username = 'servicer'`);
    expect((await news('customer')).data[0]).toMatchObject({ creator: 'servicer', creator_name: 'Li Wei (Service)' });
    await t.db.execute(sql`UPDATE users SET display_name = '' WHERE username = 'servicer'`);
    expect((await news('customer')).data[0]).toMatchObject({ creator: 'servicer', creator_name: 'servicer' });
  });

  it('the list filter messages=unread finds the complaints with a message the caller has not read, in their scope', async () => {
    const LIST = '/api/Complaints/GetComplaintPageList';
    const ids = async (as: string) =>
      (await expectOk<{ data: Array<{ id: number }> }>(t, LIST, { pageIndex: 1, pageSize: 10, messages: 'unread' }, tokens[as]!)).data
        .map((row) => row.id)
        .sort();
    await handledComplaint(); // no message at all
    const talked = await handledComplaint();
    const read = await handledComplaint();
    const theirs = await handledComplaint(foreign);
    await expectOk(t, COMMENT, { id: talked, commentContent: 'Unread' }, tokens.servicer!);
    const opened = await expectOk(t, COMMENT, { id: read, commentContent: 'Read' }, tokens.servicer!);
    await expectOk(t, COMMENT, { id: theirs, commentContent: 'Not yours' }, tokens.servicer!);
    await expectOk(t, COMMENT_DETAIL, { comment_id: opened.id }, tokens.customer!);
    expect(await ids('customer')).toEqual([talked]);
    // The author never has their own messages unread; without the filter every complaint of the scope shows.
    expect(await ids('servicer')).toEqual([]);
    const all = await expectOk<{ dataCount: number }>(t, LIST, { pageIndex: 1, pageSize: 10 }, tokens.customer!);
    expect(all.dataCount).toBe(3);
    await expectRejected(t, LIST, { messages: 'all' }, tokens.customer!, 2, 'messages');
  });

  it('messages of a complaint outside the caller’s scope never show, and their details answer 45', async () => {
    const theirs = await handledComplaint(foreign);
    const comment = await expectOk(t, COMMENT, { id: theirs, commentContent: 'For the other owner' }, tokens.servicer!);
    expect((await news('customer')).dataCount).toBe(0);
    await expectRejected(t, COMMENT_DETAIL, { comment_id: comment.id }, tokens.customer!, 45);
    // An installer sees the messages of their systems' complaints only.
    const { inside, outside } = await systemsOf(t, 'installer');
    await t.db.execute(sql`TRUNCATE complaints RESTART IDENTITY CASCADE`);
    const notTheirs = await handledComplaint(outside);
    const theirsToo = await handledComplaint(inside);
    await expectOk(t, COMMENT, { id: notTheirs, commentContent: 'Elsewhere' }, tokens.servicer!);
    await expectOk(t, COMMENT, { id: theirsToo, commentContent: 'On your system' }, tokens.servicer!);
    const seen = await news('installer');
    expect(seen.data.map((m: { complaints_id: number }) => m.complaints_id)).toEqual([theirsToo]);
  });

  it.each([
    ['pageSize 0', { pageSize: 0 }, 2],
    ['pageSize 101', { pageSize: 101 }, 2],
    ['pageIndex -1', { pageIndex: -1 }, 2],
    ['count "yes"', { count: 'yes' }, 2],
  ])('%s answers %i', async (_case, body, code) => {
    await expectRejected(t, NEWS, body, tokens.customer!, code);
  });

  it('a detail without its id answers 3; a sharer has no complaint messages (45)', async () => {
    await expectRejected(t, COMMENT_DETAIL, {}, tokens.customer!, 3, 'comment_id');
    await expectRejected(t, REPLY_DETAIL, { additionalinfo_id: 0 }, tokens.customer!, 2, 'additionalinfo_id');
    await expectRejected(t, NEWS, { pageIndex: 1, pageSize: 5 }, tokens.sharer!, 45);
  });
});
