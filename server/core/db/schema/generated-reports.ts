import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { infoMessages } from './notices';
import { users } from './users';

export const REPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/**
 * A report or long export produced in the background (/BasicSettings/reportGenerateResult, server/reports): who
 * asked, what (its kind and the parameters of the direct export), its state, and the file in server/core/storage.
 */
export const generatedReports = pgTable(
  'generated_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    /** The file's name (also the download's). */
    fileName: text('file_name').notNull(),
    state: text('state').$type<ReportState>().notNull(),
    /** Null for a report the system made (a scheduled mail run's). */
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    language: text('language').notNull(),
    storageKey: text('storage_key'),
    size: bigint('size', { mode: 'number' }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The notification that told its asker it is ready or why it failed (server/reports/notify.ts). */
    messageId: integer('message_id').references(() => infoMessages.id, { onDelete: 'set null' }),
  },
  (t) => [index('generated_reports_created_idx').on(t.createdAt), index('generated_reports_requester_idx').on(t.requestedBy)],
);
