import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/core/db';
import { noise } from '../../../server/core/weather/random';
import type { TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';
import { documentedCalls, type DocumentedCall, type JsonSchema } from './openapi';

/**
 * The fuzz test: every call of the OpenAPI document gets generated bad bodies (and query strings) —
 * wrong types, missing and extra fields, null, lists, long strings, deep nesting, `__proto__`, NUL, lone
 * surrogates, odd numbers, impossible dates — as admin and as customer on the demo world. No answer may be an
 * HTTP 5xx or code 500, and a refused call (code ≠ 200) changes no table: a row trigger on every table counts
 * the rows each table had written (a rolled-back write counts nothing), which is what the table digests of
 * expectRejected prove, at the cost of one small read instead of hashing the whole demo fleet per call.
 *
 * The generator is seeded (FUZZ_SEED, printed) so a failure can be replayed: `FUZZ_SEED=<n> npx vitest run
 * --project api tests/api/hardening/fuzz.test.ts`. CI runs a fixed seed, so a red run is never luck.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
let draws = 0;
const random = () => noise(SEED, draws++);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/** Calls left out, and why. */
const SKIPPED: Record<string, string> = {
  // Ends the caller's session: every later call of the role would answer 401 and test nothing.
  '/api/Account/Logout': 'ends the session',
};
/** Calls whose refusals are recorded on purpose, so a refused call may change these tables (and only these). */
const RECORDED_REFUSALS: Record<string, string[]> = {
  // A wrong login is counted for the lockout and written to the user log (spec: 5 per name, 50 per address).
  '/api/Account/Login': ['login_failures', 'user_log'],
  // Recovery requests are counted per name and address (15: too many), refused or not.
  '/api/Account/ForgetPassword': ['recovery_requests'],
  '/api/Account/ForgetUserName': ['recovery_requests'],
  // Unknown S/Ns and wrong check codes are counted per S/N and address (92: too many); a wrong mailed code counts a
  // try against the code (53 once spent).
  '/api/Account/CheckSysSn': ['registration_failures'],
  '/api/Account/Register': ['registration_failures', 'registration_codes'],
  // Wrong warranty keys are counted per user and address in the same table (92: too many).
  '/api/Warranty/UpdateWarranty': ['registration_failures'],
  // Installing checks the labels the same way (server/install: checkLabel), and so does giving a system by its label.
  '/api/SystemInstall/CheckInstallSn': ['registration_failures'],
  '/api/SystemInstall/InstallNewSystem': ['registration_failures'],
  '/api/SystemAssociation/AssociateSystem': ['registration_failures'],
};

/** A value written into the JSON text as is (what JSON.stringify cannot produce: -0, 1e400, huge integers). */
class Raw {
  constructor(readonly text: string) {}
}

const deep = (levels: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

/** The bad values a field is given, one at a time. */
const BAD_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  new Raw('-0'),
  new Raw('1e400'),
  new Raw('123456789012345678901234567890'),
  'NaN',
  'Infinity',
  '-Infinity',
  '1e3',
  '0x10',
  ' 16',
  '016',
  [],
  [1],
  ['a', 'b'],
  {},
  { a: 1 },
  deep(40),
  '',
  ' ',
  'x'.repeat(5_000),
  'y'.repeat(70_000),
  '\u0000',
  'a\u0000b',
  '\uD800',
  'a\uDC00b',
  '2026-02-31',
  '2026-13-01',
  '0000-00-00',
  '2026-02-31T25:61:00Z',
  '9999-12-31T23:59:59+99:00',
  '__proto__',
  'constructor',
  "'; DROP TABLE users; --",
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
];

/** Whole bodies, whatever the call takes. */
const BAD_BODIES: readonly string[] = [
  'null',
  '[]',
  '"text"',
  '42',
  'true',
  '{}',
  '{"a":',
  '',
  JSON.stringify(deep(40)),
  '['.repeat(3000) + ']'.repeat(3000),
  '{"__proto__":{"admin":true,"roles":["admin"]}}',
  '{"constructor":{"prototype":{"admin":true}}}',
];

/** JSON text of a value holding Raw parts. */
function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v) => (v instanceof Raw ? `\u0001raw${raws.push(v.text) - 1}\u0001` : v));
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_m, i) => raws[Number(i)]!);
}

