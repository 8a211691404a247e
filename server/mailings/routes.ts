import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  mailDeliveryAnswer,
  mailJobAnswer,
  mailJobBody,
  mailJobEnableBody,
  mailJobIdBody,
  mailJobRunBody,
  mailJobListBody,
  mailJobPreviewBody,
  mailPreviewAnswer,
  mailRecipientOption,
  mailRecipientOptionsBody,
  mailRunAnswer,
  mailRunDetailBody,
  mailRunsBody,
} from '../../contract/mailings';
import type { AppDeps } from '../config';
import { envelopeOf, ok } from '../core/http/envelope';
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

const page = <T extends z.ZodType>(item: T) => envelopeOf(z.object({ dataCount: z.number().int(), data: z.array(item) }));

/**
 * Scheduled mail (/OtherInformation/mailTiming, issue 15 point 3): mail jobs with a schedule and recipients by rule,
 * their preview, 'run now' and each run's history. The runs go through the job queue: a per-minute dispatcher starts
 * the due ones (once across every server process) and each run is a job of its own (server/mailings/jobs.ts).
 */
export const mailingRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = deps;
  const tags = ['MailTiming'];
  const read = { permission: { subject: 'mailJob', action: 'read' } } as const;
  const update = { permission: { subject: 'mailJob', action: 'update' } } as const;
  const portalUrl = deps.config.portalUrl ?? DEFAULT_PORTAL_URL;
  fastify.jobs.declare(
    mailRunJob,
    dispatchJob((runId) => fastify.jobs.send(MAIL_RUN_JOB, { runId })),
  );

  app.post('/MailTiming/GetMailJobList', {
    config: read,
    schema: {
      tags,
      summary: 'The mail jobs with their next due time and last run',
      body: mailJobListBody,
      response: { 200: page(mailJobAnswer) },
    },
    handler: async (request) => ok(await listMailJobs(db, request.body)),
  });
  app.post('/MailTiming/GetMailJob', {
    config: read,
    schema: {
      tags,
      summary: 'One mail job (code 8 when there is none)',
      body: mailJobIdBody,
      response: { 200: envelopeOf(mailJobAnswer) },
    },
    handler: async (request) => ok(await getMailJob(db, request.body.id)),
  });
  app.post('/MailTiming/SaveMailJob', {
    config: { permission: { subject: 'mailJob', action: 'create' } },
    schema: {
      tags,
      summary: 'Creates (no id) or updates a mail job: kind, schedule (day of month or weekday, hour, time zone), recipients by rule',
      body: mailJobBody,
      response: { 200: envelopeOf(mailJobAnswer) },
    },
    handler: async (request) => ok(await saveMailJob(db, request.body, request.user.id, clock())),
  });
  app.post('/MailTiming/SetMailJobEnabled', {
    config: update,
    schema: {
      tags,
      summary: 'Enables (next due time from now) or disables a mail job',
      body: mailJobEnableBody,
      response: { 200: envelopeOf(mailJobAnswer) },
    },
    handler: async (request) => ok(await setMailJobEnabled(db, request.body.id, request.body.enabled, clock())),
  });
  app.post('/MailTiming/DeleteMailJob', {
    config: { permission: { subject: 'mailJob', action: 'delete' } },
    schema: { tags, summary: 'Deletes a mail job and its run history', body: mailJobIdBody, response: { 200: envelopeOf(z.null()) } },
    handler: async (request) => {
      await deleteMailJob(db, request.body.id);
      return ok(null);
    },
  });
  app.post('/MailTiming/PreviewMailJob', {
    config: read,
    schema: {
      tags,
      summary:
        "The mail the job would send a user for its last complete period, in the user's language (or the one asked): subject, text and HTML",
      body: mailJobPreviewBody,
      response: { 200: envelopeOf(mailPreviewAnswer) },
    },
    handler: async (request) => ok(await previewMail(db, request.body, clock(), portalUrl)),
  });
  app.post('/MailTiming/RunMailJob', {
    config: update,
    schema: {
      tags,
      summary:
        'Run now: a run of the job for its last complete period is queued (its history shows it); 15 when that period was sent already, unless resend is true',
      body: mailJobRunBody,
      response: { 200: envelopeOf(mailRunAnswer) },
    },
    handler: async (request) => {
      const runId = await startManualRun(db, request.body.id, request.user.id, clock(), request.body.resend === true);
      await fastify.jobs.send(MAIL_RUN_JOB, { runId });
      return ok(await runOf(db, runId));
    },
  });
  app.post('/MailTiming/GetMailJobRuns', {
    config: read,
    schema: {
      tags,
      summary: "A mail job's runs, newest first: when, recipients, sent, waiting, failed, skipped",
      body: mailRunsBody,
      response: { 200: page(mailRunAnswer) },
    },
    handler: async (request) => ok(await mailJobRunsPage(db, request.body)),
  });
  app.post('/MailTiming/GetMailRunDeliveries', {
    config: read,
    schema: {
      tags,
      summary: "A run's recipients: sent, waiting, failed or skipped, and why",
      body: mailRunDetailBody,
      response: { 200: envelopeOf(z.array(mailDeliveryAnswer)) },
    },
    handler: async (request) => ok(await runDeliveries(db, request.body.run_id)),
  });
  app.post('/MailTiming/GetRecipientOptions', {
    config: read,
    schema: {
      tags,
      summary: 'Users a job may name or be previewed for (by name or e-mail, 50 at most)',
      body: mailRecipientOptionsBody,
      response: { 200: envelopeOf(z.array(mailRecipientOption)) },
    },
    handler: async (request) => ok(await recipientOptions(db, request.body.keyword)),
  });
};
