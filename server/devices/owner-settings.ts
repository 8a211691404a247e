import { sql } from 'drizzle-orm';
import { commandSpec, modelAccepts, type CommandName } from '../../contract/device-commands';
import type { OperatingSettings, SettingOnDevice } from '../../contract/monitoring';
import type { Actor } from '../core/auth/actor';
import { queryRows, type Database } from '../core/db';
import type { SystemRow } from '../core/system-scope';
import { queueAndDispatch, type DevicesDeps } from './commands/service';

/**
 * A customer's own system settings (systemSettings) reach the device (DESIGN §12): each setting they changed goes out
 * as the catalogue's command for it, from the portal on their behalf, and the settings screen reads back from the
 * ledger whether the device applied it, waits for it, or refused it.
 */
const OWNER_COMMANDS: readonly {
  command: CommandName;
  changed: (before: OperatingSettings, after: OperatingSettings) => boolean;
  params: (settings: OperatingSettings, system: SystemRow) => Record<string, unknown>;
}[] = [
  { command: 'workMode', changed: (a, b) => a.workMode !== b.workMode, params: (s) => ({ mode: s.workMode }) },
  {
    command: 'backupReserve',
    changed: (a, b) => a.backupReserveSoc !== b.backupReserveSoc,
    params: (s) => ({ reserveSoc: s.backupReserveSoc }),
  },
  {
    command: 'exportLimit',
    changed: (a, b) => a.feedInLimitPercent !== b.feedInLimitPercent,
    // The customer sets a share of the PV rating; the device takes watts, at most what its inverter can put out (a PV
    // array larger than the inverter is common, and the device refuses a limit above its rating).
    params: (s, system) => ({ limitW: Math.round(Math.min((system.popv * 1000 * s.feedInLimitPercent) / 100, system.poinv * 1000)) }),
  },
  {
    command: 'chargeSchedule',
    changed: (a, b) => a.gridCharge !== b.gridCharge || JSON.stringify(a.chargeWindows) !== JSON.stringify(b.chargeWindows),
    params: (s) => ({ gridCharge: s.gridCharge, windows: s.chargeWindows }),
  },
];

/** The states after which the device does not have what the customer saved: a save sends the setting again. */
const NOT_APPLIED = new Set<SettingOnDevice['state']>(['failed', 'rejected', 'timed_out', 'expired', 'canceled']);

/**
 * Sends what changed (everything when nothing was sent before), and what the device never applied (the settings
 * screen tells the customer to save again); a model without the feature is left alone.
 */
export async function sendOwnerSettings(
  deps: DevicesDeps,
  actor: Actor,
  system: SystemRow,
  before: OperatingSettings | null,
  after: OperatingSettings,
): Promise<void> {
  const now = deps.clock();
  const latest = before ? (await ownerSettingsOnDevice(deps.db, system)).settings : [];
  const notApplied = new Set(latest.filter((s) => NOT_APPLIED.has(s.state)).map((s) => s.command));
  for (const entry of OWNER_COMMANDS) {
    if (before && !entry.changed(before, after) && !notApplied.has(entry.command)) continue;
    const spec = commandSpec(entry.command)!;
    if (!modelAccepts(spec, system.minv)) continue;
    await queueAndDispatch(deps, [system.id], {
      spec,
      params: entry.params(after, system),
      source: 'owner',
      by: { id: actor.id, name: actor.username },
      released: true,
      now,
    });
  }
}

/** The device's side of the customer's settings: its connection and the latest owner command of each setting. */
export async function ownerSettingsOnDevice(
  db: Database,
  system: SystemRow,
): Promise<{ online: boolean; state_at: string | null; settings: SettingOnDevice[] }> {
  const [state] = await queryRows<{ online: boolean; state_at: string | Date | null }>(
    db,
    sql`SELECT online, state_at FROM device_states WHERE system_id = ${system.id}`,
  );
  const latest = await queryRows<{ command: CommandName; state: SettingOnDevice['state']; at: string | Date; message: string | null }>(
    db,
    sql`SELECT DISTINCT ON (command) command, state, coalesce(finished_at, delivered_at, sent_at, created_at) AS at, message
          FROM device_commands
         WHERE system_id = ${system.id} AND source = 'owner'
         ORDER BY command, id DESC`,
  );
  return {
    online: state?.online ?? false,
    state_at: state?.state_at ? new Date(state.state_at).toISOString() : null,
    settings: latest.map((r) => ({ command: r.command, state: r.state, at: new Date(r.at).toISOString(), message: r.message })),
  };
}
