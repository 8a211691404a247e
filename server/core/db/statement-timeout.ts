import { sql } from 'drizzle-orm';
import type { Database } from './database';

/**
 * How long one statement of an interactive call may run on PostgreSQL before the server cancels it (the pool's
 * `statement_timeout`, database.ts). One request with a pathological filter must not hold a connection and
 * its locks while everybody else waits; the client's own timeout is 50 s (spec §8).
 *
 * PGlite does not cancel: PostgreSQL's statement timeout is a timer signal (SIGALRM) handled between two steps of
 * the executor, and PGlite runs the backend single-threaded in WASM without signals, so `SET statement_timeout`
 * is accepted and ignored (`SELECT pg_sleep(3)` under a 100 ms timeout sleeps the 3 s; see
 * tests/api/hardening/edge-statement-timeout.test.ts). On PGlite the defence is the bounds on every input
 * (input-shape.ts, the route schemas), and a database that stops answering is caught by liveness.ts.
 */
export const INTERACTIVE_STATEMENT_TIMEOUT_MS = 5_000;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Runs `work` in a transaction whose statements may each take up to `timeoutMs` (`SET LOCAL` ends with the
 * transaction, so the pooled connection goes back with the interactive timeout).
 */
export function withStatementTimeout<T>(db: Database, timeoutMs: number, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${Math.max(0, Math.trunc(timeoutMs))}`));
    return work(tx);
  });
}

/** SQLSTATE 57014 query_canceled: the statement timeout fired (or an administrator cancelled the query). */
const QUERY_CANCELED = '57014';

/** Whether an error is a statement cancelled by the server, as either driver reports it (Drizzle may wrap it as the cause). */
export function isStatementTimeout(error: unknown): boolean {
  const { code, cause } = (error ?? {}) as { code?: string; cause?: { code?: string } };
  return (code ?? cause?.code) === QUERY_CANCELED;
}
