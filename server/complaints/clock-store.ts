import { and, asc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import type { ClockTargets, ComplaintClocks } from '../../contract/complaint-clocks';
import { complaints as complaintDeclaration } from '../../resources/complaints';
import type { Database } from '../core/db';
import { complaintMessages, complaints, workflowHistory } from '../core/db/schema';
import { complaintClocks, nextDueAt, type ClockHistoryRow } from './clocks';
import { readClockTargets } from './clock-targets/service';

/**
 * The clocks of stored complaints (server/complaints/clocks.ts computes them): read from their history rows and
 * staff replies in one query each, and the `due_at` column rewritten from them after anything that moves a clock
 * (a transition, a staff reply, a priority or target change), so the list can sort and filter on it.
 */

interface ClockSource {
  id: number;
  created_at: Date;
  priority: string;
}

/** The history rows and staff reply times of these complaints, by complaint id. */
export async function timelinesOf(db: Database, ids: readonly number[]) {
  const history = new Map<number, ClockHistoryRow[]>();
  const replies = new Map<number, Date[]>();
  if (ids.length === 0) return { history, replies };
  const rows = await db
    .select({
      recordId: workflowHistory.recordId,
      action: workflowHistory.action,
      toState: workflowHistory.toState,
      fields: workflowHistory.fields,
      createdAt: workflowHistory.createdAt,
    })
    .from(workflowHistory)
    .where(and(eq(workflowHistory.entity, complaintDeclaration.name), inArray(workflowHistory.recordId, [...ids])))
    .orderBy(asc(workflowHistory.recordId), asc(workflowHistory.id));
  for (const { recordId, ...row } of rows) history.set(recordId, [...(history.get(recordId) ?? []), row]);
  const staff = await db
    .select({ complaintId: complaintMessages.complaintId, createdAt: complaintMessages.createdAt })
    .from(complaintMessages)
    .where(and(inArray(complaintMessages.complaintId, [...ids]), eq(complaintMessages.authorSide, 'staff')));
  for (const { complaintId, createdAt } of staff) replies.set(complaintId, [...(replies.get(complaintId) ?? []), createdAt]);
  return { history, replies };
}

/** The clocks of these complaints now, by id. */
export async function clocksOf(
  db: Database,
  sources: readonly ClockSource[],
  now: Date,
  targets?: ClockTargets,
): Promise<Map<number, ComplaintClocks>> {
  const inForce = targets ?? (await readClockTargets(db));
  const { history, replies } = await timelinesOf(
    db,
    sources.map((s) => s.id),
  );
  return new Map(
    sources.map((s) => [
      s.id,
      complaintClocks({
        createdAt: s.created_at,
        priority: s.priority,
        history: history.get(s.id) ?? [],
        staffReplies: replies.get(s.id),
        now,
        targets: inForce,
      }),
    ]),
  );
}

/** Rewrites `due_at` of these complaints from their history (in the caller's transaction, where there is one); answers them. */
export async function refreshDueAt(
  db: Database,
  ids: readonly number[],
  now: Date,
  targets?: ClockTargets,
): Promise<Map<number, Date | null>> {
  const written = new Map<number, Date | null>();
  if (ids.length === 0) return written;
  const sources = await db
    .select({ id: complaints.id, created_at: complaints.created_at, priority: complaints.priority })
    .from(complaints)
    .where(inArray(complaints.id, [...ids]));
  const clocks = await clocksOf(db, sources, now, targets);
  for (const [id, of] of clocks) {
    const dueAt = nextDueAt(of);
    await db.update(complaints).set({ due_at: dueAt }).where(eq(complaints.id, id));
    written.set(id, dueAt);
  }
  return written;
}

/** After the targets changed: every complaint with a running clock gets its new due time, a page at a time. */
export async function refreshAllDueAt(db: Database, now: Date, targets: ClockTargets): Promise<void> {
  const PAGE = 500;
  for (let after = 0; ;) {
    const page = await db
      .select({ id: complaints.id })
      .from(complaints)
      .where(and(isNotNull(complaints.due_at), gt(complaints.id, after)))
      .orderBy(asc(complaints.id))
      .limit(PAGE);
    if (page.length === 0) return;
    await refreshDueAt(
      db,
      page.map((r) => r.id),
      now,
      targets,
    );
    after = page[page.length - 1]!.id;
  }
}
