import { eq } from 'drizzle-orm';
import { systemShares, userLog, users } from '../../server/core/db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helpers';

const LOGIN = '/api/Account/Login';
const MINUTE = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const login = (username: string, password: string, ip?: string) => t.post(LOGIN, { username, password }, { ip });

describe('Login', () => {
  test('a demo user gets an access token and a refresh key', async () => {
    const { status, body } = await login('admin', DEMO_PASSWORD);
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, info: 'Success' });
    expect(body.data.AccessToken.split('.')).toHaveLength(3);
    expect(body.data.RefreshTokenKey.length).toBeGreaterThanOrEqual(40);
  });

  test('the user name is not case-sensitive', async () => {
    expect((await login('Admin', DEMO_PASSWORD)).body.code).toBe(200);
  });

  test('a wrong password and an unknown name answer the same code 5', async () => {
    const wrong = await login('admin', 'not-the-password');
    const unknown = await login('nobody-here', 'not-the-password');
    expect(wrong.body).toEqual({ code: 5, data: null, info: 'Wrong user name or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  test.each([
    ['{ password: DEMO_PASSWORD }', { password: DEMO_PASSWORD }, 3, 'username'],
    ["{ username: 'admin' }", { username: 'admin' }, 3, 'password'],
    ['{ username: null, password: DEMO_PASSWORD }', { username: null, password: DEMO_PASSWORD }, 3, 'username'],
    ["{ username: '', password: DEMO_PASSWORD }", { username: '', password: DEMO_PASSWORD }, 3, 'username'],
    ['{ username: 42, password: DEMO_PASSWORD }', { username: 42, password: DEMO_PASSWORD }, 2, 'username'],
    ["{ username: 'admin', password: ['demo2026'] }", { username: 'admin', password: ['demo2026'] }, 2, 'password'],
    ['{ username: <10,000 chars>, password: DEMO_PASSWORD }', { username: 'x'.repeat(10_000), password: DEMO_PASSWORD }, 2, 'username'],
    ["{ username: 'admin', password: <10,000 chars> }", { username: 'admin', password: 'x'.repeat(10_000) }, 2, 'password'],
  ])('bad body %s answers %i naming %s and changes nothing', async (_, body, code, field) => {
    const before = await t.database.rowCounts();
    const response = await t.post(LOGIN, body);
    expect(response.status).toBe(200);
    expect(response.body.code).toBe(code);
    expect(response.body.info).toContain(field);
    expect(await t.database.rowCounts()).toEqual(before);
  });

  test('a body error names its field in data, though the call has a response schema of another shape', async () => {
    // Login declares its success envelope ({ AccessToken, RefreshTokenKey }); a refusal is not squeezed into it.
    expect((await t.post(LOGIN, { password: DEMO_PASSWORD })).body).toEqual({
      code: 3,
      data: { field: 'username' },
      info: 'Parameter required: username',
    });
    const wrongType = (await t.post(LOGIN, { username: 'admin', password: 42 })).body;
    expect(wrongType).toMatchObject({ code: 2, data: { field: 'password' } });
  });

  test('no body at all answers 3, malformed JSON answers 2, neither changes anything', async () => {
    const before = await t.database.rowCounts();
    expect((await t.post(LOGIN)).body.code).toBe(3);
    const malformed = await t.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(malformed.statusCode).toBe(200);
    expect(malformed.json().code).toBe(2);
    expect(await t.database.rowCounts()).toEqual(before);
  });
});

