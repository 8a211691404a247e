import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchChromium } from '../chromium';
import { inject } from 'vitest';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo2026';
export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 375, height: 812 };

export function baseUrl(): string {
  return inject('baseUrl');
}

export const launch = launchChromium;

/**
 * A page in a new context, with the system setting for less motion on: the portal then opens its modals and menus
 * without their zoom and slide (as it does for such users), so they settle in a frame instead of 0.3 s.
 */
export async function newPage(browser: Browser, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), reducedMotion: 'reduce' });
  const page = await context.newPage();
  return { context, page };
}

/**
 * The dialog (antd modal) holding `content`, once it has finished opening. Until then antd marks it with its motion
 * classes (`ant-zoom-appear-prepare`, even without motion, for a frame); two clicks in dialogs still in that state (a
 * checkbox, a rating star) were lost on busy CI machines, the click done but the control unchanged.
 */
export async function openedDialog(page: Page, content: Locator): Promise<Locator> {
  const dialog = page.locator('.ant-modal:not([class*="-appear"]):not([class*="-enter"])').filter({ has: content });
  await dialog.waitFor();
  return dialog;
}

/**
 * Logs in through the login form, as a person does. Filled and sent again if the page is still the login page 15 s
 * later: once on a busy CI machine the form stayed there for 30 s after the click (no reproduction here, with the
 * CPU slowed six times); each retry is printed (untilItHolds).
 */
export async function login(page: Page, username: string, password = DEMO_PASSWORD) {
  if (!page.url().includes('/Login')) await page.goto('/Login');
  await untilItHolds(
    async () => {
      await page.locator('input[name="username"]').fill(username);
      await page.locator('input[name="password"]').fill(password);
      await page.locator('button[type="submit"]').click();
    },
    () => page.waitForURL((url) => !url.pathname.startsWith('/Login'), { timeout: 15_000 }),
  );
}

/**
 * Runs a step until its check holds, up to `attempts` times. For the few clicks whose effect a busy CI machine
 * has been seen to lose (a menu that closed under the pointer, a picker that stayed open); the check says what
 * the user would see, so a step that never works still fails.
 */
export async function untilItHolds(step: () => Promise<void>, check: () => Promise<void>, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      // A step that failed half-way (its menu closed before the click) is tried again from its start.
      await step();
      await check();
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
      // Said in the run's output: a retry that starts to happen every time points at a real defect.
      console.warn(`untilItHolds: attempt ${attempt} failed, trying again: ${String(error).split('\n')[0]}`);
    }
  }
}

/**
 * Waits until the server holds `code` ('en-US') as the logged-in user's language: a language chosen in the top
 * bar shows at once and is saved to the profile after it, so a page closed right after the text changed could
 * leave a shared demo user in that language for the next test files.
 */
export async function untilLanguageSaved(page: Page, code: string) {
  await page.waitForFunction(
    async (expected) => {
      const response = await fetch('/api/UserInfo/GetMyUserInfo', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('token')}` },
        body: '{}',
      });
      return ((await response.json()) as { data?: { language_code?: string } }).data?.language_code === expected;
    },
    code,
    { polling: 250, timeout: 10_000 },
  );
}

/** Chooses a language in the top bar; `logoutLabel` is the log-out button's text in it, which shows it took. */
export async function chooseLanguage(page: Page, language: RegExp, logoutLabel: string) {
  const logout = page.getByTestId('logout').filter({ hasText: logoutLabel });
  if (await logout.isVisible()) return;
  await untilItHolds(
    async () => {
      // Closed first: a menu left open by an earlier attempt would be closed again by the switcher's click.
      await page.keyboard.press('Escape');
      await page.getByTestId('language-switcher').click();
      const item = page.getByRole('menuitem', { name: language });
      // The current language is disabled in the menu: an earlier attempt may have taken after all.
      if ((await item.getAttribute('aria-disabled', { timeout: 10_000 })) === 'true') await page.keyboard.press('Escape');
      else await item.click({ timeout: 5_000 });
    },
    () => logout.waitFor({ timeout: 10_000 }),
  );
}

/** Types a date into an antd date picker and confirms it by clicking the day it selects (Enter would submit the form). */
export async function pickDate(page: Page, input: Locator, isoDate: string) {
  const dropdown = page.locator('.ant-picker-dropdown:visible');
  await untilItHolds(
    async () => {
      await input.click();
      await input.fill(isoDate);
      await dropdown.locator('.ant-picker-cell-selected').click({ timeout: 10_000 });
    },
    () => dropdown.waitFor({ state: 'hidden', timeout: 5_000 }),
  );
  if ((await input.inputValue()) !== isoDate) throw new Error(`the date picker shows ${await input.inputValue()}, not ${isoDate}`);
}
