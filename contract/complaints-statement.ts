import { z } from 'zod';
import { STATEMENT_GROUPS, STATEMENT_MAX_MONTHS } from './complaints-constants';

/**
 * The statistical statement of complaints (`/statisticalStatement`, staff): per month, and per
 * type, country, system model or team when grouped, how many came in, were solved, stayed open, how fast they were
 * answered and solved, the share within target, the reopen rate and the average of each rating. Months are UTC
 * calendar months; times in milliseconds; shares 0–1; null where nothing was measured.
 * Calls: /Complaints/GetStatisticalStatement (this body, answers `Statement`) and /Complaints/ExportStatisticalStatement
 * (the same body, an xlsx file; code 8 when there is nothing).
 */

const month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'complaints:statement.monthFormat')
  .max(7);

export const statementBody = z
  .object({
    from: month,
    to: month,
    groupBy: z.enum(STATEMENT_GROUPS).optional(),
  })
  .refine((b) => b.from <= b.to, { message: 'complaints:statement.range', path: ['to'] })
  .refine((b) => monthsBetween(b.from, b.to).length <= STATEMENT_MAX_MONTHS, { message: 'complaints:statement.range', path: ['to'] });
export type StatementBody = z.infer<typeof statementBody>;

/** 'YYYY-MM' from `from` to `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, m] = from.split('-').map(Number) as [number, number];
  for (let guard = 0; guard < 1200; guard++) {
    const key = `${year}-${String(m).padStart(2, '0')}`;
    if (key > to) break;
    months.push(key);
    m += 1;
    if (m > 12) [year, m] = [year + 1, 1];
  }
  return months;
}

export const statementRow = z.object({
  month: z.string(),
  /** The group's value (a type, country code, model or team; STATEMENT_NONE), or null for the month's total. */
  group: z.string().nullable(),
  complaints_in: z.number(),
  solved: z.number(),
  /** Open or paused at the month's end (or now, for the running month). */
  open_backlog: z.number(),
  median_first_response_ms: z.number().nullable(),
  median_resolution_ms: z.number().nullable(),
  /** Of the complaints filed in the month and answered: the share answered within the first-response target. */
  first_response_within_target: z.number().nullable(),
  /** Of the complaints solved in the month: the share solved within the resolution target. */
  resolution_within_target: z.number().nullable(),
  /** Of the complaints solved in the month: the share reopened afterwards. */
  reopen_rate: z.number().nullable(),
  /** Evaluations given in the month (the last one of each complaint) and their averages. */
  ratings: z.number(),
  avg_rating_solved: z.number().nullable(),
  avg_rating_time: z.number().nullable(),
  avg_rating_attitude: z.number().nullable(),
});
export type StatementRow = z.infer<typeof statementRow>;

export const statementAnswer = z.object({
  months: z.array(z.string()),
  groupBy: z.enum(STATEMENT_GROUPS).nullable(),
  /** The groups present, in order. */
  groups: z.array(z.string()),
  /** The month's totals (group null) and, when grouped, a row per month and group with any figure. */
  rows: z.array(statementRow),
});
export type Statement = z.infer<typeof statementAnswer>;

/** The export's body: the statement's, and `background` to have it made in the background (server/reports). */
export const statementExportBody = statementBody.safeExtend({ background: z.boolean().optional() });

/** The export's file. */
export const statementFile = z.file().describe('the xlsx workbook; the JSON envelope with code 8 when there is nothing to export');
