import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTER_TEXT_MAX } from '../../../resources/rules';
import { createTestApp, type TestApp } from '../helpers';
import { documentedCalls, isString, walkSchema } from './openapi';

/**
 * One request with a megabyte of search text stalled every user (PGlite runs one query
 * at a time). Every string a call takes has a maximum length and every list a maximum count, and a list
 * filter over its bound is refused before any query.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.seed();
});
afterAll(() => t.close());

/** Every statement's parameters the database is sent while `run` runs (PGlite's client, under Drizzle). */
async function parametersSentDuring<T>(run: () => Promise<T>): Promise<{ result: T; parameters: unknown[] }> {
  const client = (t.db as unknown as { $client: { query: (...args: any[]) => Promise<unknown> } }).$client;
  const original = client.query;
  const parameters: unknown[] = [];
  client.query = function (this: unknown, ...args: any[]) {
    parameters.push(...((args[1] as unknown[] | undefined) ?? []));
    return original.apply(this, args);
  };
  try {
    return { result: await run(), parameters };
  } finally {
    client.query = original;
  }
}

describe('the OpenAPI document', () => {
  it('bounds every string (maxLength) and every list (maxItems) of every request body and query string', () => {
    const { calls, resolve } = documentedCalls(t.app);
    expect(calls.length).toBeGreaterThan(50);
    // Guard of the guard: the generated admin calls document their bodies too.
    expect(calls.find((c) => c.path === '/api/UserLog/GetUserLogPageList')?.body?.properties?.username).toBeTruthy();
    const unbounded: string[] = [];
    for (const call of calls) {
      for (const [part, schema] of [
        ['body', call.body],
        ['query', call.query],
      ] as const) {
        if (!schema) continue;
        for (const { path, schema: s } of walkSchema(schema, resolve)) {
          // An enum or a constant is bounded by its values.
          if (isString(s) && s.maxLength === undefined && !s.enum && s.const === undefined)
            unbounded.push(`${call.path} ${part} ${path}: string without maxLength`);
          if (s.type === 'array' && s.maxItems === undefined) unbounded.push(`${call.path} ${part} ${path}: array without maxItems`);
        }
      }
    }
    expect(unbounded).toEqual([]);
  });
});

describe('a list filter over its bound', () => {
  it('answers 2 naming the filter, and its text never reaches the database', async () => {
    const admin = (await t.login('admin')).AccessToken;
    // Under the parser's 64 kB cap on any string (H1), so this is the filter's own bound at work.
    const long = 'a'.repeat(60_000);
    const { result, parameters } = await parametersSentDuring(() =>
      t.post('/api/UserLog/GetUserLogPageList', { pageIndex: 1, pageSize: 10, username: long }, { token: admin }),
    );
    expect(result.body.code).toBe(2);
    expect(result.body.info).toContain('username');
    expect(parameters.some((p) => typeof p === 'string' && p.includes('aaaa'))).toBe(false);
    // At the bound it is a search like any other.
    const atBound = await t.post('/api/UserLog/GetUserLogPageList', { username: 'a'.repeat(FILTER_TEXT_MAX) }, { token: admin });
    expect(atBound.body.code).toBe(200);
  });

  it('the 990 kB username filter answers 2 at once while another user’s call made at the same time is served', async () => {
    const admin = (await t.login('admin')).AccessToken;
    const other = (await t.login('systemmanager')).AccessToken;
    const { result, parameters } = await parametersSentDuring(() =>
      Promise.all([
        t.post('/api/UserLog/GetUserLogPageList', { pageIndex: 1, pageSize: 10, username: 'x'.repeat(990_000) }, { token: admin }),
        t.post('/api/User/GetUserPageList', { pageIndex: 1, pageSize: 10 }, { token: other }),
      ]),
    );
    const [attack, second] = result;
    expect(attack.body.code).toBe(2);
    expect(second.body.code).toBe(200);
    expect(second.body.data.dataCount).toBeGreaterThan(0);
    expect(parameters.some((p) => typeof p === 'string' && p.includes('xxxx'))).toBe(false);
  });

  it('every generated list refuses an over-long text filter, an over-long sort field and too many values', async () => {
    const admin = (await t.login('admin')).AccessToken;
    const long = 'b'.repeat(FILTER_TEXT_MAX + 1);
    for (const [path, body, field] of [
      ['/api/License/GetLicensePageList', { company: long }, 'company'],
      ['/api/SN/GetSnPageList', { sn: long }, 'sn'],
      ['/api/User/GetUserPageList', { email: long }, 'email'],
      ['/api/EmailRule/GetMailOutboxPageList', { recipient: long }, 'recipient'],
      ['/api/Menu/GetMenuPageList', { parent_key: Array.from({ length: 101 }, (_, i) => `k${i}`) }, 'parent_key'],
      ['/api/User/GetUserPageList', { sort: [{ field: long, order: 'asc' }] }, 'sort'],
      ['/api/Translation/GetTranslationPageList', { text: long }, 'text'],
    ] as const) {
      const { body: answer } = await t.post(path, body, { token: admin });
      expect(answer.code, `${path} ${field}`).toBe(2);
      expect(answer.info, path).toContain(field);
    }
  });

  it('an impossible date in a date-range filter answers 2 (it used to reach PostgreSQL as a cast)', async () => {
    const admin = (await t.login('admin')).AccessToken;
    const { body } = await t.post('/api/UserLog/GetUserLogPageList', { created_at: ['2026-02-31', '2026-03-01'] }, { token: admin });
    expect(body.code).toBe(2);
    expect(body.info).toContain('created_at');
    const fine = await t.post('/api/UserLog/GetUserLogPageList', { created_at: ['2026-02-01', '2026-03-01'] }, { token: admin });
    expect(fine.body.code).toBe(200);
  });
});
