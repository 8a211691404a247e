import { alias } from 'drizzle-orm/pg-core';
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { Code } from '../../contract/codes';
import { normalizeLanguage, type Language } from '../../contract/languages';
import {
  audienceGiven,
  pickText,
  type Audience,
  type distributedMessage,
  type markBody,
  type messageListBody,
  type myListBody,
  type notification,
  type publicNotice,
  type SaveMessage,
  type unreadBody,
} from '../../contract/messages';
import { isRole } from '../../permissions/roles';
import type { Actor, Caller } from '../core/auth/actor';
import { writeAudit } from '../core/crud/audit';
import { escapeLike } from '../core/crud/factory';
import type { Database } from '../core/db';
import {
  generatedReports,
  infoMessageMails,
  infoMessages,
  mailOutbox,
  systemComponents,
  systems,
  userNotifications,
  users,
  type LocalizedText,
} from '../core/db/schema';
import { ApiError } from '../core/http/envelope';
import { queueMails, type QueuedMail } from '../core/mail/outbox';
import { wantsMail } from '../core/mail/preferences';
import { mailLanguage, mailTexts } from '../core/mail/texts';
import { audienceCondition } from './audience';

/**
 * Messages and notifications (spec §3 Notification, §7 Messages; CONTRACT.md 'Messages'). Staff write a
 * message in up to four languages for an audience (./audience.ts) and publish it now or at a time (./jobs.ts); each
 * user of the audience then holds a notification of it, read or unread, which they may delete for themselves.
 * A public notice is also shown on the login page until its end date.
 */

export const INFO_MAIL = 'info_distribution';
type Notification = z.infer<typeof notification>;
type Distributed = z.infer<typeof distributedMessage>;
type MessageRow = typeof infoMessages.$inferSelect;

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/** The reader's language: the one asked for, else their own (spec §3 languageCode), else their client's, else English. */
function readerLanguage(caller: Caller, asked: string | undefined, own?: string | null): Language {
  return normalizeLanguage(asked) ?? normalizeLanguage(own) ?? caller.language ?? 'en';
}

const sender = sql<string>`coalesce(nullif(${users.displayName}, ''), ${users.username}, '')`;
const publisher = alias(users, 'publisher');
const recaller = alias(users, 'recaller');
const nameOf = (u: typeof publisher | typeof recaller) => sql<string | null>`coalesce(nullif(${u.displayName}, ''), ${u.username})`;
/** A notification whose message was not recalled (a recalled one is gone for its reader: 45 like another's). */
const notRecalled = sql`${userNotifications.messageId} IN (SELECT id FROM info_messages WHERE status <> 'recalled')`;
/** Who may recall a message: its publisher (else its writer, for one published before publishers were kept) or an admin. */
const mayRecall = (user: { id: number; roles: readonly string[] }, row: MessageRow) =>
  user.roles.includes('admin') || (row.publishedBy ?? row.createdBy) === user.id;

// —— The caller's notifications ——

async function ownLanguage(db: Database, userId: number): Promise<string | null> {
  const [row] = await db.select({ languageCode: users.languageCode }).from(users).where(eq(users.id, userId));
  return row?.languageCode ?? null;
}

