import { STORAGE_KEYS } from '../../src/api/session';
import { createTestApp, type TestApp } from './helpers';
import { testCall, withTestCalls } from './test-calls';

/** The routes only these tests add: one that fails unexpectedly and two behind permissions. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    configure: (app) =>
      withTestCalls(app, [
        [
          testCall('/test/boom', 'public'),
          async () => {
            throw new Error('database on fire');
          },
        ],
        [testCall('/test/users-only', { subject: 'user', action: 'read' }), async () => 'secret'],
        [testCall('/test/export-log', { subject: 'userLog', action: 'export' }), async () => 'rows'],
      ]),
  });
});
afterAll(() => t.close());
beforeEach(() => t.reset());

test('an unknown /api path → HTTP 404 with code 101 naming the path', async () => {
  const { status, body } = await t.post('/api/Account/NoSuchCall?x=1');
  expect(status).toBe(404);
  expect(body).toEqual({ code: 101, data: null, info: 'Illegal request: POST /api/Account/NoSuchCall' });
  expect((await t.get('/api/Account/Login')).status).toBe(404);
});

test('an error thrown inside a route → code 500 envelope with a generic text; the server keeps serving', async () => {
  const { body } = await t.post('/api/test/boom');
  expect(body).toEqual({ code: 500, data: null, info: 'Unknown error' });
  expect(JSON.stringify(body)).not.toContain('fire');
  expect((await t.post('/api/Account/Login', { username: 'admin', password: 'demo2026' })).body.code).toBe(200);
});

test('a body that is not JSON, or too large, → code 2', async () => {
  const notJson = await t.inject({
    method: 'POST',
    url: '/api/Account/Login',
    headers: { 'content-type': 'text/plain' },
    payload: 'hello',
  });
  expect(notJson.json().code).toBe(2);
  const huge = await t.inject({
    method: 'POST',
    url: '/api/Account/Login',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ username: 'admin', password: 'x'.repeat(2 * 1024 * 1024) }),
  });
  expect(huge.json().code).toBe(2);
});

test('config.permission: code 45 for roles without the route, the answer for those with it', async () => {
  const customer = await t.login('customer');
  const admin = await t.login('admin');
  const servicer = await t.login('servicer');
  expect((await t.post('/api/test/users-only', undefined, { token: customer.AccessToken })).body).toEqual({
    code: 45,
    data: null,
    info: 'No permission',
  });
  expect((await t.post('/api/test/users-only', undefined, { token: admin.AccessToken })).body.data).toBe('secret');
  expect((await t.post('/api/test/export-log', undefined, { token: servicer.AccessToken })).body.data).toBe('rows');
  expect((await t.post('/api/test/export-log', undefined, { token: customer.AccessToken })).body.code).toBe(45);
  expect((await t.post('/api/test/users-only')).status).toBe(401);
});

test.each([
  ['a bare route key', 'userManagement'],
  ['an [action, key] pair', ['export', 'userLog']],
])('config.permission as %s (the forms before { subject, action }) stops the server from starting', async (_, permission) => {
  await expect(
    createTestApp({
      configure: (app) =>
        app.post('/api/Test/OldForm', { config: { permission: permission as never } }, async () => ({
          code: 200,
          data: null,
          info: 'Success',
        })),
    }),
  ).rejects.toThrow(/OldForm: config.permission must be \{ subject, action \}/);
});

test('/api/docs/json is an OpenAPI document listing the Account calls; /api/docs is the UI', async () => {
  const { AccessToken } = await t.login('admin');
  const doc = (await t.inject({ method: 'GET', url: '/api/docs/json', headers: { authorization: `Bearer ${AccessToken}` } })).json();
  expect(doc.openapi).toMatch(/^3\./);
  for (const path of ['Login', 'RefreshToken', 'GetUserInfo', 'Logout', 'ChangePassword', 'CheckUsername', 'GetUserAgreement']) {
    expect(doc.paths[`/api/Account/${path}`]?.post, path).toBeDefined();
  }
  expect(doc.paths['/api/Account/GetSystemTimeZones'].get).toBeDefined();
  expect(doc.paths['/api/Account/Login'].post.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
  const ui = await t.inject({ method: 'GET', url: '/api/docs/' });
  expect(ui.statusCode).toBe(200);
  expect(ui.headers['content-type']).toContain('text/html');
});

test('the OpenAPI document is for logged-in staff: 401 without a token, 45 for customers and sharers', async () => {
  for (const url of ['/api/docs/json', '/api/docs/yaml']) {
    const anonymous = await t.inject({ method: 'GET', url });
    expect(anonymous.statusCode, url).toBe(401);
    expect(anonymous.json().code).toBe(401);
    for (const user of ['customer', 'sharer']) {
      const { AccessToken } = await t.login(user);
      const refused = await t.inject({ method: 'GET', url, headers: { authorization: `Bearer ${AccessToken}` } });
      expect(refused.json(), `${user} ${url}`).toEqual({ code: 45, data: null, info: 'No permission' });
    }
    const { AccessToken } = await t.login('sncreator');
    expect((await t.inject({ method: 'GET', url, headers: { authorization: `Bearer ${AccessToken}` } })).statusCode).toBe(200);
  }
});

test("the docs page sends the portal's access token (localStorage 'token') with its requests", async () => {
  expect(STORAGE_KEYS.token).toBe('token');
  const script = await t.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
  expect(script.statusCode).toBe(200);
  expect(script.body).toContain('requestInterceptor');
  expect(script.body).toMatch(/localStorage\.getItem\(["']token["']\)/);
});

test('security headers on every API answer: nothing may load, frame or sniff it', async () => {
  const response = await t.inject({ method: 'POST', url: '/api/Account/Login', payload: { username: 'admin', password: 'demo2026' } });
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(response.headers['strict-transport-security']).toBeDefined();
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  // The answer holds the tokens: no browser or proxy cache may keep it.
  expect(response.headers['cache-control']).toBe('no-store');
});

test('security headers on pages: a CSP that admits the built app and nothing else', async () => {
  const response = await t.inject({ method: 'GET', url: '/Login' });
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("style-src 'self' 'unsafe-inline'");
  expect(csp).toContain("img-src 'self' data: blob:");
  expect(csp).not.toContain('upgrade-insecure-requests');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['strict-transport-security']).toBeDefined();
});
