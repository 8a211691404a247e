import { sql, type SQL } from 'drizzle-orm';
import type { CommandState } from '../../../contract/device-commands';
import { resultMinutesOf, type CommandSpec } from '../../../contract/device-commands';
import { queryRows, type Database } from '../../core/db';
import { pgArray } from '../../monitoring/sql-arrays';
import { nextState, type LedgerEvent } from './transitions';
import { refuseWhileMoving } from '../../sysmigration/guard';

/**
 * The command ledger in the database (DESIGN §12): rows are written set-based, so a batch over 50,000 systems is a
 * handful of statements, and every change of state writes its history row in the same statement. A transition names
 * the state it expects (optimistic): two nodes handling the same reply, or a reply racing the sweep, change a row once.
 */

export type CommandSource = 'staff' | 'batch' | 'owner';

export interface QueueRequest {
  spec: CommandSpec;
  params: Record<string, unknown>;
  source: CommandSource;
  /** The user who asked (null: the portal itself). */
  by: { id: number; name: string } | null;
  batchId?: number;
  /** A batch's rows wait for their wave; everything else is released at once. */
  released: boolean;
  /** The attempt each system's new row retries (a batch's "retry the failed": a different row per system). */
  retryOf?: ReadonlyMap<number, number>;
  now: Date;
}

const MINUTE_MS = 60_000;

/**
 * Queues the command for each system: a newer command for the same setting supersedes the open one (its history says
 * by which), then the new rows and their 'pending' history. Answers the new rows' ids by system.
 */
export async function queueCommands(db: Database, systemIds: readonly number[], request: QueueRequest): Promise<Map<number, number>> {
  if (systemIds.length === 0) return new Map();
  // Every command (a staff member's, the owner's settings, a retry, a batch) is queued here: none to a system being moved.
  await refuseWhileMoving(db, { ids: systemIds });
  const { spec, params, now } = request;
  const ids = pgArray(systemIds);
  const retries = pgArray(systemIds.map((id) => request.retryOf?.get(id) ?? null));
  const at = now.toISOString();
  const byName = request.by?.name ?? null;
  if (spec.setting) {
    await db.execute(sql`
      WITH replaced AS (
        UPDATE device_commands SET state = 'superseded', finished_at = ${at}::timestamptz, message = 'replaced by a newer command for the same setting'
         WHERE system_id = ANY(${ids}::int[]) AND setting = ${spec.setting} AND state IN ('pending', 'sent', 'delivered')
        RETURNING system_id, id
      )
      INSERT INTO device_command_events (system_id, command_id, state, at, by_name, message)
      SELECT system_id, id, 'superseded', ${at}::timestamptz, ${byName}, 'replaced by a newer command for the same setting' FROM replaced`);
  }
  const expiresAt = new Date(now.getTime() + spec.ttlMinutes * MINUTE_MS).toISOString();
  const rows = await queryRows<{ system_id: number; id: number }>(
    db,
    sql`WITH created AS (
          INSERT INTO device_commands (system_id, batch_id, command, setting, params, state, source, requested_by, requested_by_name,
                                       retry_of, released_at, created_at, expires_at, result_minutes)
          SELECT s, ${request.batchId ?? null}::int, ${spec.name}, ${spec.setting ?? null}, ${JSON.stringify(params)}::jsonb, 'pending',
                 ${request.source}, ${request.by?.id ?? null}::int, ${byName}, r,
                 ${request.released ? at : null}::timestamptz, ${at}::timestamptz, ${expiresAt}::timestamptz, ${resultMinutesOf(spec, params)}
            FROM unnest(${ids}::int[], ${retries}::bigint[]) AS u(s, r)
          RETURNING system_id, id, retry_of
        ), history AS (
          INSERT INTO device_command_events (system_id, command_id, state, at, by_name, message)
          SELECT system_id, id, 'pending', ${at}::timestamptz, ${byName}, CASE WHEN retry_of IS NOT NULL THEN 'a new attempt of #' || retry_of END FROM created
        )
        SELECT system_id, id::float8 AS id FROM created`,
  );
  return new Map(rows.map((r) => [Number(r.system_id), Number(r.id)]));
}

export interface TransitionNote {
  by?: string | null;
  message?: string | null;
}

/** Timestamps a state sets on its row. */
function stampsOf(state: CommandState, at: string): SQL {
  if (state === 'sent') return sql`, sent_at = ${at}::timestamptz`;
  if (state === 'delivered') return sql`, delivered_at = ${at}::timestamptz`;
  return sql`, finished_at = ${at}::timestamptz`;
}

