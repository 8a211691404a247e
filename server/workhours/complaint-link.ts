import { and, eq } from 'drizzle-orm';
import { Code } from '../../contract/codes';
import { defineAbilityFor } from '../../permissions/ability';
import type { Actor } from '../core/auth/actor';
import type { Database } from '../core/db';
import { complaints, systems } from '../core/db/schema';
import { ApiError } from '../core/http/envelope';
import { rowScope } from '../core/scope';

/**
 * The complaint or system an R&D entry or a product suggestion names must be one the caller may see (their row scope,
 * DESIGN §6): another, or one that does not exist, answers 45 with the same text, so nothing about it is revealed. A
 * caller who may not read complaints at all gets that answer for every id, whatever their system scope holds.
 */
export async function assertComplaintInScope(db: Database, actor: Actor, id: number, now: Date): Promise<void> {
  if (!defineAbilityFor(actor.roles, actor.menuDenied).can('read', 'complaint')) throw new ApiError(Code.NO_PERMISSION);
  const [found] = await db
    .select({ id: complaints.id })
    .from(complaints)
    .where(and(eq(complaints.id, id), rowScope('complaint', actor, now, complaints.sys_sn)))
    .limit(1);
  if (!found) throw new ApiError(Code.NO_PERMISSION);
}

export async function assertSystemInScope(db: Database, actor: Actor, sn: string, now: Date): Promise<void> {
  const [found] = await db
    .select({ sn: systems.sysSn })
    .from(systems)
    .where(and(eq(systems.sysSn, sn), rowScope('system', actor, now, systems.sysSn)))
    .limit(1);
  if (!found) throw new ApiError(Code.NO_PERMISSION);
}
