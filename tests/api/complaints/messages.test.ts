import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGE_MAX } from '../../../contract/complaints-constants';
import { queryRows } from '../../../server/core/db';
import { expectOk, expectRejected } from '../admin/helpers';
import { multipart, pdf, PNG } from '../crud/attach-helpers';
import type { TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';
import { insertComplaint, systemsOf } from './samples';

/**
 * A complaint's comments and replies with files (spec §3 'Reply payload', §5 'Reply to a complaint message', §7;
 * DESIGN §9): both sides write, the list shows them oldest first with their files, a refusal writes nothing, and a
 * complaint outside the caller's scope answers 45 for every call, the file downloads included.
 */
const COMMENT = '/api/Complaints/CommentComplaint';
const REPLY = '/api/ComplaintsProcessing/ReplyComplaintsComment';
const MESSAGES = '/api/Complaints/GetComplaintMessages';
const UPLOAD = '/api/Complaints/UploadComplaintFile';
const COMMENT_DETAIL = '/api/ComplaintsNews/GetCommentDetail';
const REPLY_DETAIL = '/api/ComplaintsNews/GetAdditionalInfoDetail';
const DOWN_COMMENT = '/api/ComplaintsNews/DownCommentFile';
const DOWN_REPLY = '/api/ComplaintsNews/DownAdditionalFile';

let t: TestApp;
const tokens: Record<string, string> = {};
let own: string;
let foreign: string;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
  for (const role of ['customer', 'installer', 'servicer', 'dev', 'sharer']) tokens[role] = (await t.login(role)).AccessToken;
  ({ inside: own, outside: foreign } = (await systemsOf(t, 'customer')) as { inside: string; outside: string });
}, 120_000);
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.execute(sql`TRUNCATE complaints RESTART IDENTITY CASCADE`);
  await t.db.execute(sql`DELETE FROM uploads`);
});

async function upload(filename: string, content: Buffer, as = 'customer'): Promise<number> {
  const body = multipart([
    { name: 'field', value: 'attachments' },
    { name: 'file', filename, content },
  ]);
  const response = await t.inject({
    method: 'POST',
    url: UPLOAD,
    headers: { ...body.headers, authorization: `Bearer ${tokens[as]}` },
    payload: body.payload,
  });
  const answer = response.json();
  expect(answer.code, answer.info).toBe(200);
  return answer.data.id;
}

const download = (path: string, body: unknown, as: string) =>
  t.inject({ method: 'POST', url: path, headers: { authorization: `Bearer ${tokens[as]}` }, payload: body as Record<string, unknown> });

