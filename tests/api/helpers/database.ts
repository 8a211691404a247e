import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { databaseUrl, withAdminClient } from './postgres-server';
import { migrate, openDatabase, queryRows, type Database, type DatabaseHandle } from '../../../server/core/db';

export interface TestDatabase extends DatabaseHandle {
  /** Empties every table (identities restart), keeping the schema. */
  truncateAll(): Promise<void>;
  /** Rows per table, to prove that a rejected call changed nothing. */
  rowCounts(): Promise<Record<string, number>>;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or, when DATABASE_URL is set, a new
 * PostgreSQL database created through that URL and dropped again by close().
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  let handle: DatabaseHandle;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const name = `test_${randomBytes(6).toString('hex')}`;
    const template = await postgresTemplate();
    await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
    handle = await openDatabase({ url: databaseUrl(serverUrl, name) });
    dropDatabase = () => withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  } else {
    handle = await openDatabase({ inMemory: true, loadDataDir: await migratedTemplate() });
  }
  // Already migrated when copied from a template: then this only finds nothing left to do.
  await migrate(handle.db);
  const tables = await publicTables(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      await dropDatabase();
    },
    async truncateAll() {
      if (tables.length === 0) return;
      await handle.db.execute(sql.raw(`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY CASCADE`));
    },
    async rowCounts() {
      const counts: Record<string, number> = {};
      for (const table of tables) {
        const [row] = await queryRows<{ n: number }>(handle.db, sql.raw(`SELECT count(*)::int AS n FROM "${table}"`));
        counts[table] = Number(row!.n);
      }
      return counts;
    },
  };
}

/**
 * The migrated empty database that tests/api/global-setup.ts made once for the run: starting from it skips
 * PGlite's cluster creation and every migration in each test file (about two thirds of a file's set-up).
 * Without it (a test run outside the api project) the database is created and migrated as before.
 */
async function migratedTemplate(): Promise<Blob | undefined> {
  // Vitest's own state exists only inside a vitest run; `npm run bench` builds its databases with this helper
  // in a plain process, where importing 'vitest' at all throws.
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  const path = inject('pgliteTemplate');
  return path ? new Blob([await readFile(path)]) : undefined;
}

/** The migrated PostgreSQL database of tests/api/global-setup.ts, '' outside a vitest run of the api projects. */
async function postgresTemplate(): Promise<string> {
  if (!process.env.VITEST) return '';
  const { inject } = await import('vitest');
  return inject('postgresTemplate') ?? '';
}

async function publicTables(db: Database): Promise<string[]> {
  const rows = await queryRows<{ tablename: string }>(
    db,
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  return rows.map((row) => row.tablename);
}
