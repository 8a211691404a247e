import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { pgArray } from '../../monitoring/sql-arrays';
import { Code } from '../../../contract/codes';
import { COMMANDS, commandSpec, isOpenState, isRetryable, modelAccepts, type CommandSpec } from '../../../contract/device-commands';
import type { CommandDetail, CommandRow, SendCommandBody, SystemControl } from '../../../contract/devices';
import type { BodyOf } from '../../../contract/endpoint';
import type { commandCalls } from '../../../contract/devices-calls';
import { writeUserLog } from '../../core/audit/write';
import type { Actor } from '../../core/auth/actor';
import { isUniqueViolation, queryRows, type Database } from '../../core/db';
import { abilityOf } from '../../core/http/permissions';
import { ApiError } from '../../core/http/envelope';
import { systemInScope, systemScope, viewerOf, type SystemRow } from '../../core/system-scope';
import { hashDeviceKey } from '../../monitoring/ingest/device-keys';
import type { DeviceIdentities } from '../../monitoring/ingest/device-identities';
import type { Dispatcher } from '../dispatch';
import { applyEvent, ledgerRow, queueCommands, type QueueRequest } from '../ledger/store';
import { commandDetailWhere, commandPageWhere, commandRowsWhere, commandRowWhere } from './rows';
import { checkCommandName, checkParams } from './validate';

/**
 * Commands to one system (commandManagement, DESIGN §12): checked against the catalogue, queued in the ledger, told to
 * the device at once when it is connected. Rows are the caller's only within their scope of systems: another
 * system's command answers 45 like one that does not exist.
 */
export interface DevicesDeps {
  db: Database;
  clock: () => Date;
  dispatcher: Dispatcher;
  identities: DeviceIdentities;
  /** Closes a device's connection (its key changed). */
  disconnect: (sn: string) => Promise<void>;
}

/** The caller's scope as a condition on `systems` (every system for the unscoped staff roles). */
export async function scopeOf(deps: DevicesDeps, actor: Actor): Promise<SQL> {
  return systemScope(await viewerOf(deps.db, actor), deps.clock()) ?? sql`true`;
}

async function systemOf(deps: DevicesDeps, actor: Actor, sn: string): Promise<SystemRow> {
  return systemInScope(deps.db, await viewerOf(deps.db, actor), sn, deps.clock());
}

/** Queues in one transaction (a concurrent command for the same setting makes it try once more), then tells the devices. */
export async function queueAndDispatch(
  deps: DevicesDeps,
  systemIds: readonly number[],
  request: QueueRequest,
): Promise<Map<number, number>> {
  const queue = () => deps.db.transaction((tx) => queueCommands(tx, systemIds, request));
  let ids: Map<number, number>;
  try {
    ids = await queue();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    ids = await queue();
  }
  if (request.released) await deps.dispatcher.dispatch(systemIds);
  return ids;
}

/** Whether the caller may send this command at all (safety settings are for fewer staff than other commands). */
function requireAudience(actor: Actor, spec: CommandSpec): void {
  if (spec.audience === 'safety' && !abilityOf(actor).can('update', 'safetySettings')) throw new ApiError(Code.NO_PERMISSION);
}

export async function sendCommand(deps: DevicesDeps, actor: Actor, body: SendCommandBody): Promise<CommandRow> {
  const system = await systemOf(deps, actor, body.sn);
  const now = deps.clock();
  const spec = checkCommandName(body.command);
  requireAudience(actor, spec);
  const params = checkParams(spec, body.params, system.minv, now);
  const id = await sendStaffCommand(deps, actor, system, spec, params, {
    action: 'device.command',
    detail: (commandId) => ({ id: commandId, command: spec.name, params }),
  });
  const row = () => commandRowOf(deps, system, id);
  return body.wait_seconds > 0 ? awaitResult(row, body.wait_seconds) : row();
}

/** A staff member's command to one system: queued, told to its device, and written in the user log. Answers its id. */
export async function sendStaffCommand(
  deps: DevicesDeps,
  actor: Actor,
  system: SystemRow,
  spec: CommandSpec,
  params: Record<string, unknown>,
  log: { action: string; detail: (id: number) => Record<string, unknown> },
): Promise<number> {
  const now = deps.clock();
  const ids = await queueAndDispatch(deps, [system.id], {
    spec,
    params,
    source: 'staff',
    by: { id: actor.id, name: actor.username },
    released: true,
    now,
  });
  const id = ids.get(system.id)!;
  await writeUserLog(
    deps.db,
    { userId: actor.id, username: actor.username, action: log.action, target: system.sysSn, detail: log.detail(id) },
    now,
  );
  return id;
}

/** A row of the system's, as the calls answer it. */
export async function commandRowOf(deps: DevicesDeps, system: SystemRow, id: number): Promise<CommandRow> {
  return (await commandRowWhere(deps.db, sql`c.id = ${id} AND c.system_id = ${system.id}`))!;
}

const RESULT_POLL_MS = 100;

/**
 * The row once the device answered with its result, or as it stands after `seconds` (of real time: a caller waits).
 * Read from the ledger, not from this node's memory: the device's reply may be handled by another node.
 */
async function awaitResult(row: () => Promise<CommandRow>, seconds: number): Promise<CommandRow> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const current = await row();
    if (current.state === 'failed' || current.state === 'rejected') {
      throw new ApiError(Code.INSTRUCTION_FAILED, `Instruction failed: ${current.message ?? current.state}`, { data: current });
    }
    if (!isOpenState(current.state) || Date.now() >= until) return current;
    await new Promise((resolve) => setTimeout(resolve, RESULT_POLL_MS));
  }
}