describe('comments and replies', () => {
  it('staff comment with a file, the customer replies with a photo: both listed oldest first with their files', async () => {
    const id = await insertComplaint(t, own, 'processing');
    const paper = await upload('log.pdf', pdf('controller log'), 'servicer');
    const comment = await expectOk(
      t,
      COMMENT,
      { id, commentContent: '  Please send a photo of the display.  ', attachments: [paper] },
      tokens.servicer!,
    );
    expect(comment).toMatchObject({
      complaints_id: id,
      kind: 'comment',
      reply_to: null,
      content: 'Please send a photo of the display.',
      creator: 'servicer',
      side: 'staff',
    });
    expect(comment.attachments).toEqual([expect.objectContaining({ id: paper, name: 'log.pdf', mime: 'application/pdf' })]);

    const photo = await upload('display.png', PNG);
    const reply = await expectOk(
      t,
      REPLY,
      { id, commentContent: 'Here it is.', commentId: comment.id, attachments: [photo] },
      tokens.customer!,
    );
    expect(reply).toMatchObject({ kind: 'reply', reply_to: comment.id, creator: 'customer', side: 'customer' });

    const list = await expectOk(t, MESSAGES, { id }, tokens.customer!);
    expect(list.dataCount).toBe(2);
    expect(list.data.map((m: { id: number }) => m.id)).toEqual([comment.id, reply.id]);
    expect(list.data[1].attachments).toEqual([expect.objectContaining({ id: photo, name: 'display.png' })]);
    // The message's files are its own, not among the complaint's 3.
    const [files] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM uploads WHERE resource = 'customerComplaintList' AND record_id IS NOT NULL`,
    );
    expect(files!.n).toBe(0);
  });

  it('the detail of a comment and of a reply carries the spec’s fields; the files download by their names', async () => {
    const id = await insertComplaint(t, own, 'processing');
    const paper = await upload('log.pdf', pdf('controller log'), 'servicer');
    const comment = await expectOk(t, COMMENT, { id, commentContent: 'Which firmware?', attachments: [paper] }, tokens.servicer!);
    const photo = await upload('display.png', PNG);
    const reply = await expectOk(
      t,
      REPLY,
      { id, commentContent: 'Version 1.2', commentId: comment.id, attachments: [photo] },
      tokens.customer!,
    );

    const ofComment = await expectOk(t, COMMENT_DETAIL, { comment_id: comment.id }, tokens.customer!);
    expect(ofComment).toMatchObject({
      id: comment.id,
      complaints_id: id,
      comment_content: 'Which firmware?',
      comment_creator: 'servicer',
      additionalinfo_content: null,
      reply_from: null,
      attachment_name: 'log.pdf',
    });
    const ofReply = await expectOk(t, REPLY_DETAIL, { additionalinfo_id: reply.id }, tokens.servicer!);
    expect(ofReply).toMatchObject({
      id: reply.id,
      complaints_id: id,
      complaintprocessing_id: comment.id,
      additionalinfo_content: 'Version 1.2',
      reply_from: 'customer',
      comment_content: 'Which firmware?',
      comment_creator: 'servicer',
      attachment_name: 'display.png',
    });

    const paperBytes = await download(DOWN_COMMENT, { id: comment.id, attachment_name: 'log.pdf' }, 'customer');
    expect(paperBytes.rawPayload.equals(pdf('controller log'))).toBe(true);
    expect(paperBytes.headers['content-disposition']).toContain('log.pdf');
    expect((await download(DOWN_REPLY, { id: reply.id, attachment_name: 'display.png' }, 'servicer')).rawPayload.equals(PNG)).toBe(true);
    expect((await download(DOWN_REPLY, { id: reply.id, attachment_name: 'other.png' }, 'servicer')).json()).toMatchObject({ code: 86 });
  });

  it.each([
    ['blank text', 'commentContent', { commentContent: '   ' }, 3],
    ['no text', 'commentContent', { commentContent: undefined }, 3],
    ['text too long', 'commentContent', { commentContent: 'x'.repeat(MESSAGE_MAX + 1) }, 2],
    ['an id that is no number', 'id', { id: 'one' }, 2],
    ['a file never uploaded', 'attachments', { attachments: [999_999] }, 54],
    ['4 files', 'attachments', { attachments: [1, 2, 3, 4] }, 2],
  ])('a comment with %s answers (%s) %i and writes nothing', async (_case, field, change, code) => {
    const id = await insertComplaint(t, own, 'processing');
    await expectRejected(t, COMMENT, { id, commentContent: 'Hello', ...change }, tokens.customer!, code, field);
  });

  it('a reply needs a message of the same complaint (2 naming commentId) and text ("Please fill in the reply": 3)', async () => {
    const id = await insertComplaint(t, own, 'processing');
    const other = await insertComplaint(t, own, 'processing');
    const elsewhere = await expectOk(t, COMMENT, { id: other, commentContent: 'On the other one' }, tokens.servicer!);
    await expectRejected(t, REPLY, { id, commentContent: 'Hi', commentId: elsewhere.id }, tokens.customer!, 2, 'commentId');
    await expectRejected(t, REPLY, { id, commentContent: 'Hi' }, tokens.customer!, 3, 'commentId');
    await expectRejected(t, REPLY, { id: other, commentContent: ' ', commentId: elsewhere.id }, tokens.customer!, 3, 'commentContent');
  });

  it('another user’s upload (54) and the same bytes twice (96) are refused, and nothing is written', async () => {
    const id = await insertComplaint(t, own, 'processing');
    const theirs = await upload('log.pdf', pdf('theirs'), 'servicer');
    await expectRejected(t, COMMENT, { id, commentContent: 'Mine', attachments: [theirs] }, tokens.customer!, 54);
    const a = await upload('a.png', PNG);
    const b = await upload('b.png', PNG);
    await expectRejected(t, COMMENT, { id, commentContent: 'Twice', attachments: [a, b] }, tokens.customer!, 96);
    await expectRejected(t, COMMENT, { id, commentContent: 'Twice', attachments: [a, a] }, tokens.customer!, 96);
  });

  it.each(['archived', 'rejected'])('a %s complaint takes no comment and no reply (400)', async (status) => {
    const id = await insertComplaint(t, own, 'processing');
    const comment = await expectOk(t, COMMENT, { id, commentContent: 'Before' }, tokens.servicer!);
    // The comment's mails go out in the background: sent before the refusals are checked for changing nothing.
    await t.app.mailer.deliver();
    await t.db.execute(sql`UPDATE complaints SET status = ${status} WHERE id = ${id}`);
    await expectRejected(t, COMMENT, { id, commentContent: 'After' }, tokens.servicer!, 400);
    await expectRejected(t, REPLY, { id, commentContent: 'After', commentId: comment.id }, tokens.customer!, 400);
  });
});

describe('scope', () => {
  it.each(['customer', 'installer'])(
    '%s: a complaint about a system outside their scope answers 45 for comment, reply, list, details and downloads, nothing revealed or written',
    async (as) => {
      const outside = as === 'customer' ? foreign : (await systemsOf(t, as)).outside!;
      const id = await insertComplaint(t, outside, 'processing');
      const paper = await upload('log.pdf', pdf('secret'), 'servicer');
      const comment = await expectOk(t, COMMENT, { id, commentContent: 'Staff only see this', attachments: [paper] }, tokens.servicer!);
      const missing = 2_000_000;
      {
        await expectRejected(t, COMMENT, { id, commentContent: 'Mine?' }, tokens[as]!, 45);
        await expectRejected(t, REPLY, { id, commentContent: 'Mine?', commentId: comment.id }, tokens[as]!, 45);
        await expectRejected(t, MESSAGES, { id }, tokens[as]!, 45);
        await expectRejected(t, COMMENT_DETAIL, { comment_id: comment.id }, tokens[as]!, 45);
        await expectRejected(t, REPLY_DETAIL, { additionalinfo_id: comment.id }, tokens[as]!, 45);
        // A message that does not exist answers the same.
        await expectRejected(t, COMMENT_DETAIL, { comment_id: missing }, tokens[as]!, 45);
        for (const path of [DOWN_COMMENT, DOWN_REPLY]) {
          const answer = (await download(path, { id: comment.id, attachment_name: 'log.pdf' }, as)).json();
          expect(answer).toMatchObject({ code: 45, data: null });
        }
      }
    },
  );

  it('an installer reaches the complaints of their systems; a sharer has no complaint calls (45)', async () => {
    const installers = (await systemsOf(t, 'installer')).inside!;
    const id = await insertComplaint(t, installers, 'processing');
    await expectOk(t, COMMENT, { id, commentContent: 'Installer here' }, tokens.installer!);
    expect((await expectOk(t, MESSAGES, { id }, tokens.installer!)).dataCount).toBe(1);
    await expectRejected(t, MESSAGES, { id }, tokens.sharer!, 45);
    await expectRejected(t, COMMENT, { id, commentContent: 'Sharer here' }, tokens.sharer!, 45);
  });
});
