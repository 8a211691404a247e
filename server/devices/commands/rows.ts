import { sql, type SQL } from 'drizzle-orm';
import type { CommandName, CommandState } from '../../../contract/device-commands';
import type { CommandDetail, CommandRow } from '../../../contract/devices';
import { queryRows, type Database } from '../../core/db';

/**
 * Ledger rows as the calls answer them, with their system's S/N, name, model and time zone. `where` is a condition
 * on `c` (device_commands) and `systems` (the caller's scope goes there).
 */
interface RawRow extends Record<string, unknown> {
  id: number;
  sys_sn: string;
  sys_name: string;
  model: string;
  time_zone: string;
  command: CommandName;
  params: Record<string, unknown>;
  state: CommandState;
  source: string;
  requested_by: string | null;
  batch_id: number | null;
  retry_of: number | null;
  created_at: string | Date;
  sent_at: string | Date | null;
  delivered_at: string | Date | null;
  finished_at: string | Date | null;
  expires_at: string | Date;
  message: string | null;
  total: number;
}

const iso = (value: string | Date | null): string | null => (value === null ? null : new Date(value).toISOString());

function rowOf(raw: RawRow): CommandRow {
  return {
    id: Number(raw.id),
    sys_sn: raw.sys_sn,
    sys_name: raw.sys_name,
    model: raw.model,
    time_zone: raw.time_zone,
    command: raw.command,
    params: raw.params,
    state: raw.state,
    source: raw.source,
    requested_by: raw.requested_by,
    batch_id: raw.batch_id === null ? null : Number(raw.batch_id),
    retry_of: raw.retry_of === null ? null : Number(raw.retry_of),
    created_at: iso(raw.created_at)!,
    sent_at: iso(raw.sent_at),
    delivered_at: iso(raw.delivered_at),
    finished_at: iso(raw.finished_at),
    expires_at: iso(raw.expires_at)!,
    message: raw.message,
  };
}

const SELECT = sql`SELECT c.id::float8 AS id, systems.sys_sn, systems.sys_name, systems.minv AS model, systems.time_zone, c.command, c.params,
                          c.state, c.source, c.requested_by_name AS requested_by, c.batch_id, c.retry_of::float8 AS retry_of, c.created_at,
                          c.sent_at, c.delivered_at, c.finished_at, c.expires_at, c.message, count(*) OVER ()::int AS total
                     FROM device_commands c JOIN systems ON systems.id = c.system_id`;

/** A page of rows, newest first. */
export async function commandPageWhere(
  db: Database,
  where: SQL,
  page: { pageIndex: number; pageSize: number },
): Promise<{ dataCount: number; data: CommandRow[] }> {
  const rows = await queryRows<RawRow>(
    db,
    sql`${SELECT} WHERE ${where} ORDER BY c.created_at DESC, c.id DESC
        LIMIT ${page.pageSize} OFFSET ${(page.pageIndex - 1) * page.pageSize}`,
  );
  return { dataCount: Number(rows[0]?.total ?? 0), data: rows.map(rowOf) };
}

/** Rows by condition, oldest first (a system's open commands), at most `limit`. */
export async function commandRowsWhere(db: Database, where: SQL, order: 'oldest' | 'newest', limit: number): Promise<CommandRow[]> {
  const rows = await queryRows<RawRow>(
    db,
    sql`${SELECT} WHERE ${where} ORDER BY ${order === 'oldest' ? sql`c.id ASC` : sql`c.id DESC`} LIMIT ${limit}`,
  );
  return rows.map(rowOf);
}

export async function commandRowWhere(db: Database, where: SQL): Promise<CommandRow | undefined> {
  return (await commandRowsWhere(db, where, 'newest', 1))[0];
}

/** One row with its history, oldest event first. */
export async function commandDetailWhere(db: Database, where: SQL): Promise<CommandDetail | undefined> {
  const row = await commandRowWhere(db, where);
  if (!row) return undefined;
  const history = await queryRows<{ state: CommandState; at: string | Date; by_name: string | null; message: string | null }>(
    db,
    sql`SELECT e.state, e.at, e.by_name, e.message FROM device_command_events e
         WHERE e.command_id = ${row.id} AND e.system_id = (SELECT id FROM systems WHERE sys_sn = ${row.sys_sn})
         ORDER BY e.id`,
  );
  return { ...row, history: history.map((e) => ({ state: e.state, at: iso(e.at)!, by: e.by_name, message: e.message })) };
}
