import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { systems } from './monitoring';

export const SYSTEM_EVENT_KINDS = ['fault_started', 'fault_ended', 'offline', 'online'] as const;
export type SystemEventKind = (typeof SYSTEM_EVENT_KINDS)[number];

/**
 * What happened to a system, for the staff home's 'last events': a fault started or ended, the system went
 * offline or came back. Written by triggers (migration 0012) on system_faults and on the status of systems,
 * so ingest, the offline watch and the demo all record them without knowing of this table. `at` is when it
 * happened: the fault's start or end, the last report before falling silent, the report that came back.
 */
export const systemEvents = pgTable(
  'system_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    systemId: integer('system_id')
      .notNull()
      .references(() => systems.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SystemEventKind>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Fault events: the fault's code, level and device text. */
    code: text('code'),
    level: text('level'),
    description: text('description'),
  },
  (t) => [index('system_events_at_idx').on(t.at), index('system_events_system_idx').on(t.systemId, t.at)],
);
