import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressFiles } from '../../build/precompress';
import { createTestApp, type TestApp } from './helpers';

/** The built web app beside /api, as `npm start` serves it (a stand-in dist/ folder, precompressed as the build does). */
let t: TestApp;
let dist: string;
// Long enough that compressing pays (the build skips files under 1 kB).
const INDEX_HTML = `<!doctype html><div id="root"></div><!-- ${'portal '.repeat(300)} -->`;
const HASHED_JS = `console.log(${JSON.stringify('figures '.repeat(300))});`;
const DASHBOARD_HTML = INDEX_HTML.replace('<div', '<link rel="modulepreload" crossorigin href="/assets/index-BYcR899c.js"><div');
const FILES: Record<string, string> = {
  'index.html': INDEX_HTML,
  'assets/app-1234.js': 'console.log(1)',
  'assets/index-BYcR899c.js': HASHED_JS,
  'assets/tslib.es6-GQ-4cbqP.js': HASHED_JS,
  'assets/index-Dhuv7X9E.css': `.figure { color: red; }\n${'.x { margin: 0 }\n'.repeat(200)}`,
  'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`,
  // A page behind the login with its chunks asked for at once (build/route-preloads.ts).
  'route-pages/dashboard.html': DASHBOARD_HTML,
  'route-pages/index.json': JSON.stringify({ '/dashboard': 'route-pages/dashboard.html' }),
};
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'ess-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'route-pages'));
  for (const [file, content] of Object.entries(FILES)) writeFileSync(join(dist, file), content);
  await precompressFiles(dist, Object.keys(FILES));
  t = await createTestApp({ config: { staticDir: dist } });
}, 300_000);
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
  'the client-side route %s gets index.html, revalidated on every load',
  async (url) => {
    const response = await t.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  },
);

describe('pages behind the login that fetch their chunks at once', () => {
  test.each(['/dashboard', '/Dashboard/', '/dashboard?sn=ESS1'])(
    '%s gets the dashboard’s copy of index.html, compressed and revalidated',
    async (url) => {
      const response = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(DASHBOARD_HTML);
    },
  );

  test('a page without a copy gets index.html', async () => {
    const response = await t.inject({ method: 'GET', url: '/BasicSettings/changePwd' });
    expect(response.body).toBe(INDEX_HTML);
  });
});

describe('precompressed files by the browser’s Accept-Encoding', () => {
  test('brotli when accepted (preferred over gzip), gzip when only gzip is, the plain file otherwise', async () => {
    const url = '/assets/index-BYcR899c.js';
    const br = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(HASHED_JS);
    expect(br.rawPayload.length).toBeLessThan(HASHED_JS.length / 5);

    const gz = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(HASHED_JS);

    const plain = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(HASHED_JS);
  });

  test.each(['/', '/Login'])('index.html at %s comes compressed too, and still not cached', async (url) => {
    const response = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
  });

  test('a file too small to gain is sent as it is', async () => {
    const response = await t.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('console.log(1)');
  });
});

describe('cache lifetimes', () => {
  test.each(['/assets/index-BYcR899c.js', '/assets/tslib.es6-GQ-4cbqP.js', '/assets/index-Dhuv7X9E.css'])(
    'the hashed asset %s is kept a year and never revalidated, compressed or not',
    async (url) => {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const response = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    },
  );

  test.each(['/assets/app-1234.js', '/favicon.svg'])('%s has no content hash in its name: revalidated', async (url) => {
    const response = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  test('a script of an older build that is gone is a 404, not index.html', async () => {
    const response = await t.inject({ method: 'GET', url: '/assets/index-Gone1234.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toContain('text/html');
  });
});

test('unknown /api paths still answer the 404 envelope, and /api keeps working', async () => {
  const missing = await t.inject({ method: 'GET', url: '/api/NoSuch/Thing' });
  expect(missing.statusCode).toBe(404);
  expect(missing.json().code).toBe(101);
  await t.seed();
  expect((await t.post('/api/Account/Login', { username: 'admin', password: 'demo2026' })).body.code).toBe(200);
});