describe('Login lockout', () => {
  test('5 wrong entries → 92, even with the right password, until 5 minutes have passed', async () => {
    for (let i = 1; i <= 4; i++) expect((await login('customer', `wrong-${i}`)).body.code).toBe(5);
    expect((await login('customer', 'wrong-5')).body.code).toBe(92);
    expect((await login('customer', DEMO_PASSWORD)).body).toMatchObject({ code: 92, info: 'Too many wrong entries, retry in 5 minutes' });
    t.clock.advance(4 * MINUTE);
    expect((await login('customer', DEMO_PASSWORD)).body.code).toBe(92);
    t.clock.advance(1 * MINUTE + 1000);
    expect((await login('customer', DEMO_PASSWORD)).body.code).toBe(200);
  });

  test('other user names are not affected by one name being held', async () => {
    for (let i = 1; i <= 5; i++) await login('customer', `wrong-${i}`);
    expect((await login('installer', DEMO_PASSWORD)).body.code).toBe(200);
  });

  test('wrong entries spread over more than 15 minutes do not add up', async () => {
    for (let i = 1; i <= 4; i++) {
      expect((await login('customer', `wrong-${i}`)).body.code).toBe(5);
      t.clock.advance(5 * MINUTE);
    }
    expect((await login('customer', 'wrong-5')).body.code).toBe(5);
  });

  test('a successful login clears the user-name counter', async () => {
    for (let i = 1; i <= 4; i++) await login('customer', `wrong-${i}`);
    expect((await login('customer', DEMO_PASSWORD)).body.code).toBe(200);
    for (let i = 1; i <= 4; i++) expect((await login('customer', `wrong-again-${i}`)).body.code).toBe(5);
  });

  test('unknown names are counted exactly like known ones: 5, then 92, held 5 minutes', async () => {
    const answers = async (username: string) => {
      const codes: number[] = [];
      for (let i = 1; i <= 6; i++) codes.push((await login(username, `wrong-${i}`)).body.code);
      t.clock.advance(5 * MINUTE + 1000);
      // Still 5 wrong entries within 15 minutes: one more wrong entry holds the name again at once.
      codes.push((await login(username, 'wrong-7')).body.code);
      return codes;
    };
    const known = await answers('customer');
    await t.reset();
    expect(await answers('ghost')).toEqual(known);
    expect(known).toEqual([5, 5, 5, 5, 92, 92, 92]);
  });

  test('after the hold a known user logs in with the right password at the first try', async () => {
    for (let i = 1; i <= 5; i++) await login('ghost', `wrong-${i}`);
    expect((await login('ghost', 'anything')).body.code).toBe(92);
    for (let i = 1; i <= 5; i++) await login('customer', `wrong-${i}`);
    t.clock.advance(5 * MINUTE + 1000);
    expect((await login('customer', DEMO_PASSWORD)).body.code).toBe(200);
  });

  test('a locked user with the right password gets 6; with a wrong one 5', async () => {
    await t.db.update(users).set({ locked: true }).where(eq(users.username, 'installer'));
    expect((await login('installer', 'wrong')).body.code).toBe(5);
    expect((await login('installer', DEMO_PASSWORD)).body).toMatchObject({ code: 6, info: 'User locked' });
  });
});

describe('Login of a sharer', () => {
  test('with an unexpired share → 200', async () => {
    expect((await login('sharer', DEMO_PASSWORD)).body.code).toBe(200);
  });

  test('with only expired shares → 97 (and 5 for a wrong password, revealing nothing)', async () => {
    const [sharer] = await t.db.select().from(users).where(eq(users.username, 'sharer'));
    await t.db
      .update(systemShares)
      .set({ expiresAt: new Date(t.clock().getTime() - 1000) })
      .where(eq(systemShares.sharerUserId, sharer!.id));
    expect((await login('sharer', 'wrong')).body.code).toBe(5);
    expect((await login('sharer', DEMO_PASSWORD)).body).toMatchObject({ code: 97, info: 'Share expired, cannot log in' });
  });

  test('the share expires with the clock', async () => {
    t.clock.advance(366 * 24 * 60 * MINUTE);
    expect((await login('sharer', DEMO_PASSWORD)).body.code).toBe(97);
  });

  test('a sharer who also holds another role needs no share', async () => {
    await t.db.update(systemShares).set({ expiresAt: new Date(0) });
    await t.db
      .update(users)
      .set({ roles: ['sharer', 'customer'] })
      .where(eq(users.username, 'sharer'));
    expect((await login('sharer', DEMO_PASSWORD)).body.code).toBe(200);
  });
});

describe('Login audit trail', () => {
  test('successful and failed logins are written to user_log with address and time', async () => {
    await login('admin', DEMO_PASSWORD, '192.0.2.10');
    await login('admin', 'wrong', '192.0.2.11');
    await login('no-such-user', 'wrong', '192.0.2.12');
    const rows = await t.db.select().from(userLog).orderBy(userLog.id);
    expect(rows.map((r) => [r.username, r.action, r.ip, r.detail?.reason])).toEqual([
      ['admin', 'login', '192.0.2.10', undefined],
      ['admin', 'login_failed', '192.0.2.11', 'wrong_password'],
      ['no-such-user', 'login_failed', '192.0.2.12', 'unknown_user'],
    ]);
    expect(rows[0]!.userId).not.toBeNull();
    expect(rows[2]!.userId).toBeNull();
    expect(rows[0]!.createdAt.toISOString()).toBe(t.clock().toISOString());
  });
});
