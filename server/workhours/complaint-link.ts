import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { Code } from '../../contract/codes';
import type { Database } from '../core/db';
import { complaints, systems } from '../core/db/schema';
import { ApiError } from '../core/http/envelope';
import { abilityOf } from '../core/http/permissions';
import { rowScope } from '../core/scope';

/**
 * The complaint or system an R&D entry or a product suggestion names must be one the caller may see (their row scope,
 * DESIGN §6): another, or one that does not exist, answers 45 with the same text, so nothing about it is revealed. A
 * caller who may not read complaints at all gets that answer for every id, whatever their system scope holds.
 */
export async function assertComplaintInScope(db: Database, request: FastifyRequest, id: number, now: Date): Promise<void> {
  if (!abilityOf(request).can('read', 'complaint')) throw new ApiError(Code.NO_PERMISSION);
  const [found] = await db
    .select({ id: complaints.id })
    .from(complaints)
    .where(and(eq(complaints.id, id), rowScope('complaint', request.user, now, complaints.sys_sn)))
    .limit(1);
  if (!found) throw new ApiError(Code.NO_PERMISSION);
}

export async function assertSystemInScope(db: Database, request: FastifyRequest, sn: string, now: Date): Promise<void> {
  const [found] = await db
    .select({ sn: systems.sysSn })
    .from(systems)
    .where(and(eq(systems.sysSn, sn), rowScope('system', request.user, now, systems.sysSn)))
    .limit(1);
  if (!found) throw new ApiError(Code.NO_PERMISSION);
}
