import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../server/app';
import { migrate, openDatabase } from '../../../server/core/db';
import { DatabaseLiveness } from '../../../server/core/db/liveness';
import { createTestApp, createTestClock, DEMO_PASSWORD, type TestApp } from '../helpers';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers HTTP 200 with code 200 without a token while the database answers', async () => {
    const { status, body, headers } = await t.get('/api/health');
    expect(status).toBe(200);
    expect(body).toEqual({ code: 200, data: { database: 'up' }, info: 'Success' });
    expect(headers['cache-control']).toBe('no-store');
  });

  it('answers HTTP 503 with code 500 once the database is gone, and reports the death once', async () => {
    const database = await openDatabase({ inMemory: true });
    await migrate(database.db);
    const onDatabaseDead = vi.fn();
    const app = await buildApp({
      db: database.db,
      clock: createTestClock(),
      config: { jwtSecret: randomBytes(32).toString('hex'), demoPassword: DEMO_PASSWORD, logLevel: false },
      onDatabaseDead,
    });
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      // As after an abort: every query throws from now on.
      await database.close();
      for (let i = 0; i < 4; i++) {
        const answer = await app.inject({ method: 'GET', url: '/api/health' });
        expect(answer.statusCode).toBe(503);
        expect(answer.json()).toEqual({ code: 500, data: { database: 'down' }, info: 'Unknown error: the database does not answer' });
      }
      expect(onDatabaseDead).toHaveBeenCalledTimes(1);
      expect(onDatabaseDead.mock.calls[0]![0]).toMatch(/failed 3 checks in a row/);
    } finally {
      // Closing hooks that still talk to the closed database may fail; that is not what this test is about.
      await app.close().catch(() => {});
    }
  }, 120_000); // a fresh, migrated PGlite takes seconds on a busy machine
});

describe('DatabaseLiveness', () => {
  it('counts a ping without an answer within the timeout as a failure; a success in between resets the count', async () => {
    const onDead = vi.fn();
    let hang = true;
    const liveness = new DatabaseLiveness({
      ping: () => (hang ? new Promise(() => {}) : Promise.resolve()),
      onDead,
      timeoutMs: 20,
      failuresToDie: 2,
    });
    expect(await liveness.check()).toBe(false);
    hang = false;
    expect(await liveness.check()).toBe(true);
    hang = true;
    expect(await liveness.check()).toBe(false);
    expect(onDead).not.toHaveBeenCalled();
    expect(await liveness.check()).toBe(false);
    expect(onDead).toHaveBeenCalledTimes(1);
    expect(onDead.mock.calls[0]![0]).toMatch(/no answer within 20 ms/);
  });

  it('lets concurrent callers share one ping', async () => {
    const ping = vi.fn(() => new Promise((resolve) => setTimeout(resolve, 10)));
    const liveness = new DatabaseLiveness({ ping, onDead: () => {} });
    expect(await Promise.all([liveness.check(), liveness.check(), liveness.check()])).toEqual([true, true, true]);
    expect(ping).toHaveBeenCalledTimes(1);
  });

  it('checks in the background once started, until stopped', async () => {
    const ping = vi.fn(() => Promise.resolve());
    const liveness = new DatabaseLiveness({ ping, onDead: () => {}, intervalMs: 5 });
    liveness.start();
    await vi.waitFor(() => expect(ping.mock.calls.length).toBeGreaterThanOrEqual(2));
    liveness.stop();
    const calls = ping.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(ping.mock.calls.length).toBe(calls);
  });
});
