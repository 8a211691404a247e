import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the web build is made of: when any of it is newer than dist/index.html, build again. */
const SOURCES = ['src', 'locales', 'permissions', 'resources', 'index.html', 'public', 'vite.config.ts', 'build', 'contract'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function webBuildIsStale(root: string, outDir: string): boolean {
  const index = join(outDir, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(root, source)) > built);
}

/**
 * Builds the web app with Vite's API (vite.config.ts applies) when it is missing or stale. Always the
 * production bundle: Vite builds React's development version when NODE_ENV says anything else, as it
 * does when the portal is started from a test runner (NODE_ENV=test); that bundle is a third larger and
 * slower, and the portal would go on serving it.
 */
export async function ensureWebBuild(root: string, outDir: string, log: (message: string) => void): Promise<void> {
  if (!webBuildIsStale(root, outDir)) return;
  log('building the web app (vite build)…');
  const { build } = await import('vite');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  log('web app built');
}