/** A plausible value of a schema (the fields around the one made bad): ids that name nothing, harmless text. */
function sample(schema: JsonSchema | undefined, name: string, resolve: (s: JsonSchema) => JsonSchema): unknown {
  const s = schema ? resolve(schema) : {};
  if (s.anyOf || s.oneOf) return sample((s.anyOf ?? s.oneOf)[0], name, resolve);
  if (s.enum) return s.enum[0];
  if (s.const !== undefined) return s.const;
  if (/(^id$|Id$|_id$)/.test(name)) return 999_999;
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'object' || s.properties) {
    const out: Record<string, unknown> = {};
    for (const [key, sub] of Object.entries<JsonSchema>(s.properties ?? {})) out[key] = sample(sub, key, resolve);
    return out;
  }
  if (type === 'array') return s.minItems ? [sample(s.items, name, resolve)] : [];
  if (type === 'integer' || type === 'number') return Math.max(s.minimum ?? 1, Math.min(s.maximum ?? 1, 1));
  if (type === 'boolean') return false;
  if (type === 'string') {
    if (/mail/i.test(name)) return 'fuzz@example.com';
    if (s.format === 'date-time') return '2026-03-01T00:00:00Z';
    if (String(s.pattern ?? '').includes('\\d{4}-\\d{2}-\\d{2}')) return '2026-03-01';
    if (String(s.pattern ?? '').includes(':[0-5]')) return '08:00';
    if (String(s.pattern ?? '').includes('[A-Z]{3}')) return 'EUR';
    if (/sn$/i.test(name)) return 'FUZZ00000001';
    return 'f'.repeat(Math.max(s.minLength ?? 1, Math.min(8, s.maxLength ?? 8)));
  }
  return 'f';
}

/** Bad JSON bodies for a call: the whole-body ones, then one field at a time missing, wrong or surrounded by extras. */
function badBodies(call: DocumentedCall, resolve: (s: JsonSchema) => JsonSchema): string[] {
  const bodies = [...BAD_BODIES];
  const base = (call.body ? sample(call.body, '', resolve) : {}) as Record<string, unknown>;
  if (typeof base !== 'object' || base === null || Array.isArray(base)) return bodies;
  bodies.push(toJson({ ...base, unexpected: 'extra field', [pick(BAD_VALUES) as string]: 1 }));
  bodies.push(`{"__proto__":{"admin":true},${toJson(base).slice(1)}`.replace(',}', '}'));
  for (const [key, sub] of Object.entries<JsonSchema>(call.body?.properties ?? {})) {
    const { [key]: _dropped, ...missing } = base;
    bodies.push(toJson(missing));
    for (let i = 0; i < 5; i++) bodies.push(toJson({ ...base, [key]: pick(BAD_VALUES) }));
    // A list of objects: its first item's fields get bad values too.
    const items = resolve(sub).items && resolve(resolve(sub).items);
    if (items?.properties) {
      const item = sample(items, key, resolve) as Record<string, unknown>;
      for (const field of Object.keys(items.properties)) bodies.push(toJson({ ...base, [key]: [{ ...item, [field]: pick(BAD_VALUES) }] }));
    }
  }
  return bodies;
}

/** Bad query strings for a GET call (text only; a lone surrogate and NUL as their percent-encoded bytes). */
function badQueries(call: DocumentedCall, resolve: (s: JsonSchema) => JsonSchema): string[] {
  const queries = ['', '?', '?unexpected=1', '?__proto__[admin]=true', '?a[b][c][d][e]=1'];
  const names = Object.keys(call.query?.properties ?? {});
  const base = names.map((n) => `${n}=${encodeURIComponent(String(sample(call.query!.properties[n], n, resolve)))}`);
  const texts = [
    '',
    '%00',
    'a%00b',
    '%ED%A0%80',
    '%C0%AF',
    '0x10',
    '1e3',
    '-1',
    '1.5',
    'NaN',
    '99999999999999999999',
    '2026-02-31',
    'x'.repeat(5_000),
    '%25',
    '__proto__',
  ];
  for (const [i, name] of names.entries()) {
    const others = base.filter((_, j) => j !== i);
    queries.push(`?${others.join('&')}`);
    queries.push(`?${[...others, `${name}=a`, `${name}=b`].join('&')}`);
    for (const text of texts) queries.push(`?${[...others, `${name}=${text}`].join('&')}`);
  }
  return queries;
}

interface Answer {
  status: number;
  code: number | undefined;
  info: string;
}

let t: TestApp;
const tokens: Record<string, string> = {};

