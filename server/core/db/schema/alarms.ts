import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AlarmSeverity, FaultComponent } from '../../../../contract/fault-codes';
import type { AlarmEventKind, AlarmState } from '../../../../contract/alarm-states';
import { systems } from './monitoring';
import { users } from './users';

/**
 * Alarms (DESIGN §12): what a service team works on, derived from the faults devices report and from systems that
 * fall silent. One open alarm per (system, component, code), kept by a unique index so two nodes handling the same
 * device cannot open it twice; repeats raise its count and last-seen. `system_id` leads every key, so the tables
 * distribute by system on Citus with the system's faults and samples.
 */
export const alarms = pgTable(
  'alarms',
  {
    systemId: integer('system_id')
      .notNull()
      .references(() => systems.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    component: text('component').$type<FaultComponent>().notNull(),
    severity: text('severity').$type<AlarmSeverity>().notNull(),
    /** The device's own words at the first occurrence (the catalogue's text is shown for a code it knows). */
    description: text('description').notNull(),
    state: text('state').$type<AlarmState>().notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    occurrences: integer('occurrences').notNull().default(1),
    /** While 'clearing': when it clears unless the fault comes back first (the hold that keeps a flapping fault quiet). */
    clearDueAt: timestamp('clear_due_at', { withTimezone: true }),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    acknowledgedByName: text('acknowledged_by_name'),
    acknowledgeNote: text('acknowledge_note'),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** The last reminder of a critical alarm nobody acknowledged. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.systemId, t.id] }),
    uniqueIndex('alarms_one_open')
      .on(t.systemId, t.component, t.code)
      .where(sql`${t.clearedAt} IS NULL`),
    index('alarms_open_idx')
      .on(t.state, t.clearDueAt)
      .where(sql`${t.clearedAt} IS NULL`),
    index('alarms_first_seen_idx').on(t.firstSeenAt),
    index('alarms_id_idx').on(t.id),
  ],
);

/** An alarm's history: opened, back from clearing, cleared, acknowledged, assigned, commented (who, when, a note). */
export const alarmEvents = pgTable(
  'alarm_events',
  {
    systemId: integer('system_id').notNull(),
    alarmId: bigint('alarm_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    kind: text('kind').$type<AlarmEventKind>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    byName: text('by_name'),
    note: text('note'),
  },
  (t) => [primaryKey({ columns: [t.systemId, t.alarmId, t.id] })],
);
