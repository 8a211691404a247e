import { sql } from 'drizzle-orm';
import { commandSpec } from '../../contract/device-commands';
import type { CommandRow, CosSettings } from '../../contract/devices';
import type { Actor } from '../core/auth/actor';
import { queryRows } from '../core/db';
import { systemInScope, viewerOf } from '../core/system-scope';
import { commandRowWhere } from './commands/rows';
import { commandRowOf, queueAndDispatch, sendStaffCommand, type DevicesDeps } from './commands/service';
import { checkParams } from './commands/validate';

/**
 * A system's safety settings (spec §7 GetCosSettings / SetCosSettings): the grid-protection parameters as its device
 * reported them, written through the command ledger like any setting, every change in the user log with the values
 * before and after. Reading asks the device again when `refresh` is set.
 */
const SAFETY = commandSpec('safetySettings')!;
const READ = commandSpec('readSettings')!;

export async function readSafetySettings(deps: DevicesDeps, actor: Actor, body: { sn: string; refresh: boolean }): Promise<CosSettings> {
  const system = await systemInScope(deps.db, await viewerOf(deps.db, actor), body.sn, deps.clock());
  if (body.refresh) {
    await queueAndDispatch(deps, [system.id], {
      spec: READ,
      params: {},
      source: 'staff',
      by: { id: actor.id, name: actor.username },
      released: true,
      now: deps.clock(),
    });
  }
  const [state] = await queryRows<{ safety: Record<string, string | number> | null; settings_at: string | Date | null }>(
    deps.db,
    sql`SELECT settings -> 'safety' AS safety, settings_at FROM device_states WHERE system_id = ${system.id}`,
  );
  const mine = sql`c.system_id = ${system.id} AND c.command IN ('safetySettings', 'readSettings')`;
  return {
    sys_sn: system.sysSn,
    time_zone: system.timeZone,
    settings: state?.safety ?? null,
    reported_at: state?.safety && state.settings_at ? new Date(state.settings_at).toISOString() : null,
    open: (await commandRowWhere(deps.db, sql`${mine} AND c.state IN ('pending', 'sent', 'delivered')`)) ?? null,
    last: (await commandRowWhere(deps.db, sql`${mine} AND c.state NOT IN ('pending', 'sent', 'delivered')`)) ?? null,
  };
}

export async function writeSafetySettings(
  deps: DevicesDeps,
  actor: Actor,
  body: { sn: string; settings: Record<string, unknown> },
): Promise<CommandRow> {
  const system = await systemInScope(deps.db, await viewerOf(deps.db, actor), body.sn, deps.clock());
  const now = deps.clock();
  const params = checkParams(SAFETY, body.settings, system.minv, now);
  const [state] = await queryRows<{ safety: Record<string, unknown> | null }>(
    deps.db,
    sql`SELECT settings -> 'safety' AS safety FROM device_states WHERE system_id = ${system.id}`,
  );
  const id = await sendStaffCommand(deps, actor, system, SAFETY, params, {
    action: 'device.safety_settings',
    detail: (commandId) => ({ command_id: commandId, before: state?.safety ?? null, after: params }),
  });
  return commandRowOf(deps, system, id);
}