export async function listCommands(deps: DevicesDeps, actor: Actor, body: BodyOf<typeof commandCalls.list>) {
  const conditions: SQL[] = [await scopeOf(deps, actor)];
  if (body.sn) conditions.push(sql`systems.sys_sn ILIKE ${`%${escapeLike(body.sn)}%`}`);
  if (body.command) conditions.push(sql`c.command = ${body.command}`);
  if (body.states?.length) conditions.push(sql`c.state = ANY(${pgArray(body.states)}::text[])`);
  if (body.sender) conditions.push(sql`c.requested_by_name ILIKE ${`%${escapeLike(body.sender)}%`}`);
  if (body.from) conditions.push(sql`c.created_at >= ${body.from}::timestamptz`);
  if (body.to) conditions.push(sql`c.created_at <= ${body.to}::timestamptz`);
  if (body.batch_id) conditions.push(sql`c.batch_id = ${body.batch_id}`);
  return commandPageWhere(deps.db, sql.join(conditions, sql` AND `), body);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A row in the caller's scope, or 45. */
async function scopedRow(deps: DevicesDeps, actor: Actor, id: number): Promise<CommandRow> {
  const row = await commandRowWhere(deps.db, sql`c.id = ${id} AND ${await scopeOf(deps, actor)}`);
  if (!row) throw new ApiError(Code.NO_PERMISSION);
  return row;
}

export async function commandDetail(deps: DevicesDeps, actor: Actor, id: number): Promise<CommandDetail> {
  const detail = await commandDetailWhere(deps.db, sql`c.id = ${id} AND ${await scopeOf(deps, actor)}`);
  if (!detail) throw new ApiError(Code.NO_PERMISSION);
  return detail;
}

export async function cancelCommand(deps: DevicesDeps, actor: Actor, id: number): Promise<CommandRow> {
  const row = await scopedRow(deps, actor, id);
  requireAudience(actor, commandSpec(row.command)!);
  const ledger = (await ledgerRow(deps.db, id))!;
  const moved = await applyEvent(deps.db, ledger, { kind: 'cancel' }, deps.clock(), {
    by: actor.username,
    message: 'canceled by the sender',
  });
  if (!moved) {
    const why = ledger.state === 'delivered' ? 'the device has acknowledged it already' : `it is ${ledger.state} already`;
    throw new ApiError(Code.OPERATION_FAILED, `Operation failure: ${why}`);
  }
  return scopedRow(deps, actor, id);
}

/** A command that ended without success, sent again as a new attempt (the old row stays as it ended). */
export async function retryCommand(deps: DevicesDeps, actor: Actor, id: number): Promise<CommandRow> {
  const row = await scopedRow(deps, actor, id);
  if (!isRetryable(row.state)) {
    throw new ApiError(Code.OPERATION_FAILED, `Operation failure: a ${row.state} command is not retried`);
  }
  const spec = commandSpec(row.command)!;
  requireAudience(actor, spec);
  const ledger = (await ledgerRow(deps.db, id))!;
  const now = deps.clock();
  const params = checkParams(spec, row.params, row.model, now);
  const ids = await queueAndDispatch(deps, [ledger.systemId], {
    spec,
    params,
    source: row.source === 'batch' ? 'batch' : 'staff',
    by: { id: actor.id, name: actor.username },
    batchId: row.batch_id ?? undefined,
    released: true,
    retryOf: new Map([[ledger.systemId, id]]),
    now,
  });
  return scopedRow(deps, actor, ids.get(ledger.systemId)!);
}

/** How many recent commands the control tab lists. */
const RECENT_COMMANDS = 20;

export async function systemControl(deps: DevicesDeps, actor: Actor, sn: string): Promise<SystemControl> {
  const system = await systemOf(deps, actor, sn);
  const [state] = await queryRows<{
    online: boolean;
    state_at: string | Date | null;
    settings: Record<string, Record<string, unknown>>;
    settings_at: string | Date | null;
  }>(deps.db, sql`SELECT online, state_at, settings, settings_at FROM device_states WHERE system_id = ${system.id}`);
  const mine = sql`c.system_id = ${system.id}`;
  return {
    sys_sn: system.sysSn,
    model: system.minv,
    time_zone: system.timeZone,
    online: state?.online ?? false,
    state_at: state?.state_at ? new Date(state.state_at).toISOString() : null,
    settings: state?.settings ?? {},
    settings_at: state?.settings_at ? new Date(state.settings_at).toISOString() : null,
    commands: COMMANDS.filter((c) => modelAccepts(c, system.minv)).map((c) => c.name),
    open: await commandRowsWhere(deps.db, sql`${mine} AND c.state IN ('pending', 'sent', 'delivered')`, 'oldest', 100),
    recent: await commandRowsWhere(deps.db, sql`${mine} AND c.state NOT IN ('pending', 'sent', 'delivered')`, 'newest', RECENT_COMMANDS),
  };
}

/**
 * A new device key, shown this once; the portal keeps its hash. The device's connection is closed, so it must come
 * back with the new key (the HTTP ingest refuses the old one at once on this node, within a minute on others).
 */
export async function rotateDeviceKey(deps: DevicesDeps, actor: Actor, sn: string): Promise<{ sys_sn: string; device_key: string }> {
  const system = await systemOf(deps, actor, sn);
  const key = randomBytes(24).toString('base64url');
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE systems SET device_key_hash = ${hashDeviceKey(key)} WHERE id = ${system.id}`);
    await writeUserLog(tx, { userId: actor.id, username: actor.username, action: 'device.key_rotated', target: system.sysSn }, now);
  });
  deps.identities.forgetKeys();
  await deps.disconnect(system.sysSn);
  return { sys_sn: system.sysSn, device_key: key };
}
