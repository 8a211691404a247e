import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './helpers';

/** The built web app beside /api, as `npm start` serves it (a stand-in dist/ folder). */
let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'ess-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await createTestApp({ config: { staticDir: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

test('files are served as they are', async () => {
  const response = await t.inject({ method: 'GET', url: '/assets/app-1234.js' });
  expect(response.statusCode).toBe(200);
  expect(response.body).toBe('console.log(1)');
});

test.each(['/', '/Login', '/BasicSettings/changePwd', '/customerComplaintList/attachmentDetails?id=3'])(
  'the client-side route %s gets index.html',
  async (url) => {
    const response = await t.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
  },
);

test('unknown /api paths still answer the 404 envelope, and /api keeps working', async () => {
  const missing = await t.inject({ method: 'GET', url: '/api/NoSuch/Thing' });
  expect(missing.statusCode).toBe(404);
  expect(missing.json().code).toBe(101);
  await t.seed();
  expect((await t.post('/api/Account/Login', { username: 'admin', password: 'demo2026' })).body.code).toBe(200);
});
