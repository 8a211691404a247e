import { z } from 'zod';
import { rules } from './rules';

/** The background job queue's runs (DESIGN §11, server/core/jobs), for administrators. */

/** pg-boss's states: created (waiting), retry (failed, waiting for its next attempt), active, completed, cancelled, failed. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const jobRunAnswer = z.object({
  id: z.string(),
  name: z.string().describe('The job, <area>.<what> (as its area declared it)'),
  state: z.enum(JOB_STATES),
  created_at: z.string().describe('ISO 8601, UTC: when it was queued'),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable().describe('When it completed, failed for good or was cancelled'),
  attempts: z.number().int(),
  error: z.string().nullable().describe("The last failure's message (state retry or failed)"),
});
export type JobRun = z.infer<typeof jobRunAnswer>;

export const jobRunsBody = z
  .object({
    pageIndex: rules.integer(1, 1_000_000).default(1),
    pageSize: rules.integer(1, 500).default(20),
    /** One job's runs only (the every-minute offline watch outnumbers the rest). */
    name: z.string().trim().min(1).max(100).optional(),
  })
  // No body at all reads the first page.
  .default({ pageIndex: 1, pageSize: 20 });
export const jobRunPage = rules.pageOf(jobRunAnswer);
