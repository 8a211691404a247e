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
  /** Each run's performance score, in the order they ran. */
  runs: number[];
  /** The failed accessibility audits, to say what to fix. */
  failedAccessibility: string[];
  /**
   * Lighthouse's measure of the machine's CPU speed (its BenchmarkIndex, median of the runs). Its desktop preset
   * throttles no CPU: it takes the machine for a desktop-class one, and Lighthouse's own code calls a machine under
   * 1000 slower than it expects (SLOW_CPU_BENCHMARK_INDEX_THRESHOLD in core/gather/driver/environment.js).
   */
  benchmarkIndex: number;
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

/** The middle value (the upper middle of an even count). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Lighthouse's desktop audit (performance and accessibility, 0-100) of each page, in Debian's Chromium: the
 * median of `runs` audits per page, as Lighthouse's documentation advises (one run's performance score moves by
 * several points with what else the machine does). Playwright starts Chromium with a persistent profile and a
 * debugging port: the profile is the browser's default context, the one Lighthouse opens its tab in, so a session
 * written to localStorage here is the one the audited page sees. Lighthouse's own storage reset would log it out,
 * so it is off; the HTTP cache is cleared before each audit instead, for a first visit as Lighthouse would make it.
 */
export async function lighthouseScores(pages: readonly LighthousePage[], runs: number): Promise<LighthouseScores[]> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'ess-bench-lh-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const scores: LighthouseScores[] = [];
    for (const page of pages) {
      const performance: number[] = [];
      const accessibility: number[] = [];
      const failedAccessibility = new Set<string>();
      const benchmarkIndex: number[] = [];
      for (let run = 0; run < runs; run++) {
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
        const { categories, audits, runtimeError, environment } = result.lhr;
        benchmarkIndex.push(environment.benchmarkIndex);
        // A run Lighthouse could not measure scores 0 and says why; the median keeps one such run from deciding.
        if (runtimeError) console.log(`bench: Lighthouse run ${run + 1} of ${page.name}: ${runtimeError.code} ${runtimeError.message}`);
        performance.push(Math.round((categories.performance!.score ?? 0) * 100));
        accessibility.push(Math.round((categories.accessibility!.score ?? 0) * 100));
        for (const ref of categories.accessibility!.auditRefs) {
          if (ref.weight > 0 && audits[ref.id]?.score === 0) failedAccessibility.add(`${ref.id}: ${audits[ref.id]!.title}`);
        }
      }
      scores.push({
        name: page.name,
        performance: median(performance),
        accessibility: median(accessibility),
        runs: performance,
        failedAccessibility: [...failedAccessibility],
        benchmarkIndex: Math.round(median(benchmarkIndex)),
      });
    }
    return scores;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