async function notifications(db: Database, actor: Actor, where: SQL, language: string | undefined, page: { index: number; size: number }) {
  const reader = readerLanguage(actor, language, await ownLanguage(db, actor.id));
  // A recalled message is gone from every reader's bell and list (its rows stay for the publisher's counts).
  const mine = and(eq(userNotifications.userId, actor.id), isNull(userNotifications.deletedAt), ne(infoMessages.status, 'recalled'));
  const condition = and(mine, where)!;
  const author = db.$with('author').as(db.select({ id: users.id, name: sender.as('name') }).from(users));
  const rows = await db
    .with(author)
    .select({
      id: userNotifications.id,
      messageId: infoMessages.id,
      titles: infoMessages.titles,
      contents: infoMessages.contents,
      readAt: userNotifications.readAt,
      publishedAt: infoMessages.publishedAt,
      createdAt: userNotifications.createdAt,
      sender: author.name,
      reportId: generatedReports.id,
    })
    .from(userNotifications)
    .innerJoin(infoMessages, eq(infoMessages.id, userNotifications.messageId))
    .leftJoin(author, eq(author.id, infoMessages.createdBy))
    // A background report's notice carries its report (server/reports/notify.ts): the list offers the download.
    .leftJoin(generatedReports, eq(generatedReports.messageId, infoMessages.id))
    .where(condition)
    .orderBy(desc(userNotifications.createdAt), desc(userNotifications.id))
    .limit(page.size)
    .offset((page.index - 1) * page.size);
  const [{ total }] = (await db
    .select({ total: count() })
    .from(userNotifications)
    .innerJoin(infoMessages, eq(infoMessages.id, userNotifications.messageId))
    .where(condition)) as [{ total: number }];
  const [{ unread }] = (await db
    .select({ unread: count() })
    .from(userNotifications)
    .innerJoin(infoMessages, eq(infoMessages.id, userNotifications.messageId))
    .where(and(mine, isNull(userNotifications.readAt)))) as [{ unread: number }];
  const data = rows.map((row): Notification => {
    const title = pickText(row.titles, reader);
    return {
      id: row.id,
      message_id: row.messageId,
      msgtitle: title.text,
      content: pickText(row.contents, title.language).text,
      language: title.language,
      userread_flag: row.readAt ? '1' : '0',
      publish_time: (row.publishedAt ?? row.createdAt).toISOString(),
      read_time: iso(row.readAt),
      sender: row.sender ?? '',
      report_id: row.reportId ?? null,
    };
  });
  return { data, dataCount: Number(total), unreadCount: Number(unread) };
}

/** The notifications call (spec §7, §9): the caller's unread notifications, newest first. */
export function unreadNotifications(db: Database, actor: Actor, body: z.infer<typeof unreadBody>) {
  return notifications(db, actor, isNull(userNotifications.readAt), body.language, { index: body.pageIndex, size: body.pageSize });
}

/** /Message/GetListMyMsg: the caller's notifications with the list's filters. */
export function listNotifications(db: Database, actor: Actor, body: z.infer<typeof myListBody>) {
  if (body.dateFrom && body.dateTo && body.dateFrom > body.dateTo)
    throw new ApiError(Code.PARAM_ERROR, 'Parameter error: dateTo (before dateFrom)', { data: { field: 'dateTo' } });
  const conditions: SQL[] = [];
  if (body.read === 'read') conditions.push(isNotNull(userNotifications.readAt));
  if (body.read === 'unread') conditions.push(isNull(userNotifications.readAt));
  if (body.keyword) {
    const like = `%${escapeLike(body.keyword)}%`;
    conditions.push(sql`(${infoMessages.titles}::text || ' ' || ${infoMessages.contents}::text) ILIKE ${like}`);
  }
  // Days as the reader sees them are taken as UTC days: a notification at the edge may fall on the neighbour day.
  if (body.dateFrom) conditions.push(gte(userNotifications.createdAt, new Date(`${body.dateFrom}T00:00:00Z`)));
  if (body.dateTo) conditions.push(lt(userNotifications.createdAt, new Date(new Date(`${body.dateTo}T00:00:00Z`).getTime() + 86_400_000)));
  return notifications(db, actor, conditions.length ? and(...conditions)! : sql`true`, body.language, {
    index: body.pageIndex,
    size: body.pageSize,
  });
}

/** /Message/GetQueryMyMsg: one of the caller's notifications (45 for any other id: nothing is revealed). */
export async function getNotification(db: Database, actor: Actor, id: number, language: string | undefined): Promise<Notification> {
  const page = await notifications(db, actor, eq(userNotifications.id, id), language, { index: 1, size: 1 });
  const found = page.data[0];
  if (!found) throw new ApiError(Code.NO_PERMISSION);
  return found;
}

/** Whether every id is one of the caller's (not deleted) notifications; 45 otherwise, and nothing changes. */
async function assertMine(db: Database, userId: number, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const [{ n }] = (await db
    .select({ n: count() })
    .from(userNotifications)
    .where(
      and(eq(userNotifications.userId, userId), isNull(userNotifications.deletedAt), notRecalled, inArray(userNotifications.id, unique)),
    )) as [{ n: number }];
  if (Number(n) !== unique.length) throw new ApiError(Code.NO_PERMISSION);
}

