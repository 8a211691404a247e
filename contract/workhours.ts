import { z } from 'zod';
import { FILTER_TEXT_MAX, isRealDate } from './rules';
import { TOTALS_MAX_DAYS, WORK_KINDS } from './workhours-constants';

/**
 * The R&D working hours' totals and export: the same period and filters for both, so the sheet's
 * totals are the screen's. Hours are summed in quarter hours (integers), so no float error creeps into a total.
 */

const day = z
  .string()
  .max(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'admin:validation.date')
  .refine(isRealDate, 'admin:validation.date');

export const workHourTotalsBody = z
  .object({
    from: day,
    to: day,
    engineer: z.string().trim().max(FILTER_TEXT_MAX).optional(),
    kind: z.enum(WORK_KINDS).optional(),
    complaint_id: z.number().int().positive().optional(),
  })
  .refine((b) => b.from <= b.to, { message: 'admin:validation.dateRange', path: ['to'] })
  .refine((b) => (Date.parse(b.to) - Date.parse(b.from)) / 86_400_000 <= TOTALS_MAX_DAYS, {
    message: 'admin:validation.dateRange',
    path: ['to'],
  });
export type WorkHourTotalsBody = z.infer<typeof workHourTotalsBody>;

/** One entry as the totals read it. */
export interface WorkHourEntry {
  /** The engineer's user name (what the entry keeps) and the name people know them by. */
  engineer: string;
  engineer_name: string;
  work_date: string;
  hours: number;
  kind: string;
  complaint_id: number | null;
  complaint_title: string | null;
  project: string;
  note?: string;
}

const line = z.object({ key: z.string(), hours: z.number() });
export const workHourTotalsAnswer = z.object({
  total: z.number(),
  /** Per engineer (by user name), shown by their display name `key`. */
  byPerson: z.array(line.extend({ engineer: z.string() })),
  /** Per complaint ('#<id> <title>', the title only where the reader may see the complaint) or project (its name). */
  byWork: z.array(line.extend({ complaint_id: z.number().nullable() })),
  /** Per month, 'YYYY-MM'. */
  byMonth: z.array(line),
  byKind: z.array(line),
});
export type WorkHourTotals = z.infer<typeof workHourTotalsAnswer>;

const quarters = (hours: number) => Math.round(hours * 4);

/** Sums in quarter hours per key, answered in hours, largest first (ties by key). */
function sumBy(entries: readonly WorkHourEntry[], keyOf: (e: WorkHourEntry) => string): { key: string; hours: number }[] {
  const sums = new Map<string, number>();
  for (const e of entries) sums.set(keyOf(e), (sums.get(keyOf(e)) ?? 0) + quarters(e.hours));
  return [...sums].map(([key, q]) => ({ key, hours: q / 4 })).sort((a, b) => b.hours - a.hours || a.key.localeCompare(b.key));
}

/** What the hours of an entry went into: its complaint, else its project. */
export function workOf(e: Pick<WorkHourEntry, 'complaint_id' | 'complaint_title' | 'project'>): string {
  return e.complaint_id !== null ? `#${e.complaint_id} ${e.complaint_title ?? ''}`.trim() : e.project;
}

/** The totals of a set of entries: per person, per complaint or project, per month (in order) and per kind. */
export function workHourTotals(entries: readonly WorkHourEntry[]): WorkHourTotals {
  const complaintOf = new Map(entries.map((e) => [workOf(e), e.complaint_id]));
  const nameOf = new Map(entries.map((e) => [e.engineer, e.engineer_name]));
  return {
    total: entries.reduce((sum, e) => sum + quarters(e.hours), 0) / 4,
    // Summed per user name (two people may share a name), then shown by name.
    byPerson: sumBy(entries, (e) => e.engineer).map((l) => ({ key: nameOf.get(l.key) ?? l.key, hours: l.hours, engineer: l.key })),
    byWork: sumBy(entries, workOf).map((l) => ({ ...l, complaint_id: complaintOf.get(l.key) ?? null })),
    byMonth: sumBy(entries, (e) => e.work_date.slice(0, 7)).sort((a, b) => a.key.localeCompare(b.key)),
    byKind: sumBy(entries, (e) => e.kind),
  };
}

/** The export's body: the totals', and `background` to have it made in the background (server/reports). */
export const workHourExportBody = workHourTotalsBody.safeExtend({ background: z.boolean().optional() });

/** The export's file. */
export const workHoursFile = z.file().describe('the xlsx workbook; the JSON envelope with code 8 when there is nothing to export');
