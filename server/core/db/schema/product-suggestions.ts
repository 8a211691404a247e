import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { complaints } from './complaints';
import { users } from './users';

/**
 * Product suggestions (DESIGN §9; declaration resources/productSuggestions.ts). A suggestion
 * belongs to its submitter (row scope 'owner' on `submitter_id`); its files are rows of `uploads`, its transitions
 * rows of `workflow_history`.
 */
export const productSuggestions = pgTable(
  'product_suggestions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    product_type: text('product_type').notNull(),
    /** The complaint or system it came from, if any (in the submitter's scope when saved). */
    complaint_id: integer('complaint_id').references(() => complaints.id, { onDelete: 'set null' }),
    sys_sn: text('sys_sn').notNull().default(''),
    status: text('status').notNull().default('submitted'),
    /** Why it was rejected; the version it was implemented in. */
    reason: text('reason'),
    version: text('version'),
    submitter_id: integer('submitter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    submitter: text('submitter').notNull(),
    created_by: text('created_by').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_suggestions_submitter_idx').on(t.submitter_id, t.created_at),
    index('product_suggestions_status_idx').on(t.status, t.created_at),
    // The keyword search: trigrams find a word inside a text in any script.
    index('product_suggestions_search_trgm_idx').using('gin', sql`(${t.title} || ' ' || ${t.description}) gin_trgm_ops`),
  ],
);
