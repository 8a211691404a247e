import { sql } from 'drizzle-orm';
import { date, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The S/N registry (resources/snManagement.ts): every serial number the factory has issued. */
export const snRegistry = pgTable(
  'sn_registry',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sn: text('sn').notNull(),
    check_code: text('check_code').notNull(),
    product_type: text('product_type').notNull(),
    model: text('model').notNull().default(''),
    production_date: date('production_date', { mode: 'string' }).notNull(),
    /** free | installed | moving | banned (from upgrading). */
    state: text('state').notNull().default('free'),
    created_by: text('created_by').notNull().default(''),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sn_registry_sn_lower_idx').on(sql`lower(${t.sn})`)],
);
