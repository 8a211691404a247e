import type { FastifyPluginAsync } from 'fastify';
import { mailTimingCalls as calls } from '../../contract/mailings-calls';
import type { AppDeps } from '../config';
import { registerEndpoint } from '../core/http/endpoint';
import { DEFAULT_PORTAL_URL } from '../core/mail/links';
import { dispatchJob, mailRunJob } from './jobs';
import {
  deleteMailJob,
  getMailJob,
  listMailJobs,
  MAIL_RUN_JOB,
  mailJobRunsPage,
  previewMail,
  recipientOptions,
  runDeliveries,
  runOf,
  saveMailJob,
  setMailJobEnabled,
  startManualRun,
} from './service';

/**
 * Scheduled mail (/OtherInformation/mailTiming): mail jobs with a schedule and recipients by rule, their preview,
 * 'run now' and each run's history. The runs go through the job queue: a per-minute dispatcher starts the due ones
 * (once across every server process) and each run is a job of its own (server/mailings/jobs.ts). Each call is an
 * object of contract/mailings.ts; a line here says which service answers it.
 */
export const mailingRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;
  const portalUrl = deps.config.portalUrl ?? DEFAULT_PORTAL_URL;
  const queueRun = (runId: number) => app.jobs.send(MAIL_RUN_JOB, { runId });
  app.jobs.declare(mailRunJob, dispatchJob(queueRun));

  await registerEndpoint(app, calls.list, (_actor, body) => listMailJobs(db, body));
  await registerEndpoint(app, calls.one, (_actor, { id }) => getMailJob(db, id));
  await registerEndpoint(app, calls.save, (actor, body) => saveMailJob(db, actor, body, clock()));
  await registerEndpoint(app, calls.setEnabled, (_actor, { id, enabled }) => setMailJobEnabled(db, id, enabled, clock()));
  await registerEndpoint(app, calls.remove, async (_actor, { id }) => {
    await deleteMailJob(db, id);
    return null;
  });
  await registerEndpoint(app, calls.preview, (_actor, body) => previewMail(db, body, clock(), portalUrl));
  await registerEndpoint(app, calls.run, async (actor, { id, resend }) => {
    const runId = await startManualRun(db, actor, id, clock(), resend === true);
    await queueRun(runId);
    return runOf(db, runId);
  });
  await registerEndpoint(app, calls.runs, (_actor, body) => mailJobRunsPage(db, body));
  await registerEndpoint(app, calls.deliveries, (_actor, { run_id }) => runDeliveries(db, run_id));
  await registerEndpoint(app, calls.recipientOptions, (_actor, { keyword }) => recipientOptions(db, keyword));
};
