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
    /** What any screen or call may show: the text with every secret link masked (DESIGN §10). */
    body: text('body').notNull(),
    /**
     * The text as it goes to the transport when it carries a secret (a reset or invitation link), sealed with
     * the server's key (AES-256-GCM): null for mails without one. Never selected by a screen or call.
     */
    sealedBody: text('sealed_body'),
    /** An HTML alternative of `body` (a report with a chart, server/mailings); null for plain-text mails. */
    html: text('html'),
    systemId: integer('system_id').references(() => systems.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** When the next attempt is due (backoff after a failure). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`sent_at IS NULL`),
  ],
);
