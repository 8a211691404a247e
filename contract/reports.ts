import { z } from 'zod';
import { RUN_STATES } from './mailings-constants';
import { rules } from './rules';

/**
 * The generated reports (/BasicSettings/reportGenerateResult, server/reports): the bodies and answers of the calls in
 * contract/reports-calls.ts.
 */

export const reportListBody = z
  .object({
    pageIndex: rules.integer(1, 1_000_000).default(1),
    pageSize: rules.integer(1, 200).default(20),
    state: z.enum(RUN_STATES).optional(),
    mine: z.boolean().optional(),
  })
  .default({ pageIndex: 1, pageSize: 20 });
export const reportAnswer = z.object({
  id: z.number().int(),
  kind: z.string(),
  file_name: z.string(),
  state: z.enum(RUN_STATES),
  requested_by: z.string().nullable().describe("The asker's user name; null for a report the system made"),
  mine: z.boolean(),
  size: z.number().int().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type GeneratedReport = z.infer<typeof reportAnswer>;
export const reportPage = rules.pageOf(reportAnswer);
export const reportIdBody = z.object({ id: rules.id() });
export const reportFile = z.file().describe('the report file; the JSON envelope when refused');
export const reportDeleted = z.null();

/**
 * What an export asked for in the background answers (the envelope's data; server/reports/background.ts): the report
 * that will hold its file.
 */
export interface BackgroundAnswer {
  report_id: number;
  background: true;
}
