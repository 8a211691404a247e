import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Database } from '../db';
import { listenTarget } from '../db/database';

/**
 * pg-boss on the app's own database rather than on a pool of its own: on PGlite (one connection, in this process)
 * that is the only way, and its queries join the same one-at-a-time queue as every other query
 * (server/core/db/database.ts); on PostgreSQL they go through the app's pool.
 */
export function jobQueueDatabase(db: Database): PgBoss.Db {
  const target = listenTarget(db);
  if (target.kind === 'postgres') {
    // Drizzle keeps its driver as `$client` (the same look-up as listenTarget's).
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    return { executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows }) };
  }
  const pglite = target.client;
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return { rows: (await pglite.query(text, values)).rows };
      // Without parameters pg-boss may send several statements in one text (its migrations, a locked
      // BEGIN … COMMIT block): PGlite's `query` takes one statement, its `exec` several (answering each one's rows).
      const results = await pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}
