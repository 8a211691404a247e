import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Fastify from 'fastify';
import { registerWebApp } from '../../server/core/http/static';

export interface Site {
  url: string;
  close(): Promise<void>;
}

/** The demo database the web figures read, seeded once into .bench/ and copied for each run. */
const DEMO_TEMPLATE = resolve('.bench/web-demo-data');

async function bootPortal(dataDir: string, staticDir?: string): Promise<Site> {
  // boot() reads its settings from the environment: a private data folder, no live demo fleet (its writes
  // every few seconds would compete with the browser being timed).
  const saved = { DATA_DIR: process.env.DATA_DIR, DEMO_LIVE: process.env.DEMO_LIVE, LOG_LEVEL: process.env.LOG_LEVEL };
  Object.assign(process.env, { DATA_DIR: dataDir, DEMO_LIVE: 'false', LOG_LEVEL: 'warn' });
  const { boot } = await import('../../server/boot');
  const booted = await boot({ staticDir, onDatabaseDead: (reason) => console.error(`bench portal: database dead (${reason})`) });
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  await booted.app.listen({ port: 0, host: '127.0.0.1' });
  const address = booted.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await booted.app.close();
      await booted.database.close();
    },
  };
}

/**
 * The portal as `npm start` runs it (the built web app from `staticDir`, served with its compression and
 * cache headers) on a free port, over a copy of the seeded demo in a temporary folder removed on close.
 */
export async function startBenchPortal(staticDir: string): Promise<Site> {
  if (!existsSync(join(DEMO_TEMPLATE, 'pglite'))) {
    console.log('seeding the demo for the web figures (once, kept in .bench/web-demo-data)…');
    await (await bootPortal(DEMO_TEMPLATE)).close();
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'ess-bench-web-'));
  cpSync(DEMO_TEMPLATE, dataDir, { recursive: true });
  const portal = await bootPortal(dataDir, resolve(staticDir));
  return {
    url: portal.url,
    async close() {
      await portal.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A built single-page app served exactly as the portal serves its own (server/core/http/static.ts). */
export async function serveApp(root: string): Promise<Site> {
  const app = Fastify();
  await registerWebApp(app, resolve(root));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/** A demo user's access tokens, from the login call, to put in a fresh browser's storage as the app does. */
export async function loginTokens(site: Site, username: string): Promise<Record<string, string>> {
  const response = await fetch(`${site.url}/api/Account/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: process.env.DEMO_PASSWORD ?? 'demo2026' }),
  });
  const envelope = (await response.json()) as { code: number; data?: { AccessToken: string; RefreshTokenKey: string } };
  if (envelope.code !== 200 || !envelope.data) throw new Error(`bench: login of ${username} answered ${envelope.code}`);
  // The keys of src/api/session.ts.
  return { token: envelope.data.AccessToken, refreshTokenKey: envelope.data.RefreshTokenKey, userName: username };
}
