import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

it('an URL over 16 kB answers our envelope (code 2) with HTTP 431, not a bare status', async () => {
  const response = await fetch(`${base}/api/ESS/GetSecondDataBySn?sn=${'A'.repeat(17 * 1024)}`);
  expect(response.status).toBe(431);
  expect(response.headers.get('content-type')).toContain('application/json');
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(await response.json()).toEqual({ code: 2, data: null, info: 'Parameter error: the URL and headers may not exceed 16 kB' });
  // The server goes on answering.
  expect((await (await fetch(`${base}/api/health`)).json()).code).toBe(200);
});

it('an URL under the limit reaches the route and its checks', async () => {
  const response = await fetch(`${base}/api/ESS/GetSecondDataBySn?sn=${'A'.repeat(8 * 1024)}`);
  expect(response.status).toBe(401);
  expect((await response.json()).code).toBe(401);
});
