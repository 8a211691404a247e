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

/** Which of tests/api/global-setup.ts's databases a test database is copied from. */
export type TemplateKind = 'empty' | 'world';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or, when DATABASE_URL is set, a new
 * PostgreSQL database created through that URL and dropped again by close(). `from: 'world'` copies the seeded
 * demo world of tests/api/monitoring/world.ts (ask worldTemplateExists() first: without it, the copy is empty).
 */
export async function createTestDatabase({ from = 'empty' }: { from?: TemplateKind } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  let handle: DatabaseHandle;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const name = `test_${randomBytes(6).toString('hex')}`;
    const template = (from === 'world' && (await postgresTemplate('world'))) || (await postgresTemplate('empty'));
    await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
    handle = await openDatabase({ url: databaseUrl(serverUrl, name) });
    dropDatabase = () => withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  } else {
    const template = (from === 'world' && (await pgliteTemplate('world'))) || (await pgliteTemplate('empty'));
    handle = await openDatabase({ inMemory: true, loadDataDir: template });
  }
  // Already migrated when copied from a template: then this only finds nothing left to do.
  await migrate(handle.db);
  const tables = await publicTables(handle.db);
  const sequenceTables = await sequenceOwners(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      await dropDatabase();
    },
    async truncateAll() {
      // Only what a test wrote, and by DELETE: a test writes a few of the 50-odd tables, a handful of rows each,
      // and TRUNCATE made new files for every table it named and every table referencing one (all of them, through
      // users), which was most of each reset. What is left is what TRUNCATE … RESTART IDENTITY CASCADE leaves.
      const { small, large } = await writtenTables(handle.db, tables, sequenceTables);
      if (small.length + large.length === 0) return;
      await handle.db.transaction(async (tx) => {
        // Thousands of rows (a fleet's samples) go faster and leave no dead rows by TRUNCATE.
        if (large.length) await tx.execute(sql.raw(`TRUNCATE ${large.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY CASCADE`));
        // Every table holding a row is emptied here, so no row is left to break a reference: the foreign keys'
        // checks (and the tables' own triggers, which TRUNCATE does not fire either) are skipped, and the tables
        // go in any order.
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        for (const table of small) await tx.execute(sql.raw(`DELETE FROM "${table}"`));
        // The sequences of the tables' serial and identity columns start again, as RESTART IDENTITY does.
        await tx.execute(
          sql`SELECT setval(s.seqrelid, s.seqstart, false) FROM pg_sequence s
               JOIN pg_class c ON c.oid = s.seqrelid
               JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
              WHERE pg_sequence_last_value(s.seqrelid) IS NOT NULL
                AND EXISTS (SELECT 1 FROM pg_depend d
                             WHERE d.classid = 'pg_class'::regclass AND d.objid = s.seqrelid AND d.deptype IN ('a', 'i'))`,
        );
      });
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
 * The databases tests/api/global-setup.ts made once for the run: the migrated empty one, which skips PGlite's
 * cluster creation and every migration in each test file (about two thirds of a file's set-up), and the seeded
 * demo world. Without them (a test run outside the api projects) the database is created and migrated as before.
 */
async function pgliteTemplate(kind: TemplateKind): Promise<Blob | undefined> {
  // Vitest's own state exists only inside a vitest run; `npm run bench` builds its databases with this helper
  // in a plain process, where importing 'vitest' at all throws.
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  const path = inject(kind === 'world' ? 'pgliteWorldTemplate' : 'pgliteTemplate');
  return path ? new Blob([await readFile(path)]) : undefined;
}

/** The PostgreSQL databases of tests/api/global-setup.ts, '' outside a vitest run of the api projects. */
async function postgresTemplate(kind: TemplateKind): Promise<string> {
  if (!process.env.VITEST) return '';
  const { inject } = await import('vitest');
  return inject(kind === 'world' ? 'postgresWorldTemplate' : 'postgresTemplate') ?? '';
}

/** Whether this run has a seeded demo world to copy (createTestDatabase({ from: 'world' })). */
export async function worldTemplateExists(): Promise<boolean> {
  if (!process.env.VITEST) return false;
  const { inject } = await import('vitest');
  return Boolean(process.env.DATABASE_URL ? inject('postgresWorldTemplate') : inject('pgliteWorldTemplate'));
}

async function publicTables(db: Database): Promise<string[]> {
  const rows = await queryRows<{ tablename: string }>(
    db,
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  return rows.map((row) => row.tablename);
}

/** The table each sequence of the public schema belongs to (serial and identity columns). */
async function sequenceOwners(db: Database): Promise<Map<string, string>> {
  const rows = await queryRows<{ sequence: string; table: string }>(
    db,
    sql`SELECT s.relname AS sequence, t.relname AS "table"
          FROM pg_class s
          JOIN pg_namespace n ON n.oid = s.relnamespace AND n.nspname = 'public'
          JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = s.oid AND d.deptype IN ('a', 'i')
          JOIN pg_class t ON t.oid = d.refobjid
         WHERE s.relkind = 'S'`,
  );
  return new Map(rows.map((row) => [row.sequence, row.table]));
}

/** Above this many rows a table is truncated rather than deleted from. */
const LARGE_TABLE_ROWS = 1000;

/**
 * The tables a test wrote: those holding a row (large: more than LARGE_TABLE_ROWS), and those whose sequence has
 * handed out a number since it was last restarted (small, however empty).
 */
async function writtenTables(
  db: Database,
  tables: readonly string[],
  sequenceTables: ReadonlyMap<string, string>,
): Promise<{ small: string[]; large: string[] }> {
  if (tables.length === 0) return { small: [], large: [] };
  const withRows = await queryRows<{ name: string; n: number }>(
    db,
    sql.raw(
      tables
        .map((t) => `SELECT '${t}' AS name, (SELECT count(*) FROM (SELECT 1 FROM "${t}" LIMIT ${LARGE_TABLE_ROWS + 1}) r)::int AS n`)
        .join(' UNION ALL '),
    ),
  );
  // last_value is null until the sequence's first nextval() after it was created or restarted.
  const moved = await queryRows<{ name: string }>(
    db,
    sql`SELECT sequencename AS name FROM pg_sequences WHERE schemaname = 'public' AND last_value IS NOT NULL`,
  );
  const large = new Set(withRows.filter((row) => Number(row.n) > LARGE_TABLE_ROWS).map((row) => row.name));
  const small = new Set(withRows.filter((row) => Number(row.n) > 0 && !large.has(row.name)).map((row) => row.name));
  for (const { name } of moved) {
    const table = sequenceTables.get(name);
    if (table && !large.has(table)) small.add(table);
  }
  return { small: tables.filter((t) => small.has(t)), large: tables.filter((t) => large.has(t)) };
}
