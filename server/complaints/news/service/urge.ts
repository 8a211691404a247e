import { and, count, eq, gte, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { Code } from '../../../../contract/codes';
import type { urgeAnswer } from '../../../../contract/complaints';
import { complaints as complaintDeclaration, complaintWorkflow, type ComplaintState } from '../../../../resources/complaints';
import { TRANSITION_REFUSED_CODE } from '../../../../resources/workflow';
import type { Actor } from '../../../core/auth/actor';
import { writeAudit } from '../../../core/crud/audit';
import type { Database } from '../../../core/db';
import { complaints, workflowHistory } from '../../../core/db/schema';
import { ApiError } from '../../../core/http/envelope';
import { queueMails } from '../../../core/mail/outbox';
import { complaintInScope, sideOf } from '../../access';
import { urgeMails } from '../../mail';
import { displayNames } from '../../visibility';
import type { Writing } from './messages';

/** DESIGN §9: a complaint is urged at most once an hour (code 15), by anyone … */
export const URGE_INTERVAL_MS = 60 * 60 * 1000;
/** … and a user urges at most this many times a day, UTC (code 16). */
export const URGES_PER_DAY = 5;
/** The history row an urge writes (from and to are the complaint's status: the clocks see no change). */
export const URGE_ACTION = 'urge';

/**
 * Urge the handler (spec §4, DESIGN §9): the customer side, while the complaint is open or paused. The complaint's
 * row is locked and the caller's urges serialized, so two urges at once cannot both pass a limit. Writes a history
 * row and an audit row, and mails the handler (or, before one took it, the first line by the delivery rules).
 */
export async function urgeComplaint(
  db: Database,
  user: Actor,
  id: number,
  { now, portalUrl }: Writing,
): Promise<z.infer<typeof urgeAnswer>> {
  if (sideOf(user.roles) !== 'customer') throw new ApiError(Code.NO_PERMISSION);
  await complaintInScope(db, user, id, now);
  return db.transaction(async (tx) => {
    const [complaint] = await tx.select().from(complaints).where(eq(complaints.id, id)).limit(1).for('update');
    const status = complaint!.status as ComplaintState;
    if (complaintWorkflow.states[status]?.category === 'resolved')
      throw new ApiError(TRANSITION_REFUSED_CODE as 400, `'${URGE_ACTION}' is not possible in status '${status}'`, { data: { status } });
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`complaint-urge:${user.id}`}))`);
    const urges = and(eq(workflowHistory.entity, complaintDeclaration.name), eq(workflowHistory.action, URGE_ACTION));
    const [last] = await tx
      .select({ at: max(workflowHistory.createdAt) })
      .from(workflowHistory)
      .where(and(urges, eq(workflowHistory.recordId, id)));
    if (last?.at && now.getTime() - new Date(last.at).getTime() < URGE_INTERVAL_MS) throw new ApiError(Code.TOO_FAST);
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const [today] = await tx
      .select({ n: count() })
      .from(workflowHistory)
      .where(and(urges, eq(workflowHistory.userId, user.id), gte(workflowHistory.createdAt, dayStart)));
    if (Number(today?.n ?? 0) >= URGES_PER_DAY) throw new ApiError(Code.DAILY_LIMIT);
    await tx.insert(workflowHistory).values({
      entity: complaintDeclaration.name,
      recordId: id,
      action: URGE_ACTION,
      fromState: status,
      toState: status,
      userId: user.id,
      username: user.username,
      createdAt: now,
    });
    await writeAudit(tx, user, now, {
      action: `${complaintDeclaration.name}.${URGE_ACTION}`,
      target: `${complaintDeclaration.name}:${id}`,
    });
    await queueMails(tx, await urgeMails(tx, complaint!, user.username, portalUrl, now), now);
    // The customer side reads the handler by name (their user name is staff's internal record).
    const handler = complaint!.processor;
    return { id, urged_at: now.toISOString(), handler: handler ? ((await displayNames(tx, [handler])).get(handler) ?? null) : null };
  });
}
