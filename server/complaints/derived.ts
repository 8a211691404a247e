import { and, isNotNull, lt, gte, type SQL } from 'drizzle-orm';
import type { CrudHooks, Row } from '../core/crud/factory';
import type { WorkflowHook } from '../core/crud/workflow';
import { complaints } from '../core/db/schema';
import type { AppDeps } from '../config';
import { clocksOf, refreshDueAt } from './clock-store';
import { keepSnapshot, snapshotOf } from './snapshot';

/**
 * What a complaint answers beyond its row, and the columns derived for the list (contract/complaint-clocks.ts,
 * contract/complaint-snapshot.ts):
 * - every list row and the detail carry `clocks` and `overdue`; the detail also `snapshot` (the system when filed);
 * - filing keeps the snapshot and the first `due_at`; a transition, or an edit of the priority, rewrites `due_at`;
 * - the list filter `sla` ('due' / 'overdue') reads `due_at` against now.
 */

const asDate = (value: unknown) => new Date(String(value));

/** A complaint's clocks, due time and system snapshot, kept and answered; the `sla` filter. */
export const derivedHooks = ({ db, clock }: Pick<AppDeps, 'db' | 'clock'>): CrudHooks => ({
  async afterSave(row, ctx, values) {
    const id = Number(row.id);
    if (ctx.mode === 'create') await keepSnapshot(ctx.db, id, String(row.sys_sn), ctx.now);
    if (ctx.mode === 'create' || values.priority !== undefined) await refreshDueAt(ctx.db, [id], ctx.now);
  },
  async expand(rows: Row[], view) {
    const clocks = await clocksOf(
      db,
      rows.map((row) => ({ id: Number(row.id), created_at: asDate(row.created_at), priority: String(row.priority) })),
      clock(),
    );
    for (const row of rows) {
      const of = clocks.get(Number(row.id))!;
      row.clocks = of;
      row.overdue = [of.first_response, of.resolution].some((c) => c.state === 'running' && c.overdue);
    }
    if (view === 'one' && rows[0]) rows[0].snapshot = await snapshotOf(db, Number(rows[0].id));
  },
  listWhere(_actor, body): SQL | undefined {
    const now = clock();
    if (body.sla === 'overdue') return lt(complaints.due_at, now);
    if (body.sla === 'due') return and(isNotNull(complaints.due_at), gte(complaints.due_at, now));
    return undefined;
  },
});

/** After every transition: the due time follows the new status (in the transition's transaction). */
export const refreshDueAfterTransition: WorkflowHook = async ({ db, now, record }) => {
  const written = await refreshDueAt(db, [Number(record.id)], now);
  record.due_at = written.get(Number(record.id)) ?? null;
};
