import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One row per workflow transition of any declared entity (DESIGN §3, §9): who moved which record from which
 * state to which, when, with the note and the fields the transition required. One generic table for every
 * workflow (`entity` is the declaration's name), so a new workflow needs no migration of its own; the
 * complaint clocks (first response, resolution, paused time) are computed from these rows.
 */
export const workflowHistory = pgTable(
  'workflow_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The declaration's name (e.g. 'complaintManagement'). */
    entity: text('entity').notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    action: text('action').notNull(),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    /** Null once the acting user is deleted; `username` keeps the name. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    note: text('note'),
    /** The fields the transition required, as given (validated by its schema). */
    fields: jsonb('fields').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('workflow_history_record_idx').on(t.entity, t.recordId, t.id)],
);
