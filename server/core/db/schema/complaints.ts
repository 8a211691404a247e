import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { SystemSnapshot } from '../../../../contract/complaint-snapshot';

/**
 * After-sales complaints (spec §3, DESIGN §9; declaration resources/complaints.ts). A complaint belongs to the system
 * its S/N names (row scope 'system'); its files are rows of `uploads`, its transitions rows of `workflow_history`.
 * Texts are not capped here: the declaration's zod rules bound every value before it is written.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    type: text('type').notNull(),
    sys_sn: text('sys_sn').notNull(),
    contact_number: text('contact_number').notNull().default(''),
    contact_email: text('contact_email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    country: text('country').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    priority: text('priority').notNull().default('normal'),
    status: text('status').notNull().default('new'),
    /** The team a transfer named (international, domestic, rnd); null until one. */
    team: text('team'),
    processor: text('processor'),
    accepter: text('accepter'),
    created_by: text('created_by').notNull(),
    reason: text('reason'),
    solution: text('solution'),
    action: text('action'),
    after_sales_solution: text('after_sales_solution'),
    root_cause: text('root_cause'),
    archive_user: text('archive_user'),
    archive_remark: text('archive_remark'),
    pilot_solution: text('pilot_solution'),
    archive_module: text('archive_module'),
    archive_class: text('archive_class'),
    archive_type: text('archive_type'),
    visits_count: integer('visits_count'),
    onsite_handler: text('onsite_handler'),
    handling_way: text('handling_way'),
    pilot_detected: boolean('pilot_detected'),
    leftover_version_issue: boolean('leftover_version_issue'),
    system_model: text('system_model'),
    rating_solved: integer('rating_solved'),
    rating_time: integer('rating_time'),
    rating_attitude: integer('rating_attitude'),
    evaluation: text('evaluation'),
    warranty_start: date('warranty_start'),
    warranty_end: date('warranty_end'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the nearest running service-level clock reaches its target (server/complaints/clocks.ts); null while no
     * clock runs (paused, resolved). Derived: rewritten from the history after every transition, reply and target
     * change, never counted on; the list sorts and filters on it (due / overdue).
     */
    due_at: timestamp('due_at', { withTimezone: true }),
  },
  (t) => [
    index('complaints_sys_sn_idx').on(t.sys_sn),
    // The list's usual search: a category's statuses, often one type, newest first (status alone uses it too).
    index('complaints_status_type_created_idx').on(t.status, t.type, t.created_at),
    // The identical-resubmission check (server/complaints/service.ts) looks a filer's newest complaints up.
    index('complaints_created_by_idx').on(t.created_by, t.created_at),
    index('complaints_due_at_idx').on(t.due_at),
    // The statistical statement reads the complaints filed or changed since its first month (server/complaints/statement/service.ts).
    index('complaints_last_change_idx').using('btree', sql`greatest(${t.created_at}, ${t.updated_at})`),
    // The list's keyword search (server/complaints/search.ts): trigrams find a word inside a text in any script.
    index('complaints_search_trgm_idx').using('gin', sql`(${t.title} || ' ' || ${t.description} || ' ' || ${t.sys_sn}) gin_trgm_ops`),
  ],
);

/**
 * How many complaints are in each status, type, country, model and team, by the month (UTC) of their last change
 * (the later of filing and `updated_at`). Kept by triggers on `complaints` (migration 0033), whatever writes them, so
 * that the statistical statement counts the open complaints nothing happened to since before its first month from
 * these rows instead of reading every complaint of the years before. `model` and `team` are '' where the complaint
 * has none (the statement groups null and '' alike).
 */
export const complaintMonthCounts = pgTable(
  'complaint_month_counts',
  {
    status: text('status').notNull(),
    type: text('type').notNull(),
    country: text('country').notNull(),
    model: text('model').notNull(),
    team: text('team').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.status, t.type, t.country, t.model, t.team] })],
);

/**
 * The system as it was when the complaint was filed: model, components with their firmware,
 * status, the last faults and the last 24 h of power, bounded (server/complaints/snapshot.ts). A table of its own,
 * so that the complaint list never reads it; the detail answers it.
 */
export const complaintSnapshots = pgTable('complaint_snapshots', {
  complaintId: integer('complaint_id')
    .primaryKey()
    .references(() => complaints.id, { onDelete: 'cascade' }),
  snapshot: jsonb('snapshot').$type<SystemSnapshot>().notNull(),
  takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
});
