import { sql } from 'drizzle-orm';
import { date, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Licenses for installers and service providers (resources/licenseManagement.ts). */
export const licenses = pgTable(
  'licenses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    license_key: text('license_key').notNull(),
    company: text('company').notNull(),
    /** 'installer' or 'servicepartner': the role the holder must have. */
    license_type: text('license_type').notNull(),
    expires_at: date('expires_at', { mode: 'string' }).notNull(),
    /** The user name of the holder; null while the license is free. */
    assigned_user: text('assigned_user'),
    remark: text('remark').notNull().default(''),
    created_by: text('created_by').notNull().default(''),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('licenses_key_lower_idx').on(sql`lower(${t.license_key})`)],
);