/** Counts, per table, the rows written from now on (inserted, updated or deleted and committed). */
async function countWrites(): Promise<void> {
  const tables = await queryRows<{ tablename: string }>(t.db, sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`);
  await t.db.execute(sql.raw('CREATE TABLE fuzz_writes (name text PRIMARY KEY, n bigint NOT NULL)'));
  await t.db.execute(
    sql.raw(`CREATE FUNCTION fuzz_count() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      INSERT INTO fuzz_writes VALUES (TG_TABLE_NAME, 1) ON CONFLICT (name) DO UPDATE SET n = fuzz_writes.n + 1; RETURN NULL; END $$`),
  );
  for (const { tablename } of tables) {
    await t.db.execute(
      sql.raw(`CREATE TRIGGER fuzz_count AFTER INSERT OR UPDATE OR DELETE ON "${tablename}" FOR EACH ROW EXECUTE FUNCTION fuzz_count()`),
    );
  }
}

/** The rows written per table so far, leaving out the tables a call's refusals write on purpose. */
async function writes(ignored: readonly string[]): Promise<Record<string, number>> {
  const rows = await queryRows<{ name: string; n: number }>(t.db, sql`SELECT name, n FROM fuzz_writes`);
  return Object.fromEntries(rows.filter((r) => !ignored.includes(r.name)).map((r) => [r.name, Number(r.n)]));
}

beforeAll(async () => {
  t = await createMonitoringWorld(1);
  for (const role of ['admin', 'customer']) tokens[role] = (await t.login(role)).AccessToken;
  // The menu tree is filled from the route table by the first /Menu/ call: not a change a refusal made.
  await t.post('/api/Menu/GetMenuPageList', {}, { token: tokens.admin });
  await countWrites();
}, 180_000);
afterAll(() => t.close());

async function send(call: DocumentedCall, role: string, payload: string): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${tokens[role]}` };
  const response =
    call.method === 'GET'
      ? await t.inject({ method: 'GET', url: `${call.path}${payload}`, headers })
      : await t.inject({ method: 'POST', url: call.path, headers: { ...headers, 'content-type': 'application/json' }, payload });
  let code: number | undefined;
  let info = '';
  if (String(response.headers['content-type'] ?? '').includes('json')) {
    const body = response.json() as { code?: number; info?: string };
    code = body.code;
    info = String(body.info ?? '');
  }
  return { status: response.statusCode, code, info };
}

/** After a 401: when the call ended the role's session (a password reset of oneself …), log in again as a user would. */
async function renewSessionIfEnded(role: string): Promise<boolean> {
  const probe = await t.inject({ method: 'POST', url: '/api/Account/GetUserInfo', headers: { authorization: `Bearer ${tokens[role]}` } });
  if (probe.statusCode !== 401) return false;
  tokens[role] = (await t.login(role)).AccessToken;
  return true;
}

describe(`fuzz (FUZZ_SEED=${SEED})`, () => {
  it('no generated bad input answers HTTP 5xx or code 500, and no refused call changes a table', { timeout: 300_000 }, async () => {
    console.info(`fuzz: FUZZ_SEED=${SEED}`);
    const { calls, resolve } = documentedCalls(t.app);
    const failures: string[] = [];
    let sent = 0;
    for (const call of calls) {
      if (SKIPPED[call.path]) continue;
      const payloads = call.method === 'GET' ? badQueries(call, resolve) : badBodies(call, resolve);
      const started = Date.now();
      for (const role of ['admin', 'customer']) {
        const ignored = RECORDED_REFUSALS[call.path] ?? [];
        let before = await writes(ignored);
        for (const payload of payloads) {
          const answer = await send(call, role, payload);
          sent++;
          const shown = payload.length > 120 ? `${payload.slice(0, 120)}… (${payload.length} chars)` : payload;
          if (answer.status >= 500 || answer.code === 500)
            failures.push(`${role} ${call.method} ${call.path} ${shown} → HTTP ${answer.status} code ${answer.code} ${answer.info}`);
          if (answer.status === 401 && (await renewSessionIfEnded(role))) {
            before = await writes(ignored);
            continue;
          }
          const after = await writes(ignored);
          // An accepted body may write; a refused one may not.
          const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
          if (answer.code !== 200 && changed.length)
            failures.push(`${role} ${call.path} ${shown} → code ${answer.code}, yet ${changed.join(', ')} changed`);
          before = after;
        }
      }
      if (process.env.FUZZ_VERBOSE) console.info(`${call.path}: ${payloads.length} × 2 in ${Date.now() - started} ms`);
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures, `FUZZ_SEED=${SEED}`).toEqual([]);
  });
});
