import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { queryRows } from '../../../server/core/db';
import { createTestApp, type TestApp } from '../helpers';

/** Logs in as the demo user of each role once per test (tokens are cheap to keep, argon2 is not). */
export function tokenCache(t: () => TestApp) {
  const tokens = new Map<string, string>();
  return {
    clear: () => tokens.clear(),
    async of(username: string): Promise<string> {
      let token = tokens.get(username);
      if (!token) {
        token = (await t().login(username)).AccessToken;
        tokens.set(username, token);
      }
      return token;
    },
  };
}

/**
 * One app for the file, its database reset and its tokens forgotten before every test: hands the app to
 * `use` (the file's variable) and answers the token cache.
 */
export function freshAppPerTest(use: (app: TestApp) => void) {
  let app: TestApp;
  const tokens = tokenCache(() => app);
  beforeAll(async () => {
    app = await createTestApp();
    use(app);
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await app.reset();
    tokens.clear();
  });
  return tokens;
}

/**
 * The content of every table as '<rows>:<md5 of the rows in a fixed order>', by table name, in one query:
 * a rejected call that updated a row changes its table's digest even when no row was added or removed.
 */
export async function tableDigests(t: TestApp): Promise<Record<string, string>> {
  const tables = (await queryRows<{ tablename: string }>(t.db, sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`)).map(
    (r) => r.tablename,
  );
  const parts = tables.map(
    (table) =>
      `SELECT '${table}' AS name, count(*)::int AS n, md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) AS digest FROM "${table}" x`,
  );
  const rows = await queryRows<{ name: string; n: number; digest: string }>(t.db, sql.raw(parts.join(' UNION ALL ')));
  return Object.fromEntries(rows.map((r) => [r.name, `${Number(r.n)}:${r.digest}`]));
}

/** Calls a path and proves the answer carries `code` and that no table changed (neither its rows nor their content). */
export async function expectRejected(t: TestApp, path: string, body: unknown, token: string, code: number, field?: string) {
  const before = await tableDigests(t);
  const { body: answer } = await t.post(path, body, { token });
  expect(answer.code, `${path} ${JSON.stringify(body)} → ${answer.info}`).toBe(code);
  if (field) expect(answer.info + JSON.stringify(answer.data ?? '')).toContain(field);
  expect(await tableDigests(t), `${path}: a table changed`).toEqual(before);
  return answer;
}

export async function expectOk<T = any>(t: TestApp, path: string, body: unknown, token: string): Promise<T> {
  const { body: answer } = await t.post<T>(path, body, { token });
  expect(answer.code, `${path} → ${answer.info}`).toBe(200);
  return answer.data;
}

export async function auditRows(t: TestApp, action: string) {
  const { userLog } = await import('../../../server/core/db/schema');
  const { eq } = await import('drizzle-orm');
  return t.db.select().from(userLog).where(eq(userLog.action, action));
}
