import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../chromium';
import { inject } from 'vitest';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo2026';
export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 375, height: 812 };

export function baseUrl(): string {
  return inject('baseUrl');
}

export const launch = launchChromium;

export async function newPage(browser: Browser, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl() });
  const page = await context.newPage();
  return { context, page };
}

/** Logs in through the login form, as a person does. */
export async function login(page: Page, username: string, password = DEMO_PASSWORD) {
  if (!page.url().includes('/Login')) await page.goto('/Login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/Login'));
}
