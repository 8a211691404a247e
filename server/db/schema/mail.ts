import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { systems } from './monitoring';

/**
 * Every notification e-mail, queued in the transaction-free moment after the event was stored and sent
 * from here: what was sent, to whom, and what went wrong when it could not be (no SMTP server, a refusal).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The e-mail notification category (emailDeliveringRules), e.g. system_fault. */
    category: text('category').notNull(),
    recipient: text('recipient').notNull(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    systemId: integer('system_id').references(() => systems.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** When the next attempt is due (backoff after a failure). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.nextAttemptAt).where(sql`sent_at IS NULL`)],
);
