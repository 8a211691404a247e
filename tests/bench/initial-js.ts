import { gzipSync } from 'node:zlib';
import { resolve } from 'node:path';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../../build/precompress';
import { launchChromium } from '../chromium';
import { serveStatic } from './static-server';

/**
 * The JavaScript a browser fetches to show one route, gzip-compressed, in bytes: what a user on a slow
 * line waits for before the page works.
 */
export async function initialJavaScript(siteUrl: string, path: string): Promise<number> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
      }
    });
    await page.goto(siteUrl + path, { waitUntil: 'networkidle' });
    return (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
  } finally {
    await browser.close();
  }
}

/** Builds the blank Refine + antd app (layout and one table), the reference of the size and web budgets, precompressed as the portal's build is. */
export async function buildBlankApp(outDir: string) {
  await build({
    root: 'tests/bench/blank-app',
    configFile: false,
    logLevel: 'warn',
    plugins: [react(), precompress()],
    build: { outDir: resolve(outDir), emptyOutDir: true, chunkSizeWarningLimit: 5000 },
  });
}

export async function measureSite(root: string, path: string) {
  const site = await serveStatic(root);
  try {
    return await initialJavaScript(site.url, path);
  } finally {
    await site.close();
  }
}
