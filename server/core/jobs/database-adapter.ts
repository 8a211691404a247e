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
    return {
      async executeSql(text, values) {
        if (values && values.length > 0) return { rows: (await pool.query(text, values)).rows };
        // A `BEGIN; …; COMMIT;` block that fails half-way leaves its connection in an aborted transaction: roll it
        // back before the connection goes back to the pool, where the app's next query would fail on it.
        const client = await pool.connect();
        try {
          const result = (await client.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
          return { rows: Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows };
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        } finally {
          client.release();
        }
      },
    };
  }
  const pglite = target.client;
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return { rows: (await pglite.query(text, values)).rows };
      // Without parameters pg-boss may send several statements in one text (its migrations, its locked
      // `BEGIN; …; COMMIT;` blocks), which PGlite's `exec` takes. A failure inside such a block would leave the one
      // connection of the whole app in an aborted transaction, so the block runs in PGlite's own transaction
      // instead, which rolls back on a failure.
      const statements = text.replace(/^\s*BEGIN;/i, '').replace(/COMMIT;\s*$/i, '');
      const results = await pglite.transaction((tx) => tx.exec(statements));
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}
