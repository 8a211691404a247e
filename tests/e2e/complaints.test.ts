import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { baseUrl, chooseLanguage, DEMO_PASSWORD, launch, login, newPage, openedDialog, PHONE, untilLanguageSaved } from './browser';

/**
 * The whole path of a complaint in a browser ('Tests that must exist'): the demo customer, reading German,
 * files a complaint with a photo; the servicer accepts it and transfers it to R&D; the R&D engineer takes it over
 * and answers with a file; the servicer proposes the solution; the customer confirms it and, once completed, rates
 * the service; factory after-sales archive it. After each step the customer's page shows the status in the
 * customer's German wording (locales/de/complaints.json `customerStatus`), and the top bar's complaint-message icon
 * tells the customer of R&D's answer. Everyone acts through the complaint's page, as a person does.
 */

/** A 1×1 PNG: the customer's photo of the battery display. */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const LOG = Buffer.from('2026-03-02 08:00:01 BMS cell 7 undervoltage\n2026-03-02 08:00:02 charge stopped\n');

/** Calls the portal's /api as a demo user (to set the scene of a test); the answer's data. */
async function apiAs<T>(username: string, path: string, body: Record<string, unknown>): Promise<T> {
  const post = async (url: string, data: unknown, token?: string) => {
    const response = await fetch(`${baseUrl()}/api${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(data),
    });
    return (await response.json()) as { code: number; data: T; info: string };
  };
  const session = await post('/Account/Login', { username, password: DEMO_PASSWORD });
  const answer = await post(path, body, (session.data as { AccessToken: string }).AccessToken);
  expect(answer.code, `${path}: ${answer.info}`).toBe(200);
  return answer.data;
}

/** The page of complaint `id`, opened afresh (another user changed it meanwhile). */
async function openComplaint(page: Page, id: number) {
  await page.goto(`/customerComplaintList/attachmentDetails?customercomplaintId=${id}`);
  await page.getByTestId('complaint-detail').waitFor();
}

/** The status tag of the complaint's page (the header's first tag) shows `label`. */
async function statusShows(page: Page, label: string) {
  await page.getByTestId('complaint-detail').getByTestId('workflow-state').first().filter({ hasText: label }).waitFor();
}

/** Picks option `label` of the antd select whose input is `#id`. */
async function choose(page: Page, id: string, label: string | RegExp) {
  await page
    .locator('.ant-select')
    .filter({ has: page.locator(`#${id}`) })
    .click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: label })
    .first()
    .click();
}

/** Presses a workflow action on the complaint's page, lets `fill` fill its modal, and confirms it. */
async function act(page: Page, action: string, fill?: (modal: Locator) => Promise<void>) {
  await page.getByTestId(`workflow-action-${action}`).click();
  const modal = await openedDialog(page, page.getByTestId('workflow-submit'));
  await fill?.(modal);
  const answered = page.waitForResponse((response) => /\/api\/Complaints\/[A-Z]\w+Complaint$/.test(new URL(response.url()).pathname));
  await page.getByTestId('workflow-submit').click();
  const envelope = (await (await answered).json()) as { code: number; info: string };
  expect(envelope, `${action}: ${envelope.info}`).toMatchObject({ code: 200 });
  await modal.waitFor({ state: 'detached' });
}

/** Switches the portal's language with the top bar's selector, as a person does. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('complaints in a browser', () => {
  it(
    'takes a complaint from the customer (in German) through service and R&D back to the customer, and is archived',
    { timeout: 240_000 },
    async () => {
      const customer = (await newPage(browser)).page;
      await login(customer, 'customer');
      await chooseLanguage(customer, /Deutsch/, 'Abmelden');

      // The customer files, with a photo, from the filing form.
      const title = `Akku lädt nicht mehr ${Date.now()}`;
      await customer.goto('/createComplaint');
      const form = customer.getByTestId('complaint-form');
      await form.waitFor();
      await customer.getByTestId('complaint-sn-picker').click();
      await customer.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().click();
      await choose(customer, 'type', 'Batterie');
      await form.locator('#title').fill(title);
      await customer.getByTestId('complaint-description').fill('Seit Montag bleibt die Batterie bei 10 % stehen und lädt nicht mehr.');
      if (!(await form.locator('#contact_email').inputValue())) await form.locator('#contact_email').fill('kunde@example.com');
      if (
        !(
          await form
            .locator('.ant-select')
            .filter({ has: customer.locator('#country') })
            .textContent()
        )?.trim()
      )
        await choose(customer, 'country', /Deutschland/);
      await form.locator('input[type=file]').setInputFiles({ name: 'akku-anzeige.png', mimeType: 'image/png', buffer: PHOTO });
      await form.locator('.ant-upload-list-item-done').filter({ hasText: 'akku-anzeige.png' }).waitFor();
      await customer.getByTestId('complaint-submit').click();
      await customer.waitForURL((url) => url.searchParams.has('customercomplaintId'));
      const id = Number(new URL(customer.url()).searchParams.get('customercomplaintId'));
      expect(id).toBeGreaterThan(0);
      await customer.getByText(title).waitFor();
      await statusShows(customer, 'Eingereicht');
      await customer.getByTestId('attachment').filter({ hasText: 'akku-anzeige.png' }).waitFor();

      // The servicer accepts it, starts on it and transfers it to R&D.
      const servicer = (await newPage(browser)).page;
      await login(servicer, 'servicer');
      await openComplaint(servicer, id);
      await servicer.getByText(title).waitFor();
      await act(servicer, 'accept');
      await openComplaint(customer, id);
      await statusShows(customer, 'Eingegangen');
      await act(servicer, 'process');
      await openComplaint(customer, id);
      await statusShows(customer, 'In Bearbeitung');
      await act(servicer, 'transfer', async () => choose(servicer, 'customerComplaintList-transfer_team', 'R&D'));
      await openComplaint(customer, id);
      await statusShows(customer, 'Bei unseren Spezialisten');

      // R&D takes it over and answers with a file.
      const dev = (await newPage(browser)).page;
      await login(dev, 'dev');
      await openComplaint(dev, id);
      await act(dev, 'takeOver');
      const answer = 'Please update the BMS firmware; the log shows cell 7 under voltage.';
      await dev.getByTestId('complaint-message-text').fill(answer);
      const box = dev.getByTestId('complaint-message-box');
      await box.locator('input[type=file]').setInputFiles({ name: 'bms-log.txt', mimeType: 'text/plain', buffer: LOG });
      await box.locator('.ant-upload-list-item-done').filter({ hasText: 'bms-log.txt' }).waitFor();
      await dev.getByTestId('complaint-message-send').click();
      await dev.getByTestId('complaint-message').filter({ hasText: answer }).waitFor();

      // The customer is told by the top bar's complaint-message icon (spec §4): the answer is among the unread ones;
      // opening it shows the complaint's conversation, and the message is read from then on.
      await customer.goto('/customerComplaintList');
      const bell = customer.getByTestId('complaint-news');
      await expect
        .poll(() => bell.getAttribute('aria-label'), { timeout: 20_000 })
        .toMatch(/^Reklamationsnachrichten: [1-9]\d* ungelesen$/);
      await bell.click();
      const news = customer.getByTestId('complaint-news-item').filter({ hasText: title });
      await news.filter({ hasText: answer }).waitFor();
      await news.click();
      await customer.waitForURL(
        (url) => url.pathname === '/attachmentDetails' && url.searchParams.get('customercomplaintId') === String(id),
      );
      await customer.getByTestId('complaint-detail').waitFor();
      await statusShows(customer, 'In Bearbeitung');
      await bell.click();
      await customer.locator('.ant-popover:not(.ant-popover-hidden)').getByText('Reklamationsnachrichten').waitFor();
      await expect.poll(() => news.count(), { timeout: 10_000 }).toBe(0);
      await customer.keyboard.press('Escape');

      // The customer reads the answer and its file in the conversation.
      const message = customer.getByTestId('complaint-message').filter({ hasText: answer });
      await message.waitFor();
      await message.getByTestId('message-attachment').filter({ hasText: 'bms-log.txt' }).waitFor();

      // The servicer proposes the solution.
      await openComplaint(servicer, id);
      await act(servicer, 'proposeSolution', async (modal) => {
        await modal
          .locator('textarea#customerComplaintList-proposeSolution_solution')
          .fill('BMS-Firmware 2.4.1 aus der Ferne installiert.');
        await modal.locator('textarea#customerComplaintList-proposeSolution_action').fill('Remote firmware update');
      });

      // The customer confirms it.
      await openComplaint(customer, id);
      await statusShows(customer, 'Bitte bestätigen Sie die Lösung');
      await customer.getByText('BMS-Firmware 2.4.1 aus der Ferne installiert.').first().waitFor();
      await expect(customer.getByTestId('workflow-action-confirm').textContent()).resolves.toBe('Bestätigen');
      await act(customer, 'confirm');
      await statusShows(customer, 'Bestätigt');

      // The servicer completes it; the customer rates the service.
      await openComplaint(servicer, id);
      await act(servicer, 'complete');
      await openComplaint(customer, id);
      await statusShows(customer, 'Abgeschlossen');
      await act(customer, 'evaluate', async (modal) => {
        for (const field of ['rating_solved', 'rating_time', 'rating_attitude']) {
          await modal.locator(`#customerComplaintList-evaluate_${field}`).locator('.ant-rate-star').nth(4).click();
        }
        await modal.locator('textarea#customerComplaintList-evaluate_evaluation').fill('Schnell und freundlich, danke!');
      });
      await statusShows(customer, 'Bewertet');
      await customer.getByTestId('complaint-rating').waitFor();

      // Factory after-sales archive it, filling spec §5's archive fields in the archive step's form.
      const fasw = (await newPage(browser)).page;
      await login(fasw, 'fasw');
      await openComplaint(fasw, id);
      await act(fasw, 'archive', async (modal) => {
        const texts: Record<string, string> = {
          root_cause: 'BMS firmware 2.3 misreads cell 7',
          solution: 'BMS firmware 2.4.1',
          action: 'Remote firmware update',
          reason: 'Firmware defect',
          after_sales_solution: 'Remote update, no visit',
          archive_remark: 'Solved remotely',
          visits_count: '0',
          system_model: 'ESS-10',
          pilot_solution: 'Firmware 2.4.1 rolled out to the pilot group',
          archive_module: 'BMS',
          archive_class: 'Firmware',
          archive_type: 'Battery',
        };
        for (const [field, text] of Object.entries(texts)) await modal.locator(`#customerComplaintList-archive_${field}`).fill(text);
        // The two yes/no answers start at 'no', which is sent as shown; one is turned to 'yes'. The archive user is fasw,
        // who archives: nobody types it.
        await modal.locator('#customerComplaintList-archive_leftover_version_issue').click();
      });
      await statusShows(fasw, 'Archived');
      await openComplaint(customer, id);
      await statusShows(customer, 'Geschlossen');
      expect(await customer.getByTestId('workflow-actions').count()).toBe(0);

      // Every step is in the customer's history, in German.
      const history = customer.getByTestId('workflow-history');
      for (const label of ['Eingegangen', 'Bei unseren Spezialisten', 'Bitte bestätigen Sie die Lösung', 'Bewertet', 'Geschlossen']) {
        await history.getByText(label).first().waitFor();
      }

      // Give the next tests the customer's English back: the top bar's choice is saved as the customer's own language.
      await chooseLanguage(customer, /English/, 'Log out');
      await untilLanguageSaved(customer, 'en-US');
      for (const page of [customer, servicer, dev, fasw]) await page.context().close();
    },
  );

  it("lists the complaint messages inside a phone's screen", async () => {
    const systems = await apiAs<Array<{ sys_sn: string }>>('customer', '/ESS/GetSystemsByCustomer', {});
    const filed = await apiAs<{ id: number }>('customer', '/Complaints/SaveComplaint', {
      sys_sn: systems.find((system) => system.sys_sn !== 'All')!.sys_sn,
      title: `App zeigt nichts an ${Date.now()}`,
      description: 'Seit gestern zeigt die App keine Daten.',
      type: 'app',
      contact_email: 'kunde@example.com',
      country: 'DE',
      attachments: [],
    });
    const text = 'Could you send us a photo of the display, please? We would like to see the error code it shows.';
    await apiAs('servicer', '/Complaints/CommentComplaint', { id: filed.id, commentContent: text });

    const { context, page } = await newPage(browser, PHONE);
    await login(page, 'customer');
    await page.getByTestId('complaint-news').click();
    const item = page.getByTestId('complaint-news-item').filter({ hasText: text });
    await item.waitFor();
    const list = await page.locator('.ant-popover:not(.ant-popover-hidden)').boundingBox();
    expect(list!.x).toBeGreaterThanOrEqual(0);
    expect(list!.x + list!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await item.click();
    await page.waitForURL((url) => url.searchParams.get('customercomplaintId') === String(filed.id));
    await page.getByTestId('complaint-message').filter({ hasText: text }).waitFor();
    await context.close();
  });
});
