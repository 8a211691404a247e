import { defineEndpoint, schemasFrom } from './endpoint';

/** The background job queue's calls (server/core/jobs/routes.ts); their schemas are in contract/jobs.ts. */

const schemasOf = schemasFrom(() => import('./jobs'));

export const jobCalls = {
  runs: defineEndpoint({
    path: '/Jobs/GetJobRuns',
    permission: { subject: 'job', action: 'read' },
    summary: 'Runs of the background jobs, newest first: state, start, end, attempts, last error',
    schemas: schemasOf((s) => ({ body: s.jobRunsBody, answer: s.jobRunPage })),
  }),
};