/** /Message/UpdateMyMsg: marks the caller's notifications read (or unread); answers how many changed. */
export async function markNotifications(db: Database, actor: Actor, body: z.infer<typeof markBody>, now: Date): Promise<{ count: number }> {
  const userId = actor.id;
  const mine = and(eq(userNotifications.userId, userId), isNull(userNotifications.deletedAt), notRecalled)!;
  let where: SQL = mine;
  if (!body.all) {
    await assertMine(db, userId, body.ids!);
    where = and(mine, inArray(userNotifications.id, body.ids!))!;
  }
  const changed = await db
    .update(userNotifications)
    .set({ readAt: body.read ? now : null })
    .where(and(where, body.read ? isNull(userNotifications.readAt) : isNotNull(userNotifications.readAt)))
    .returning({ id: userNotifications.id });
  return { count: changed.length };
}

/** /Message/UserDelMyMsg: deletes notifications for the caller alone (the sender's counts keep them). */
export async function deleteNotifications(db: Database, actor: Actor, ids: number[], now: Date): Promise<{ count: number }> {
  await assertMine(db, actor.id, ids);
  const removed = await db
    .update(userNotifications)
    .set({ deletedAt: now })
    .where(and(eq(userNotifications.userId, actor.id), isNull(userNotifications.deletedAt), inArray(userNotifications.id, ids)))
    .returning({ id: userNotifications.id });
  return { count: removed.length };
}

/** /Message/QueryMsgNotice (no token): the public notices showing now (published, end date not passed). */
export async function publicNotices(
  db: Database,
  caller: Caller,
  language: string | undefined,
  now: Date,
): Promise<z.infer<typeof publicNotice>[]> {
  const reader = readerLanguage(caller, language);
  const rows = await db
    .select()
    .from(infoMessages)
    .where(
      and(
        eq(infoMessages.publicNotice, true),
        eq(infoMessages.status, 'published'),
        or(isNull(infoMessages.noticeUntil), gt(infoMessages.noticeUntil, now)),
      ),
    )
    .orderBy(desc(infoMessages.publishedAt))
    .limit(5);
  return rows.map((row) => {
    const title = pickText(row.titles, reader);
    return {
      id: row.id,
      msgtitle: title.text,
      content: pickText(row.contents, title.language).text,
      language: title.language,
      publish_time: (row.publishedAt ?? row.createdAt).toISOString(),
      notice_until: iso(row.noticeUntil),
    };
  });
}

// —— Information distribution (staff) ——

async function distributed(
  db: Database,
  actor: Actor,
  where: SQL | undefined,
  language: string | undefined,
  page?: { index: number; size: number },
) {
  const reader = readerLanguage(actor, language, await ownLanguage(db, actor.id));
  const reads = db.$with('reads').as(
    db
      .select({ messageId: userNotifications.messageId, n: count().as('n') })
      .from(userNotifications)
      .where(isNotNull(userNotifications.readAt))
      .groupBy(userNotifications.messageId),
  );
  let query = db
    .with(reads)
    .select({
      message: infoMessages,
      readCount: reads.n,
      author: sender,
      publishedByName: nameOf(publisher),
      recalledByName: nameOf(recaller),
    })
    .from(infoMessages)
    .leftJoin(reads, eq(reads.messageId, infoMessages.id))
    .leftJoin(users, eq(users.id, infoMessages.createdBy))
    .leftJoin(publisher, eq(publisher.id, infoMessages.publishedBy))
    .leftJoin(recaller, eq(recaller.id, infoMessages.recalledBy))
    .where(where)
    .orderBy(
      sql`CASE ${infoMessages.status} WHEN 'draft' THEN 0 WHEN 'scheduled' THEN 1 WHEN 'published' THEN 2 ELSE 3 END`,
      desc(infoMessages.updatedAt),
      desc(infoMessages.id),
    )
    .$dynamic();
  if (page) query = query.limit(page.size).offset((page.index - 1) * page.size);
  const rows = await query;
  return rows.map(({ message, readCount, author, publishedByName, recalledByName }): Distributed => ({
    id: message.id,
    title: pickText(message.titles, reader).text,
    titles: written(message.titles),
    contents: written(message.contents),
    audience: message.audience as Record<string, unknown>,
    public_notice: message.publicNotice,
    notice_until: iso(message.noticeUntil),
    by_email: message.byEmail,
    status: message.status as Distributed['status'],
    publish_at: iso(message.publishAt),
    published_at: iso(message.publishedAt),
    recipient_count: message.recipientCount,
    read_count: Number(readCount ?? 0),
    created_by: author ?? '',
    published_by: message.publishedBy === null ? null : (publishedByName ?? ''),
    recalled_at: iso(message.recalledAt),
    recalled_by: message.recalledBy === null && !message.recalledAt ? null : (recalledByName ?? ''),
    can_recall: (message.status === 'scheduled' || message.status === 'published') && mayRecall(actor, message),
    created_at: message.createdAt.toISOString(),
    updated_at: message.updatedAt.toISOString(),
  }));
}

