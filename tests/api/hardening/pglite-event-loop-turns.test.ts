import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../../../server/core/db';

/**
 * PGlite answers on this thread: a queue of queries run back to back kept node from polling its sockets, and
 * at 200 connections most of them waited in the accept queue past the client's 10 s timeout (the
 * dashboard-mix benchmark). Each query now runs on its own turn of the event loop, in the order issued.
 */
describe('PGlite queries under load', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ inMemory: true });
  });
  afterAll(() => handle.close());

  it('let the event loop turn between queued queries, and answer each in the order issued', async () => {
    const answered: number[] = [];
    const queries = Array.from({ length: 30 }, (_, i) =>
      queryRows<{ n: number }>(handle.db, sql`SELECT ${i}::int AS n`).then((rows) => {
        answered.push(rows[0]!.n);
      }),
    );
    // An event-loop turn (where node accepts connections and reads sockets) comes while the queue still runs.
    const answeredAtFirstTurn = await new Promise<number>((resolve) => setImmediate(() => resolve(answered.length)));
    await Promise.all(queries);
    expect(answeredAtFirstTurn).toBeLessThan(30);
    expect(answered).toEqual(Array.from({ length: 30 }, (_, i) => i));
  });

  it('let a failed query leave the queue running', async () => {
    const failed = queryRows(handle.db, sql`SELECT * FROM no_such_table`);
    const next = queryRows<{ n: number }>(handle.db, sql`SELECT 7::int AS n`);
    await expect(failed).rejects.toThrow();
    expect((await next)[0]!.n).toBe(7);
  });
});
