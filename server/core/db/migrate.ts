import { fileURLToPath } from 'node:url';
import { migrate as pgliteMigrate } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database, Schema } from './database';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Applies the committed migrations of server/core/db/migrations. Drizzle's PGlite and node-postgres migrators are
 * the same `dialect.migrate(files, session)` call, so one of them serves both drivers behind `Database`.
 */
export async function migrate(db: Database): Promise<void> {
  await pgliteMigrate(db as unknown as PgliteDatabase<Schema>, { migrationsFolder: MIGRATIONS_FOLDER });
}
