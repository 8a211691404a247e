import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { leafRoutes } from '../../permissions/routes';
import { buildMenu, type MenuEntry } from '../../src/routing/menu';
import { hasScreen } from '../../src/routing/screens';
import { chooseLanguage, launch, login, newPage, PHONE, untilLanguageSaved } from './browser';

/** The leaf paths of the menu a user should see: spec §6 roles, limited to screens that exist. */
function expectedMenuPaths(roles: string[]): string[] {
  const leaves = (entries: MenuEntry[]): string[] => entries.flatMap((e) => (e.children ? leaves(e.children) : [e.path]));
  return leaves(buildMenu(roles, [], hasScreen)).sort();
}

/** Opens every group of the sidebar menu and reads the links it lists. */
async function menuPaths(page: Page): Promise<string[]> {
  const menu = page.locator('nav .ant-menu');
  await menu.waitFor();
  // One group at a time: opening a group re-renders the menu below it.
  const closedGroups = menu.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  while ((await closedGroups.count()) > 0) {
    const before = await closedGroups.count();
    await closedGroups.first().click();
    await page.waitForFunction(([selector, count]) => document.querySelectorAll(selector as string).length < (count as number), [
      'nav .ant-menu .ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title',
      before,
    ] as const);
  }
  const hrefs = await menu.locator('a[href]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return [...new Set(hrefs)].sort();
}

/**
 * Logs `user` in, in German, and opens `path` with the app's entry held back: what shows is the page's frame alone
 * (src/boot/frame.ts). Answers the step that lets the entry through and opens the page again, the app drawing it.
 */
async function openFrameOnly(page: Page, user: string, path: string): Promise<() => Promise<void>> {
  await login(page, user);
  await page.evaluate(() => localStorage.setItem('language', 'de'));
  const entry = /\/assets\/index-[\w-]+\.js$/;
  await page.route(entry, (route) => route.abort());
  await page.goto(path);
  return async () => {
    await page.unroute(entry);
    await page.reload();
  };
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the portal shell in a browser', () => {
  it('sends a visitor to the login page with the full path and query, and back there after login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/dashboard?sn=ESS-TEST&tab=day');
    await page.waitForURL(/\/Login\?/);
    const redirect = new URL(page.url()).searchParams.get('redirect');
    expect(redirect).toBe('/dashboard?sn=ESS-TEST&tab=day');
    await login(page, 'admin');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(new URL(page.url()).search).toBe('?sn=ESS-TEST&tab=day');
    await context.close();
  });

  it("draws a page's frame in the user's language before the app, and the app then draws the same heading", async () => {
    const { context, page } = await newPage(browser, { width: 1366, height: 768 });
    const letTheAppIn = await openFrameOnly(page, 'admin', '/EnergyStorageList/energyStorageList');
    await page.locator('.frame h1').waitFor();
    const frame = await page.evaluate(() => ({
      lang: document.documentElement.lang,
      crumbs: document.querySelector('.frame__crumbs')!.textContent,
      heading: document.querySelector('.frame h1')!.textContent,
      line: document.querySelector('.frame .page-head p')!.textContent,
      top: Math.round(document.querySelector('.frame h1')!.getBoundingClientRect().top),
    }));
    expect(frame).toMatchObject({ lang: 'de', crumbs: 'Startseite/Speichersysteme', heading: 'Speichersysteme' });
    expect(frame.line).toMatch(/^Alle Anlagen/);

    await letTheAppIn();
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    const app = await page.evaluate(() => ({
      heading: document.querySelector('.page-head h1')!.textContent,
      line: document.querySelector('.page-head p')!.textContent,
      top: Math.round(document.querySelector('.page-head h1')!.getBoundingClientRect().top),
    }));
    // The same words in the same place: the app's first render does not move the heading.
    expect(app).toEqual({ heading: frame.heading, line: frame.line, top: frame.top });
    expect(await page.locator('.frame').count()).toBe(0);
    await context.close();
  });

  it("draws a customer's dashboard cards in the frame where the app puts them, today's rates the size the app draws them", async () => {
    const { context, page } = await newPage(browser, { width: 1366, height: 940 });
    const letTheAppIn = await openFrameOnly(page, 'customer', '/dashboard');
    await page.locator('.frame-home .monitor-rate').first().waitFor();
    /** Card titles with their left edges, and today's rate labels with their sizes (what the page's largest paint is). */
    const measure = (scope: string) =>
      page.evaluate((scope) => {
        const box = (element: Element) => element.getBoundingClientRect();
        return {
          cards: [...document.querySelectorAll(`${scope} .ant-card-head-title`)]
            .slice(0, 3)
            .map((title) => [title.textContent, Math.round(box(title).left)]),
          rates: [...document.querySelectorAll(`${scope} .monitor-rate > :last-child`)].map((label) => [
            label.textContent,
            Math.round(box(label).width),
            Math.round(box(label).height),
          ]),
        };
      }, scope);
    const frame = await measure('.frame-home');
    expect(frame.cards.map(([title]) => title)).toEqual(['Anlage', 'Energiefluss', 'Heute']);
    expect(frame.rates.map(([label]) => label)).toEqual(['Eigenverbrauch heute', 'Autarkie heute']);

    await letTheAppIn();
    await page.locator('.monitor-today .ant-progress').first().waitFor();
    // The same words in the same columns; the rates' labels as large as the frame's, so the app's render is not a
    // later, larger paint (Lighthouse's largest contentful paint stays the frame's).
    expect(await measure('.monitor')).toEqual(frame);
    expect(await page.locator('.frame').count()).toBe(0);
    await context.close();
  });

  it('sends a logged-in user who opens the login page to the portal', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'customer');
    await page.goto('/Login');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await context.close();
  });

  it.each([
    ['admin', ['admin']],
    ['customer', ['customer']],
  ])('shows %s exactly the menu of the role table', async (username, roles) => {
    const { context, page } = await newPage(browser);
    await login(page, username);
    expect(await menuPaths(page)).toEqual(expectedMenuPaths(roles));
    await context.close();
  });

  it("draws antd's elements border-box from the built stylesheet's one reset rule (build/antd-box-sizing.ts)", async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'admin');
    await page.goto('/EnergyStorageList/energyStorageList');
    await page.locator('.ant-table-row').first().waitFor();
    const seen = await page.evaluate(() => {
      // antd's styles in their parts (build/css-split.ts), in the page's order.
      const sheets = [...document.styleSheets].filter((s) => /\/assets\/antd\d+-/.test(s.href ?? ''));
      const rules = sheets.flatMap((sheet) => [...sheet.cssRules]).filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule);
      // A component's own reset (a rule of box-sizing alone) ends in its prefix, e.g. [class^="ant-table"]; the
      // one rule's in "ant-".
      const componentResets = rules
        .filter((rule) => rule.style.length === 1 && rule.style.boxSizing === 'border-box')
        .flatMap((rule) => rule.selectorText.split(','))
        .filter((selector) => /\[class[\^*]="\s?ant-[\w-]+"\](::before|::after)?$/.test(selector.trim()));
      const boxOf = (selector: string, pseudo?: string) => getComputedStyle(document.querySelector(selector)!, pseudo).boxSizing;
      return {
        parts: sheets.length,
        first: rules[0]?.selectorText,
        componentResets: componentResets.length,
        boxes: [
          boxOf('.ant-table-cell'),
          boxOf('.ant-card'),
          boxOf('.ant-input'),
          boxOf('.ant-menu-item'),
          boxOf('.ant-table-cell', '::after'),
        ],
      };
    });
    expect(seen.first).toBe(
      '[class^="ant-"], [class*=" ant-"], [class^="ant-"]::before, [class*=" ant-"]::before, [class^="ant-"]::after, [class*=" ant-"]::after',
    );
    expect(seen.parts).toBeGreaterThan(1);
    expect(seen.componentResets).toBe(0);
    expect(seen.boxes).toEqual(['border-box', 'border-box', 'border-box', 'border-box', 'border-box']);
    await context.close();
  });

  it('shows the 401 page without a way back to a user whose roles do not match the route', async () => {
    const { context, page } = await newPage(browser);
    const forbidden = leafRoutes().find((route) => hasScreen(route.key) && route.roles && !route.roles.includes('customer'));
    expect(forbidden, 'a built screen the customer may not open').toBeDefined();
    await login(page, 'customer');
    await page.goto(forbidden!.path);
    await page.waitForURL(/\/401\?noGoBack=true/);
    await page.locator('.ant-result').waitFor();
    expect(await page.getByRole('button', { name: /^back$/i }).count()).toBe(0);
    await context.close();
  });

  it('shows the 404 page for an unknown path', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/no/such/page');
    await page.waitForURL(/\/404$/);
    await page.getByText('404', { exact: true }).first().waitFor();
    await context.close();
  });

  it('switches the language, and the choice survives a reload', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'admin');
    await page.getByTestId('logout').waitFor();
    await page.getByTestId('logout').filter({ hasText: 'Log out' }).waitFor();
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: /Deutsch/ }).click();
    await page.getByTestId('logout').filter({ hasText: 'Abmelden' }).waitFor();
    await page.reload();
    await page.getByTestId('logout').filter({ hasText: 'Abmelden' }).waitFor();
    await page.getByTestId('language-switcher').click();
    const current = page.getByRole('menuitem', { name: /Deutsch/ });
    await expect(current.isDisabled()).resolves.toBe(true);
    // The choice is saved as admin's language: give the files after this one their English admin back.
    await chooseLanguage(page, /English/, 'Log out');
    await untilLanguageSaved(page, 'en-US');
    await context.close();
  });

  it('collapses the sidebar into a drawer on a phone', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await login(page, 'admin');
    await page.getByTestId('sider-toggle').waitFor();
    expect(await page.locator('.ant-drawer-open').count()).toBe(0);
    await page.getByTestId('sider-toggle').click();
    await page.locator('.ant-drawer-open nav .ant-menu').waitFor();
    const width = await page.locator('.ant-drawer-open .ant-drawer-content-wrapper').evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it('keeps the sidebar state in localStorage under sidebarStatue', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'admin');
    await page.getByTestId('sider-toggle').click();
    await expect(page.evaluate(() => localStorage.getItem('sidebarStatue'))).resolves.toBe('closed');
    await page.reload();
    await page.getByTestId('sider-toggle').waitFor();
    await expect(page.evaluate(() => localStorage.getItem('sidebarStatue'))).resolves.toBe('closed');
    const siderWidth = await page
      .locator('.ant-layout-sider')
      .first()
      .evaluate((el) => el.getBoundingClientRect().width);
    expect(siderWidth).toBeLessThan(300);
    await page.getByTestId('sider-toggle').click();
    await expect(page.evaluate(() => localStorage.getItem('sidebarStatue'))).resolves.toBe('open');
    await context.close();
  });

  it('empties local storage at logout and returns to the login page', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'admin');
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/Login/);
    await expect(page.evaluate(() => localStorage.length)).resolves.toBe(0);
    await context.close();
  });
});
