import { sql } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import { FAILED_COMMAND_STATES, MAX_BATCH_SYSTEMS, type CommandState, type CommandSpec } from '../../../contract/device-commands';
import type { BatchPreview, BatchRow, CreateBatchBody } from '../../../contract/devices';
import type { BodyOf } from '../../../contract/endpoint';
import type { batchCalls } from '../../../contract/devices-calls';
import { writeUserLog } from '../../core/audit/write';
import type { Actor } from '../../core/auth/actor';
import { queryRows, type Database } from '../../core/db';
import { ApiError } from '../../core/http/envelope';
import { pgArray } from '../../monitoring/sql-arrays';
import { queueAndDispatch, scopeOf, type DevicesDeps } from '../commands/service';
import { commandPageWhere } from '../commands/rows';
import { checkCommandName, checkParams } from '../commands/validate';
import { applyEventWhere, queueCommands } from '../ledger/store';
import { resolveTarget } from './target';

/**
 * Batch settings (sysBatchSetting, DESIGN §12): one command for many systems, one batch row plus one ledger row per
 * system, released in waves at the batch's rate (./waves.ts) and told to the devices like any command. Progress is
 * counted from the ledger (each system's latest attempt), never kept as a counter.
 */

function batchSpec(
  command: string | undefined,
  params: Record<string, unknown>,
  now: Date,
): { spec: CommandSpec; params: Record<string, unknown> } {
  const spec = checkCommandName(command);
  if (!spec.batchable)
    throw new ApiError(Code.PARAM_ERROR, `Parameter error: command (${spec.name} is sent to one system at a time)`, {
      data: { field: 'command' },
    });
  // Models are checked per system: the target leaves out those that lack the feature.
  return { spec, params: checkParams(spec, params, null, now) };
}

export async function previewBatch(deps: DevicesDeps, actor: Actor, body: BodyOf<typeof batchCalls.preview>): Promise<BatchPreview> {
  const { spec } = batchSpec(body.command, body.params, deps.clock());
  return (await resolveTarget(deps.db, await scopeOf(deps, actor), body.target, spec)).preview;
}

/** The start: none is now; '' asks for one (64); a malformed time 57; one in the past 2. */
function startOf(startAt: string | undefined, now: Date): Date {
  if (startAt === undefined) return now;
  if (startAt.trim() === '') throw new ApiError(Code.DATE_TIME_REQUIRED, undefined, { data: { field: 'start_at' } });
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(startAt) ? Date.parse(startAt) : NaN;
  if (Number.isNaN(ms)) throw new ApiError(Code.TIME_FORMAT, undefined, { data: { field: 'start_at' } });
  // A minute's grace: the form's "now" was picked a moment ago.
  if (ms < now.getTime() - 60_000)
    throw new ApiError(Code.PARAM_ERROR, 'Parameter error: start_at (in the past)', { data: { field: 'start_at' } });
  return new Date(Math.max(ms, now.getTime()));
}

export async function createBatch(deps: DevicesDeps, actor: Actor, body: CreateBatchBody): Promise<BatchRow> {
  const now = deps.clock();
  const { spec, params } = batchSpec(body.command, body.params, now);
  const startAt = startOf(body.start_at, now);
  const { systemIds, preview } = await resolveTarget(deps.db, await scopeOf(deps, actor), body.target, spec);
  if (systemIds.length === 0) throw new ApiError(Code.NO_DATA, 'No data: the target holds no system that accepts the command');
  if (systemIds.length > MAX_BATCH_SYSTEMS) {
    throw new ApiError(
      Code.PARAM_ERROR,
      `Parameter error: target (${systemIds.length} systems; at most ${MAX_BATCH_SYSTEMS} in one batch)`,
      {
        data: { field: 'target' },
      },
    );
  }
  const id = await deps.db.transaction(async (tx) => {
    const [batch] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO command_batches (command, params, target, remark, requested_by, requested_by_name, rate_per_minute, start_at, created_at)
          VALUES (${spec.name}, ${JSON.stringify(params)}::jsonb, ${JSON.stringify(body.target)}::jsonb, ${body.remark}, ${actor.id},
                  ${actor.username}, ${body.rate_per_minute}, ${startAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
          RETURNING id`,
    );
    await queueCommands(tx, systemIds, {
      spec,
      params,
      source: 'batch',
      by: { id: actor.id, name: actor.username },
      batchId: batch!.id,
      released: false,
      now,
    });
    await writeUserLog(
      tx,
      {
        userId: actor.id,
        username: actor.username,
        action: 'device.batch',
        target: `batch #${batch!.id}`,
        detail: { command: spec.name, params, systems: systemIds.length, offline: preview.offline, refused: preview.refused },
      },
      now,
    );
    return Number(batch!.id);
  });
  await releaseWave(deps, id, now);
  return batchRow(deps, id);
}

