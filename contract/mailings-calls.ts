import { defineEndpoint, schemasFrom } from './endpoint';

/**
 * Scheduled mail's calls (/OtherInformation/mailTiming), registered by server/mailings/routes.ts and called by
 * src/features/mailings/api.ts. Their schemas are in contract/mailings.ts.
 */

const schemasOf = schemasFrom(() => import('./mailings'));
const readJobs = { subject: 'mailJob', action: 'read' } as const;
const updateJobs = { subject: 'mailJob', action: 'update' } as const;

export const mailTimingCalls = {
  list: defineEndpoint({
    path: '/MailTiming/GetMailJobList',
    permission: readJobs,
    summary: 'The mail jobs with their next due time and last run',
    schemas: schemasOf((s) => ({ body: s.mailJobListBody, answer: s.mailJobPage })),
  }),
  one: defineEndpoint({
    path: '/MailTiming/GetMailJob',
    permission: readJobs,
    summary: 'One mail job (code 8 when there is none)',
    schemas: schemasOf((s) => ({ body: s.mailJobIdBody, answer: s.mailJobAnswer })),
  }),
  save: defineEndpoint({
    path: '/MailTiming/SaveMailJob',
    permission: { subject: 'mailJob', action: 'create' },
    summary: 'Creates (no id) or updates a mail job: kind, schedule (day of month or weekday, hour, time zone), recipients by rule',
    schemas: schemasOf((s) => ({ body: s.mailJobBody, answer: s.mailJobAnswer })),
  }),
  setEnabled: defineEndpoint({
    path: '/MailTiming/SetMailJobEnabled',
    permission: updateJobs,
    summary: 'Enables (next due time from now) or disables a mail job',
    schemas: schemasOf((s) => ({ body: s.mailJobEnableBody, answer: s.mailJobAnswer })),
  }),
  remove: defineEndpoint({
    path: '/MailTiming/DeleteMailJob',
    permission: { subject: 'mailJob', action: 'delete' },
    summary: 'Deletes a mail job and its run history',
    schemas: schemasOf((s) => ({ body: s.mailJobIdBody, answer: s.mailJobDeleted })),
  }),
  preview: defineEndpoint({
    path: '/MailTiming/PreviewMailJob',
    permission: readJobs,
    summary:
      "The mail the job would send a user for its last complete period, in the user's language (or the one asked): subject, text and HTML",
    schemas: schemasOf((s) => ({ body: s.mailJobPreviewBody, answer: s.mailPreviewAnswer })),
  }),
  run: defineEndpoint({
    path: '/MailTiming/RunMailJob',
    permission: updateJobs,
    summary:
      'Run now: a run of the job for its last complete period is queued (its history shows it); 15 when that period was sent already, unless resend is true',
    schemas: schemasOf((s) => ({ body: s.mailJobRunBody, answer: s.mailRunAnswer })),
  }),
  runs: defineEndpoint({
    path: '/MailTiming/GetMailJobRuns',
    permission: readJobs,
    summary: "A mail job's runs, newest first: when, recipients, sent, waiting, failed, skipped",
    schemas: schemasOf((s) => ({ body: s.mailRunsBody, answer: s.mailRunPage })),
  }),
  deliveries: defineEndpoint({
    path: '/MailTiming/GetMailRunDeliveries',
    permission: readJobs,
    summary: "A run's recipients: sent, waiting, failed or skipped, and why",
    schemas: schemasOf((s) => ({ body: s.mailRunDetailBody, answer: s.mailDeliveryList })),
  }),
  recipientOptions: defineEndpoint({
    path: '/MailTiming/GetRecipientOptions',
    permission: readJobs,
    summary: 'Users a job may name or be previewed for (by name or e-mail, 50 at most)',
    schemas: schemasOf((s) => ({ body: s.mailRecipientOptionsBody, answer: s.mailRecipientOptions })),
  }),
};
