import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import { INTERACTIVE_STATEMENT_TIMEOUT_MS } from './statement-timeout';

export type Schema = typeof schema;

/** What services code against: the same Drizzle API whether PGlite or a PostgreSQL server is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… — a PostgreSQL server; wins over the other options. */
  url?: string;
  /** A PGlite data folder (created when missing). */
  dataDir?: string;
  /** A throw-away PGlite in memory (tests). */
  inMemory?: boolean;
  /** With inMemory: start from this data folder (PGlite's dumpDataDir tarball) instead of an empty cluster. */
  loadDataDir?: Blob;
  /**
   * PostgreSQL only: how long one statement may run before the server cancels it (SQLSTATE 57014);
   * 0 for no limit (migrations and the demo seed at start). PGlite cannot cancel: statement-timeout.ts.
   */
  statementTimeoutMs?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      statement_timeout: options.statementTimeoutMs ?? INTERACTIVE_STATEMENT_TIMEOUT_MS,
    });
    return { db: drizzlePg(pool, { schema }), kind: 'postgres', close: () => pool.end() };
  }
  if (!options.inMemory && !options.dataDir) throw new Error('openDatabase needs url, dataDir or inMemory');
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm: the trigram indexes of the complaint search (migration 0020); PostgreSQL servers ship it in contrib.
  const extensions = { pg_trgm };
  const client = options.inMemory
    ? await PGlite.create({ loadDataDir: options.loadDataDir, extensions })
    : await PGlite.create(options.dataDir, { extensions });
  queryOnePerEventLoopTurn(client);
  return { db: drizzlePglite(client, { schema }), kind: 'pglite', close: () => client.close() };
}

/**
 * PGlite runs a query synchronously on this thread and hands the next waiting query its turn in a promise
 * callback, so under load it ran the whole queue back to back while node never polled its sockets: at 200
 * connections the server accepted a few dozen of them and served those in turn, and the others waited in
 * the kernel's accept queue for over 10 s (the dashboard-mix benchmark's timeouts). Queries now run one
 * after another in order, each on its own turn of the event loop, so accepting and reading sockets
 * interleave with the queue. Transactions query through their own handle and are not affected.
 */
function queryOnePerEventLoopTurn(client: PGlite): void {
  const query = client.query.bind(client);
  let previous: Promise<unknown> = Promise.resolve();
  client.query = ((...args: Parameters<typeof query>) => {
    const turn = previous.then(nextEventLoopTurn, nextEventLoopTurn).then(() => query(...args));
    previous = turn;
    return turn;
  }) as typeof client.query;
}

const nextEventLoopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * What LISTEN needs, which a Drizzle query cannot do (a pooled connection goes back to the pool after each
 * query, and its LISTEN with it): PGlite's own client with its `listen` API, or the pool's connection
 * settings for a dedicated pg.Client. Drizzle keeps the driver as `$client`.
 */
export function listenTarget(db: Database): { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; config: pg.ClientConfig } {
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  return client instanceof PGlite ? { kind: 'pglite', client } : { kind: 'postgres', config: client.options };
}

/**
 * Runs raw SQL and answers its rows. Both drivers answer `{ rows }`, but the common `Database` type cannot
 * know it, hence this one typed place.
 */
export async function queryRows<T extends Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

/** PostgreSQL's unique-violation code, as either driver reports it (Drizzle may wrap it as the cause). */
const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  const { code, cause } = (error ?? {}) as { code?: string; cause?: { code?: string } };
  return (code ?? cause?.code) === UNIQUE_VIOLATION;
}
