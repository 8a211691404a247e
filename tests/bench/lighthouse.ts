import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../chromium';

export interface LighthousePage {
  name: string;
  url: string;
  /** localStorage of the origin before the audit (a logged-in session); none for a public page. */
  storage?: Record<string, string>;
}

export interface LighthouseScores {
  name: string;
  performance: number;
  accessibility: number;
  /** The failed accessibility audits, to say what to fix. */
  failedAccessibility: string[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Lighthouse's desktop audit (performance and accessibility, 0-100) of each page, in Debian's Chromium.
 * Playwright starts it with a persistent profile and a debugging port: the profile is the browser's default
 * context, the one Lighthouse opens its tab in, so a session written to localStorage here is the one the
 * audited page sees. Lighthouse's own storage reset would log it out, so it is off; the HTTP cache is
 * cleared before each audit instead, for a first visit as Lighthouse would make it.
 */
export async function lighthouseScores(pages: readonly LighthousePage[]): Promise<LighthouseScores[]> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'ess-bench-lh-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const scores: LighthouseScores[] = [];
    for (const page of pages) {
      const tab = await context.newPage();
      // Any same-origin document without the app will do to reach the origin's storage.
      await tab.goto(new URL('/favicon.svg', page.url).href);
      await tab.evaluate((storage) => {
        localStorage.clear();
        for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
      }, page.storage ?? {});
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Network.clearBrowserCache');
      await tab.close();

      const result = await lighthouse(
        page.url,
        { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true },
        desktopConfig,
      );
      if (!result) throw new Error(`bench: Lighthouse gave no result for ${page.url}`);
      const { categories, audits } = result.lhr;
      const failedAccessibility = categories
        .accessibility!.auditRefs.filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
        .map((ref) => `${ref.id}: ${audits[ref.id]!.title}`);
      scores.push({
        name: page.name,
        performance: Math.round((categories.performance!.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility!.score ?? 0) * 100),
        failedAccessibility,
      });
    }
    return scores;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