export async function listMessages(db: Database, actor: Actor, body: z.infer<typeof messageListBody>) {
  // A background report's notice to its asker (server/reports/notify.ts) is no message staff distributed.
  const conditions: SQL[] = [sql`NOT EXISTS (SELECT 1 FROM ${generatedReports} WHERE ${generatedReports.messageId} = ${infoMessages.id})`];
  if (body.status) conditions.push(eq(infoMessages.status, body.status));
  if (body.keyword) {
    const like = `%${escapeLike(body.keyword)}%`;
    conditions.push(sql`(${infoMessages.titles}::text || ' ' || ${infoMessages.contents}::text) ILIKE ${like}`);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const data = await distributed(db, actor, where, body.language, { index: body.pageIndex, size: body.pageSize });
  const [{ total }] = (await db.select({ total: count() }).from(infoMessages).where(where)) as [{ total: number }];
  return { data, dataCount: Number(total) };
}

export async function getMessage(db: Database, actor: Actor, id: number): Promise<Distributed> {
  const [found] = await distributed(db, actor, eq(infoMessages.id, id), undefined);
  if (!found) throw new ApiError(Code.NO_DATA, 'No data: no message with this id');
  return found;
}

/** Checks a message as staff sent it (the codes of the form), answers the row's values. */
function checked(body: SaveMessage, now: Date) {
  const titles = written(body.titles);
  const contents = written(body.contents);
  const languages = Object.keys(titles);
  if (languages.length === 0)
    throw new ApiError(Code.LANGUAGE_REQUIRED, 'Language type required: write the title in one language at least', {
      data: { field: 'titles' },
    });
  for (const code of languages)
    if (!contents[code])
      throw new ApiError(Code.PARAM_REQUIRED, `Parameter required: contents.${code} (its title is written)`, {
        data: { field: `contents.${code}` },
      });
  for (const code of Object.keys(contents))
    if (!titles[code])
      throw new ApiError(Code.PARAM_REQUIRED, `Parameter required: titles.${code} (its text is written)`, {
        data: { field: `titles.${code}` },
      });
  const audience = cleanAudience(body.audience);
  if (!audienceGiven(audience) && !body.publicNotice)
    throw new ApiError(Code.PARAM_REQUIRED, 'Parameter required: audience (everyone, roles, countries, users or systems)', {
      data: { field: 'audience' },
    });
  if (audience.roles?.some((role) => !isRole(role))) throw new ApiError(Code.PARAM_ERROR, 'Parameter error: audience.roles');
  let noticeUntil: Date | null = null;
  if (body.publicNotice) {
    if (!body.noticeUntil)
      throw new ApiError(Code.PARAM_REQUIRED, 'Parameter required: noticeUntil (a public notice needs its end)', {
        data: { field: 'noticeUntil' },
      });
    noticeUntil = new Date(body.noticeUntil);
    if (noticeUntil <= now)
      throw new ApiError(Code.PARAM_ERROR, 'Parameter error: noticeUntil (already passed)', { data: { field: 'noticeUntil' } });
  }
  let publishAt: Date | null = null;
  if (body.publish === 'at') {
    if (!body.publishAt) throw new ApiError(Code.DATE_TIME_REQUIRED, 'Date/time required: publishAt', { data: { field: 'publishAt' } });
    publishAt = new Date(body.publishAt);
    if (publishAt <= now)
      throw new ApiError(Code.PARAM_ERROR, 'Parameter error: publishAt (already passed; publish now instead)', {
        data: { field: 'publishAt' },
      });
    if (noticeUntil && noticeUntil <= publishAt)
      throw new ApiError(Code.PARAM_ERROR, 'Parameter error: noticeUntil (before the publication)', { data: { field: 'noticeUntil' } });
  }
  return {
    titles,
    contents,
    audience,
    publicNotice: body.publicNotice,
    noticeUntil,
    byEmail: body.byEmail,
    publishAt,
  };
}

/** Whether every named user exists (2 otherwise: the form offers only existing users). */
async function assertUsersExist(db: Database, ids: number[] | undefined): Promise<void> {
  if (!ids?.length) return;
  const unique = [...new Set(ids)];
  const [{ n }] = (await db.select({ n: count() }).from(users).where(inArray(users.id, unique))) as [{ n: number }];
  if (Number(n) !== unique.length)
    throw new ApiError(Code.PARAM_ERROR, 'Parameter error: audience.userIds (no such user)', { data: { field: 'audience.userIds' } });
}

/**
 * /InfoDistribution/SaveInfoDistribution: creates or edits a draft or a scheduled message and keeps it, publishes
 * it now, or schedules it (answers the time for the caller to queue the job). A published message is not edited.
 */
export async function saveMessage(
  db: Database,
  actor: Actor,
  body: SaveMessage,
  now: Date,
  portalUrl: string | undefined,
): Promise<{ id: number; status: string; publishAt: Date | null }> {
  const values = checked(body, now);
  await assertUsersExist(db, values.audience.userIds);
  const status = body.publish === 'at' ? 'scheduled' : 'draft';
  // Who schedules or publishes a message may recall it (beside an admin).
  const publishedBy = body.publish === 'draft' ? null : actor.id;
  const id = await db.transaction(async (tx) => {
    let id: number;
    if (body.id !== undefined) {
      const [existing] = await tx.select().from(infoMessages).where(eq(infoMessages.id, body.id)).for('update');
      if (!existing) throw new ApiError(Code.NO_DATA, 'No data: no message with this id');
      if (existing.status === 'published' || existing.status === 'recalled')
        throw new ApiError(Code.OPERATION_FAILED, `Operation failure: a ${existing.status} message is not edited`, {
          data: { status: existing.status },
        });
      await tx
        .update(infoMessages)
        .set({ ...values, status, publishedBy, updatedAt: now })
        .where(eq(infoMessages.id, body.id));
      id = body.id;
      await writeAudit(tx, actor, now, {
        action: 'infoDistributionSys.update',
        target: `infoMessage:${id}`,
        before: snapshot(existing),
        after: { ...values, status },
      });
    } else {
      const [created] = await tx
        .insert(infoMessages)
        .values({ ...values, status, publishedBy, createdBy: actor.id, createdAt: now, updatedAt: now })
        .returning({ id: infoMessages.id });
      id = created!.id;
      await writeAudit(tx, actor, now, {
        action: 'infoDistributionSys.create',
        target: `infoMessage:${id}`,
        after: { ...values, status },
      });
    }
    if (body.publish === 'now') await publishIn(tx, id, now, portalUrl, { from: ['draft', 'scheduled'] });
    return id;
  });
  const [row] = await db.select({ status: infoMessages.status }).from(infoMessages).where(eq(infoMessages.id, id));
  return { id, status: row!.status, publishAt: values.publishAt };
}

/** /InfoDistribution/WithdrawInfoDistribution: a scheduled message goes back to draft (its job then does nothing). */
export async function withdrawMessage(db: Database, actor: Actor, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(infoMessages).where(eq(infoMessages.id, id)).for('update');
    if (!existing) throw new ApiError(Code.NO_DATA, 'No data: no message with this id');
    if (existing.status !== 'scheduled')
      throw new ApiError(Code.OPERATION_FAILED, 'Operation failure: only a scheduled message is withdrawn', {
        data: { status: existing.status },
      });
    await tx.update(infoMessages).set({ status: 'draft', updatedAt: now }).where(eq(infoMessages.id, id));
    await writeAudit(tx, actor, now, {
      action: 'infoDistributionSys.withdraw',
      target: `infoMessage:${id}`,
      before: { status: 'scheduled', publishAt: iso(existing.publishAt) },
    });
  });
}