/**
 * Releases what the batch's rate allows by now (rate × started minutes, less what went already) and tells the
 * devices. Answers how many rows it released.
 */
export async function releaseWave(deps: DevicesDeps, batchId: number, now: Date): Promise<number> {
  const released = await queryRows<{ system_id: number }>(
    deps.db,
    sql`WITH batch AS (
          SELECT id, released, rate_per_minute * (floor(extract(epoch FROM (${now.toISOString()}::timestamptz - start_at)) / 60) + 1) AS allowed
            FROM command_batches WHERE id = ${batchId} AND canceled_at IS NULL AND start_at <= ${now.toISOString()}::timestamptz
            FOR UPDATE
        ), wave AS (
          SELECT c.system_id, c.id FROM device_commands c, batch
           WHERE c.batch_id = batch.id AND c.released_at IS NULL AND c.state = 'pending'
           ORDER BY c.id LIMIT (SELECT greatest(0, allowed - released) FROM batch)
        ), marked AS (
          UPDATE device_commands c SET released_at = ${now.toISOString()}::timestamptz FROM wave
           WHERE c.system_id = wave.system_id AND c.id = wave.id
          RETURNING c.system_id
        ), counted AS (
          UPDATE command_batches SET released = released + (SELECT count(*) FROM marked) WHERE id IN (SELECT id FROM batch)
        )
        SELECT system_id FROM marked`,
  );
  if (released.length > 0) await deps.dispatcher.dispatch(released.map((r) => Number(r.system_id)));
  return released.length;
}

/** Every batch with rows waiting for their wave (the queue's job, every minute). */
export async function releaseWaves(deps: DevicesDeps, now: Date): Promise<number> {
  const due = await queryRows<{ id: number }>(
    deps.db,
    sql`SELECT b.id FROM command_batches b
         WHERE b.canceled_at IS NULL AND b.start_at <= ${now.toISOString()}::timestamptz
           AND EXISTS (SELECT 1 FROM device_commands c WHERE c.batch_id = b.id AND c.released_at IS NULL AND c.state = 'pending')`,
  );
  let released = 0;
  for (const { id } of due) released += await releaseWave(deps, Number(id), now);
  return released;
}

interface RawBatch extends Record<string, unknown> {
  id: number;
  command: BatchRow['command'];
  params: Record<string, unknown>;
  target: Record<string, unknown>;
  remark: string;
  requested_by_name: string | null;
  created_at: string | Date;
  start_at: string | Date;
  rate_per_minute: number;
  canceled_at: string | Date | null;
  total_rows: number;
}

/** Each system's latest attempt's state, counted per batch. */
async function countsOf(db: Database, batchIds: readonly number[]): Promise<Map<number, Partial<Record<CommandState, number>>>> {
  const rows = await queryRows<{ batch_id: number; state: CommandState; n: number }>(
    db,
    sql`SELECT batch_id, state, count(*)::int AS n FROM (
          SELECT DISTINCT ON (batch_id, system_id) batch_id, state FROM device_commands
           WHERE batch_id = ANY(${pgArray([...batchIds])}::int[]) ORDER BY batch_id, system_id, id DESC
        ) latest GROUP BY batch_id, state`,
  );
  const counts = new Map<number, Partial<Record<CommandState, number>>>();
  for (const r of rows) counts.set(Number(r.batch_id), { ...counts.get(Number(r.batch_id)), [r.state]: Number(r.n) });
  return counts;
}

function batchOf(raw: RawBatch, counts: Partial<Record<CommandState, number>>, now: Date): BatchRow {
  const total = Object.values(counts).reduce((a, b) => a + (b ?? 0), 0);
  const open = (counts.pending ?? 0) + (counts.sent ?? 0) + (counts.delivered ?? 0);
  const status: BatchRow['status'] = raw.canceled_at
    ? 'canceled'
    : new Date(raw.start_at) > now
      ? 'scheduled'
      : open > 0
        ? 'running'
        : 'finished';
  return {
    id: Number(raw.id),
    command: raw.command,
    params: raw.params,
    target: raw.target,
    remark: raw.remark,
    requested_by: raw.requested_by_name,
    created_at: new Date(raw.created_at).toISOString(),
    start_at: new Date(raw.start_at).toISOString(),
    rate_per_minute: raw.rate_per_minute,
    canceled_at: raw.canceled_at ? new Date(raw.canceled_at).toISOString() : null,
    total,
    counts,
    status,
  };
}

