import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CommandName, CommandState } from '../../../../contract/device-commands';
import { systems } from './monitoring';
import { users } from './users';

/**
 * The device channel (DESIGN §12). Every table about one system has `system_id` first in its keys, so the schema can
 * be distributed by system on Citus unchanged (ledger rows and their history co-located with the system's samples).
 */

/** A system's connection as its retained state and Last Will tell it, and the settings it last reported. */
export const deviceStates = pgTable('device_states', {
  systemId: integer('system_id')
    .primaryKey()
    .references(() => systems.id, { onDelete: 'cascade' }),
  online: boolean('online').notNull().default(false),
  /** The connection the state is of: a Last Will of an earlier connection changes nothing. */
  session: text('session'),
  stateAt: timestamp('state_at', { withTimezone: true }),
  /** What the device reported it has set, by setting (its replies to readSettings and to every change). */
  settings: jsonb('settings').$type<Record<string, Record<string, unknown>>>().notNull().default({}),
  settingsAt: timestamp('settings_at', { withTimezone: true }),
});

/** A batch setting: one command for many systems, released in waves (its ledger rows carry `batch_id`). */
export const commandBatches = pgTable('command_batches', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  command: text('command').$type<CommandName>().notNull(),
  params: jsonb('params').$type<Record<string, unknown>>().notNull(),
  /** The target as it was asked for (filter or list), for the record. */
  target: jsonb('target').$type<Record<string, unknown>>().notNull(),
  remark: text('remark').notNull().default(''),
  requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
  requestedByName: text('requested_by_name'),
  ratePerMinute: integer('rate_per_minute').notNull(),
  startAt: timestamp('start_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  canceledAt: timestamp('canceled_at', { withTimezone: true }),
  /** Ledger rows released so far: the next wave starts after them. */
  released: integer('released').notNull().default(0),
});

/** The command ledger: one row per command per system and attempt. */
export const deviceCommands = pgTable(
  'device_commands',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    systemId: integer('system_id')
      .notNull()
      .references(() => systems.id, { onDelete: 'cascade' }),
    batchId: integer('batch_id').references(() => commandBatches.id, { onDelete: 'cascade' }),
    command: text('command').$type<CommandName>().notNull(),
    /** The setting it changes (contract/device-commands.ts): one open command per system and setting. */
    setting: text('setting'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    state: text('state').$type<CommandState>().notNull(),
    /** 'staff', 'batch', 'owner'. */
    source: text('source').notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedByName: text('requested_by_name'),
    retryOf: bigint('retry_of', { mode: 'number' }),
    /** A batch's row waits for its wave: the dispatcher tells the device only once this is set. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    resultMinutes: integer('result_minutes').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    message: text('message'),
  },
  (t) => [
    primaryKey({ columns: [t.systemId, t.id] }),
    uniqueIndex('device_commands_one_open_setting')
      .on(t.systemId, t.setting)
      .where(sql`${t.state} IN ('pending', 'sent', 'delivered') AND ${t.setting} IS NOT NULL`),
    index('device_commands_open_idx')
      .on(t.state, t.expiresAt)
      .where(sql`${t.state} IN ('pending', 'sent', 'delivered')`),
    index('device_commands_batch_idx').on(t.batchId, t.systemId),
    index('device_commands_created_idx').on(t.createdAt),
    index('device_commands_id_idx').on(t.id),
  ],
);

/** Every transition of a ledger row: who asked, when, what the device said. */
export const deviceCommandEvents = pgTable(
  'device_command_events',
  {
    systemId: integer('system_id').notNull(),
    commandId: bigint('command_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    state: text('state').$type<CommandState>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    byName: text('by_name'),
    message: text('message'),
  },
  (t) => [primaryKey({ columns: [t.systemId, t.commandId, t.id] })],
);
