import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { systems } from './monitoring';
import { installerCompanies } from './organizations';

/**
 * How a system came into the portal (installNewSystem, resources/systemInstallations.ts): who installed it for which
 * installer company, when, and the customer it was for: an account that owns it from the start, or the address an
 * invitation went to (the system stays without owner until that person registers with its S/N and check code).
 * The photos of the site are uploads of this row (the attachments mechanism, server/core/uploads).
 */
export const systemInstallations = pgTable(
  'system_installations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    system_id: integer('system_id')
      .notNull()
      .unique()
      .references(() => systems.id, { onDelete: 'cascade' }),
    sys_sn: text('sys_sn').notNull(),
    installer_company_id: integer('installer_company_id').references(() => installerCompanies.id, { onDelete: 'set null' }),
    installer_company: text('installer_company').notNull().default(''),
    /** The user name of whoever installed it (kept as text: the row outlives a deleted account). */
    installed_by: text('installed_by').notNull(),
    /** The customer account that owned it from the start (its user name), or '' when an invitation went out. */
    customer: text('customer').notNull().default(''),
    /** Where the invitation to register went; '' when an existing account owns it. */
    invited_email: text('invited_email').notNull().default(''),
    /** The EMS's network address (AA:BB:CC:DD:EE:FF), which the site's router and the service team look it up by. */
    ems_mac: text('ems_mac').notNull().default(''),
    commissioned_on: text('commissioned_on').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('system_installations_company_idx').on(t.installer_company_id)],
);
