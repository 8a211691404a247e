import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Data migrations (sysDataMigration): a replaced system's history moved from its S/N to the S/N of the system that
 * replaced it, by a background job, reversible until confirmed (server/sysmigration). While one is not finished
 * (queued, running, moved, reverting) both S/Ns are 'being moved': every write to either answers 85.
 */
export const systemMigrations = pgTable(
  'system_migrations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The ids are kept as numbers (not foreign keys): the record of a migration outlives a system deleted later. */
    old_system_id: integer('old_system_id').notNull(),
    old_sn: text('old_sn').notNull(),
    new_system_id: integer('new_system_id').notNull(),
    new_sn: text('new_sn').notNull(),
    /** queued | running | moved | confirmed | reverting | reverted (contract/sys-migration.ts MIGRATION_STATES). */
    state: text('state').notNull(),
    /** Per kind: rows to move, the old system's last key moved (the revert's boundary), the overlap range. */
    plan: jsonb('plan').$type<Record<string, unknown>>().notNull(),
    /** Rows moved so far per kind (written with each chunk, so a job resumed after a restart goes on from there). */
    progress: jsonb('progress').$type<Record<string, number>>().notNull(),
    /** What a revert needs besides the boundaries: ids of the few linked rows moved, the new system's own values. */
    saved: jsonb('saved').$type<Record<string, unknown>>().notNull(),
    error: text('error'),
    created_by: text('created_by').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull(),
    finished_by: text('finished_by'),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // 59: an S/N moved once is not moved again, and a pair is migrated once (a reverted migration leaves no trace here).
    uniqueIndex('system_migrations_old_once')
      .on(t.old_system_id)
      .where(sql`${t.state} <> 'reverted'`),
    index('system_migrations_new_idx').on(t.new_system_id),
    index('system_migrations_created_idx').on(t.created_at),
  ],
);

/**
 * Rows a migration replaced where both systems had one for the same key (a rollup day or month both reported in,
 * a weather hour): both originals, so that a revert puts them back exactly.
 */
export const systemMigrationSavedRows = pgTable(
  'system_migration_saved_rows',
  {
    migration_id: integer('migration_id')
      .notNull()
      .references(() => systemMigrations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** 'old' or 'new': whose row it was. */
    side: text('side').notNull(),
    key: text('key').notNull(),
    row: jsonb('row').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.migration_id, t.kind, t.side, t.key] })],
);
