import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { Code } from '../../contract/codes';
import {
  MAX_SUBSCRIPTIONS,
  type DeliveryLogBody,
  type DeliveryRow,
  type SubscriptionBody,
  type SubscriptionRow,
} from '../../contract/faultmail';
import { type DeliveryState } from '../../contract/faultmail-constants';
import type { Database } from '../core/db';
import { faultSubscriptions, mailOutbox, systemFaults, systems, users } from '../core/db/schema';
import { ApiError } from '../core/http/envelope';
import { SYSTEM_FAULT } from '../core/mail/fault-mails';
import { MAX_ATTEMPTS } from '../core/mail/outbox';
import { FAULT_DIGEST } from './digest';

/**
 * A service engineer's fault mail subscriptions (sysErrorEmailNotification) and the log of the fault mails that went
 * to them. Every row read or written here is the caller's own: an id of another engineer's row answers 45 like an
 * id that does not exist, so nothing is revealed.
 */

const rowOf = (row: typeof faultSubscriptions.$inferSelect): SubscriptionRow => ({
  id: row.id,
  country: row.country,
  model: row.model,
  level: row.level,
  fault_code: row.faultCode,
  created_at: row.createdAt.toISOString(),
});

export async function listSubscriptions(db: Database, userId: number): Promise<SubscriptionRow[]> {
  const rows = await db.select().from(faultSubscriptions).where(eq(faultSubscriptions.userId, userId)).orderBy(asc(faultSubscriptions.id));
  return rows.map(rowOf);
}

/** Adds a subscription, or changes one of the caller's (45 for any other id); 83 when the same filter exists. */
export async function saveSubscription(db: Database, userId: number, body: SubscriptionBody, now: Date): Promise<{ id: number }> {
  const values = { country: body.country, model: body.model, level: body.level, faultCode: body.fault_code };
  return db.transaction(async (tx) => {
    // One engineer's saves one after another: the duplicate and count checks hold.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('fault_subscriptions'), ${userId})`);
    const same = await tx
      .select({ id: faultSubscriptions.id })
      .from(faultSubscriptions)
      .where(
        and(
          eq(faultSubscriptions.userId, userId),
          eq(faultSubscriptions.country, values.country),
          sql`lower(${faultSubscriptions.model}) = lower(${values.model})`,
          eq(faultSubscriptions.level, values.level),
          sql`lower(${faultSubscriptions.faultCode}) = lower(${values.faultCode})`,
          body.id === undefined ? undefined : ne(faultSubscriptions.id, body.id),
        ),
      );
    if (same.length > 0) throw new ApiError(Code.MAIL_CATEGORY_EXISTS, 'This subscription exists already');
    if (body.id !== undefined) {
      const [changed] = await tx
        .update(faultSubscriptions)
        .set(values)
        .where(and(eq(faultSubscriptions.id, body.id), eq(faultSubscriptions.userId, userId)))
        .returning({ id: faultSubscriptions.id });
      if (!changed) throw new ApiError(Code.NO_PERMISSION);
      return changed;
    }
    const [{ n }] = (await tx.select({ n: count() }).from(faultSubscriptions).where(eq(faultSubscriptions.userId, userId))) as [
      { n: number },
    ];
    if (n >= MAX_SUBSCRIPTIONS) throw new ApiError(Code.PARAM_ERROR, `Parameter error: at most ${MAX_SUBSCRIPTIONS} subscriptions`);
    const [added] = await tx
      .insert(faultSubscriptions)
      .values({ userId, ...values, createdAt: now })
      .returning({ id: faultSubscriptions.id });
    return added!;
  });
}

export async function deleteSubscription(db: Database, userId: number, id: number): Promise<void> {
  const gone = await db
    .delete(faultSubscriptions)
    .where(and(eq(faultSubscriptions.id, id), eq(faultSubscriptions.userId, userId)))
    .returning({ id: faultSubscriptions.id });
  if (gone.length === 0) throw new ApiError(Code.NO_PERMISSION);
}

/** What the form offers: the fleet's countries and models and the fault codes reported so far (servicers see every system). */
export async function subscriptionOptions(db: Database) {
  const [countries, models, codes] = await Promise.all([
    db.selectDistinct({ v: systems.countryCode }).from(systems).orderBy(systems.countryCode),
    db.selectDistinct({ v: systems.minv }).from(systems).orderBy(systems.minv),
    db
      .select({
        code: systemFaults.code,
        level: sql<string>`max(${systemFaults.level})`,
        description: sql<string>`max(${systemFaults.description})`,
      })
      .from(systemFaults)
      .groupBy(systemFaults.code)
      .orderBy(systemFaults.code)
      .limit(500),
  ]);
  return { countries: countries.map((r) => r.v), models: models.map((r) => r.v), fault_codes: codes };
}

function stateCondition(state: DeliveryState): SQL {
  if (state === 'sent') return isNotNull(mailOutbox.sentAt);
  if (state === 'failed') return and(isNull(mailOutbox.sentAt), gte(mailOutbox.attempts, MAX_ATTEMPTS))!;
  return and(isNull(mailOutbox.sentAt), lt(mailOutbox.attempts, MAX_ATTEMPTS))!;
}

function stateOf(row: { sentAt: Date | null; attempts: number }): DeliveryState {
  if (row.sentAt) return 'sent';
  return row.attempts >= MAX_ATTEMPTS ? 'failed' : 'waiting';
}

/** The fault mails (one by one and digests) that went to the caller's address, newest first. */
export async function deliveryLog(
  db: Database,
  userId: number,
  body: DeliveryLogBody,
): Promise<{ data: DeliveryRow[]; dataCount: number }> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const address = user?.email.trim().toLowerCase() ?? '';
  if (!address) return { data: [], dataCount: 0 };
  const where = and(
    or(eq(mailOutbox.category, SYSTEM_FAULT), eq(mailOutbox.category, FAULT_DIGEST)),
    sql`lower(${mailOutbox.recipient}) = ${address}`,
    body.state ? stateCondition(body.state) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: mailOutbox.id,
        recipient: mailOutbox.recipient,
        subject: mailOutbox.subject,
        sysSn: systems.sysSn,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
        attempts: mailOutbox.attempts,
        nextAttemptAt: mailOutbox.nextAttemptAt,
        lastError: mailOutbox.lastError,
      })
      .from(mailOutbox)
      .leftJoin(systems, eq(systems.id, mailOutbox.systemId))
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(body.pageSize)
      .offset((body.pageIndex - 1) * body.pageSize),
    db.select({ n: count() }).from(mailOutbox).where(where),
  ]);
  return {
    dataCount: total?.n ?? 0,
    data: rows.map((row) => ({
      id: row.id,
      recipient: row.recipient,
      subject: row.subject,
      sys_sn: row.sysSn,
      created_at: row.createdAt.toISOString(),
      sent_at: row.sentAt?.toISOString() ?? null,
      attempts: row.attempts,
      state: stateOf(row),
      next_attempt_at: row.sentAt ? null : row.nextAttemptAt.toISOString(),
      reason: row.sentAt ? null : row.lastError,
    })),
  };
}
