import { sql } from 'drizzle-orm';
import type { CommandName, CommandState, DeviceSettings } from '../../contract/device-commands';
import { writeUserLog } from '../core/audit/write';
import { queryRows, type Database } from '../core/db';
import { factorySettings } from '../simulator/obey';
import { demoMinutes, demoMoment } from './time';

/**
 * The device channel's past in the demo (DESIGN §12): what staff told the fleet before today, as the ledger keeps it.
 * Twelve days ago the domestic after-sales team capped the export of the German systems at 6 kW at the grid
 * operator's request: most applied it, the small ESS-H5 refused a limit above its 5 kW inverter, and the systems that
 * were offline let it expire. A service engineer read the customer's system, ran a battery cycle test on it and set the
 * grid code of an Italian system; a cycle test on a system whose battery a fault holds idle failed. The settings the
 * devices report (and the simulated devices start from) are their factory settings with these changes.
 */
interface Outcome {
  state: CommandState;
  message: string;
}

interface SeedSystem extends Record<string, unknown> {
  id: number;
  sys_sn: string;
  minv: string;
  poinv: number;
  surpluscobat: number;
  country_code: string;
  ems_status: string | null;
}

const EXPORT_CAP_W = 6000;
const MINUTE_MS = 60_000;

/** One ledger row with its history: pending, then (unless it expired) sent, delivered and its end. */
async function recordCommand(
  db: Database,
  row: {
    system: SeedSystem;
    command: CommandName;
    setting: string | null;
    params: Record<string, unknown>;
    source: 'staff' | 'batch';
    by: { id: number; name: string };
    batchId?: number;
    at: Date;
    outcome: Outcome;
    resultMinutes: number;
  },
): Promise<void> {
  const at = row.at.getTime();
  const sent = new Date(at + 1000);
  const delivered = new Date(at + 2000);
  const ended = new Date(
    at + (row.outcome.state === 'expired' ? 24 * 60 * MINUTE_MS : 2000 + demoMinutes(`${row.system.sys_sn}:${row.command}`, 3)),
  );
  const reached = row.outcome.state !== 'expired';
  const [created] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO device_commands (system_id, batch_id, command, setting, params, state, source, requested_by, requested_by_name,
                                     released_at, created_at, expires_at, result_minutes, sent_at, delivered_at, finished_at, message)
        VALUES (${row.system.id}, ${row.batchId ?? null}, ${row.command}, ${row.setting}, ${JSON.stringify(row.params)}::jsonb,
                ${row.outcome.state}, ${row.source}, ${row.by.id}, ${row.by.name}, ${row.at.toISOString()}::timestamptz,
                ${row.at.toISOString()}::timestamptz, ${new Date(at + 24 * 60 * MINUTE_MS).toISOString()}::timestamptz, ${row.resultMinutes},
                ${reached ? sent.toISOString() : null}::timestamptz, ${reached ? delivered.toISOString() : null}::timestamptz,
                ${ended.toISOString()}::timestamptz, ${row.outcome.message})
        RETURNING id::float8 AS id`,
  );
  const events: [CommandState, Date, string | null, string | null][] = [['pending', row.at, row.by.name, null]];
  if (reached) events.push(['sent', sent, null, null], ['delivered', delivered, null, 'received']);
  events.push([row.outcome.state, ended, null, row.outcome.message]);
  for (const [state, when, by, message] of events) {
    await db.execute(sql`INSERT INTO device_command_events (system_id, command_id, state, at, by_name, message)
                         VALUES (${row.system.id}, ${created!.id}, ${state}, ${when.toISOString()}::timestamptz, ${by}, ${message})`);
  }
}

export async function seedDevicesDemo(db: Database, { now }: { now: Date }): Promise<void> {
  const fleet = await queryRows<SeedSystem>(
    db,
    sql`SELECT id, sys_sn, minv, poinv, surpluscobat, country_code, ems_status FROM systems ORDER BY sys_sn`,
  );
  const users = await queryRows<{ id: number; username: string }>(
    db,
    sql`SELECT id, username FROM users WHERE username IN ('dasw', 'servicer')`,
  );
  const userOf = (name: string) => {
    const user = users.find((u) => u.username === name);
    return user ? { id: user.id, name: user.username } : null;
  };
  const dasw = userOf('dasw');
  const servicer = userOf('servicer');
  if (!dasw || !servicer || fleet.length === 0) return;
  const settings = new Map<number, { settings: DeviceSettings; at: Date }>();
  const change = (system: SeedSystem, at: Date, patch: Partial<DeviceSettings>) => {
    const base =
      settings.get(system.id)?.settings ??
      factorySettings({ model: system.minv, inverterKw: system.poinv, batteryKwh: system.surpluscobat }, system.country_code);
    settings.set(system.id, { settings: { ...base, ...patch }, at });
  };

  // The export cap for Germany, as a batch.
  const german = fleet.filter((s) => s.country_code === 'DE');
  const batchAt = demoMoment(now, 12, 'devices:export-cap', [8, 9]);
  const [batch] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO command_batches (command, params, target, remark, requested_by, requested_by_name, rate_per_minute, start_at, created_at, released)
        VALUES ('exportLimit', ${JSON.stringify({ limitW: EXPORT_CAP_W })}::jsonb, ${JSON.stringify({ kind: 'filter', countries: ['DE'] })}::jsonb,
                'Grid operator request: feed-in capped at 6 kW on the German systems', ${dasw.id}, ${dasw.name}, 600,
                ${batchAt.toISOString()}::timestamptz, ${batchAt.toISOString()}::timestamptz, ${german.length})
        RETURNING id`,
  );
  for (const system of german) {
    const inverterW = Math.round(system.poinv * 1000);
    const outcome: Outcome =
      system.ems_status === 'offline' || system.ems_status === null
        ? { state: 'expired', message: 'the device did not acknowledge it before it expired' }
        : EXPORT_CAP_W > inverterW
          ? { state: 'rejected', message: `export limit ${EXPORT_CAP_W} W is above the inverter's rating of ${inverterW} W` }
          : { state: 'succeeded', message: `export limited to ${EXPORT_CAP_W} W` };
    await recordCommand(db, {
      system,
      command: 'exportLimit',
      setting: 'exportLimit',
      params: { limitW: EXPORT_CAP_W },
      source: 'batch',
      by: dasw,
      batchId: Number(batch!.id),
      at: batchAt,
      outcome,
      resultMinutes: 5,
    });
    if (outcome.state === 'succeeded') change(system, batchAt, { exportLimit: { limitW: EXPORT_CAP_W } });
  }
  await writeUserLog(
    db,
    {
      userId: dasw.id,
      username: dasw.name,
      action: 'device.batch',
      target: `batch #${batch!.id}`,
      detail: { command: 'exportLimit', systems: german.length },
    },
    batchAt,
  );

  // A service engineer's commands: a read and a cycle test on the customer's system, a grid code in Italy.
  const customers = fleet.find((s) => s.sys_sn === 'ESS2024A0001');
  if (customers) {
    const readAt = demoMoment(now, 20, 'devices:read');
    await recordCommand(db, {
      system: customers,
      command: 'readSettings',
      setting: null,
      params: {},
      source: 'staff',
      by: servicer,
      at: readAt,
      outcome: { state: 'succeeded', message: 'settings read' },
      resultMinutes: 5,
    });
    await recordCommand(db, {
      system: customers,
      command: 'cycleTest',
      setting: 'cycleTest',
      params: { count: 2, durationMinutes: 120 },
      source: 'staff',
      by: servicer,
      at: demoMoment(now, 15, 'devices:cycle', [9, 10]),
      outcome: { state: 'succeeded', message: '2 cycles completed' },
      resultMinutes: 2 * 120 + 30,
    });
  }
  const faulty = fleet.find((s) => s.ems_status === 'fault' && s.surpluscobat > 0);
  if (faulty) {
    await recordCommand(db, {
      system: faulty,
      command: 'cycleTest',
      setting: 'cycleTest',
      params: { count: 1, durationMinutes: 60 },
      source: 'staff',
      by: servicer,
      at: demoMoment(now, 6, 'devices:cycle-fault'),
      outcome: { state: 'failed', message: 'the battery is held idle by an active fault' },
      resultMinutes: 90,
    });
  }
  const italian = fleet.find((s) => s.country_code === 'IT' && s.ems_status !== 'offline' && s.ems_status !== null);
  if (italian) {
    const at = demoMoment(now, 30, 'devices:grid-code');
    const before = factorySettings(
      { model: italian.minv, inverterKw: italian.poinv, batteryKwh: italian.surpluscobat },
      italian.country_code,
    ).safety!;
    const after = { ...before, reconnectDelayS: 300, powerFactorMode: 'cosPhiP', powerFactor: 0.95 };
    await recordCommand(db, {
      system: italian,
      command: 'safetySettings',
      setting: 'safety',
      params: after,
      source: 'staff',
      by: servicer,
      at,
      outcome: { state: 'succeeded', message: 'safety settings applied' },
      resultMinutes: 5,
    });
    await writeUserLog(
      db,
      { userId: servicer.id, username: servicer.name, action: 'device.safety_settings', target: italian.sys_sn, detail: { before, after } },
      at,
    );
    change(italian, at, { safety: after });
  }

  for (const [systemId, { settings: reported, at }] of settings) {
    await db.execute(sql`INSERT INTO device_states (system_id, settings, settings_at)
                         VALUES (${systemId}, ${JSON.stringify(reported)}::jsonb, ${at.toISOString()}::timestamptz)
                         ON CONFLICT (system_id) DO UPDATE SET settings = excluded.settings, settings_at = excluded.settings_at`);
  }
}
