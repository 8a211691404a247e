import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../../../server/core/db';
import { isStatementTimeout, withStatementTimeout } from '../../../server/core/db/statement-timeout';
import { createTestApp, type TestApp } from '../helpers';
import { testCall, withTestCalls } from '../test-calls';

const serverUrl = process.env.DATABASE_URL;

describe('a statement cancelled by the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      configure: (app) =>
        withTestCalls(app, [
          [
            testCall('/test/cancelled', 'public'),
            async () => {
              // What node-postgres throws (and Drizzle wraps) when statement_timeout fires.
              throw Object.assign(new Error('Failed query: SELECT …'), {
                cause: Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
              });
            },
          ],
          [
            testCall('/test/sleep', 'public'),
            async () => {
              await t.db.execute(sql`SELECT pg_sleep(10)`);
              return null;
            },
          ],
        ]),
    });
  });
  afterAll(() => t.close());

  it('is recognised by its SQLSTATE 57014, bare or as the cause', () => {
    expect(isStatementTimeout({ code: '57014' })).toBe(true);
    expect(isStatementTimeout({ cause: { code: '57014' } })).toBe(true);
    expect(isStatementTimeout({ code: '23505' })).toBe(false);
    expect(isStatementTimeout(new Error('x'))).toBe(false);
    expect(isStatementTimeout(undefined)).toBe(false);
  });

  it('answers code 400 saying the request took too long, not 500', async () => {
    const { status, body } = await t.post('/api/test/cancelled');
    expect(status).toBe(200);
    expect(body).toEqual({ code: 400, data: null, info: 'Operation failure: the request took too long' });
  });

  it.skipIf(!serverUrl)(
    'on PostgreSQL: a 10 s query of an interactive call is cancelled (code 400) and the server answers after',
    async () => {
      expect(t.database.kind).toBe('postgres');
      const { body } = await t.post('/api/test/sleep');
      expect(body).toEqual({ code: 400, data: null, info: 'Operation failure: the request took too long' });
      expect((await t.get('/api/health')).body.code).toBe(200);
    },
  );
});

describe.skipIf(!serverUrl)('statement timeouts on PostgreSQL', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ url: serverUrl!, statementTimeoutMs: 200 });
  });
  afterAll(() => database.close());

  const timeoutOf = async (db = database.db) =>
    (await queryRows<{ t: string }>(db, sql`SELECT current_setting('statement_timeout') AS t`))[0]!.t;

  it("every pooled connection has the pool's timeout", async () => {
    const seen = await Promise.all(Array.from({ length: 4 }, () => timeoutOf()));
    expect(new Set(seen)).toEqual(new Set(['200ms']));
    await expect(database.db.execute(sql`SELECT pg_sleep(1)`)).rejects.toSatisfy(isStatementTimeout);
  });

  it('withStatementTimeout lends a block a longer timeout, and the connection returns with the short one', async () => {
    const inside = await withStatementTimeout(database.db, 60_000, async (tx) => {
      await tx.execute(sql`SELECT pg_sleep(0.4)`);
      return timeoutOf(tx as never);
    });
    expect(inside).toBe('1min');
    await expect(database.db.execute(sql`SELECT pg_sleep(1)`)).rejects.toSatisfy(isStatementTimeout);
  });

  it('0 means no limit (migrations and the seed at start)', async () => {
    const unlimited = await openDatabase({ url: serverUrl!, statementTimeoutMs: 0 });
    try {
      expect(await timeoutOf(unlimited.db)).toBe('0');
    } finally {
      await unlimited.close();
    }
  });
});

describe('statement timeouts on PGlite', () => {
  // The reason PGlite relies on input bounds instead (server/core/db/statement-timeout.ts). Should a PGlite version
  // start cancelling, this fails, and PGlite can get the interactive timeout as PostgreSQL has.
  it('are accepted and ignored: a sleep longer than the timeout completes', async () => {
    const database = await openDatabase({ inMemory: true });
    try {
      await database.db.execute(sql`SET statement_timeout = 50`);
      const [row] = await queryRows<{ done: boolean }>(database.db, sql`SELECT true AS done FROM pg_sleep(0.5)`);
      expect(row!.done).toBe(true);
    } finally {
      await database.close();
    }
  }, 120_000); // a fresh PGlite takes seconds to start on a busy machine
});
