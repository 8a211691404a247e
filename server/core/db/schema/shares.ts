import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A customer's system shared with a sharer until `expires_at`; a sharer without a live share cannot log in. */
export const systemShares = pgTable(
  'system_shares',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    systemSn: text('system_sn').notNull(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sharerUserId: integer('sharer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('system_shares_sharer_idx').on(t.sharerUserId, t.expiresAt)],
);
