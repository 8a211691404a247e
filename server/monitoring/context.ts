import type { FastifyRequest } from 'fastify';
import { Code } from '../../contract/codes';
import type { AppDeps } from '../config';
import { ApiError } from '../core/http/envelope';
import { abilityOf } from '../core/http/permissions';
import { systemInScope, viewerOf, type SystemRow, type Viewer } from './scope';
import type { UserLogView } from './systems/history';

/**
 * Helpers every monitoring route uses: who is asking, and the row rules beyond a route's permission. Which roles
 * may make a call is its `config.permission` alone (permissions/subjects.ts); what stays here is about one row.
 */
export function contextOf(deps: AppDeps) {
  const viewer = (request: FastifyRequest): Promise<Viewer> => viewerOf(deps.db, request.user);
  const now = () => deps.clock();
  return {
    viewer,
    now,
    /** A system in the caller's scope that the caller owns as its customer (DESIGN §6: shares, cost and settings are the owner's); 45 otherwise, revealing nothing. */
    ownSystem: async (request: FastifyRequest, sn: string): Promise<SystemRow> => {
      const system = await systemInScope(deps.db, await viewer(request), sn, now());
      if (system.customerUserId !== request.user.id) throw new ApiError(Code.NO_PERMISSION);
      return system;
    },
  };
}

/** What the caller sees in a system's user log: its owner everything, others what their roles read (permissions/entities.ts). */
export function userLogViewOf(request: FastifyRequest, system: SystemRow): UserLogView {
  const owner = system.customerUserId === request.user.id;
  const ability = abilityOf(request);
  return { cost: owner || ability.can('read', 'systemCost'), shareRecipients: owner || ability.can('read', 'systemShareRecipients') };
}

/**
 * Who reads a system's shares: its owner, and staff who read share recipients (permissions/entities.ts) for a
 * system in their scope; everyone else 45. Writing them is the owner's alone (DESIGN §6).
 */
export function requireShareReader(request: FastifyRequest, system: SystemRow): void {
  if (!userLogViewOf(request, system).shareRecipients) throw new ApiError(Code.NO_PERMISSION);
}
