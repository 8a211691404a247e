import { declareJob, type JobContext } from '../core/jobs/declaration';
import { DEFAULT_PORTAL_URL } from '../core/mail/links';
import { createMailer } from '../core/mail/mailer';
import { createReport, generateReport } from '../reports/service';
import { finishRun, MAIL_RUN_JOB, performRun, runFileName, startDueRuns, strandedRunIds } from './service';

/** Scheduled mail's background work (DESIGN §11), run by the job queue (server/core/jobs). */

/**
 * One run of a mail job: every recipient's mail into the outbox (once each, also when retried), the outbox
 * delivered, the run's report made among the generated reports, the run done; a failure marks the run failed with
 * why, and the queue retries it with backoff.
 */
export async function runMailJob(
  context: Pick<JobContext, 'db' | 'clock' | 'config' | 'storage' | 'log' | 'mailTransport'>,
  runId: number,
) {
  const { db, clock, config, storage } = context;
  try {
    if (!(await performRun(db, runId, clock, config.portalUrl ?? DEFAULT_PORTAL_URL))) return;
    await createMailer(context as JobContext, context.log).deliver();
    const reportId = await createReport(
      db,
      { kind: 'mailRun', params: { run_id: runId }, fileName: await runFileName(db, runId), requestedBy: null, language: 'en' },
      clock(),
    );
    await generateReport(db, storage, reportId, clock);
    await finishRun(db, runId, clock(), { reportId });
  } catch (error) {
    await finishRun(db, runId, clock(), { error: (error as Error).message.slice(0, 500) });
    throw error;
  }
}

export const mailRunJob = declareJob({
  name: MAIL_RUN_JOB,
  concurrency: 'every send',
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 60 * 60,
  async run(context) {
    await runMailJob(context, Number(context.data.runId));
  },
});

/**
 * Every minute: the mail jobs that are due get their run (once across every server process: a unique index per job
 * and due time), each then sent to the queue as its own job. A minute missed (no server up) is caught up by the next
 * run, as the due time stays in the table until a run took it. A run the queue never got (its process stopped
 * between making it and sending it) is sent again once it has waited STRANDED_AFTER_MS.
 */
export function dispatchJob(send: (runId: number) => Promise<unknown>) {
  return declareJob({
    name: 'mailings.dispatch',
    cron: '* * * * *',
    retryLimit: 0,
    async run({ db, clock }) {
      const now = clock();
      for (const runId of [...(await startDueRuns(db, now)), ...(await strandedRunIds(db, now))]) await send(runId);
    },
  });
}
