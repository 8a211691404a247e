import { date, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { complaints } from './complaints';
import { users } from './users';

/**
 * R&D working hours (declaration resources/rdWorkHours.ts): one row per entry of an engineer's
 * time on a complaint or a project on one day. The engineer is kept by id (the row scope 'personal') and by name (what
 * lists, filters and exports show). Hours in quarter-hour steps, so numeric(5,2) holds them exactly.
 */
export const rdWorkHours = pgTable(
  'rd_work_hours',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    engineer_id: integer('engineer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    engineer: text('engineer').notNull(),
    work_date: date('work_date').notNull(),
    hours: numeric('hours', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    /** The complaint worked on; null for project work (then `project` names it). */
    complaint_id: integer('complaint_id').references(() => complaints.id, { onDelete: 'set null' }),
    project: text('project').notNull().default(''),
    note: text('note').notNull().default(''),
    created_by: text('created_by').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The 24 h rule and the week view read one engineer's days.
    index('rd_work_hours_engineer_day_idx').on(t.engineer_id, t.work_date),
    index('rd_work_hours_day_idx').on(t.work_date),
    index('rd_work_hours_complaint_idx').on(t.complaint_id),
  ],
);
