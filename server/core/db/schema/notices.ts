import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
 * A message staff write for the portal's users (issue 15, information distribution): its texts in up to four
 * languages, its audience, whether it is a public notice on the login page (until `noticeUntil`), whether it is
 * also e-mailed; draft → scheduled (publishAt, a job of server/messages/jobs.ts) → published.
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
    /** 'draft', 'scheduled' or 'published'. */
    status: text('status').notNull().default('draft'),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
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
