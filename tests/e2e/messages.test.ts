import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, login, newPage, untilItHolds } from './browser';
import { mailTextsTo } from './smtp-sink';

/**
 * Messages and scheduled mail in a browser: an admin publishes a message to the installers of Italy (the
 * demo installer's country) in infoDistributionSys; the installer's bell counts it, they read it and the count falls;
 * a customer outside the audience never gets it; the admin recalls it and it is gone for the installer. Then
 * mailTiming: a mail job's preview for the demo installer, and 'Run now' whose mail lands in the installer's inbox
 * and whose run shows in the history.
 */
const INSTALLER_EMAIL = 'marco.rossi@sole-impianti.example';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The unread count the bell's badge shows (0 when it shows none), read once the notifications call answered. */
async function badge(page: Page): Promise<number> {
  const count = page.getByTestId('notification-badge').locator('.ant-badge-count');
  if ((await count.count()) === 0) return 0;
  return Number((await count.getAttribute('title')) ?? '0');
}

/** Opens a page and waits for the bell's notifications call, so the badge shows what the server holds. */
async function openWithBell(page: Page, path: string) {
  const unread = page.waitForResponse((r) => r.url().endsWith('/api/Message/GetUnreadMyMsg') && r.ok());
  await page.goto(path);
  await unread;
  await page.getByTestId('notification-bell').waitFor();
}

/** Waits until the bell's badge shows `expected` (the count moves after a call the page makes on its own). */
async function badgeBecomes(page: Page, expected: number) {
  await expect.poll(() => badge(page), { timeout: 15_000 }).toBe(expected);
}

describe('messages in a browser', () => {
  const title = `Grid code update ${Date.now().toString(36)}`;

  it('an admin publishes to installers in Italy: the installer reads it, a customer never gets it; recalled, it is gone', async () => {
    // The three people log in side by side (each in their own browser context).
    const [installer, admin, customer] = await Promise.all([newPage(browser), newPage(browser), newPage(browser)]);
    await Promise.all([
      login(installer.page, 'installer').then(() => openWithBell(installer.page, '/Notifications')),
      login(admin.page, 'admin').then(() => admin.page.goto('/OtherInformation/infoDistributionSys')),
      login(customer.page, 'customer'),
    ]);
    const before = await badge(installer.page);

    await admin.page.getByTestId('distribution-new').click();
    const drawer = admin.page.locator('.ant-drawer-content');
    const pane = drawer.locator('.ant-tabs-tabpane-active');
    await pane.locator('input').fill(title);
    await pane.locator('textarea').fill('From 1 December the new grid code applies to every installation.');
    // (Escape would close the drawer: a click elsewhere closes each picker.)
    await drawer.getByLabel('Roles').click();
    await admin.page.locator('.ant-select-dropdown:visible').getByTitle('Installer', { exact: true }).click();
    await drawer.getByLabel('Countries').click();
    await admin.page.keyboard.type('Ital');
    await admin.page.locator('.ant-select-dropdown:visible').getByTitle('Italy', { exact: true }).click();
    await drawer.locator('.ant-drawer-title').click();
    // The preview says whom it reaches, the demo installer among them.
    await drawer.getByTestId('audience-preview').filter({ hasText: 'Marco Rossi' }).waitFor();
    await drawer.getByText('Now', { exact: true }).click();
    await drawer.getByTestId('distribution-save').filter({ hasText: 'Publish now' }).click();
    await admin.page.getByText(/^Published to \d+ users?$/).waitFor();
    const row = admin.page.locator('.ant-table-row').filter({ hasText: title });
    await row.getByText('Published').waitFor();

    // The installer's bell counts it (a reload stands for the bell's poll), they open it and read it.
    await openWithBell(installer.page, '/Notifications');
    await badgeBecomes(installer.page, before + 1);
    await installer.page.getByTestId('notification-bell').click();
    await installer.page.getByTestId('notification-item').filter({ hasText: title }).click();
    await installer.page.waitForURL(/\/Notifications\?open=\d+/);
    await installer.page.getByText('the new grid code applies').first().waitFor();
    await badgeBecomes(installer.page, before);

    // A customer (outside the audience) has no such notification.
    const list = customer.page.waitForResponse((r) => r.url().endsWith('/api/Message/GetListMyMsg') && r.ok());
    await customer.page.goto('/Notifications');
    expect(JSON.stringify(await (await list).json())).not.toContain(title);
    expect(await customer.page.getByText(title).count()).toBe(0);
    await customer.context.close();

    // The admin recalls it after confirming; the list says so, by whom.
    await row.getByTestId('distribution-recall').click();
    await admin.page.getByText('Recall this message?').waitFor();
    await admin.page.locator('.ant-popconfirm-buttons').getByRole('button', { name: 'Recall' }).click();
    await row.getByTestId('distribution-recalled').filter({ hasText: 'Anna Lindqvist' }).waitFor();
    await admin.context.close();

    // Gone for the installer: not in their list.
    const again = installer.page.waitForResponse((r) => r.url().endsWith('/api/Message/GetListMyMsg') && r.ok());
    await installer.page.goto('/Notifications');
    expect(JSON.stringify(await (await again).json())).not.toContain(title);
    expect(await installer.page.getByText(title).count()).toBe(0);
    await installer.context.close();
  });

  it("mailTiming: a job's preview for the demo installer, and a run whose mail lands in the inbox and shows in the history", async () => {
    const mailDir = inject('mailDir');
    const mailsBefore = mailTextsTo(mailDir, INSTALLER_EMAIL).length;
    const { context, page } = await newPage(browser);
    await login(page, 'admin');
    await page.goto('/OtherInformation/mailTiming');
    const job = page.locator('.ant-table-row').filter({ hasText: 'Weekly fleet digest' }).first();

    // The preview as the installer would get it.
    await job.getByRole('button', { name: 'Preview' }).click();
    const preview = page.locator('.ant-drawer-content').filter({ hasText: 'Preview: Weekly fleet digest' });
    await preview.locator('.mailings-preview-user input').fill('installer');
    await page.locator('.ant-select-dropdown:visible').getByText('Marco Rossi (installer)').click();
    await preview.getByText(INSTALLER_EMAIL).waitFor();
    await preview.getByText(/^Your fleet from .+ to .+$/).waitFor();
    await untilItHolds(
      () => preview.locator('.ant-drawer-close').click(),
      () => preview.waitFor({ state: 'hidden', timeout: 5_000 }),
    );

    // Run now: the history opens with the new run, which ends done with its mails sent. On the digest's own run day its
    // schedule has already sent this period, and the screen asks before sending it again.
    await job.getByRole('button', { name: 'Run now' }).click();
    const history = page.locator('.ant-drawer-content').filter({ hasText: 'Runs of “Weekly fleet digest”' });
    const sendAgain = page.locator('.ant-modal-confirm').filter({ hasText: 'Send this period again?' });
    await Promise.race([history.waitFor(), sendAgain.waitFor()]);
    if (await sendAgain.isVisible()) await sendAgain.getByRole('button', { name: 'Send again' }).click();
    const newest = history.locator('.ant-table-row').first();
    await newest.filter({ hasText: 'Run now' }).filter({ hasText: 'Done' }).waitFor({ timeout: 20_000 });
    // The mail is in the installer's inbox.
    await expect.poll(() => mailTextsTo(mailDir, INSTALLER_EMAIL).length, { timeout: 15_000 }).toBeGreaterThan(mailsBefore);
    await context.close();
  });
});
