import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
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

/** Calls a path and proves the answer carries `code` and that no table changed. */
export async function expectRejected(t: TestApp, path: string, body: unknown, token: string, code: number, field?: string) {
  const before = await t.database.rowCounts();
  const { body: answer } = await t.post(path, body, { token });
  expect(answer.code, `${path} ${JSON.stringify(body)} → ${answer.info}`).toBe(code);
  if (field) expect(answer.info + JSON.stringify(answer.data ?? '')).toContain(field);
  expect(await t.database.rowCounts()).toEqual(before);
  return answer;
}

export async function expectOk<T = any>(t: TestApp, path: string, body: unknown, token: string): Promise<T> {
  const { body: answer } = await t.post<T>(path, body, { token });
  expect(answer.code, `${path} → ${answer.info}`).toBe(200);
  return answer.data;
}

export async function auditRows(t: TestApp, action: string) {
  const { userLog } = await import('../../../server/db/schema');
  const { eq } = await import('drizzle-orm');
  return t.db.select().from(userLog).where(eq(userLog.action, action));
}
