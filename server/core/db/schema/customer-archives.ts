import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { complaints } from './complaints';
import { users } from './users';

/**
 * Customer archives (spec §3 'Customer file'; declaration resources/customerArchives.ts): one file per customer, kept
 * by the after-sales staff. It belongs to the system its S/N names (row scope 'system', DESIGN §6), which also links
 * it to the customer's portal user (`user_id`, taken from the system at each save). Texts are not capped here: the
 * declaration's zod rules bound every value before it is written.
 *
 * 'The customer already exists' (code 74) is held by the database too: one archive per license, per name and
 * postcode (case-insensitive) and per system.
 */
export const customerArchives = pgTable(
  'customer_archives',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    contact: text('contact').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    address: text('address').notNull().default(''),
    area: text('area').notNull().default(''),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    state: text('state').notNull().default(''),
    city: text('city').notNull().default(''),
    postcode: text('postcode').notNull(),
    remarks: text('remarks').notNull().default(''),
    installer_company: text('installer_company').notNull().default(''),
    installer_contact: text('installer_contact').notNull().default(''),
    installer_phone: text('installer_phone').notNull().default(''),
    installer_email: text('installer_email').notNull().default(''),
    installer_address: text('installer_address').notNull().default(''),
    installer_remark: text('installer_remark').notNull().default(''),
    license: text('license').notNull(),
    /** The customer's system (its S/N, systems.sys_sn): the archive's row scope and its link to the portal user. */
    sys_sn: text('sys_sn').notNull(),
    inverter_sn: text('inverter_sn').notNull().default(''),
    battery_model: text('battery_model').notNull().default(''),
    /** The portal user owning the system, when there is one (derived at each save, never typed). */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_by: text('created_by').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customer_archives_license_uq').on(sql`lower(${t.license})`),
    uniqueIndex('customer_archives_name_postcode_uq').on(sql`lower(${t.name})`, sql`lower(${t.postcode})`),
    uniqueIndex('customer_archives_sys_sn_uq').on(t.sys_sn),
    index('customer_archives_user_idx').on(t.user_id),
    index('customer_archives_created_idx').on(t.created_at),
  ],
);

/**
 * What the after-sales team did with a customer (spec §2: visit, phone, mail and processing records, remarks), each
 * with its date, person, contents and at most one file (a row of `uploads`). `sys_sn` repeats the archive's, kept by
 * the archive's save, so that the engine scopes records as it scopes archives (one condition, no join).
 */
export const customerRecords = pgTable(
  'customer_records',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    archive_id: integer('archive_id')
      .notNull()
      .references(() => customerArchives.id, { onDelete: 'cascade' }),
    /** visit, phone, mail, processing, remark (resources/customerRecords.ts). */
    kind: text('kind').notNull(),
    record_date: date('record_date').notNull(),
    person: text('person').notNull(),
    contents: text('contents').notNull(),
    /** The complaint the record was about, when there was one. */
    complaint_id: integer('complaint_id').references(() => complaints.id, { onDelete: 'set null' }),
    sys_sn: text('sys_sn').notNull(),
    created_by: text('created_by').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customer_records_archive_idx').on(t.archive_id, t.record_date),
    // The handling-record list: newest first, often one person's or one kind's.
    index('customer_records_date_idx').on(t.record_date, t.id),
    index('customer_records_sys_sn_idx').on(t.sys_sn),
    index('customer_records_complaint_idx').on(t.complaint_id),
  ],
);
