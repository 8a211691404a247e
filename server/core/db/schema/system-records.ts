import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { complaints } from './complaints';
import { systems } from './monitoring';

/**
 * A system's life after it is built (resources/installationRecords.ts, resources/maintenanceRecords.ts): how it was
 * installed, each visit or remote intervention since, and every component swapped in it. Rows belong to their
 * system's S/N (row scope 'system', DESIGN §6), as complaints and customer archives do. Texts are not capped here:
 * the declarations' zod rules bound every value before it is written.
 */

/** The installation of one system as its installer recorded it: one per system. */
export const installationRecords = pgTable(
  'installation_records',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sys_sn: text('sys_sn').notNull(),
    /** Who installed it: the person of the installer company (the company is the system's). */
    installer_person: text('installer_person').notNull(),
    installed_on: date('installed_on', { mode: 'string' }).notNull(),
    /** The day it was commissioned: the installer's edit window runs from it. */
    commissioned_on: date('commissioned_on', { mode: 'string' }).notNull(),
    wiring_notes: text('wiring_notes').notNull().default(''),
    settings_notes: text('settings_notes').notNull().default(''),
    // Commissioning checks: each with the value measured or set, where it has one.
    insulation_mohm: doublePrecision('insulation_mohm'),
    grid_code: text('grid_code').notNull().default(''),
    ct_direction_checked: boolean('ct_direction_checked').notNull().default(false),
    backup_tested: boolean('backup_tested').notNull().default(false),
    customer_instructed: boolean('customer_instructed').notNull().default(false),
    check_notes: text('check_notes').notNull().default(''),
    // The customer's acceptance.
    accepted_by: text('accepted_by').notNull().default(''),
    accepted_on: date('accepted_on', { mode: 'string' }),
    created_by: text('created_by').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('installation_records_sys_sn_uq').on(t.sys_sn), index('installation_records_commissioned_idx').on(t.commissioned_on)],
);

/** A visit on site or a remote intervention on one system. */
export const maintenanceRecords = pgTable(
  'maintenance_records',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sys_sn: text('sys_sn').notNull(),
    /** When it was done, on the system's own clock: the day and the time 'HH:MM'. */
    performed_on: date('performed_on', { mode: 'string' }).notNull(),
    performed_time: text('performed_time').notNull(),
    /** 'visit' | 'remote' (contract/records-constants.ts). */
    kind: text('kind').notNull(),
    engineer: text('engineer').notNull(),
    remarks: text('remarks').notNull(),
    work_done: text('work_done').notNull().default(''),
    firmware_before: text('firmware_before').notNull().default(''),
    firmware_after: text('firmware_after').notNull().default(''),
    /** The complaint the intervention answered, when there was one. */
    complaint_id: integer('complaint_id').references(() => complaints.id, { onDelete: 'set null' }),
    /** The alarm it answered, as its reference was written (alarms are no table yet, so nothing links it). */
    alarm_ref: text('alarm_ref').notNull().default(''),
    created_by: text('created_by').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('maintenance_records_sys_sn_idx').on(t.sys_sn, t.performed_on),
    index('maintenance_records_performed_idx').on(t.performed_on),
  ],
);

/**
 * Every component replaced in a system (a swapped battery, a corrected S/N): the old and the new S/N, when, by whom,
 * why, the state the old S/N was given in the registry, and the maintenance record the swap was part of.
 */
export const componentHistory = pgTable(
  'component_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    system_id: integer('system_id')
      .notNull()
      .references(() => systems.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    old_sn: text('old_sn').notNull(),
    new_sn: text('new_sn').notNull(),
    old_model: text('old_model').notNull().default(''),
    new_model: text('new_model').notNull().default(''),
    reason: text('reason').notNull(),
    /** The registry state the old S/N was given (sn_registry.state), '' when the registry did not hold it. */
    old_sn_state: text('old_sn_state').notNull().default(''),
    maintenance_record_id: integer('maintenance_record_id').references(() => maintenanceRecords.id, { onDelete: 'set null' }),
    changed_by: text('changed_by').notNull(),
    changed_at: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('component_history_system_idx').on(t.system_id, t.changed_at),
    index('component_history_record_idx').on(t.maintenance_record_id),
    index('component_history_old_sn_idx').on(sql`lower(${t.old_sn})`),
  ],
);
