import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { queryRows, type Database } from '../../core/db';

/**
 * A PostgreSQL advisory lock (pg_try_advisory_lock) that only one process per database holds: several API
 * nodes on one database elect one of them to play the demo fleet. A session-level advisory lock belongs to
 * a connection, so on PostgreSQL it lives on a dedicated client (a pooled connection could be closed and
 * silently drop it); PGlite has one session, which is the process's own.
 */
export interface LockSession {
  query<T extends Record<string, unknown>>(query: SQL): Promise<T[]>;
  close(): Promise<void>;
}

/** The lock's two keys (classid, objid): 'ESS' and 'demo'. */
export const DEMO_LOCK = [0x455353, 0x64656d6f] as const;

export function sessionOnDatabase(db: Database): LockSession {
  return { query: (q) => queryRows(db, q), close: async () => {} };
}

/**
 * A dedicated connection for the lock on a PostgreSQL server. When the connection breaks (a server restart)
 * the lock is gone with it; the next query connects again, and the holder finds out that it must re-take it.
 */
export async function sessionOnUrl(url: string, db: Database, log: (message: string) => void = () => {}): Promise<LockSession> {
  // Drizzle renders the query; the dedicated client runs it.
  const dialect = (db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } }).dialect;
  let client: pg.Client | null = null;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('error', (error) => {
      log(`demo lock connection lost: ${error.message}`);
      if (client === next) client = null;
    });
    await next.connect();
    client = next;
    return next;
  };
  await connect();
  return {
    async query<T extends Record<string, unknown>>(q: SQL) {
      const { sql: text, params } = dialect.sqlToQuery(q);
      return (await (client ?? (await connect())).query(text, params)).rows as T[];
    },
    async close() {
      const last = client;
      client = null;
      await last?.end();
    },
  };
}

export class AdvisoryLock {
  private held = false;

  constructor(
    private readonly session: LockSession,
    private readonly keys: readonly [number, number] = DEMO_LOCK,
  ) {}

  get isHeld(): boolean {
    return this.held;
  }

  /**
   * Takes the lock if nobody holds it. Advisory locks are re-entrant within one session, so a holder in
   * this very session (a second runner on the same PGlite) counts as taken too.
   */
  async tryAcquire(): Promise<boolean> {
    const [k1, k2] = this.keys;
    if (this.held) {
      // Still ours? (A lost connection takes a session lock with it.) PGlite, one session without a server
      // process, lists its locks with no pid (and pg_backend_pid() answers 0): a lock there is this process's.
      const [own] = await this.session.query<{ held: boolean }>(sql`
        SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted AND coalesce(pid, pg_backend_pid()) = pg_backend_pid()
                          AND classid::bigint = ${k1} AND objid::bigint = ${k2} AND objsubid = 2) AS held`);
      if (own?.held === true) return true;
      this.held = false;
    }
    const [row] = await this.session.query<{ got: boolean }>(sql`
      SELECT CASE WHEN EXISTS (
               SELECT 1 FROM pg_locks
                WHERE locktype = 'advisory' AND granted AND classid::bigint = ${k1} AND objid::bigint = ${k2} AND objsubid = 2
                  AND database = (SELECT oid FROM pg_database WHERE datname = current_database()))
             THEN false ELSE pg_try_advisory_lock(${k1}::int, ${k2}::int) END AS got`);
    this.held = row?.got === true;
    return this.held;
  }

  async release(): Promise<void> {
    if (!this.held) return;
    this.held = false;
    const [k1, k2] = this.keys;
    await this.session.query(sql`SELECT pg_advisory_unlock(${k1}::int, ${k2}::int) AS released`);
  }
}
