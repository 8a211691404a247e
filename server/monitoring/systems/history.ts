import type { Actor } from '../../core/auth/actor';
import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Page } from '../../../contract/codes';
import type { Database } from '../../core/db';
import { systemFaults } from '../../core/db/schema/monitoring';
import { userLog } from '../../core/db/schema/user-log';
import { writeUserLog } from '../../core/audit/write';
import type { Fault, UserLogEntry } from '../../../contract/monitoring';
import type { SystemRow } from '../../core/system-scope';

type FaultLevel = Fault['level'];

/** The fault history and the user log of one system, newest first, paged. */
export async function faultsOf(
  db: Database,
  system: SystemRow,
  pageIndex: number,
  pageSize: number,
  state?: 'open' | 'closed',
): Promise<Page<Fault>> {
  const where = and(
    eq(systemFaults.systemId, system.id),
    state === 'open' ? isNull(systemFaults.endedAt) : state === 'closed' ? isNotNull(systemFaults.endedAt) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(systemFaults).where(where);
  const rows = await db
    .select()
    .from(systemFaults)
    .where(where)
    .orderBy(desc(systemFaults.startedAt))
    .limit(pageSize)
    .offset((pageIndex - 1) * pageSize);
  return {
    dataCount: Number(total?.n ?? 0),
    data: rows.map((f) => ({
      id: f.id,
      code: f.code,
      // Ingest stores only these (FAULT_LEVELS of contract/monitoring-constants.ts).
      level: f.level as FaultLevel,
      description: f.description,
      started_at: f.startedAt.toISOString(),
      ended_at: f.endedAt?.toISOString() ?? null,
    })),
  };
}

/** What a reader of a system's user log sees beyond who did what and when (permissions/entities.ts 'read'). */
export interface UserLogView {
  /** The amounts of system-cost changes. */
  cost: boolean;
  /** The addresses the system was shared with. */
  shareRecipients: boolean;
}

/** Per action, the detail fields only some readers see, and which part of the view opens them. */
const GUARDED_DETAIL: Readonly<Record<string, Readonly<Record<string, keyof UserLogView>>>> = {
  update_system_cost: { systemCost: 'cost' },
  share: { email: 'shareRecipients' },
  share_revoke: { email: 'shareRecipients' },
  share_extend: { email: 'shareRecipients' },
};

function detailFor(action: string, detail: Record<string, unknown> | null, view: UserLogView): Record<string, unknown> | null {
  const guarded = GUARDED_DETAIL[action];
  if (!detail || !guarded) return detail;
  return Object.fromEntries(Object.entries(detail).filter(([field]) => !guarded[field] || view[guarded[field]]));
}

export async function userLogOf(
  db: Database,
  system: SystemRow,
  pageIndex: number,
  pageSize: number,
  view: UserLogView,
): Promise<Page<UserLogEntry>> {
  const where = eq(userLog.target, system.sysSn);
  const [total] = await db.select({ n: count() }).from(userLog).where(where);
  const rows = await db
    .select()
    .from(userLog)
    .where(where)
    .orderBy(desc(userLog.createdAt), desc(userLog.id))
    .limit(pageSize)
    .offset((pageIndex - 1) * pageSize);
  return {
    dataCount: Number(total?.n ?? 0),
    data: rows.map((r) => ({
      id: r.id,
      username: r.username,
      action: r.action,
      detail: detailFor(r.action, r.detail, view),
      created_at: r.createdAt.toISOString(),
    })),
  };
}

/** Who changes a system, as its user log names them: the caller and the address they called from. */
export type SystemChangeAuthor = Pick<Actor, 'id' | 'username' | 'address'>;

/** Records a change made to a system, so that its user log shows who did what. */
export async function logSystemChange(
  db: Database,
  user: Pick<Actor, 'id' | 'username'>,
  system: SystemRow,
  action: string,
  detail: Record<string, unknown>,
  ip: string,
  at: Date,
): Promise<void> {
  await writeUserLog(db, { userId: user.id, username: user.username, action, target: system.sysSn, detail, ip }, at);
}
