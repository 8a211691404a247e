import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, DEMO_PASSWORD, launch, login, newPage, openedDialog, pickDate, untilItHolds } from './browser';

/**
 * Administration screens in a browser: each test creates what it uses under a unique name, so the
 * tests do not depend on each other or on the demo data beyond the demo users.
 */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();

async function apiCall<T = any>(path: string, body: unknown, token?: string): Promise<{ code: number; data: T; info: string }> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return response.json();
}

async function adminToken(): Promise<string> {
  const answer = await apiCall<{ AccessToken: string }>('/Account/Login', { username: 'admin', password: DEMO_PASSWORD });
  expect(answer.code, answer.info).toBe(200);
  return answer.data.AccessToken;
}

/** The rows of the resource table (the antd placeholder row left out). */
function tableRows(page: Page) {
  return page.locator('.ant-table-tbody > tr.ant-table-row');
}

async function menuLinks(page: Page): Promise<string[]> {
  const menu = page.locator('nav .ant-menu-root');
  await menu.waitFor();
  // Open every group, one at a time (the list of closed groups changes with each click).
  const closed = menu.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  for (let i = 0; i < 12 && (await closed.count()) > 0; i++) {
    await closed.first().click();
    await page.waitForTimeout(100);
  }
  return menu.locator('a[href]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  // Warm up: the first load of the built app on a busy machine can take longer than a step's timeout.
  const { context, page } = await newPage(browser);
  await page.goto('/Login');
  await page.locator('input[name="username"]').waitFor({ timeout: 120_000 });
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

describe('administration in a browser', () => {
  it('lets an admin create, filter, edit and delete a license', async () => {
    const key = `E2E-${unique()}`;
    const { context, page } = await newPage(browser);
    await login(page, 'admin');
    await page.goto('/BasicSettings/licenseManagement');
    await page.getByTestId('resource-licenseManagement').waitFor();

    // Create
    await page.getByTestId('resource-create').click();
    const drawer = page.getByTestId('resource-drawer');
    await drawer.locator('#licenseManagement-create_license_key').fill(key);
    await drawer.locator('#licenseManagement-create_company').fill('Solar Test GmbH');
    await pickDate(page, drawer.locator('#licenseManagement-create_expires_at'), '2031-06-30');
    await drawer.getByTestId('resource-save').click();
    await page.locator('.ant-message-success').waitFor();
    await page.getByTestId('resource-drawer').waitFor({ state: 'hidden' });

    // Filter: the key in the URL, exactly one row
    await page.locator('#licenseManagement-filters_license_key').fill(key);
    await page.getByTestId('resource-search').click();
    await page.waitForURL((url) => url.search.includes(encodeURIComponent(key)) || url.search.includes(key));
    await expect.poll(() => tableRows(page).count(), { timeout: 15_000 }).toBe(1);
    const row = tableRows(page).first();
    await expect(row.textContent()).resolves.toContain(key);
    await expect(row.textContent()).resolves.toContain('Solar Test GmbH');
    await expect(row.textContent()).resolves.toContain('2031-06-30');

    // The filter survives a reload (it is in the URL)
    await page.reload();
    await expect.poll(() => tableRows(page).count(), { timeout: 15_000 }).toBe(1);
    await expect(page.locator('#licenseManagement-filters_license_key').inputValue()).resolves.toBe(key);

    // Edit
    await tableRows(page).first().getByTestId('row-edit').click();
    await page.waitForURL(/action=edit/);
    const company = page.locator('#licenseManagement-edit_company');
    await expect(company.inputValue()).resolves.toBe('Solar Test GmbH');
    await company.fill('Sonnenstrom Test AG');
    await page.getByTestId('resource-drawer').getByTestId('resource-save').click();
    await expect.poll(() => tableRows(page).first().textContent(), { timeout: 15_000 }).toContain('Sonnenstrom Test AG');

    // Delete after confirmation
    await tableRows(page).first().getByTestId('row-delete').click();
    await page.getByTestId('delete-confirm').click();
    await expect.poll(() => tableRows(page).count(), { timeout: 15_000 }).toBe(0);
    const gone = await apiCall('/License/GetLicensePageList', { pageIndex: 1, pageSize: 10, license_key: key }, await adminToken());
    expect(gone.data.dataCount).toBe(0);
    await context.close();
  });

  it('lets an admin edit a translation that shows in the UI at once and after a reload, and reset it to the shipped text at once', async () => {
    const token = await adminToken();
    const text = `Licence keys ${unique()}`;
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'admin');
      await page.goto('/BasicSettings/langTransManagement');
      await page.locator('#translation-filters_key').fill('licenseManagement');
      // The namespaces are more than the list shows at once: typed to narrow them, as a person does.
      await page.locator('#translation-filters_namespace').fill('menu');
      await page.locator('.ant-select-item-option[title="menu"]').click();
      await page.getByTestId('translation-search').click();
      const row = page.locator('.ant-table-tbody > tr.ant-table-row').filter({ hasText: 'menu:licenseManagement' });
      await row.getByTestId('translation-edit').click();
      const english = page.locator('#translation-edit_en');
      await expect(english.inputValue()).resolves.toBe('License management');
      await english.fill(text);
      await page.getByTestId('translation-save').click();
      await page.locator('.ant-message-success').waitFor();

      // At once: the sidebar entry carries the new text, without a reload
      const entry = page.locator('nav .ant-menu a[href="/BasicSettings/licenseManagement"]');
      await expect.poll(() => entry.textContent(), { timeout: 15_000 }).toBe(text);
      // And after a reload (the web app loads the overrides from the server)
      await page.reload();
      await expect.poll(() => entry.textContent(), { timeout: 15_000 }).toBe(text);
      // Reset to the shipped text: asked first, then the shipped title is back at once, without a reload
      await row.getByTestId('translation-reset-en').click();
      await page.getByTestId('translation-reset-confirm').click();
      await expect.poll(() => entry.textContent(), { timeout: 15_000 }).toBe('License management');
      await expect.poll(() => row.getByTestId('translation-reset-en').count(), { timeout: 15_000 }).toBe(0);
    } finally {
      await apiCall('/Translation/ResetTranslation', { language: 'en', namespace: 'menu', key: 'licenseManagement' }, token);
      await context.close();
    }
  });

  it('hides a menu entry from one user: gone from the sidebar at the next login, its URL answers the 401 page', async () => {
    const username = `e2e${unique().toLowerCase()}`;
    const password = 'Sunny2026day';
    const created = await apiCall(
      '/User/SaveUser',
      {
        username,
        display_name: 'E2E Customer',
        email: `${username}@mail.example`,
        roles: ['customer'],
        country: 'DE',
        language_code: 'en-US',
        password,
      },
      await adminToken(),
    );
    expect(created.code, created.info).toBe(200);

    // Before: the user sees 'change password'
    const user = await newPage(browser);
    await login(user.page, username, password);
    expect(await menuLinks(user.page)).toContain('/BasicSettings/changePwd');

    // The admin hides it from that user
    const admin = await newPage(browser);
    await login(admin.page, 'admin');
    await admin.page.goto('/BasicSettings/userManagement');
    await admin.page.locator('#userManagement-filters_username').fill(username);
    await admin.page.getByTestId('resource-search').click();
    await expect.poll(() => tableRows(admin.page).count(), { timeout: 15_000 }).toBe(1);
    await tableRows(admin.page).first().getByTestId('user-menus').click();
    const dialog = await openedDialog(admin.page, admin.page.getByTestId('user-menus-list'));
    const changePwd = dialog.locator('input[type="checkbox"][value="changePwd"]');
    await expect(changePwd.isChecked()).resolves.toBe(true);
    // A click the busy CI machine lost once (the box kept its tick): tried again, the tick must go.
    await untilItHolds(
      () => changePwd.uncheck(),
      () => expect(changePwd.isChecked()).resolves.toBe(false),
    );
    await admin.page.getByTestId('user-menus-save').click();
    await admin.page.locator('.ant-message-success').waitFor();
    await admin.context.close();

    // After logging in again the entry is gone and its URL shows the 401 page
    await user.page.getByTestId('logout').click();
    await user.page.waitForURL(/\/Login/);
    await login(user.page, username, password);
    const links = await menuLinks(user.page);
    expect(links).not.toContain('/BasicSettings/changePwd');
    expect(links).toContain('/BasicSettings/userInfoSettings');
    await user.page.goto('/BasicSettings/changePwd');
    await user.page.waitForURL(/\/401\?noGoBack=true/);
    await user.page.locator('.ant-result').getByText('401', { exact: true }).waitFor();
    await user.context.close();
  });

  it('shows a servicer the 401 page on userManagement, and no entry for it', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'servicer');
    expect(await menuLinks(page)).not.toContain('/BasicSettings/userManagement');
    await page.goto('/BasicSettings/userManagement');
    await page.waitForURL(/\/401\?noGoBack=true/);
    await page.locator('.ant-result').getByText('401', { exact: true }).waitFor();
    expect(await page.getByTestId('resource-userManagement').count()).toBe(0);
    await context.close();
  });

  it("menu management reshapes the sidebar at once: an entry's title and order", async () => {
    const token = await adminToken();
    const list = await apiCall('/Menu/GetMenuPageList', { pageIndex: 1, pageSize: 10, menu_key: 'userLog' }, token);
    const original = list.data.data.find((m: any) => m.menu_key === 'userLog');
    const title = `Audit trail ${unique()}`;
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'admin');
      await page.goto('/BasicSettings/menuManagement');
      await page.locator('#menuManagement-filters_menu_key').fill('userLog');
      await page.getByTestId('resource-search').click();
      await expect.poll(() => tableRows(page).count(), { timeout: 15_000 }).toBe(1);
      await tableRows(page).first().getByTestId('row-edit').click();
      await page.locator('#menuManagement-edit_title_en').fill(title);
      await page.locator('#menuManagement-edit_sort_order').fill('1');
      await page.getByTestId('resource-drawer').getByTestId('resource-save').click();
      await page.locator('.ant-message-success').waitFor();
      // At once, without logging in again: the new title, first of its group.
      const entry = page.locator('nav .ant-menu a[href="/BasicSettings/userLog"]');
      await expect.poll(() => entry.textContent(), { timeout: 15_000 }).toBe(title);
      const basic = (await menuLinks(page)).filter((href) => href.startsWith('/BasicSettings/'));
      expect(basic[0]).toBe('/BasicSettings/userLog');
      // Another user with the entry sees it too, at their next start.
      const other = await newPage(browser);
      await login(other.page, 'systemmanager');
      expect(await menuLinks(other.page)).toContain('/BasicSettings/userLog');
      await expect
        .poll(() => other.page.locator('nav .ant-menu a[href="/BasicSettings/userLog"]').textContent(), { timeout: 15_000 })
        .toBe(title);
      await other.context.close();
    } finally {
      await apiCall('/Menu/SaveMenu', original, token);
      await context.close();
    }
  });

  it('opens a license from a link although it is not on the list page shown (fetched by id)', async () => {
    const token = await adminToken();
    const key = `LINK-${unique()}`;
    const created = await apiCall(
      '/License/SaveLicense',
      { license_key: key, company: 'Linked Solar Ltd', license_type: 'servicepartner', expires_at: '2032-01-31' },
      token,
    );
    expect(created.code, created.info).toBe(200);
    const { context, page } = await newPage(browser);
    await login(page, 'admin');
    await page.goto('/BasicSettings/licenseManagement');
    // A filter that leaves the license out of the list
    await page.locator('#licenseManagement-filters_company').fill('No such company');
    await page.getByTestId('resource-search').click();
    await expect.poll(() => page.url(), { timeout: 15_000 }).toContain('No');
    await expect.poll(() => tableRows(page).count(), { timeout: 15_000 }).toBe(0);
    const url = new URL(page.url());
    url.searchParams.set('action', 'show');
    url.searchParams.set('id', String(created.data.id));
    await page.goto(url.pathname + url.search);
    const drawer = page.getByTestId('resource-drawer');
    await drawer.getByText(key).waitFor();
    await drawer.getByText('Linked Solar Ltd').waitFor();
    // And edit from a link
    url.searchParams.set('action', 'edit');
    await page.goto(url.pathname + url.search);
    await expect.poll(() => page.locator('#licenseManagement-edit_company').inputValue(), { timeout: 15_000 }).toBe('Linked Solar Ltd');
    await apiCall('/License/DeleteLicense', { id: created.data.id }, token);
    await context.close();
  });
});
