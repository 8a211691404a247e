import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Which faults reach which service engineer by e-mail (sysErrorEmailNotification, server/faultmail): each row is one
 * filter a servicer subscribed to; a fault mail goes to them when any of their rows matches the fault's system
 * (country, model) and the fault itself (level, code). 'all' in a column matches every value.
 */
export const faultSubscriptions = pgTable(
  'fault_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** ISO 3166-1 alpha-2 of the system's country, or 'all'. */
    country: text('country').notNull().default('all'),
    /** The system model (systems.minv), or 'all'. */
    model: text('model').notNull().default('all'),
    /** warning, fault, protection, or 'all'. */
    level: text('level').notNull().default('all'),
    /** A fault code as systems report it, or 'all'. */
    faultCode: text('fault_code').notNull().default('all'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('fault_subscriptions_user_idx').on(t.userId),
    check('fault_subscriptions_country_code', sql`${t.country} = 'all' OR ${t.country} ~ '^[A-Z]{2}$'`),
    check('fault_subscriptions_level', sql`${t.level} IN ('all', 'warning', 'fault', 'protection')`),
  ],
);

/**
 * A user's own preferences of one kind (account settings calls of spec §7, server/account/settings*):
 * 'notifications' (CustomUserSetting: a customer's mails and quiet hours), 'installer' (InstallSetting: an installer's
 * defaults for new systems), 'staff' (OtherRoleUserSetting: landing page, page size, fault-mail delivery).
 * The value is checked by the call's zod schema before it is stored and read back through it.
 */
export const userSettings = pgTable(
  'user_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('user_settings_kind', sql`${t.kind} IN ('notifications', 'installer', 'staff')`),
  ],
);
