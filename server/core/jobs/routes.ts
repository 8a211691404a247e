import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rules } from '../../../resources/rules';
import type { AppDeps } from '../../config';
import { envelopeOf, ok } from '../http/envelope';
import { JOB_STATES, jobRuns } from './runs';

const runsBody = z
  .object({
    pageIndex: rules.integer(1, 1_000_000).default(1),
    pageSize: rules.integer(1, 500).default(20),
    /** One job's runs only (the every-minute offline watch outnumbers the rest). */
    name: z.string().trim().min(1).max(100).optional(),
  })
  // No body at all reads the first page.
  .default({ pageIndex: 1, pageSize: 20 });

const runsResponse = envelopeOf(
  z.object({
    dataCount: z.number().int(),
    data: z.array(
      z.object({
        id: z.string(),
        name: z.string().describe('The job, <area>.<what> (as its area declared it)'),
        state: z.enum(JOB_STATES),
        created_at: z.string().describe('ISO 8601, UTC: when it was queued'),
        started_at: z.string().nullable(),
        finished_at: z.string().nullable().describe('When it completed, failed for good or was cancelled'),
        attempts: z.number().int(),
        error: z.string().nullable().describe("The last failure's message (state retry or failed)"),
      }),
    ),
  }),
);

/** /api/Jobs/*: the background job queue's runs (DESIGN §11), for administrators. */
export const jobRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/GetJobRuns', {
    config: { permission: { subject: 'job', action: 'read' } },
    schema: {
      tags: ['Jobs'],
      summary: 'Runs of the background jobs, newest first: state, start, end, attempts, last error',
      body: runsBody,
      response: { 200: runsResponse },
    },
    handler: async (request) => ok(await jobRuns(deps.db, request.body)),
  });
};
