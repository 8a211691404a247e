import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor';
import { idFieldOf } from '../../../resources/types';
import type { CrudService } from '../crud/factory';

/**
 * Whether the caller reaches a record of a generated resource: 'inside' its row scope, 'outside' it, or 'missing'.
 * The scope is the one the resource's list applies, so a file is read by whoever may read its record.
 */
export async function recordAccess(service: CrudService, actor: Actor, recordId: number): Promise<'inside' | 'outside' | 'missing'> {
  const id = service.columnOf(idFieldOf(service.declaration))!;
  const scope = service.listConditions(actor, {});
  const [row] = await service.deps.db
    .select({ inside: scope ? sql<boolean>`coalesce((${scope}), false)` : sql<boolean>`true` })
    .from(service.table)
    .where(eq(id, recordId))
    .limit(1);
  if (!row) return 'missing';
  return row.inside ? 'inside' : 'outside';
}
