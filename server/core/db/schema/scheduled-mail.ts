import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { mailOutbox } from './mail';
import { users } from './users';

/** What a mail job sends (server/mailings): the monthly energy report to customers, the weekly fleet digest to installers. */
export const MAIL_JOB_KINDS = ['monthly_energy_report', 'weekly_fleet_digest'] as const;
export type MailJobKind = (typeof MAIL_JOB_KINDS)[number];

export const MAIL_RUN_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type MailRunState = (typeof MAIL_RUN_STATES)[number];

export const MAIL_DELIVERY_STATES = ['queued', 'sent', 'failed', 'skipped'] as const;
export type MailDeliveryState = (typeof MAIL_DELIVERY_STATES)[number];

/**
 * A scheduled mail (/OtherInformation/mailTiming): what it sends, when (day of month or weekday, hour, in a time
 * zone) and to whom (roles, countries, named users). `next_run_at` is the next time the per-minute dispatcher
 * starts a run (null while disabled).
 */
export const mailJobs = pgTable('mail_jobs', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  kind: text('kind').$type<MailJobKind>().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** Monthly jobs: 1–28. */
  dayOfMonth: smallint('day_of_month'),
  /** Weekly jobs: 0 Sunday … 6 Saturday. */
  weekday: smallint('weekday'),
  hour: smallint('hour').notNull(),
  timeZone: text('time_zone').notNull(),
  recipientRoles: text('recipient_roles')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** ISO 3166-1 alpha-2 codes of the recipients' countries; empty: any. */
  recipientCountries: text('recipient_countries')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  recipientUserIds: integer('recipient_user_ids')
    .array()
    .notNull()
    .default(sql`'{}'::int[]`),
  /** The monthly report: also to the installers of the customers' systems (one mail listing their systems). */
  includeInstallers: boolean('include_installers').notNull().default(false),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * One run of a mail job. A scheduled run is unique per job and due time, so two dispatchers (two server
 * processes) that see the same due job start one run between them.
 */
export const mailJobRuns = pgTable(
  'mail_job_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    mailJobId: integer('mail_job_id')
      .notNull()
      .references(() => mailJobs.id, { onDelete: 'cascade' }),
    /** 'schedule' or 'manual' (run now). */
    trigger: text('trigger').notNull(),
    /** When it was due (schedule) or asked for (manual). */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull(),
    /** What the mails cover: a month 'YYYY-MM' or the week's first and last day 'YYYY-MM-DD/YYYY-MM-DD'. */
    period: text('period').notNull(),
    state: text('state').$type<MailRunState>().notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    error: text('error'),
    /** The run's report (its recipients and figures) among the generated reports. */
    reportId: integer('report_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('mail_job_runs_scheduled_idx')
      .on(t.mailJobId, t.scheduledFor)
      .where(sql`${t.trigger} = 'schedule'`),
    index('mail_job_runs_job_idx').on(t.mailJobId, t.createdAt),
  ],
);

/** Each recipient of a run: the mail queued in the outbox, or why none was (skipped, failed to compose). */
export const mailJobDeliveries = pgTable(
  'mail_job_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    runId: integer('run_id')
      .notNull()
      .references(() => mailJobRuns.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    recipient: text('recipient').notNull(),
    language: text('language').notNull(),
    outboxId: integer('outbox_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    /** 'skipped' or 'failed' before the outbox: why; the outbox's own error after. */
    reason: text('reason'),
    /** queued (in the outbox), skipped (nothing to report), failed (could not be composed). */
    state: text('state').$type<MailDeliveryState>().notNull(),
    /** The figures the mail carried (for the run's report). */
    figures: jsonb('figures').$type<Record<string, unknown>>(),
  },
  // A retried run does not queue a recipient's mail twice.
  (t) => [uniqueIndex('mail_job_deliveries_run_user_idx').on(t.runId, t.userId)],
);