/**
 * Applies an event to one row in the state it was read in; answers the new state, or null when the event does not
 * apply or the row moved on meanwhile (nothing written).
 */
export async function applyEvent(
  db: Database,
  row: { systemId: number; id: number; state: CommandState },
  event: LedgerEvent,
  at: Date,
  note: TransitionNote = {},
): Promise<CommandState | null> {
  const next = nextState(row.state, event);
  if (!next) return null;
  const when = at.toISOString();
  const message = note.message ?? null;
  const changed = await queryRows<{ n: number }>(
    db,
    sql`WITH changed AS (
          UPDATE device_commands SET state = ${next}${stampsOf(next, when)}${message !== null ? sql`, message = ${message}` : sql``}
           WHERE system_id = ${row.systemId} AND id = ${row.id} AND state = ${row.state}
          RETURNING system_id, id
        ), history AS (
          INSERT INTO device_command_events (system_id, command_id, state, at, by_name, message)
          SELECT system_id, id, ${next}, ${when}::timestamptz, ${note.by ?? null}, ${message} FROM changed
        )
        SELECT count(*)::int AS n FROM changed`,
  );
  return Number(changed[0]?.n ?? 0) > 0 ? next : null;
}

/** Adds a line to a row's history without changing its state (a late result of a superseded command). */
export async function noteHistory(db: Database, row: { systemId: number; id: number; state: CommandState }, at: Date, message: string) {
  await db.execute(sql`INSERT INTO device_command_events (system_id, command_id, state, at, by_name, message)
                       VALUES (${row.systemId}, ${row.id}, ${row.state}, ${at.toISOString()}::timestamptz, NULL, ${message})`);
}

/**
 * Marks many rows at once with the same event from the states it applies to (the sweep's expiries and timeouts, a
 * batch's publishes and cancels); `where` narrows the rows. Answers the rows changed.
 */
export async function applyEventWhere(
  db: Database,
  event: LedgerEvent,
  from: readonly CommandState[],
  where: SQL,
  at: Date,
  note: TransitionNote = {},
): Promise<{ systemId: number; id: number }[]> {
  const groups = new Map<CommandState, CommandState[]>();
  for (const state of from) {
    const next = nextState(state, event);
    if (next) groups.set(next, [...(groups.get(next) ?? []), state]);
  }
  const when = at.toISOString();
  const message = note.message ?? null;
  const changed: { systemId: number; id: number }[] = [];
  for (const [next, states] of groups) {
    const rows = await queryRows<{ system_id: number; id: number }>(
      db,
      sql`WITH changed AS (
            UPDATE device_commands SET state = ${next}${stampsOf(next, when)}${message !== null ? sql`, message = ${message}` : sql``}
             WHERE state = ANY(${pgArray(states)}::text[]) AND ${where}
            RETURNING system_id, id
          ), history AS (
            INSERT INTO device_command_events (system_id, command_id, state, at, by_name, message)
            SELECT system_id, id, ${next}, ${when}::timestamptz, ${note.by ?? null}, ${message} FROM changed
          )
          SELECT system_id, id::float8 AS id FROM changed`,
    );
    changed.push(...rows.map((r) => ({ systemId: Number(r.system_id), id: Number(r.id) })));
  }
  return changed;
}

export interface LedgerRow {
  systemId: number;
  id: number;
  state: CommandState;
  command: string;
  params: Record<string, unknown>;
  expiresAt: Date;
}

/** One row by id (any system): the reply handler and the calls look rows up by the id the device and the web know. */
export async function ledgerRow(db: Database, id: number, systemId?: number): Promise<LedgerRow | undefined> {
  const [row] = await queryRows<{
    system_id: number;
    id: number;
    state: CommandState;
    command: string;
    params: Record<string, unknown>;
    expires_at: string | Date;
  }>(
    db,
    sql`SELECT system_id, id::float8 AS id, state, command, params, expires_at FROM device_commands
         WHERE id = ${id}${systemId !== undefined ? sql` AND system_id = ${systemId}` : sql``}`,
  );
  return row
    ? {
        systemId: Number(row.system_id),
        id: Number(row.id),
        state: row.state,
        command: row.command,
        params: row.params,
        expiresAt: new Date(row.expires_at),
      }
    : undefined;
}
