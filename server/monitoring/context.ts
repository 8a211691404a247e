import { Code } from '../../contract/codes';
import { defineAbilityFor } from '../../permissions/ability';
import type { AppDeps } from '../config';
import type { Actor } from '../core/auth/actor';
import { ApiError } from '../core/http/envelope';
import { systemInScope, viewerOf, type SystemRow, type Viewer } from '../core/system-scope';
import type { UserLogView } from './systems/history';

/**
 * Helpers every monitoring call uses: who is asking, and the row rules beyond a call's permission. Which roles
 * may make a call is its endpoint's permission alone (contract/monitoring-calls.ts); what stays here is about one row.
 */
export function contextOf(deps: AppDeps) {
  const viewer = (actor: Actor): Promise<Viewer> => viewerOf(deps.db, actor);
  const now = () => deps.clock();
  /** The system with this S/N if it is in the caller's scope; 45 otherwise (scope.ts systemInScope). */
  const inScope = async (actor: Actor, sn: string): Promise<SystemRow> => systemInScope(deps.db, await viewer(actor), sn, now());
  return {
    viewer,
    now,
    inScope,
    /** A system in the caller's scope that the caller owns as its customer (DESIGN §6: shares, cost and settings are the owner's); 45 otherwise, revealing nothing. */
    ownSystem: async (actor: Actor, sn: string): Promise<SystemRow> => {
      const system = await inScope(actor, sn);
      if (system.customerUserId !== actor.id) throw new ApiError(Code.NO_PERMISSION);
      return system;
    },
  };
}

/** What the caller sees in a system's user log: its owner everything, others what their roles read (permissions/entities.ts). */
export function userLogViewOf(actor: Actor, system: SystemRow): UserLogView {
  const owner = system.customerUserId === actor.id;
  const ability = defineAbilityFor(actor.roles, actor.menuDenied);
  return { cost: owner || ability.can('read', 'systemCost'), shareRecipients: owner || ability.can('read', 'systemShareRecipients') };
}

/**
 * Who reads a system's shares: its owner, and staff who read share recipients (permissions/entities.ts) for a
 * system in their scope; everyone else 45. Writing them is the owner's alone (DESIGN §6).
 */
export function requireShareReader(actor: Actor, system: SystemRow): void {
  if (!userLogViewOf(actor, system).shareRecipients) throw new ApiError(Code.NO_PERMISSION);
}