/**
 * /InfoDistribution/RecallInfoDistribution: its publisher or an admin recalls a published message (gone from every
 * reader's bell and list, its mails not yet sent dropped from the outbox) or cancels a scheduled one (its job then
 * publishes nothing). The message stays in the list as 'recalled', with who recalled it and when. Another staff
 * member's message: 45, nothing changes. Answers how many unsent mails were dropped.
 */
export async function recallMessage(db: Database, actor: Actor, id: number, now: Date): Promise<{ count: number }> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(infoMessages).where(eq(infoMessages.id, id)).for('update');
    if (!existing) throw new ApiError(Code.NO_DATA, 'No data: no message with this id');
    if (!mayRecall(actor, existing)) throw new ApiError(Code.NO_PERMISSION);
    if (existing.status !== 'published' && existing.status !== 'scheduled')
      throw new ApiError(Code.OPERATION_FAILED, 'Operation failure: only a published or scheduled message is recalled', {
        data: { status: existing.status },
      });
    await tx
      .update(infoMessages)
      .set({ status: 'recalled', recalledAt: now, recalledBy: actor.id, updatedAt: now })
      .where(eq(infoMessages.id, id));
    const dropped = await tx
      .delete(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sentAt),
          inArray(
            mailOutbox.id,
            tx.select({ id: infoMessageMails.mailId }).from(infoMessageMails).where(eq(infoMessageMails.messageId, id)),
          ),
        ),
      )
      .returning({ id: mailOutbox.id });
    await writeAudit(tx, actor, now, {
      action: 'infoDistributionSys.recall',
      target: `infoMessage:${id}`,
      before: { status: existing.status, publishAt: iso(existing.publishAt), publishedAt: iso(existing.publishedAt) },
      after: { status: 'recalled', unsentMailsDropped: dropped.length },
    });
    return { count: dropped.length };
  });
}