const BATCH_COLUMNS = sql`id, command, params, target, remark, requested_by_name, created_at, start_at, rate_per_minute, canceled_at`;

export async function batchRow(deps: DevicesDeps, id: number): Promise<BatchRow> {
  const [raw] = await queryRows<RawBatch>(deps.db, sql`SELECT ${BATCH_COLUMNS} FROM command_batches WHERE id = ${id}`);
  if (!raw) throw new ApiError(Code.NO_PERMISSION);
  return batchOf(raw, (await countsOf(deps.db, [id])).get(id) ?? {}, deps.clock());
}

export async function listBatches(deps: DevicesDeps, page: { pageIndex: number; pageSize: number }) {
  const rows = await queryRows<RawBatch>(
    deps.db,
    sql`SELECT ${BATCH_COLUMNS}, count(*) OVER ()::int AS total_rows FROM command_batches
         ORDER BY created_at DESC, id DESC LIMIT ${page.pageSize} OFFSET ${(page.pageIndex - 1) * page.pageSize}`,
  );
  const counts = await countsOf(
    deps.db,
    rows.map((r) => Number(r.id)),
  );
  const now = deps.clock();
  return { dataCount: Number(rows[0]?.total_rows ?? 0), data: rows.map((r) => batchOf(r, counts.get(Number(r.id)) ?? {}, now)) };
}

/** A batch's systems, each with its latest attempt, in the caller's scope. */
export async function batchSystems(deps: DevicesDeps, actor: Actor, body: BodyOf<typeof batchCalls.systems>) {
  await batchRow(deps, body.id);
  const latest = sql`c.id IN (SELECT DISTINCT ON (system_id) id FROM device_commands WHERE batch_id = ${body.id} ORDER BY system_id, id DESC)`;
  const conditions = [sql`c.batch_id = ${body.id}`, latest, await scopeOf(deps, actor)];
  if (body.states?.length) conditions.push(sql`c.state = ANY(${pgArray(body.states)}::text[])`);
  if (body.sn) conditions.push(sql`systems.sys_sn ILIKE ${`%${body.sn.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  return commandPageWhere(deps.db, sql.join(conditions, sql` AND `), body);
}

/** Cancels what the devices have not acknowledged yet; delivered commands finish. */
export async function cancelBatch(deps: DevicesDeps, actor: Actor, id: number): Promise<BatchRow> {
  const batch = await batchRow(deps, id);
  if (batch.status === 'canceled' || batch.status === 'finished')
    throw new ApiError(Code.OPERATION_FAILED, `Operation failure: the batch is ${batch.status}`);
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE command_batches SET canceled_at = ${now.toISOString()}::timestamptz WHERE id = ${id}`);
    await applyEventWhere(tx, { kind: 'cancel' }, ['pending', 'sent'], sql`batch_id = ${id}`, now, {
      by: actor.username,
      message: 'the batch was canceled',
    });
  });
  return batchRow(deps, id);
}

/** Sends the command again where each system's latest attempt failed, was rejected, timed out or expired. */
export async function retryFailed(deps: DevicesDeps, actor: Actor, id: number): Promise<BatchRow> {
  const batch = await batchRow(deps, id);
  if (batch.status === 'canceled') throw new ApiError(Code.OPERATION_FAILED, 'Operation failure: the batch is canceled');
  const failed = await queryRows<{ system_id: number; id: number }>(
    deps.db,
    sql`SELECT system_id, id::float8 AS id FROM (
          SELECT DISTINCT ON (system_id) system_id, id, state FROM device_commands WHERE batch_id = ${id} ORDER BY system_id, id DESC
        ) latest WHERE state = ANY(${pgArray(FAILED_COMMAND_STATES)}::text[])`,
  );
  if (failed.length === 0) throw new ApiError(Code.NO_DATA, 'No data: no system of the batch failed');
  const now = deps.clock();
  const spec = checkCommandName(batch.command);
  await queueAndDispatch(
    deps,
    failed.map((r) => Number(r.system_id)),
    {
      spec,
      params: batch.params,
      source: 'batch',
      by: { id: actor.id, name: actor.username },
      batchId: id,
      released: true,
      retryOf: new Map(failed.map((r) => [Number(r.system_id), Number(r.id)])),
      now,
    },
  );
  return batchRow(deps, id);
}
