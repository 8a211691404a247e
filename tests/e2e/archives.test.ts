import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, login, newPage, openedDialog, PHONE } from './browser';

/**
 * Customer archives in a browser ('Tests that must exist'): the servicer opens a customer's file from the
 * archive list, records a phone call with a file on its phone tab, and finds the call, with the file, among the
 * handling records of every customer (/cusHandleRecord). On a phone the handling records are cards that stay inside
 * the screen.
 */

const NOTES = Buffer.from('Call 09:15: battery at 20 % in the morning; explained the low-temperature protection.\n');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('customer archives in a browser', () => {
  it(
    "a servicer records a phone call with an attachment on a customer's file and finds it in /cusHandleRecord",
    { timeout: 180_000 },
    async () => {
      const { page } = await newPage(browser);
      await login(page, 'servicer');
      await page.goto('/customerArchives');
      await page.getByTestId('resource-customerArchives').waitFor();
      // The first file of the list, opened by its name as a person does.
      const first = page.locator('.ant-table-row').first().locator('a').first();
      const customer = (await first.textContent())!.trim();
      await first.click();
      await page.getByTestId('archive-detail').getByRole('heading', { name: customer }).waitFor();

      await page.getByRole('tab', { name: 'Phone records' }).click();
      await page.getByTestId('record-add-phone').click();
      const modal = await openedDialog(page, page.getByTestId('record-save'));
      const contents = `Customer called about the morning charge ${Date.now()}`;
      await modal.locator('#customer-record_contents').fill(contents);
      await modal.locator('input[type=file]').setInputFiles({ name: 'call-notes.txt', mimeType: 'text/plain', buffer: NOTES });
      await modal.locator('.ant-upload-list-item-done').filter({ hasText: 'call-notes.txt' }).waitFor();
      const saved = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/CustomerArchives/SaveCustomerRecord');
      await page.getByTestId('record-save').click();
      const envelope = (await (await saved).json()) as { code: number; info: string };
      expect(envelope, envelope.info).toMatchObject({ code: 200 });
      await modal.waitFor({ state: 'detached' });
      const row = page.locator('.ant-table-row').filter({ hasText: contents });
      await row.waitFor();
      await row.getByTestId('attachment-download').filter({ hasText: 'call-notes.txt' }).waitFor();

      // Every customer's records, newest first: today's call is on the first page, under its customer's name.
      await page.goto('/cusHandleRecord?filters[0][field]=kind&filters[0][operator]=eq&filters[0][value]=phone');
      await page.getByTestId('resource-cusHandleRecord').waitFor();
      const listed = page.locator('.ant-table-row').filter({ hasText: contents });
      await listed.waitFor();
      await listed.getByText(customer).waitFor();
      await listed.getByTestId('row-show').click();
      await page.getByTestId('resource-drawer').getByTestId('attachment-download').filter({ hasText: 'call-notes.txt' }).waitFor();

      // On a phone the same list is cards, none wider than the screen.
      const phone = (await newPage(browser, PHONE)).page;
      await login(phone, 'servicer');
      await phone.goto('/cusHandleRecord');
      const card = phone.locator('.ant-card').filter({ hasText: contents }).last();
      await card.waitFor();
      const box = await card.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    },
  );
});
