import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Password-reset links (/ResetPassword?token=): the token is random and only its hash is kept; a link works
 * once and until `expires_at` (server/account/recovery/service.ts).
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * Every request for a reset link or a forgotten user name, counted per target (the lower-cased name or
 * address asked about) and per client address, so that nobody can flood a mailbox or sweep through names.
 * In the database, like the login failures, so that every API node sees the same counts.
 */
export const recoveryRequests = pgTable(
  'recovery_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    target: text('target').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('recovery_requests_target_idx').on(t.target, t.createdAt), index('recovery_requests_ip_idx').on(t.ip, t.createdAt)],
);
