import type { MigrationKind } from '../../contract/sys-migration';

/**
 * What a data migration does with each table that names a system (by `system_id` or by S/N): ONE list, read by the
 * move, the revert, the preview and the test that fails when a table naming a system is in neither list
 * (tests/api/sysmigration/registry.test.ts). A table added later is added here (how it moves) or to STAYING (why not).
 *
 * How a kind moves:
 * - 'by time': every row of the old system up to its last one (`boundary`, fixed when the job begins) moves in chunks;
 *   refused (110) when the new system has a row at or before that boundary (both systems reporting at once is not a
 *   replacement), so after the move the new system's rows up to the boundary are exactly the old ones: a revert moves
 *   those back.
 * - 'by key, summed': rollups keyed by a local day or month. Keys only the old system has move in chunks; where both
 *   have rows (the day, the month of the replacement) the old figures are added to the new row and the old row goes,
 *   both originals saved (system_migration_saved_rows), so that a revert restores them exactly rather than subtracting.
 * - 'links': the few rows that name the system (complaints, records, shares): their ids are kept, a revert moves those.
 *   With `onlyIfNewHasNone`, only when the new system has none of its own (one archive, one settings row per system).
 * - 'takeover': the systems row itself: the new system takes over the old one's customer, installer and name where
 *   it has none of its own (its own values are kept for a revert).
 */
export interface TimeKind {
  kind: MigrationKind;
  how: 'by time';
  table: string;
  /** The column naming the system, and the time that orders the rows and sets the boundary. */
  column: 'system_id';
  time: string;
  /** The column that identifies one row of the system (with `system_id`). */
  rowKey: string;
}

export interface KeyedKind {
  kind: MigrationKind;
  how: 'by key, summed';
  table: string;
  column: 'system_id';
  key: string;
  /** The figures added where both systems have a row. */
  sums: readonly string[];
}

export interface LinkKind {
  kind: MigrationKind;
  how: 'links';
  table: string;
  /** `system_id` (an id) or an S/N column. */
  column: string;
  bySn: boolean;
  /** The row's own id column. */
  id: string;
  onlyIfNewHasNone?: boolean;
  /** Rows of a customer's file (`archive_id`): they move when the file moves, never apart from it. */
  followsArchive?: boolean;
}

export interface TakeoverKind {
  kind: MigrationKind;
  how: 'takeover';
  table: 'systems';
  column: 'sys_sn';
  /** Columns the new system takes from the old one when its own is empty. */
  columns: readonly string[];
}

export type MovedKind = TimeKind | KeyedKind | LinkKind | TakeoverKind;

const ENERGY = ['pv_kwh', 'load_kwh', 'charge_kwh', 'discharge_kwh', 'import_kwh', 'export_kwh', 'self_consumption_kwh', 'samples'];

export const MOVED: readonly MovedKind[] = [
  { kind: 'telemetry', how: 'by time', table: 'telemetry', column: 'system_id', time: 'ts', rowKey: 'ts' },
  { kind: 'energy_daily', how: 'by key, summed', table: 'energy_daily', column: 'system_id', key: 'day', sums: ENERGY },
  { kind: 'energy_monthly', how: 'by key, summed', table: 'energy_monthly', column: 'system_id', key: 'month', sums: ENERGY },
  { kind: 'faults', how: 'by time', table: 'system_faults', column: 'system_id', time: 'started_at', rowKey: 'id' },
  { kind: 'events', how: 'by time', table: 'system_events', column: 'system_id', time: 'at', rowKey: 'id' },
  { kind: 'complaints', how: 'links', table: 'complaints', column: 'sys_sn', bySn: true, id: 'id' },
  { kind: 'customer_archives', how: 'links', table: 'customer_archives', column: 'sys_sn', bySn: true, id: 'id', onlyIfNewHasNone: true },
  { kind: 'customer_records', how: 'links', table: 'customer_records', column: 'sys_sn', bySn: true, id: 'id', followsArchive: true },
  // The old system's installation is kept as the record of the site when the new one has none of its own; its visits
  // and remote interventions are the site's history.
  {
    kind: 'installation_records',
    how: 'links',
    table: 'installation_records',
    column: 'sys_sn',
    bySn: true,
    id: 'id',
    onlyIfNewHasNone: true,
  },
  { kind: 'maintenance_records', how: 'links', table: 'maintenance_records', column: 'sys_sn', bySn: true, id: 'id' },
  { kind: 'shares', how: 'links', table: 'system_shares', column: 'system_sn', bySn: true, id: 'id' },
  { kind: 'settings', how: 'links', table: 'system_settings', column: 'system_id', bySn: false, id: 'system_id', onlyIfNewHasNone: true },
  { kind: 'tariffs', how: 'links', table: 'electricity_tariffs', column: 'system_id', bySn: false, id: 'id', onlyIfNewHasNone: true },
  {
    kind: 'system',
    how: 'takeover',
    table: 'systems',
    column: 'sys_sn',
    columns: ['customer_user_id', 'installer_company_id', 'sys_name'],
  },
];

/** Tables that name a system and deliberately stay with the S/N they name, each with the reason. */
export const STAYING: Readonly<Record<string, string>> = {
  // The hardware is the physical system's: the new one has its own inverter, batteries, meter and EMS.
  system_components: 'the components are those built into each system',
  // An alarm is the work done on one device's faults (acknowledged, assigned, commented): it stays with the device
  // that raised it, while the faults themselves move.
  alarms: "the work on the old device's faults",
  alarm_events: 'the history of the alarms, which stay',
  component_history: 'the swaps of the components built into each system',
  // A warranty covers the hardware delivered: the new system has its own terms and keys.
  system_warranties: "the warranty of each system's own hardware",
  warranty_extensions: "keys redeemed on each system's own components",
  // Connection state and settings the device itself reported.
  device_states: "the device's own connection and reported settings",
  // What was told to which device: moving it would show commands the new device never received (and resend open ones).
  device_commands: 'the command ledger records what each device was told',
  device_command_events: 'the history of the command ledger rows, which stay',
  // A cache of the weather model at the site, made again for any hour a chart asks for.
  system_weather: 'derived from the site on read',
  mail_outbox: 'mails sent about a system stay as sent',
  registrations: 'how a customer registered with the old S/N stays as it happened',
  product_suggestions: 'a suggestion names the product the engineer saw',
  // The migrations' own records.
  system_migrations: 'the migrations themselves',
};

/** How many rows one transaction moves: short enough that the embedded database answers other calls between chunks. */
export const CHUNK_ROWS = 2_000;
/** Keys where both systems have a rollup row are saved and combined in one transaction: a handful in a replacement. */
export const MAX_OVERLAP_KEYS = 62;
/** Linked rows (complaints, records, shares) of one system whose ids a migration keeps. */
export const MAX_LINKS = 10_000;
