import { z } from 'zod';
import { pageOf } from './admin/common';
import { rules } from './rules';

/**
 * The data migration's bodies and answers (contract/sys-migration-calls.ts names them): a replaced system's history
 * moved from its S/N to the S/N of the system that replaced it (sysDataMigration).
 */

export const MIGRATION_STATES = ['queued', 'running', 'moved', 'confirmed', 'reverting', 'reverted'] as const;
export type MigrationState = (typeof MIGRATION_STATES)[number];

/** What moves, in the order the job moves it (server/sysmigration/registry.ts says how). */
export const MIGRATION_KINDS = [
  'telemetry',
  'energy_daily',
  'energy_monthly',
  'faults',
  'events',
  'complaints',
  'customer_archives',
  'customer_records',
  'installation_records',
  'maintenance_records',
  'shares',
  'settings',
  'tariffs',
  'system',
] as const;
export type MigrationKind = (typeof MIGRATION_KINDS)[number];

const sn = z.string().trim().min(1).max(64);

export const migrationPairBody = z.object({ old_sn: sn, new_sn: sn });
export type MigrationPairBody = z.infer<typeof migrationPairBody>;

export const migrationIdBody = z.object({ id: rules.id() });

export const migrationListBody = z
  .object({
    pageIndex: rules.integer(1, 1_000_000).default(1),
    pageSize: rules.integer(1, 100).default(20),
    /** A part of either S/N. */
    sn: z.string().trim().max(64).optional(),
  })
  .default({ pageIndex: 1, pageSize: 20 });

export const systemSearchBody = z.object({ text: z.string().trim().max(64).default('') });
export const systemChoices = z.array(
  z.object({ sys_sn: z.string(), sys_name: z.string(), last_seen_at: z.string().nullable(), moving: z.boolean() }),
);

export const migrationPreview = z.object({
  old_sn: z.string(),
  new_sn: z.string(),
  kinds: z.array(z.object({ kind: z.enum(MIGRATION_KINDS), rows: z.number().int() })),
  /** The old system's first and last sample. */
  first_at: z.string().nullable(),
  last_at: z.string().nullable(),
  /** The new system has no customer and takes over the old one's. */
  takes_customer: z.boolean(),
});
export type MigrationPreview = z.infer<typeof migrationPreview>;

export const migrationRow = z.object({
  id: z.number().int(),
  old_sn: z.string(),
  new_sn: z.string(),
  state: z.enum(MIGRATION_STATES),
  /** Rows to move and moved so far, per kind (a revert counts back down). */
  kinds: z.array(z.object({ kind: z.enum(MIGRATION_KINDS), total: z.number().int(), moved: z.number().int() })),
  total: z.number().int(),
  moved: z.number().int(),
  first_at: z.string().nullable(),
  last_at: z.string().nullable(),
  /** Why the job stopped (it is retried; a migration stopped on an error may be reverted). */
  error: z.string().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Who confirmed or reverted it, and when it ended. */
  finished_by: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type MigrationRow = z.infer<typeof migrationRow>;

export const migrationPage = pageOf(migrationRow);
