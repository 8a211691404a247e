import type { QueryClient } from '@tanstack/react-query';
import { jobCalls } from '../../../contract/jobs-calls';
import type { Language } from '../../../contract/languages';
import { mailTimingCalls as calls } from '../../../contract/mailings-calls';
import type { BodyIn } from '../../../contract/endpoint';
import { areaKey, call, endpointQuery } from '../../api/call';

/** Scheduled mail's calls (contract/mailings.ts mailTimingCalls) as its screens ask them, with their queries. */
export const mailingsApi = {
  save: (body: BodyIn<typeof calls.save>) => call(calls.save, body),
  enable: (id: number, enabled: boolean) => call(calls.setEnabled, { id, enabled }),
  remove: (id: number) => call(calls.remove, { id }),
  /** Quiet: a period sent already (15, its period in the CallError's data) is the screen's question, not an error message. */
  runNow: (id: number, resend: boolean) => call(calls.run, { id, ...(resend ? { resend: true } : {}) }, { quiet: true }),
};

export const mailingQueries = {
  list: () => endpointQuery(calls.list, { pageIndex: 1, pageSize: 200 }),
  runs: (id: number, pageIndex: number) => endpointQuery(calls.runs, { mail_job_id: id, pageIndex, pageSize: 10 }),
  deliveries: (runId: number) => endpointQuery(calls.deliveries, { run_id: runId }),
  preview: (id: number, userId: number, language?: Language) =>
    endpointQuery(calls.preview, { id, user_id: userId, ...(language ? { language } : {}) }),
  recipients: (keyword: string) => endpointQuery(calls.recipientOptions, { keyword }),
  /** The queue's runs of the mail jobs (pg-boss), for those who run the portal. */
  queueRuns: (pageIndex: number) => endpointQuery(jobCalls.runs, { pageIndex, pageSize: 10, name: 'mailings.run' }),
};

/** After a change: every mail job, run and queue run shown is read again. */
export const refreshMailings = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: areaKey(calls.list) }),
    queryClient.invalidateQueries({ queryKey: areaKey(jobCalls.runs) }),
  ]);
