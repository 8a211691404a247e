import type { FastifyRequest } from 'fastify';
import { Code } from '../../contract/codes';
import { isClosedStatus } from '../../contract/complaints-constants';
import { CUSTOMER_SIDE, HANDLERS } from '../../resources/complaints';
import { TRANSITION_REFUSED_CODE } from '../../resources/workflow';
import type { CrudService, Row } from '../core/crud/factory';
import { ApiError } from '../core/http/envelope';

/**
 * Who may reach which complaint, for the complaint calls written by hand (messages, news, urge): the same row scope
 * as the generated calls (the complaint's system, DESIGN §6), so the two never disagree.
 */

/** The complaint with this id if the caller's scope holds it; 45 otherwise, missing or not (nothing is revealed). */
export async function complaintInScope(complaints: CrudService, request: FastifyRequest, id: number): Promise<Row> {
  const row = await complaints.findInScope(request, id);
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