/** /InfoDistribution/DeleteInfoDistribution: a draft is deleted (a published one stays: its readers hold it). */
export async function deleteMessage(db: Database, actor: Actor, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(infoMessages).where(eq(infoMessages.id, id)).for('update');
    if (!existing) throw new ApiError(Code.NOTHING_TO_DELETE);
    if (existing.status !== 'draft')
      throw new ApiError(Code.OPERATION_FAILED, 'Operation failure: only a draft is deleted (withdraw a scheduled one first)', {
        data: { status: existing.status },
      });
    await tx.delete(infoMessages).where(eq(infoMessages.id, id));
    await writeAudit(tx, actor, now, { action: 'infoDistributionSys.delete', target: `infoMessage:${id}`, before: snapshot(existing) });
  });
}

/** /InfoDistribution/PreviewAudience: how many users an audience reaches now, and the first of them. */
export async function previewAudience(db: Database, audience: Audience) {
  const clean = cleanAudience(audience);
  if (!audienceGiven(clean)) return { count: 0, sample: [] };
  const condition = audienceCondition(clean);
  const [{ n }] = (await db.select({ n: count() }).from(users).where(condition)) as [{ n: number }];
  const sample = await db
    .select({ id: users.id, username: users.username, name: sender })
    .from(users)
    .where(condition)
    .orderBy(asc(users.username))
    .limit(10);
  return { count: Number(n), sample };
}

/** The models and firmware versions of the fleet, for the audience pickers. */
export async function audienceOptions(db: Database) {
  const models = await db.selectDistinct({ v: systems.minv }).from(systems).orderBy(asc(systems.minv)).limit(500);
  const versions = await db
    .selectDistinct({ v: systemComponents.firmwareVersion })
    .from(systemComponents)
    .where(sql`${systemComponents.firmwareVersion} <> ''`)
    .orderBy(asc(systemComponents.firmwareVersion))
    .limit(500);
  return { models: models.map((r) => r.v), firmwareVersions: versions.map((r) => r.v) };
}

/** Users for the 'named users' picker: by part of their user name, display name or e-mail (20 at most). */
export async function searchUsers(db: Database, keyword: string | undefined) {
  const like = `%${escapeLike(keyword ?? '')}%`;
  return db
    .select({ id: users.id, username: users.username, name: sender, roles: users.roles })
    .from(users)
    .where(
      and(
        isNull(users.deactivatedAt),
        sql`(${users.username} ILIKE ${like} OR ${users.displayName} ILIKE ${like} OR ${users.email} ILIKE ${like})`,
      ),
    )
    .orderBy(asc(users.username))
    .limit(20);
}

