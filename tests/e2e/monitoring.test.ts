import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, DEMO_PASSWORD, launch, login, newPage, PHONE } from './browser';

/** Calls the portal's /api as a demo user (what the screens should agree with). */
async function apiAs<T>(username: string, path: string, body: Record<string, unknown> = {}): Promise<T> {
  const post = async (url: string, data: unknown, token?: string) => {
    const response = await fetch(`${baseUrl()}/api${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(data),
    });
    return (await response.json()) as { code: number; data: any };
  };
  const session = await post('/Account/Login', { username, password: DEMO_PASSWORD });
  const answer = await post(path, body, session.data.AccessToken);
  expect(answer.code).toBe(200);
  return answer.data as T;
}

interface Summary {
  sys_sn: string;
  sys_name: string;
  popv: number;
  cobat: number;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('monitoring in a browser', () => {
  it("shows the demo customer the 'All' entry with the sums of the API, and switches systems", async () => {
    const list = await apiAs<Summary[]>('customer', '/ESS/GetSystemsByCustomer');
    const systems = list.filter((s) => s.sys_sn !== 'All');
    expect(list[0]!.sys_sn).toBe('All');
    expect(systems.length).toBeGreaterThan(1);
    const sum = (key: 'popv' | 'cobat') => (Math.round(systems.reduce((s, x) => s + x[key], 0) * 100) / 100).toFixed(2);

    const { context, page } = await newPage(browser);
    await login(page, 'customer');
    const selector = page.locator('.system-selector');
    await selector.locator('button[data-sn]').first().waitFor();
    expect(await selector.locator('button[data-sn]').evaluateAll((b) => b.map((e) => e.getAttribute('data-sn')))).toEqual(
      list.map((s) => s.sys_sn),
    );
    const allFigures = page.getByTestId('figures-All');
    await allFigures.filter({ hasText: `${sum('popv')} kW` }).waitFor();
    await allFigures.filter({ hasText: `${sum('cobat')} kWh` }).waitFor();
    await page
      .getByTestId('system-figures')
      .filter({ hasText: `${sum('cobat')} kWh` })
      .waitFor();
    // 'All' selected: no share icon
    await page.locator('.power-flow').waitFor();
    expect(await page.getByTestId('share-button').count()).toBe(0);

    const second = systems[1]!;
    await selector.locator(`button[data-sn="${second.sys_sn}"]`).click();
    await page.waitForURL((url) => url.searchParams.get('sn') === second.sys_sn);
    await page.getByTestId('system-title').filter({ hasText: second.sys_name }).waitFor();
    await page.getByTestId('share-button').waitFor();
    // ?sn= preselects after a reload
    await page.reload();
    await expect(page.locator(`.system-selector button[data-sn="${second.sys_sn}"]`).getAttribute('aria-pressed')).resolves.toBe('true');
    await context.close();
  });

  it('gives the sharer no share icon and no way to change settings', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'sharer');
    await page.locator('.system-selector button[data-sn]').first().waitFor();
    await page.locator('.power-flow').waitFor();
    expect(await page.getByTestId('share-button').count()).toBe(0);
    expect(await page.locator('.monitor-cost .ant-typography-edit').count()).toBe(0);
    const hrefs = await page
      .locator('nav a[href]')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(hrefs).not.toContain('/BasicSettings/elecPriceSetting');
    expect(hrefs).not.toContain('/BasicSettings/systemSettings');
    await page.goto('/BasicSettings/systemSettings');
    await page.waitForURL(/\/401\?noGoBack=true/);
    await context.close();
  });

  it("holds only the installer's systems in the installer's list", async () => {
    const mine = await apiAs<{ dataCount: number; data: Summary[] }>('installer', '/ESS/GetSystems', { pageIndex: 1, pageSize: 500 });
    const everyone = await apiAs<{ dataCount: number }>('admin', '/ESS/GetSystems', { pageIndex: 1, pageSize: 1 });
    expect(mine.dataCount).toBeGreaterThan(0);
    expect(mine.dataCount).toBeLessThan(everyone.dataCount);

    const { context, page } = await newPage(browser);
    await login(page, 'installer');
    await page.goto('/EnergyStorageList/energyStorageList');
    await page.locator('.storage-table .ant-table-row').first().waitFor();
    const shown = await page
      .locator('.storage-table .ant-table-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-key')));
    expect(shown.sort()).toEqual(
      mine.data
        .map((s) => s.sys_sn)
        .slice(0, shown.length)
        .sort(),
    );
    expect(shown.length).toBe(Math.min(20, mine.dataCount));
    await expect(page.getByTestId('status-card-total').textContent()).resolves.toContain(String(mine.dataCount));
    // a row opens the system page with its monitoring views
    await page.locator('.storage-table .ant-table-row').first().click();
    await page.waitForURL((url) => url.searchParams.has('sn'));
    await page.locator('.power-flow').waitFor();
    await context.close();
  });

  it("keeps the storage list's filters, page and sort in the URL: a reload and back show the same list", async () => {
    const query = { pageIndex: 2, pageSize: 10, sort: [{ field: 'popv', order: 'desc' }] };
    const expected = await apiAs<{ data: Array<{ sys_sn: string }> }>('admin', '/ESS/GetSystems', query);
    const { context, page } = await newPage(browser);
    await login(page, 'admin');
    const list = '/EnergyStorageList/energyStorageList?page=2&size=10&sort=popv&order=desc';
    const rows = page.locator('.storage-table .ant-table-row');
    const shown = () => rows.evaluateAll((all) => all.map((r) => r.getAttribute('data-row-key')));
    // The whole page of rows, its first row that of the page asked: the list draws the first six with the page
    // and the others just after.
    const untilRows = (keys: string[]) =>
      page.waitForFunction(
        ([first, count]) => {
          const drawn = document.querySelectorAll('.storage-table .ant-table-row');
          return drawn.length === count && drawn[0]!.getAttribute('data-row-key') === first;
        },
        [keys[0], keys.length] as const,
      );
    await page.goto(list);
    await untilRows(expected.data.map((s) => s.sys_sn));
    expect(await shown()).toEqual(expected.data.map((s) => s.sys_sn));
    await page.reload();
    await untilRows(expected.data.map((s) => s.sys_sn));
    expect(await shown()).toEqual(expected.data.map((s) => s.sys_sn));

    // A search goes into the URL from page 1; back returns to the page before it.
    const installer = await apiAs<{ data: Array<{ sys_sn: string; installer: string }> }>('admin', '/ESS/GetSystems', {
      pageIndex: 1,
      pageSize: 1,
      sort: [{ field: 'installer', order: 'asc' }],
    });
    await page.getByRole('textbox', { name: 'Installer' }).fill(installer.data[0]!.installer);
    await page.getByRole('button', { name: /Search/ }).click();
    await page.waitForURL((url) => url.searchParams.get('installer') === installer.data[0]!.installer && !url.searchParams.has('page'));
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('page') === '2' && !url.searchParams.has('installer'));
    await untilRows(expected.data.map((s) => s.sys_sn));
    await context.close();
  });

  it("keeps every card's title of the customer dashboard whole on a 375 px phone in German, its controls under it", async () => {
    const { context, page } = await newPage(browser, PHONE);
    await login(page, 'customer');
    await page.evaluate(() => localStorage.setItem('language', 'de'));
    await page.reload();
    // The power curve's title beside its day picker and export read "Leistungsve…".
    await page.locator('.monitor .ant-card-head-title', { hasText: 'Leistungsverlauf' }).waitFor();
    const cutTitles = await page.evaluate(() =>
      [...document.querySelectorAll('.monitor .ant-card-head-title')]
        .filter((title) => title.scrollWidth > title.clientWidth)
        .map((title) => title.textContent),
    );
    expect(cutTitles).toEqual([]);
    await context.close();
  });

  it('fits the customer dashboard into a 375 px phone', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await login(page, 'customer');
    await page.locator('.power-flow svg').waitFor();
    // A chart still to come holds its place with a skeleton across the card, never a blank card.
    const widestSkeleton = () =>
      page.evaluate(() =>
        Math.max(
          0,
          ...[...document.querySelectorAll('[data-testid=chart-skeleton] .ant-skeleton')].map((e) => e.getBoundingClientRect().width),
        ),
      );
    await expect.poll(widestSkeleton, { timeout: 15_000 }).toBeGreaterThan(250);
    // On a phone the charts are below the fold and drawn once they come into view: scroll until the first is.
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 400);
          return page.locator('.monitor canvas').count();
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const flowWidth = await page.locator('.power-flow svg').evaluate((svg) => svg.getBoundingClientRect().width);
    expect(flowWidth).toBeGreaterThan(250);
    // the selector lives in the drawer; the header button opens it
    await page.getByRole('button', { name: /Switch system/ }).click();
    await page.locator('.ant-drawer .system-selector button[data-sn]').nth(1).click();
    await page.waitForURL((url) => (url.searchParams.get('sn') ?? 'All') !== 'All');
    await context.close();
  });

  it('draws the charts in Chinese when zh is chosen', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'customer');
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: /中文/ }).click();
    await page.getByText('功率曲线').waitFor();
    await page.getByText('电量统计').waitFor();
    await page.getByText('累计', { exact: true }).first().waitFor();
    // The charts load lazily, draw after their data arrives and only once they come into view: scroll to the
    // second one and wait until both have drawn.
    // The card may be re-rendered while the page settles (its data renders in a deferred pass): scroll again
    // to the card now on the page until a scroll lands.
    await expect
      .poll(
        () =>
          page
            .getByText('电量统计')
            .scrollIntoViewIfNeeded({ timeout: 2_000 })
            .then(
              () => true,
              () => false,
            ),
        { timeout: 20_000 },
      )
      .toBe(true);
    const widths = () => page.locator('.monitor canvas').evaluateAll((list) => list.map((c) => (c as HTMLCanvasElement).width));
    await expect.poll(async () => (await widths()).filter((w) => w > 0).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    // the month picker speaks Chinese too (antd and dayjs locales)
    await expect(page.locator('.ant-picker input').nth(1).getAttribute('placeholder')).resolves.toMatch(/[\u4e00-\u9fff]/);
    // The choice is saved to the customer's profile: give the next tests their English back.
    const saved = page.waitForResponse((response) => response.url().includes('/UserInfo/SaveMyUserInfo'));
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: /English/ }).click();
    await saved;
    await context.close();
  });
});
