import type { Browser } from 'playwright-core';

export interface FirstContent {
  /** From navigation start to the first element matching the selector with text in it, in ms. */
  ms: number;
  /** Compressed bytes (as sent over the wire) of the scripts that had arrived by then. */
  jsBytes: number;
}

declare global {
  interface Window {
    __firstContentAt?: number;
  }
}

/**
 * Opens `url` in a fresh browser context (empty cache: a first visit), with `storage` put in localStorage
 * before the app starts, and measures when the first element matching `selector` holds text, recorded in
 * the page by a MutationObserver (no polling delay), and how much compressed JavaScript had been fetched
 * by that moment (Resource Timing's encodedBodySize, i.e. after brotli or gzip).
 */
export async function measureFirstContent(
  browser: Browser,
  url: string,
  selector: string,
  storage: Record<string, string> = {},
): Promise<FirstContent> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    await context.addInitScript(
      ({ selector, storage }) => {
        for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
        // No named functions in here: tsx would wrap them in a helper that does not exist in the page.
        const observer = new MutationObserver(() => {
          if (window.__firstContentAt === undefined && document.querySelector(selector)?.textContent?.trim()) {
            window.__firstContentAt = performance.now();
            observer.disconnect();
          }
        });
        observer.observe(document, { childList: true, subtree: true, characterData: true });
      },
      { selector, storage },
    );
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => window.__firstContentAt !== undefined, undefined, { timeout: 120_000 });
    return await page.evaluate(() => {
      const at = window.__firstContentAt!;
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (entry) => new URL(entry.name).pathname.endsWith('.js') && entry.responseEnd <= at,
      );
      return { ms: at, jsBytes: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0) };
    });
  } finally {
    await context.close();
  }
}

/** The median of `runs` cold loads (the first figure of a busy machine varies from load to load). */
export async function medianFirstContent(runs: number, measure: () => Promise<FirstContent>): Promise<FirstContent> {
  const results: FirstContent[] = [];
  for (let i = 0; i < runs; i++) results.push(await measure());
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { ms: median(results.map((r) => r.ms)), jsBytes: median(results.map((r) => r.jsBytes)) };
}
