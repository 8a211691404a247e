import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Facts about this installation, one row per key. `demo_fleet` says the monitoring demo was seeded into
 * this database (which systems, how they were planned), so that only a demo database simulates devices.
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
