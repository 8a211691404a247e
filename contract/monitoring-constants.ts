/**
 * The fixed values of the monitoring contract that the web app reads at run time: system statuses, the 'All'
 * selector entry, share days, the energy series. Kept apart from contract/monitoring.ts, and free of zod, because
 * a module's schemas are built when it is evaluated: the web app reading one of these values from there built
 * every monitoring schema before its first page (tens of milliseconds of main thread on a phone).
 * The schemas import them from here.
 */

export const EMS_STATUSES = ['normal', 'warning', 'fault', 'offline', 'protection'] as const;
export type EmsStatus = (typeof EMS_STATUSES)[number];

/** What a system reports a fault as (the ingest's `level`). */
export const FAULT_LEVELS = ['warning', 'fault', 'protection'] as const;
export type FaultLevel = (typeof FAULT_LEVELS)[number];

/** The synthetic selector entry of spec §3. */
export const ALL_SN = 'All';

/**
 * Share validity in whole days. The spec states no bound (§9); the server needs one to keep the end a real date,
 * so 100 years: the dialog says the range before the server is asked.
 */
export const SHARE_DAYS = { min: 1, max: 36_500 } as const;

/** The six energy series of the statistics, in the order every table, chart legend and export lists them, with their field. */
export const ENERGY_SERIES = [
  ['pv', 'pv_kwh'],
  ['load', 'load_kwh'],
  ['charge', 'charge_kwh'],
  ['discharge', 'discharge_kwh'],
  ['import', 'import_kwh'],
  ['export', 'export_kwh'],
] as const;

/** The storage list's sortable columns (GetSystems `sort[].field`): stored columns first, then the live figures. */
export const SYSTEM_SORT_KEYS = [
  'sys_sn',
  'sys_name',
  'ems_status',
  'country_code',
  'installer',
  'popv',
  'cobat',
  'commissioned_on',
  'last_seen_at',
  'pv_w',
  'battery_w',
  'grid_w',
  'soc',
  'today_pv_kwh',
  'alarm',
] as const;
export type SystemSortKey = (typeof SYSTEM_SORT_KEYS)[number];

/**
 * The customer's dashboard cards (GetIndexESSSet / SaveIndexESSSet `settings.cards`), in their default order:
 * which of them a customer or sharer sees and in what order is kept per user.
 */
export const DASHBOARD_CARDS = ['figures', 'flow', 'today', 'day', 'bars', 'income', 'weather', 'faults', 'components'] as const;
export type DashboardCard = (typeof DASHBOARD_CARDS)[number];

/** The media type of the xlsx exports (their file's content-type, the API document's entry). */
export const XLSX_MEDIA = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
