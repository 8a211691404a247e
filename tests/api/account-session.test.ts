import { eq } from 'drizzle-orm';
import { sessions, userLog, users } from '../../server/core/db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp, type Tokens } from './helpers';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const refresh = (userName: string, tokens: Tokens) =>
  t.post<Tokens>('/api/Account/RefreshToken', { userName, accessToken: tokens.AccessToken, refreshTokenKey: tokens.RefreshTokenKey });
const userInfo = (token?: string, headers?: Record<string, string>) => t.post('/api/Account/GetUserInfo', undefined, { token, headers });

describe('GetUserInfo and the access token', () => {
  test('answers the caller from the database', async () => {
    const { AccessToken } = await t.login('customer');
    expect((await userInfo(AccessToken)).body).toEqual({
      code: 200,
      info: 'Success',
      data: {
        username: 'customer',
        name: 'Thomas Becker',
        email: 'thomas.becker@mail.example',
        roles: ['customer'],
        country: 'DE',
        languageCode: 'en-US',
        menuDenied: [],
      },
    });
  });

  test('names the caller by the user name when the profile has no display name (the sidebar greets by name)', async () => {
    await t.db.update(users).set({ displayName: '  ' }).where(eq(users.username, 'customer'));
    const { AccessToken } = await t.login('customer');
    expect((await userInfo(AccessToken)).body.data.name).toBe('customer');
  });

  test.each([
    ['no Authorization header', undefined],
    ['a garbage token', { authorization: 'Bearer not.a.token' }],
    ['a token signed with another secret', { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl' }],
    ['another scheme', { authorization: 'Basic YWRtaW46ZGVtbzIwMjY=' }],
  ])('%s → HTTP 401 with envelope code 401', async (_, headers) => {
    const { status, body } = await userInfo(undefined, headers);
    expect(status).toBe(401);
    expect(body.code).toBe(401);
    expect(body.data).toBeNull();
  });

  test('the access token lasts 5 minutes by the injected clock', async () => {
    const { AccessToken } = await t.login('admin');
    t.clock.advance(4 * MINUTE + 59_000);
    expect((await userInfo(AccessToken)).status).toBe(200);
    t.clock.advance(2000);
    const expired = await userInfo(AccessToken);
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe(401);
  });
});

describe('RefreshToken', () => {
  test('rotates: the new key works, the old key is refused as reused (102), then the newest key → 7', async () => {
    const first = await t.login('admin');
    const second = await refresh('admin', first);
    expect(second.body.code).toBe(200);
    expect(second.body.data.RefreshTokenKey).not.toBe(first.RefreshTokenKey);
    expect((await userInfo(second.body.data.AccessToken)).status).toBe(200);

    const third = await refresh('admin', second.body.data);
    expect(third.body.code).toBe(200);

    const replay = await refresh('admin', first);
    expect(replay.body).toMatchObject({ code: 102, info: 'Login timeout' });
    const newest = await refresh('admin', third.body.data);
    expect(newest.body).toEqual({ code: 7, data: null, info: 'Token timeout', status: 7 });

    const [session] = await t.db.select().from(sessions);
    expect(session!.revokedReason).toBe('key_reuse');
    const actions = (await t.db.select().from(userLog)).map((r) => r.action);
    expect(actions).toContain('refresh_reuse');
  });

  test('works after the access token expired (that is what it is for)', async () => {
    const tokens = await t.login('admin');
    t.clock.advance(20 * MINUTE);
    const renewed = await refresh('admin', tokens);
    expect(renewed.body.code).toBe(200);
    expect((await userInfo(renewed.body.data.AccessToken)).status).toBe(200);
  });

  test('an unknown key → 102', async () => {
    const tokens = await t.login('admin');
    expect((await refresh('admin', { ...tokens, RefreshTokenKey: 'made-up-key' })).body.code).toBe(102);
  });

  test('another user name or another session’s access token → 102', async () => {
    const admin = await t.login('admin');
    const other = await t.login('admin');
    expect((await refresh('customer', admin)).body.code).toBe(102);
    expect((await refresh('admin', { AccessToken: other.AccessToken, RefreshTokenKey: admin.RefreshTokenKey })).body.code).toBe(102);
    expect((await refresh('admin', admin)).body.code).toBe(200);
  });

  test('the session expires 30 days after its last refresh → 102', async () => {
    let tokens = await t.login('admin');
    t.clock.advance(29 * DAY);
    const renewed = await refresh('admin', tokens);
    expect(renewed.body.code).toBe(200);
    tokens = renewed.body.data;
    t.clock.advance(30 * DAY);
    expect((await refresh('admin', tokens)).body.code).toBe(102);
  });

  test.each([
    ["{ accessToken: 'a', refreshTokenKey: 'b' }", { accessToken: 'a', refreshTokenKey: 'b' }, 3, 'userName'],
    ["{ userName: 'admin', refreshTokenKey: 'b' }", { userName: 'admin', refreshTokenKey: 'b' }, 3, 'accessToken'],
    ["{ userName: 'admin', accessToken: 'a' }", { userName: 'admin', accessToken: 'a' }, 3, 'refreshTokenKey'],
    [
      "{ userName: 'admin', accessToken: 'a', refreshTokenKey: 7 }",
      { userName: 'admin', accessToken: 'a', refreshTokenKey: 7 },
      2,
      'refreshTokenKey',
    ],
    [
      "{ userName: 'admin', accessToken: <10,000 chars>, refreshTokenKey: 'b' }",
      { userName: 'admin', accessToken: 'a'.repeat(10_000), refreshTokenKey: 'b' },
      2,
      'accessToken',
    ],
  ])('bad body %s answers %i naming %s and changes nothing', async (_, body, code, field) => {
    await t.login('admin');
    const before = await t.database.rowCounts();
    const { body: answer } = await t.post('/api/Account/RefreshToken', body);
    expect(answer.code).toBe(code);
    expect(answer.info).toContain(field);
    expect(await t.database.rowCounts()).toEqual(before);
  });
});

describe('Logout', () => {
  test('revokes the session: its refresh answers 7 with status 7, and the row says why', async () => {
    const tokens = await t.login('servicer');
    const { body } = await t.post('/api/Account/Logout', undefined, { token: tokens.AccessToken });
    expect(body).toEqual({ code: 200, data: null, info: 'Success' });
    expect((await refresh('servicer', tokens)).body).toMatchObject({ code: 7, status: 7 });
    const [session] = await t.db.select().from(sessions);
    expect(session!.revokedReason).toBe('logout');
    expect(session!.revokedAt!.toISOString()).toBe(t.clock().toISOString());
    expect((await t.db.select().from(userLog).where(eq(userLog.action, 'logout'))).length).toBe(1);
  });

  test('needs an access token', async () => {
    expect((await t.post('/api/Account/Logout')).status).toBe(401);
  });
});

describe('ChangePassword', () => {
  const change = (token: string, body: unknown) => t.post('/api/Account/ChangePassword', body, { token });

  test('changes it, ends the other sessions (7), keeps this one, and the old password no longer works', async () => {
    const here = await t.login('customer');
    const elsewhere = await t.login('customer');
    const { body } = await change(here.AccessToken, { oldPassword: DEMO_PASSWORD, newPassword: 'Sunny2026days' });
    expect(body.code).toBe(200);
    expect((await refresh('customer', elsewhere)).body).toMatchObject({ code: 7, status: 7 });
    expect((await refresh('customer', here)).body.code).toBe(200);
    expect((await t.post('/api/Account/Login', { username: 'customer', password: DEMO_PASSWORD })).body.code).toBe(5);
    expect((await t.post('/api/Account/Login', { username: 'customer', password: 'Sunny2026days' })).body.code).toBe(200);
    expect((await t.db.select().from(userLog).where(eq(userLog.action, 'password_change'))).length).toBe(1);
  });

  test('a wrong old password → 23, nothing changed', async () => {
    const { AccessToken } = await t.login('customer');
    const before = await t.database.rowCounts();
    expect((await change(AccessToken, { oldPassword: 'wrong', newPassword: 'Sunny2026days' })).body.code).toBe(23);
    expect(await t.database.rowCounts()).toEqual(before);
    expect((await t.post('/api/Account/Login', { username: 'customer', password: DEMO_PASSWORD })).body.code).toBe(200);
  });

  test.each([
    ["{ newPassword: 'Sunny2026days' }", { newPassword: 'Sunny2026days' }, 3, 'oldPassword'],
    ['{ oldPassword: DEMO_PASSWORD }', { oldPassword: DEMO_PASSWORD }, 3, 'newPassword'],
    ["{ oldPassword: DEMO_PASSWORD, newPassword: 'short1' }", { oldPassword: DEMO_PASSWORD, newPassword: 'short1' }, 2, 'newPassword'],
    [
      "{ oldPassword: DEMO_PASSWORD, newPassword: 'onlyletters' }",
      { oldPassword: DEMO_PASSWORD, newPassword: 'onlyletters' },
      2,
      'newPassword',
    ],
    [
      "{ oldPassword: DEMO_PASSWORD, newPassword: '1234567890' }",
      { oldPassword: DEMO_PASSWORD, newPassword: '1234567890' },
      2,
      'newPassword',
    ],
    ['{ oldPassword: DEMO_PASSWORD, newPassword: 12345678 }', { oldPassword: DEMO_PASSWORD, newPassword: 12345678 }, 2, 'newPassword'],
    [
      "{ oldPassword: DEMO_PASSWORD, newPassword: 'a1' + <10,000 chars> }",
      { oldPassword: DEMO_PASSWORD, newPassword: `a1${'x'.repeat(10_000)}` },
      2,
      'newPassword',
    ],
  ])('bad body %s answers %i naming %s and changes nothing', async (_, body, code, field) => {
    const { AccessToken } = await t.login('customer');
    const before = await t.database.rowCounts();
    const { body: answer } = await change(AccessToken, body);
    expect(answer.code).toBe(code);
    expect(answer.info).toContain(field);
    expect(await t.database.rowCounts()).toEqual(before);
    expect((await t.post('/api/Account/Login', { username: 'customer', password: DEMO_PASSWORD })).body.code).toBe(200);
  });

  test('needs an access token', async () => {
    expect((await t.post('/api/Account/ChangePassword', { oldPassword: DEMO_PASSWORD, newPassword: 'Sunny2026days' })).status).toBe(401);
  });
});