/** The languages actually written, trimmed. */
function written(texts: LocalizedText): Record<string, string> {
  return Object.fromEntries(
    Object.entries(texts)
      .filter(([, text]) => typeof text === 'string' && text.trim() !== '')
      .map(([code, text]) => [code, text!.trim()]),
  );
}

/** The audience without empty lists or duplicates (what is stored and resolved). */
function cleanAudience(audience: Audience): Audience {
  const clean: Audience = {};
  if (audience.everyone) clean.everyone = true;
  for (const key of ['roles', 'countries', 'models', 'firmwareVersions'] as const) {
    const values = [...new Set(audience[key] ?? [])];
    if (values.length) (clean as Record<string, unknown>)[key] = values;
  }
  if (audience.userIds?.length) clean.userIds = [...new Set(audience.userIds)];
  return clean;
}

function snapshot(row: MessageRow) {
  return { titles: row.titles, audience: row.audience, status: row.status, publishAt: iso(row.publishAt), publicNotice: row.publicNotice };
}

/**
 * Publishes a message in the caller's transaction: once (the status changes from one of `from` to 'published' in
 * the same statement that claims it, so two processes running its job publish it once), to every user of its
 * audience as an unread notification, and, when asked, by e-mail in each recipient's language. `due`: only when
 * its time has come (the job). Answers whether it was published now.
 */
export async function publishIn(
  tx: Database,
  id: number,
  now: Date,
  portalUrl: string | undefined,
  options: { from: string[]; due?: boolean },
): Promise<boolean> {
  const conditions = [eq(infoMessages.id, id), inArray(infoMessages.status, options.from)];
  if (options.due) conditions.push(lte(infoMessages.publishAt, now));
  const [message] = await tx
    .update(infoMessages)
    .set({ status: 'published', publishedAt: now, updatedAt: now })
    .where(and(...conditions))
    .returning();
  if (!message) return false;
  const audience = message.audience as Audience;
  if (audienceGiven(audience)) {
    await tx.execute(
      sql`INSERT INTO ${userNotifications} (message_id, user_id, created_at) SELECT ${id}, ${users.id}, ${now} FROM ${users} WHERE ${audienceCondition(audience)} ON CONFLICT DO NOTHING`,
    );
  }
  const [{ n }] = (await tx.select({ n: count() }).from(userNotifications).where(eq(userNotifications.messageId, id))) as [{ n: number }];
  await tx
    .update(infoMessages)
    .set({ recipientCount: Number(n) })
    .where(eq(infoMessages.id, id));
  if (message.byEmail) {
    const recipients = await tx
      .select({ userId: users.id, email: users.email, languageCode: users.languageCode, name: sender })
      .from(userNotifications)
      .innerJoin(users, eq(users.id, userNotifications.userId))
      .where(and(eq(userNotifications.messageId, id), sql`${users.email} <> ''`));
    // A customer who turned news mails off (CustomUserSetting) still finds the message under the bell, but gets no mail.
    const wanting = [];
    for (const r of recipients) if (await wantsMail(tx, r.userId, 'news')) wanting.push(r);
    const mails: QueuedMail[] = wanting.map((r) => {
      const language = mailLanguage(r.languageCode);
      const t = mailTexts(language);
      const title = pickText(message.titles, language);
      const content = pickText(message.contents, title.language).text;
      const link = `${(portalUrl ?? 'http://localhost:8080').replace(/\/$/, '')}/Notifications`;
      return {
        category: INFO_MAIL,
        recipient: r.email,
        language,
        subject: title.text,
        body: t('infoMessage.body', { name: r.name, content, link }),
      };
    });
    const mailIds = await queueMails(tx, mails, now);
    if (mailIds.length) await tx.insert(infoMessageMails).values(mailIds.map((mailId) => ({ messageId: id, mailId })));
  }
  return true;
}

/** The scheduled messages whose time has come (the job's safety net after a restart that lost nothing but time). */
export async function dueMessageIds(db: Database, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: infoMessages.id })
    .from(infoMessages)
    .where(and(eq(infoMessages.status, 'scheduled'), lte(infoMessages.publishAt, now)));
  return rows.map((r) => r.id);
}
