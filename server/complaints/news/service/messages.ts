import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { Code } from '../../../../contract/codes';
import type { commentBody, complaintMessage, messageDetail, newsItem, unreadNewsBody } from '../../../../contract/complaints';
import type { MessageKind } from '../../../../contract/complaints-constants';
import { complaints as complaintDeclaration } from '../../../../resources/complaints';
import type { Actor } from '../../../core/auth/actor';
import { writeAudit } from '../../../core/crud/audit';
import type { Row } from '../../../core/crud/factory';
import type { Database } from '../../../core/db';
import { complaintMessageReads, complaintMessages, complaints, uploads, users } from '../../../core/db/schema';
import { ApiError } from '../../../core/http/envelope';
import { queueMails } from '../../../core/mail/outbox';
import { assertAttachable, filesOfRecords, type UploadRow } from '../../../core/uploads/service';
import { assertStillOpen, complaintInScope, complaintScope, sideOf } from '../../access';
import { refreshDueAt } from '../../clock-store';
import { messageMails } from '../../mail';
import { displayNames } from '../../visibility';

/**
 * The messages of a complaint (spec §3, §7; DESIGN §9): comments and replies with files, who has read which, and the
 * unread ones of the top bar. Every call reaches a message through its complaint's row scope (45 outside it).
 *
 * Files: uploaded first through the complaint's own upload call (/Complaints/UploadComplaintFile without recordId),
 * then named by the message; saving it moves them from the complaint's uploads to the message's (resource
 * MESSAGE_FILES), so they never count among the complaint's own 3 files.
 */
export const MESSAGE_FILES = 'complaintMessage';
const UPLOADED_AS = { resource: complaintDeclaration.name, field: 'attachments' } as const;

type Message = typeof complaintMessages.$inferSelect;
type NewMessage = z.infer<typeof commentBody> & { commentId?: number };

/** Where a message's mails link to and when it is written. */
export interface Writing {
  now: Date;
  portalUrl: string;
}

/** A comment on a complaint, or (commentId) a reply to one of its messages; the person to act next is mailed. */
export async function addMessage(
  db: Database,
  actor: Actor,
  kind: MessageKind,
  body: NewMessage,
  { now, portalUrl }: Writing,
): Promise<z.infer<typeof complaintMessage>> {
  const complaint = await complaintInScope(db, actor, body.id, now);
  assertStillOpen(complaint, kind);
  let answered: Message | undefined;
  if (kind === 'reply') {
    [answered] = await db
      .select()
      .from(complaintMessages)
      .where(and(eq(complaintMessages.id, body.commentId!), eq(complaintMessages.complaintId, body.id)))
      .limit(1);
    if (!answered)
      throw new ApiError(Code.PARAM_ERROR, 'Parameter error: commentId (no message of this complaint)', { data: { field: 'commentId' } });
  }
  const ids = body.attachments;
  await assertAttachable(db, { ...UPLOADED_AS, ids, ownerId: actor.id });
  const side = sideOf(actor.roles);
  const saved = await db.transaction(async (tx) => {
    const [message] = await tx
      .insert(complaintMessages)
      .values({
        complaintId: body.id,
        kind,
        replyTo: answered?.id ?? null,
        authorId: actor.id,
        author: actor.username,
        authorSide: side,
        content: body.commentContent,
        createdAt: now,
      })
      .returning();
    await takeFiles(tx, ids, actor.id, message!.id);
    await writeAudit(tx, actor, now, {
      action: `${complaintDeclaration.name}.${kind}`,
      target: `${complaintDeclaration.name}:${body.id}`,
      after: { message: message!.id, content: body.commentContent, files: ids },
    });
    await queueMails(tx, await messageMails(tx, complaint, message!, portalUrl, now), now);
    // A staff message answers the customer: the first-response clock stops (clocks.ts), the due time follows.
    if (side === 'staff') await refreshDueAt(tx, [body.id], now);
    return message!;
  });
  return (await present(db, [saved]))[0]!;
}

/** The messages of a complaint, oldest first; the caller has now seen them all (read marks). */
export async function complaintMessagesOf(db: Database, actor: Actor, complaintId: number, now: Date) {
  await complaintInScope(db, actor, complaintId, now);
  const rows = await db
    .select()
    .from(complaintMessages)
    .where(eq(complaintMessages.complaintId, complaintId))
    .orderBy(asc(complaintMessages.id));
  await markRead(
    db,
    actor,
    rows.map((row) => row.id),
    now,
  );
  const data = await present(db, rows);
  return { data, dataCount: data.length };
}

