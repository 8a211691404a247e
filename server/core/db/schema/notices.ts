import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { mailOutbox } from './mail';
import { users } from './users';

/** A text in the portal's languages: at least one written (contract/messages.ts). */
export type LocalizedText = Partial<Record<'zh' | 'en' | 'de' | 'ja', string>>;

/**
 * Who a message is for (infoDistributionSys, server/messages/audience.ts). `everyone`, or the users meeting every
 * criterion given among roles, countries and systems (a model, a firmware version), plus the named users.
 */
export interface MessageAudience {
  everyone?: boolean;
  roles?: string[];
  countries?: string[];
  userIds?: number[];
  models?: string[];
  firmwareVersions?: string[];
}

/**
 * A message staff write for the portal's users (information distribution): its texts in up to four
 * languages, its audience, whether it is a public notice on the login page (until `noticeUntil`), whether it is
 * also e-mailed; draft → scheduled (publishAt, a job of server/messages/jobs.ts) → published; a scheduled or
 * published message may be recalled (status 'recalled': gone from every reader's bell and list, its unsent mails
 * not sent; `publishedAt` tells a recalled published message from a cancelled scheduled one).
 */
export const infoMessages = pgTable(
  'info_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    titles: jsonb('titles').$type<LocalizedText>().notNull(),
    contents: jsonb('contents').$type<LocalizedText>().notNull(),
    audience: jsonb('audience').$type<MessageAudience>().notNull(),
    publicNotice: boolean('public_notice').notNull().default(false),
    noticeUntil: timestamp('notice_until', { withTimezone: true }),
    byEmail: boolean('by_email').notNull().default(false),
    /** 'draft', 'scheduled', 'published' or 'recalled'. */
    status: text('status').notNull().default('draft'),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Who scheduled or published it (may recall it, beside an admin); null before. */
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    recalledAt: timestamp('recalled_at', { withTimezone: true }),
    recalledBy: integer('recalled_by').references(() => users.id, { onDelete: 'set null' }),
    /** How many users it reached when it was published. */
    recipientCount: integer('recipient_count').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('info_messages_status_idx').on(t.status, t.publishAt),
    index('info_messages_notice_idx')
      .on(t.noticeUntil)
      .where(sql`${t.publicNotice} AND ${t.status} = 'published'`),
  ],
);

/** A published message as one user received it: read when they opened or marked it, deleted for them alone. */
export const userNotifications = pgTable(
  'user_notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    messageId: integer('message_id')
      .notNull()
      .references(() => infoMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_notifications_message_user_idx').on(t.messageId, t.userId),
    index('user_notifications_user_idx').on(t.userId, t.createdAt),
  ],
);

/** The mails a message's publication queued (server/core/mail/outbox): those not yet sent are dropped when it is recalled. */
export const infoMessageMails = pgTable(
  'info_message_mails',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => infoMessages.id, { onDelete: 'cascade' }),
    mailId: integer('mail_id')
      .notNull()
      .references(() => mailOutbox.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.mailId] })],
);
