import { and, eq, type SQL } from 'drizzle-orm';
import { Code } from '../../contract/codes';
import { isClosedStatus } from '../../contract/complaints-constants';
import { complaints as complaintDeclaration, CUSTOMER_SIDE, HANDLERS } from '../../resources/complaints';
import { TRANSITION_REFUSED_CODE } from '../../resources/workflow';
import type { Row } from '../core/crud/factory';
import type { Database } from '../core/db';
import { complaints } from '../core/db/schema';
import { ApiError } from '../core/http/envelope';
import { rowScope, type ScopeUser } from '../core/scope';

/**
 * Who may reach which complaint, for the complaint calls written by hand (messages, news, urge): the declaration's
 * row scope (resources/complaints.ts `scope`: the complaint's system, DESIGN §6), the one the generated calls apply,
 * so the two never disagree.
 */

/** The complaints `user`'s scope holds; undefined when it holds every one. */
export function complaintScope(user: ScopeUser, now: Date): SQL | undefined {
  const { subject } = complaintDeclaration.scope!;
  return rowScope(subject, user, now, complaints.sys_sn);
}

/** The complaint with this id if the caller's scope holds it; 45 otherwise, missing or not (nothing is revealed). */
export async function complaintInScope(db: Database, user: ScopeUser, id: number, now: Date): Promise<Row> {
  const [row] = await db
    .select()
    .from(complaints)
    .where(and(eq(complaints.id, id), complaintScope(user, now)))
    .limit(1);
  if (!row) throw new ApiError(Code.NO_PERMISSION);
  return row;
}

/**
 * Which side of a complaint a user is on (DESIGN §9): the customer side (owners, installers, resellers, service
 * partners) files and urges, staff handle; a user with a handler's role is staff whatever else they are.
 */
export function sideOf(roles: readonly string[]): 'staff' | 'customer' {
  const has = (list: readonly string[]) => roles.some((role) => list.includes(role));
  return has(CUSTOMER_SIDE) && !has(HANDLERS) ? 'customer' : 'staff';
}

/** DESIGN §9: comments, replies and urges are possible while the complaint is neither archived nor rejected. */
export function assertStillOpen(complaint: Row, what: string): void {
  const status = String(complaint.status);
  if (isClosedStatus(status))
    throw new ApiError(TRANSITION_REFUSED_CODE as 400, `'${what}' is not possible in status '${status}'`, { data: { status } });
}