/**
 * The caller's unread messages, newest first (spec §7 QueryAllUnreadNews): messages others wrote on complaints in the
 * caller's scope that concern them, which they have not opened. The customer side is concerned by every complaint
 * it sees; staff by the complaints they handle, accepted or filed, and by replies to their own messages.
 */
export async function unreadMessages(db: Database, actor: Actor, body: z.infer<typeof unreadNewsBody>, now: Date) {
  const where = and(complaintScope(actor, now), unreadFor(actor))!;
  const [total] = await db
    .select({ n: count() })
    .from(complaintMessages)
    .innerJoin(complaints, eq(complaints.id, complaintMessages.complaintId))
    .where(where);
  const dataCount = Number(total?.n ?? 0);
  if (body.count) return { data: [], dataCount };
  const rows = await db
    .select({
      id: complaintMessages.id,
      complaints_id: complaintMessages.complaintId,
      kind: complaintMessages.kind,
      area: complaints.country,
      title: complaints.title,
      content: complaintMessages.content,
      creator: complaintMessages.author,
      creator_name: sql<string>`coalesce(nullif(${users.displayName}, ''), ${complaintMessages.author})`,
      created_at: complaintMessages.createdAt,
      attachment_name: fileNames(complaintMessages.id),
    })
    .from(complaintMessages)
    .innerJoin(complaints, eq(complaints.id, complaintMessages.complaintId))
    .leftJoin(users, eq(users.id, complaintMessages.authorId))
    .where(where)
    .orderBy(desc(complaintMessages.id))
    .limit(body.pageSize)
    .offset((body.pageIndex - 1) * body.pageSize);
  const data: z.infer<typeof newsItem>[] = rows.map((row) => ({
    ...row,
    kind: row.kind as MessageKind,
    complaintscomment_id: row.kind === 'comment' ? row.id : null,
    complaintsadditionalinfo_id: row.kind === 'reply' ? row.id : null,
    created_at: row.created_at.toISOString(),
  }));
  return { data, dataCount };
}

/** Spec §3 'Message detail' of one message; opening it marks it read for the caller. */
export async function messageDetailOf(db: Database, actor: Actor, messageId: number, now: Date): Promise<z.infer<typeof messageDetail>> {
  const { message, complaint } = await messageInScope(db, actor, messageId, now);
  await markRead(db, actor, [message.id], now);
  const [answered] = message.replyTo
    ? await db.select().from(complaintMessages).where(eq(complaintMessages.id, message.replyTo)).limit(1)
    : [];
  const files = (await filesOfRecords(db, MESSAGE_FILES, [message.id])).get(message.id)?.get('attachments') ?? [];
  const reply = message.kind === 'reply';
  const commentCreator = reply ? (answered?.author ?? null) : message.author;
  const replyFrom = reply ? message.author : null;
  const names = await displayNames(db, [commentCreator, replyFrom]);
  return {
    id: message.id,
    kind: message.kind as MessageKind,
    complaints_id: message.complaintId,
    complaintprocessing_id: message.replyTo,
    additionalinfo_content: reply ? message.content : null,
    reply_from: replyFrom,
    comment_content: reply ? (answered?.content ?? null) : message.content,
    comment_creator: commentCreator,
    reply_from_name: replyFrom === null ? null : (names.get(replyFrom) ?? replyFrom),
    comment_creator_name: commentCreator === null ? null : (names.get(commentCreator) ?? commentCreator),
    attachment_name: files.map((file) => file.name).join(', '),
    attachments: files,
    title: String(complaint.title),
    created_at: message.createdAt.toISOString(),
  };
}

/** The file of a message with this name (spec §7 DownCommentFile / DownAdditionalFile); 86 when it has none. */
export async function messageFile(db: Database, actor: Actor, messageId: number, name: string, now: Date): Promise<UploadRow> {
  await messageInScope(db, actor, messageId, now);
  const [file] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.resource, MESSAGE_FILES), eq(uploads.recordId, messageId), eq(uploads.originalName, name)))
    .orderBy(asc(uploads.id))
    .limit(1);
  if (!file) throw new ApiError(Code.ATTACHMENT_MISSING);
  return file;
}

