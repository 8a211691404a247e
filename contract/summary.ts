import { z } from 'zod';
import { pageOf } from './admin/common';
import { EMS_STATUSES, FAULT_LEVELS } from './monitoring-constants';
import { SUMMARY_SORT_KEYS } from './summary-constants';
import { rules } from './rules';
import { WARRANTY_STATES } from './warranty-constants';

/**
 * The system summary's request and answer shapes (contract/summary-calls.ts names them): one row per system in the
 * caller's scope, its components' firmware, its open faults and complaints. Strings are trimmed (spec §5).
 */

const text = (max: number) => z.string().trim().max(max).optional();

/** The summary's search: every field optional, all of them ANDed. */
export const summarySearch = z.object({
  /** A part of the S/N or of the name. */
  q: text(64),
  /** A part of the model (minv). */
  model: text(64),
  /** A part of any component's firmware version. */
  firmware: text(64),
  countryCode: rules.countryFilter(),
  /** A part of the installer company's name. */
  installer: text(200),
  status: z.enum([...EMS_STATUSES, 'unknown']).optional(),
  /** true: systems with a fault still open; false: those with none. */
  hasOpenFaults: z.boolean().optional(),
  /** true: systems with a complaint neither archived nor rejected; false: those with none. */
  hasOpenComplaints: z.boolean().optional(),
  /** The warranty's state today (server/warranty/ends.ts; 'expiring': within 90 days), or 'none' for systems without terms. */
  warranty: z.enum([...WARRANTY_STATES, 'none']).optional(),
  sort: z
    .array(z.object({ field: z.enum(SUMMARY_SORT_KEYS), order: z.enum(['asc', 'desc']) }))
    .max(1, 'one column at a time')
    .optional(),
});
export type SummarySearch = z.infer<typeof summarySearch>;

export const summaryListBody = summarySearch.extend({ pageIndex: rules.integer(1, 1_000_000), pageSize: rules.integer(1, 500) });
export type SummaryListBody = z.infer<typeof summaryListBody>;

/** The export: the same search without paging; `background` asks for a generated report instead (server/reports). */
export const summaryExportBody = summarySearch.extend({ background: z.boolean().optional() });

export const summaryRowAnswer = z.object({
  sys_sn: z.string(),
  sys_name: z.string(),
  minv: z.string().describe('the model'),
  popv: z.number().describe('PV rated power, kW'),
  poinv: z.number().describe('inverter rated power, kW'),
  cobat: z.number().describe('installed battery capacity, kWh'),
  inverter_fw: z.string().nullable().describe("the inverters' firmware versions (several joined by ', '), null when none is known"),
  battery_fw: z.string().nullable(),
  meter_fw: z.string().nullable(),
  ems_fw: z.string().nullable(),
  ems_status: z.string().nullable(),
  installer: z.string().nullable().describe("the installer company's name"),
  customer: z.string().nullable().describe("the owner's name, for the roles that read customers' files; null otherwise or when none"),
  country_code: z.string(),
  city: z.string(),
  commissioned_on: z.string().nullable().describe('YYYY-MM-DD'),
  warranty_end: z
    .string()
    .nullable()
    .describe("YYYY-MM-DD: the system's warranty end as /Warranty/GetWarranty answers it (its components' earliest); null without terms"),
  last_seen_at: z.string().nullable().describe('the newest data, ISO 8601'),
  time_zone: z.string(),
  open_faults: z.number().int().describe('faults not yet ended'),
  worst_fault_level: z.enum(FAULT_LEVELS).nullable().describe('the worst level among them'),
  open_complaints: z.number().int().describe('complaints neither archived nor rejected'),
});
export type SummaryRow = z.infer<typeof summaryRowAnswer>;

export const summaryPageAnswer = pageOf(summaryRowAnswer);

export const summaryFile = z.file().describe('the xlsx workbook; the JSON envelope with code 8 when there is nothing to export');
