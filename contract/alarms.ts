import { z } from 'zod';
import { pageOf } from './admin/common';
import { ALARM_EVENT_KINDS, ALARM_SORT_KEYS, ALARM_STATES, MAX_ALARMS_PER_ACK } from './alarm-states';
import { ALARM_SEVERITIES, FAULT_COMPONENTS } from './fault-codes';
import { rules } from './rules';

/**
 * The fleet's alarms (DESIGN §12) as the fault search (sysFailureCheck) asks for them and the calls that work on them:
 * acknowledge (in bulk), assign, comment. contract/alarms-calls.ts names them. Strings are trimmed (spec §5).
 */

const text = (max: number) => z.string().trim().max(max).optional();
const moment = z.iso.datetime({ offset: true }).max(40);

/** The search: the period is required (32), every other field optional, all ANDed. */
export const alarmSearch = z.object({
  /** A part of the S/N or of the system's name. */
  q: text(64),
  /** A part of the model. */
  model: text(64),
  /** A part of any component's firmware version. */
  firmware: text(64),
  component: z.enum(FAULT_COMPONENTS).optional(),
  /** The fault code, exactly (case-insensitive). */
  code: text(32),
  severities: z.array(z.enum(ALARM_SEVERITIES)).max(ALARM_SEVERITIES.length).optional(),
  states: z.array(z.enum(ALARM_STATES)).max(ALARM_STATES.length).optional(),
  acknowledged: z.boolean().optional(),
  countryCode: rules.countryFilter(),
  /** A part of the installer company's name. */
  installer: text(200),
  /** Alarms seen in the period (first seen before its end, last seen after its start). */
  from: moment.optional(),
  to: moment.optional(),
  sort: z
    .array(z.object({ field: z.enum(ALARM_SORT_KEYS), order: z.enum(['asc', 'desc']) }))
    .max(1, 'one column at a time')
    .optional(),
});
export type AlarmSearch = z.infer<typeof alarmSearch>;

export const alarmListBody = alarmSearch.extend({ pageIndex: rules.integer(1, 1_000_000), pageSize: rules.integer(1, 500) });
export type AlarmListBody = z.infer<typeof alarmListBody>;

/** The export: the same search without paging; `background` asks for a generated report instead (server/reports). */
export const alarmExportBody = alarmSearch.extend({ background: z.boolean().optional() });
export const alarmFile = z.file().describe('the xlsx workbook; the JSON envelope with code 8 when there is nothing to export');

export const alarmRow = z.object({
  id: z.number().int(),
  sys_sn: z.string(),
  sys_name: z.string(),
  model: z.string(),
  country_code: z.string(),
  installer: z.string().nullable(),
  time_zone: z.string(),
  code: z.string(),
  component: z.enum(FAULT_COMPONENTS),
  severity: z.enum(ALARM_SEVERITIES),
  state: z.enum(ALARM_STATES),
  description: z.string().describe("the device's own words; the catalogue's title is shown for a code it knows"),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  occurrences: z.number().int(),
  cleared_at: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  acknowledged_by: z.string().nullable(),
  acknowledge_note: z.string().nullable(),
  assignee_id: z.number().int().nullable(),
  assignee: z.string().nullable(),
});
export type AlarmRow = z.infer<typeof alarmRow>;

export const alarmPage = pageOf(alarmRow).extend({
  /** The search's alarms per state, whatever states it asked for (the tabs above the list). */
  counts: z.object(
    Object.fromEntries(ALARM_STATES.map((s) => [s, z.number().int()])) as Record<(typeof ALARM_STATES)[number], z.ZodNumber>,
  ),
});
export type AlarmPage = z.infer<typeof alarmPage>;

export const alarmEvent = z.object({
  kind: z.enum(ALARM_EVENT_KINDS),
  at: z.string(),
  by: z.string().nullable(),
  note: z.string().nullable(),
});
export const alarmDetail = alarmRow.extend({ history: z.array(alarmEvent) });
export type AlarmDetail = z.infer<typeof alarmDetail>;

export const alarmIdBody = z.object({ id: rules.id() });

const note = (max: number) => z.string().trim().max(max, 'admin:validation.tooLong');

export const acknowledgeBody = z.object({
  ids: z.array(rules.id()).min(1).max(MAX_ALARMS_PER_ACK),
  note: note(500).optional(),
});
export const acknowledgeAnswer = z.object({
  acknowledged: z.number().int().describe('alarms acknowledged now'),
  already: z.number().int().describe('alarms that were acknowledged before (left as they were)'),
});

export const assignBody = z.object({ id: rules.id(), assignee_id: rules.id().nullable() });
export const commentBody = z.object({ id: rules.id(), note: note(2000).min(1, 'admin:validation.required') });

/** Who an alarm may be assigned to: the staff of the fault search who see the system. */
export const assigneeOption = z.object({ id: z.number().int(), name: z.string() });
export const assigneeOptions = z.array(assigneeOption);