/** A message whose complaint the caller's scope holds; 45 otherwise, missing or not. */
async function messageInScope(db: Database, actor: Actor, messageId: number, now: Date): Promise<{ message: Message; complaint: Row }> {
  const [message] = await db.select().from(complaintMessages).where(eq(complaintMessages.id, messageId)).limit(1);
  if (!message) throw new ApiError(Code.NO_PERMISSION);
  return { message, complaint: await complaintInScope(db, actor, message.complaintId, now) };
}

async function markRead(db: Database, actor: Actor, messageIds: number[], readAt: Date): Promise<void> {
  if (messageIds.length === 0) return;
  await db
    .insert(complaintMessageReads)
    .values(messageIds.map((messageId) => ({ messageId, userId: actor.id, readAt })))
    .onConflictDoNothing();
}

async function present(db: Database, rows: Message[]): Promise<z.infer<typeof complaintMessage>[]> {
  const files = await filesOfRecords(
    db,
    MESSAGE_FILES,
    rows.map((row) => row.id),
  );
  const names = await displayNames(
    db,
    rows.map((row) => row.author),
  );
  return rows.map((row) => ({
    id: row.id,
    complaints_id: row.complaintId,
    kind: row.kind as MessageKind,
    reply_to: row.replyTo,
    content: row.content,
    creator: row.author,
    creator_name: names.get(row.author) ?? row.author,
    side: row.authorSide as 'customer' | 'staff',
    created_at: row.createdAt.toISOString(),
    attachments: files.get(row.id)?.get('attachments') ?? [],
  }));
}

/** The names of a message's files, ', ' between them (spec §3 attachment_name). */
function fileNames(messageId: typeof complaintMessages.id): SQL<string> {
  return sql<string>`(SELECT coalesce(string_agg(u.original_name, ', ' ORDER BY u.id), '') FROM ${uploads} u
    WHERE u.resource = ${MESSAGE_FILES} AND u.record_id = ${messageId})`;
}

/**
 * In the message's transaction: the caller's unattached uploads become the message's files. One another save took
 * meanwhile answers 54, the same bytes twice 96 (the transaction then rolls back).
 */
async function takeFiles(tx: Database, ids: readonly number[], ownerId: number, messageId: number): Promise<void> {
  if (ids.length === 0) return;
  const taken = await tx
    .update(uploads)
    .set({ resource: MESSAGE_FILES, recordId: messageId })
    .where(
      and(
        inArray(uploads.id, [...ids]),
        eq(uploads.resource, UPLOADED_AS.resource),
        eq(uploads.field, UPLOADED_AS.field),
        eq(uploads.ownerId, ownerId),
        isNull(uploads.recordId),
      ),
    )
    .returning({ sha256: uploads.sha256 });
  if (taken.length !== ids.length) throw new ApiError(Code.ATTACHMENTS_NOT_UPLOADED, undefined, { data: { field: 'attachments' } });
  if (new Set(taken.map((file) => file.sha256)).size !== taken.length)
    throw new ApiError(Code.REPEATED_UPLOAD, undefined, { data: { field: 'attachments' } });
}

/**
 * The messages (of the joined complaint) that count as unread for `user`: written by others, not opened by them, and,
 * for staff, on complaints they handle, accepted or filed, or replies to their own messages (the customer side is
 * concerned by every complaint it sees). The caller adds the row scope.
 */
export function unreadFor({ id, username, roles }: Pick<Actor, 'id' | 'username' | 'roles'>): SQL {
  const unread = sql`NOT EXISTS (SELECT 1 FROM ${complaintMessageReads} r WHERE r.message_id = ${complaintMessages.id} AND r.user_id = ${id})`;
  const others = or(isNull(complaintMessages.authorId), ne(complaintMessages.authorId, id))!;
  const concerned =
    sideOf(roles) === 'customer'
      ? undefined
      : or(
          eq(complaints.processor, username),
          eq(complaints.accepter, username),
          eq(complaints.created_by, username),
          sql`${complaintMessages.replyTo} IN (SELECT m.id FROM ${complaintMessages} m WHERE m.author_id = ${id})`,
        );
  return and(others, unread, concerned)!;
}
