import { sql, type SQL } from 'drizzle-orm';
import { Code } from '../../contract/codes';
import { queryRows, type Database } from '../core/db';
import { ApiError } from '../core/http/envelope';
import { pgArray } from '../monitoring/sql-arrays';

/** The states in which a migration holds both its S/Ns: rows are moving, or moved and not yet confirmed or reverted. */
export const HOLDING_STATES = ['queued', 'running', 'moved', 'reverting'] as const;

/**
 * The systems held by a migration, for the set-based writes over many systems (the offline watch), which skip them
 * rather than refuse: the same states as the guard below.
 */
export function systemsBeingMoved(): SQL {
  return sql`(SELECT unnest(ARRAY[old_system_id, new_system_id]) FROM system_migrations
               WHERE state = ANY(${pgArray([...HOLDING_STATES])}::text[]))`;
}

/**
 * THE guard of every write to a system's data (the one function each write path calls): answers 85 when one of the
 * systems, by id or by S/N, is in a data migration that is not finished (HOLDING_STATES): writing then would put rows
 * where the move or its revert does not expect them. A write path that names no system passes (nothing to hold).
 */
export async function refuseWhileMoving(db: Database, systems: { ids?: readonly number[]; sns?: readonly string[] }): Promise<void> {
  const ids = (systems.ids ?? []).filter((id) => Number.isInteger(id));
  const sns = (systems.sns ?? []).filter((sn) => sn !== '').map((sn) => sn.toLowerCase());
  if (ids.length === 0 && sns.length === 0) return;
  const [held] = await queryRows<{ id: number; sn: string }>(
    db,
    sql`SELECT id, CASE WHEN old_system_id = ANY(${pgArray(ids)}::int[]) OR lower(old_sn) = ANY(${pgArray(sns)}::text[])
                        THEN old_sn ELSE new_sn END AS sn
          FROM system_migrations
         WHERE state = ANY(${pgArray([...HOLDING_STATES])}::text[])
           AND (old_system_id = ANY(${pgArray(ids)}::int[]) OR new_system_id = ANY(${pgArray(ids)}::int[])
                OR lower(old_sn) = ANY(${pgArray(sns)}::text[]) OR lower(new_sn) = ANY(${pgArray(sns)}::text[]))
         LIMIT 1`,
  );
  if (held)
    throw new ApiError(
      Code.SN_MOVING,
      `S/N ${held.sn} is being moved (data migration ${held.id}): nothing is written to it until the migration is confirmed or reverted`,
    );
}
