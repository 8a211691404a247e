import { index, integer, pgTable, primaryKey, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { complaints } from './complaints';
import { users } from './users';

/**
 * The messages of a complaint (spec §3 'Complaint message item', 'Message detail'; DESIGN §9): a comment by
 * either side, or a reply to one comment. Their files are rows of `uploads` (resource 'complaintMessage',
 * record_id = the message's id), as every attachment is. Texts are bounded by the calls' zod rules.
 */
export const complaintMessages = pgTable(
  'complaint_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    /** 'comment' or 'reply' (a reply names the comment it answers). */
    kind: text('kind').notNull(),
    replyTo: integer('reply_to').references((): AnyPgColumn => complaintMessages.id, { onDelete: 'set null' }),
    /** Null once the author is deleted; `author` keeps the name. */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    author: text('author').notNull(),
    /** 'customer' (the customer side of DESIGN §9) or 'staff': whom the message is for, and the first-response clock. */
    authorSide: text('author_side').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('complaint_messages_complaint_idx').on(t.complaintId, t.id),
    // The complaint list's keyword search reaches into the messages too (server/complaints/search.ts).
    index('complaint_messages_content_trgm_idx').using('gin', t.content.op('gin_trgm_ops')),
  ],
);

/** Who has opened which message (spec §4: the unread complaint messages of the top bar). */
export const complaintMessageReads = pgTable(
  'complaint_message_reads',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => complaintMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index('complaint_message_reads_user_idx').on(t.userId)],
);
