import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launch, login, newPage, PHONE } from './browser';

/**
 * At 375 px the lists are cards (src/ui/ResponsiveTable.tsx), and no page scrolls sideways.
 * Point 12: at desktop width the actions column is not fixed over the data columns, and at 1366 px every list's
 * columns fit its table in German, the language with the longest column titles.
 */
const LISTS = [
  { name: 'storage list', path: '/EnergyStorageList/energyStorageList' },
  { name: 'user management', path: '/BasicSettings/userManagement' },
];
const LAPTOP = { width: 1366, height: 900 };
const ADMIN_LISTS = [
  '/EnergyStorageList/energyStorageList',
  '/BasicSettings/snManagement',
  '/BasicSettings/licenseManagement',
  '/BasicSettings/userManagement',
  '/BasicSettings/menuManagement',
  '/BasicSettings/langTransManagement',
  '/BasicSettings/roleManagement',
  '/BasicSettings/userLog',
  '/OtherInformation/emailDeliveringRules',
];

/** How far the page reaches past the window's right edge (0 = no sideways scrolling). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('lists on a phone', () => {
  for (const list of LISTS) {
    it(`shows the ${list.name} as cards at 375 px, without sideways scrolling`, async () => {
      const { context, page } = await newPage(browser, PHONE);
      await login(page, 'admin');
      await page.goto(list.path);
      const cards = page.getByTestId('responsive-card');
      await cards.first().waitFor({ timeout: 30_000 });
      expect(await page.locator('.ant-table').count()).toBe(0);
      // Each card has a title and label / value lines, and fits the window.
      await expect(cards.first().locator('.ant-card-head-title').innerText()).resolves.not.toBe('');
      expect(await cards.first().locator('.ant-descriptions-item').count()).toBeGreaterThan(0);
      const right = await cards.first().evaluate((card) => card.getBoundingClientRect().right);
      expect(right).toBeLessThanOrEqual(PHONE.width);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await context.close();
    });
  }

  it('shows user management at desktop width as a table with a column chooser and no column fixed over the others', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await login(page, 'admin');
    await page.goto('/BasicSettings/userManagement');
    await page.locator('.ant-table-tbody > tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('.ant-table-cell-fix-right').count()).toBe(0);
    await page.locator('.ant-table-thead [data-testid="column-chooser"]').click();
    await page.getByTestId('column-chooser-userManagement').waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await context.close();
  });
});

describe('lists at 1366 px', () => {
  it('fit their columns in German, without a sideways scroll inside the table', async () => {
    const { context, page } = await newPage(browser, LAPTOP);
    await login(page, 'admin');
    // The language this browser shows, not the profile's: the shared demo admin stays in its own language.
    await page.evaluate(() => localStorage.setItem('language', 'de'));
    const hidden: string[] = [];
    for (const path of ADMIN_LISTS) {
      await page.goto(path);
      await page.locator('.ant-table-tbody > tr.ant-table-row').first().waitFor({ timeout: 30_000 });
      expect(await page.locator('html').getAttribute('lang')).toMatch(/^de/);
      // Settled: a parent's title replaces its key once the options load, live figures arrive after the rows.
      const fits = await page
        .waitForFunction(
          () => {
            const table = document.querySelector('.ant-table-content');
            return table && table.scrollWidth <= table.clientWidth;
          },
          undefined,
          { timeout: 5_000 },
        )
        .then(
          () => true,
          () => false,
        );
      if (!fits) {
        const { scroll, client } = await page
          .locator('.ant-table-content')
          .evaluate((table) => ({ scroll: table.scrollWidth, client: table.clientWidth }));
        const titles = await page
          .locator('.ant-table-thead th')
          .evaluateAll((ths) => ths.map((th) => `${th.textContent}:${Math.round(th.getBoundingClientRect().width)}`));
        hidden.push(`${path}: ${scroll - client} px (${titles.join(', ')})`);
      }
    }
    expect(hidden).toEqual([]);
    await context.close();
  });
});
