import { bigint, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Wrong logins, one row each, counted per user name and per client address (account/lockout.ts).
 * Kept in the database, not in memory, so that every API node sees the same counters.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-cased, whether or not such a user exists. */
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** A successful login clears the user-name counter but must not clear the address counter. */
    usernameCleared: boolean('username_cleared').notNull().default(false),
  },
  (t) => [index('login_failures_username_idx').on(t.username, t.createdAt), index('login_failures_ip_idx').on(t.ip, t.createdAt)],
);
