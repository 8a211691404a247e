/**
 * The fixed values of the system summary (sysSummaryInfo) that the web app reads at run time: the columns it sorts
 * by and the component kinds whose firmware it shows. Free of zod (see contract/monitoring-constants.ts); the
 * schemas of contract/summary.ts import them from here.
 */

/** The components whose firmware each row shows, one column each (system_components.kind). */
export const SUMMARY_COMPONENTS = ['inverter', 'battery', 'meter', 'ems'] as const;
export type SummaryComponent = (typeof SUMMARY_COMPONENTS)[number];

/** Every column of the summary sorts (one at a time, as the storage list). */
export const SUMMARY_SORT_KEYS = [
  'sys_sn',
  'sys_name',
  'minv',
  'popv',
  'poinv',
  'cobat',
  'inverter_fw',
  'battery_fw',
  'meter_fw',
  'ems_fw',
  'ems_status',
  'installer',
  'customer',
  'country_code',
  'city',
  'commissioned_on',
  'warranty_end',
  'last_seen_at',
  'open_faults',
  'open_complaints',
] as const;
export type SummarySortKey = (typeof SUMMARY_SORT_KEYS)[number];
