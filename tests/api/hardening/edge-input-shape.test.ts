import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findInputFault, INPUT_LIMITS } from '../../../server/core/http/input-shape';
import { expectRejected, tokenCache } from '../admin/helpers';
import { createTestApp, type TestApp } from '../helpers';

/** `depth` arrays inside one another around a 1: `[[[1]]]` for 3. */
function nestedArrays(depth: number): string {
  return '['.repeat(depth) + '1' + ']'.repeat(depth);
}

describe('input shape (unit)', () => {
  it('admits 32 levels and refuses 33, naming where', () => {
    expect(findInputFault(JSON.parse(nestedArrays(INPUT_LIMITS.depth)), 'body')).toBeNull();
    const fault = findInputFault({ a: JSON.parse(nestedArrays(INPUT_LIMITS.depth)) }, 'body');
    expect(fault?.reason).toMatch(/nested deeper than 32/);
    expect(fault?.field).toBe(['a', ...Array(INPUT_LIMITS.depth - 1).fill('0')].join('.'));
  });

  it('refuses NUL and lone surrogates in values and keys, admits surrogate pairs', () => {
    expect(findInputFault({ remark: 'solar ☀ 😀 ok' }, 'body')).toBeNull();
    expect(findInputFault({ remark: 'a\u0000b' }, 'body')).toEqual({ field: 'remark', reason: 'value contains a NUL character' });
    expect(findInputFault({ items: [{}, {}, {}, { name: 'x\uD800' }] }, 'body')?.field).toBe('items.3.name');
    expect(findInputFault({ items: [{ ['k\uDC00']: 1 }] }, 'body')).toEqual({
      field: 'items.0.k\uFFFD',
      reason: 'key contains a lone UTF-16 surrogate',
    });
    expect(findInputFault('\u0000', 'body')?.field).toBe('body');
  });

  it('refuses what secure-json-parse refuses: __proto__ keys and constructor.prototype', () => {
    expect(findInputFault(JSON.parse('{"a":{"__proto__":{"admin":true}}}'), 'body')?.field).toBe('a.__proto__');
    expect(findInputFault(JSON.parse('{"constructor":{"prototype":{"admin":true}}}'), 'body')?.field).toBe('constructor');
    expect(findInputFault({ constructor: 'a name' }, 'body')).toBeNull();
  });

  it('bounds the number of keys and items, and the length of any string', () => {
    expect(findInputFault({ list: Array(INPUT_LIMITS.entries - 1).fill(0) }, 'body')).toBeNull();
    expect(findInputFault({ list: Array(INPUT_LIMITS.entries).fill(0) }, 'body')?.reason).toMatch(/more than/);
    expect(findInputFault({ text: 'x'.repeat(INPUT_LIMITS.stringLength) }, 'body')).toBeNull();
    expect(findInputFault({ text: 'x'.repeat(INPUT_LIMITS.stringLength + 1) }, 'body')?.field).toBe('text');
  });
});

describe('input shape at the HTTP edge', () => {
  let t: TestApp;
  const tokens = tokenCache(() => t);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.reset();
    tokens.clear();
  });

  it('refuses a body nested 3,000 deep with code 2 before the database sees it; the database still answers', async () => {
    const deep = `{"settings":{"x":${nestedArrays(3000)}}}`;
    expect(deep.length).toBeGreaterThan(6000);
    for (const user of ['sharer', 'customer']) {
      const answer = await t.inject({
        method: 'POST',
        url: '/api/ESS/SaveIndexESSSet',
        headers: { authorization: `Bearer ${await tokens.of(user)}`, 'content-type': 'application/json' },
        payload: deep,
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ code: 2, data: { field: expect.stringMatching(/^settings\.x\.0\.0/) } });
      expect(answer.json().info).toMatch(/nested deeper than 32 levels/);
    }
    // Login reads the database: it would answer 500 had the embedded database aborted.
    await t.login('admin');
    const { body } = await t.get('/api/ESS/GetIndexESSSet', { token: await tokens.of('sharer') });
    expect(body).toMatchObject({ code: 200, data: {} });
  });

  it('refuses NUL and lone surrogates in a body, naming the field, and changes nothing', async () => {
    const token = await tokens.of('customer');
    await expectRejected(
      t,
      '/api/ESS/SaveIndexESSSet',
      { settings: { items: [{}, {}, {}, { name: 'a\u0000' }] } },
      token,
      2,
      'settings.items.3.name',
    );
    await expectRejected(t, '/api/ESS/SaveIndexESSSet', { settings: { remark: 'half \uD83D' } }, token, 2, 'settings.remark');
    await expectRejected(
      t,
      '/api/ESS/SaveIndexESSSet',
      JSON.parse('{"settings":{"__proto__":{"admin":true}}}'),
      token,
      2,
      'settings.__proto__',
    );
  });

  it('refuses a NUL in a query string, naming the field; an encoded lone surrogate never becomes one', async () => {
    const token = await tokens.of('customer');
    const get = (url: string) => t.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
    const nul = await get('/api/ESS/GetSecondDataBySn?sn=AB%00CD');
    expect(nul).toMatchObject({ code: 2, data: { field: 'sn' } });
    expect(nul.info).toBe('Parameter error: sn (value contains a NUL character)');
    // HTTP carries no UTF-16: a surrogate can only come percent-encoded as invalid UTF-8, which the query
    // parser leaves as the literal text (the walk refuses a lone surrogate should a parser ever decode one).
    const surrogate = await get('/api/ESS/GetSecondDataBySn?sn=AB%ED%A0%80CD');
    expect(surrogate.code).not.toBe(500);
  });
});
