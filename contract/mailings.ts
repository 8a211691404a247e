import { z } from 'zod';
import { rules } from './rules';
import { MAIL_JOB_KINDS, MAIL_JOB_ROLES, RUN_STATES } from './mailings-constants';

/**
 * Scheduled mail (/OtherInformation/mailTiming, server/mailings): the bodies and answers web and server agree on (the
 * generated reports' are in contract/reports.ts).
 */

export const DELIVERY_STATES = ['queued', 'sent', 'failed', 'skipped'] as const;

const paging = {
  pageIndex: rules.integer(1, 1_000_000).default(1),
  pageSize: rules.integer(1, 200).default(20),
};

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const mailJobBody = z
  .object({
    /** Absent: a new job. */
    id: rules.id().optional(),
    name: z.string().trim().min(1, 'admin:validation.required').max(100),
    kind: z.enum(MAIL_JOB_KINDS),
    enabled: z.boolean().default(true),
    day_of_month: rules.integer(1, 28).nullable().optional(),
    weekday: rules.integer(0, 6).nullable().optional(),
    hour: rules.integer(0, 23),
    time_zone: z.string().trim().min(1).max(64).refine(isTimeZone, 'mailings:validation.timeZone'),
    recipient_roles: z.array(z.enum(MAIL_JOB_ROLES)).max(MAIL_JOB_ROLES.length).default([]),
    recipient_countries: z
      .array(
        z
          .string()
          .max(2)
          .regex(/^[A-Z]{2}$/, 'mailings:validation.country'),
      )
      .max(250)
      .default([]),
    recipient_user_ids: z.array(rules.id()).max(500).default([]),
    include_installers: z.boolean().default(false),
  })
  .refine((b) => b.kind !== 'monthly_energy_report' || (b.day_of_month ?? null) !== null, {
    message: 'mailings:validation.dayOfMonth',
    path: ['day_of_month'],
  })
  .refine((b) => b.kind !== 'weekly_fleet_digest' || (b.weekday ?? null) !== null, {
    message: 'mailings:validation.weekday',
    path: ['weekday'],
  })
  .refine((b) => b.recipient_roles.length > 0 || b.recipient_user_ids.length > 0, {
    message: 'mailings:validation.recipients',
    path: ['recipient_roles'],
  });
export type MailJobBody = z.infer<typeof mailJobBody>;

export const mailJobAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(MAIL_JOB_KINDS),
  enabled: z.boolean(),
  day_of_month: z.number().int().nullable(),
  weekday: z.number().int().nullable(),
  hour: z.number().int(),
  time_zone: z.string(),
  recipient_roles: z.array(z.string()),
  recipient_countries: z.array(z.string()),
  recipient_user_ids: z.array(z.number().int()),
  include_installers: z.boolean(),
  next_run_at: z.string().nullable().describe('ISO 8601: when the dispatcher starts its next run (null while disabled)'),
  last_run: z
    .object({
      id: z.number().int(),
      state: z.enum(RUN_STATES),
      finished_at: z.string().nullable(),
      sent: z.number().int(),
      failed: z.number().int(),
    })
    .nullable(),
  updated_at: z.string(),
});
export type MailJob = z.infer<typeof mailJobAnswer>;

export const mailJobListBody = z.object({ ...paging, kind: z.enum(MAIL_JOB_KINDS).optional() }).default({ pageIndex: 1, pageSize: 20 });
export const mailJobIdBody = z.object({ id: rules.id() });
export const mailJobRunBody = z.object({
  id: rules.id(),
  resend: z
    .boolean()
    .optional()
    .describe('true to send a period again that a run already sent (or is sending); without it such a run answers 15'),
});
export const mailJobEnableBody = z.object({ id: rules.id(), enabled: z.boolean() });
export const mailJobPreviewBody = z.object({ id: rules.id(), user_id: rules.id(), language: z.enum(['en', 'zh', 'de', 'ja']).optional() });
export const mailPreviewAnswer = z.object({
  recipient: z.string(),
  language: z.string(),
  period: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});
export type MailPreview = z.infer<typeof mailPreviewAnswer>;

export const mailRunsBody = z.object({ mail_job_id: rules.id(), ...paging });
export const mailRunAnswer = z.object({
  id: z.number().int(),
  mail_job_id: z.number().int(),
  trigger: z.enum(['schedule', 'manual']),
  period: z.string(),
  state: z.enum(RUN_STATES),
  scheduled_for: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
  recipients: z.number().int(),
  sent: z.number().int().describe('Handed to the mail server'),
  waiting: z.number().int().describe('In the outbox, not yet sent (retried with backoff)'),
  failed: z.number().int().describe('Could not be composed or refused by the mail server'),
  skipped: z.number().int().describe('Nothing to report (no systems)'),
  report_id: z.number().int().nullable(),
});
export type MailRun = z.infer<typeof mailRunAnswer>;

export const mailRunDetailBody = z.object({ run_id: rules.id() });
export const mailDeliveryAnswer = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  recipient: z.string(),
  language: z.string(),
  state: z.enum(DELIVERY_STATES),
  reason: z.string().nullable(),
  sent_at: z.string().nullable(),
  attempts: z.number().int(),
});
export type MailDelivery = z.infer<typeof mailDeliveryAnswer>;

export const mailRecipientOptionsBody = z.object({ keyword: z.string().trim().max(100).default('') }).default({ keyword: '' });
export const mailRecipientOption = z.object({
  id: z.number().int(),
  username: z.string(),
  display_name: z.string(),
  roles: z.array(z.string()),
});

/** The answers of the calls that are not a row (contract/mailings-calls.ts). */
export const mailJobPage = rules.pageOf(mailJobAnswer);
export const mailRunPage = rules.pageOf(mailRunAnswer);
export const mailDeliveryList = z.array(mailDeliveryAnswer);
export const mailRecipientOptions = z.array(mailRecipientOption);
export const mailJobDeleted = z.null();
