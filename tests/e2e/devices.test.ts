import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { baseUrl, DEMO_PASSWORD, launch, login, newPage, PHONE, untilItHolds } from './browser';

/**
 * A servicer reaching the demo devices from the browser: a command to one system, applied by its (simulated) device
 * and shown in the list and on the system's Control tab; a batch to twenty systems followed until it finishes. The
 * demo systems are devices on the portal's embedded broker (server/demo/monitoring/live.ts); they connect shortly
 * after the portal answers, so the tests first wait until they do.
 */

/** The demo customer's home system: planned to report, so its device is online. */
const SN = 'ESS2024A0001';
/** Below every demo model's inverter rating (5 kW and up): a device refuses a limit above its rating. */
const BATCH_LIMIT_W = 4000;
const BATCH_SIZE = 20;

interface Answer<T> {
  code: number;
  msg?: string;
  data: T;
}
interface Control {
  online: boolean;
  settings: { exportLimit?: { limitW: number } };
}
interface Preview {
  total: number;
  online: number;
  sample: Array<{ sys_sn: string; online: boolean }>;
}

let token: string;
/** Calls the portal's /api as the demo servicer (what the screens should agree with). */
async function api<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Answer<T>;
  if (answer.code !== 200) throw new Error(`${path} answered ${answer.code}: ${answer.msg}`);
  return answer.data;
}

const control = (sn: string) => api<Control>('/DeviceCommand/GetSystemControl', { sn });

/** Until `check` holds, asked every second; fails with the last answer after `timeoutMs`. */
async function eventually<T>(what: string, ask: () => Promise<T>, check: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await ask();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value).slice(0, 300)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** The demo systems whose devices are online now (the batch preview says so per system), but `except`. */
async function onlineSystems(except: string): Promise<string[]> {
  const systems = await api<{ data: Array<{ sys_sn: string }> }>('/ESS/GetSystems', { pageIndex: 1, pageSize: 500 });
  const sns = systems.data.map((s) => s.sys_sn).filter((sn) => sn !== except);
  const online: string[] = [];
  // The preview names the first 20 systems of its target with their connection: asked 20 S/Ns at a time.
  for (let i = 0; i < sns.length; i += 20) {
    const preview = await api<Preview>('/BatchSetting/PreviewBatch', {
      command: 'exportLimit',
      params: { limitW: BATCH_LIMIT_W },
      target: { kind: 'list', sns: sns.slice(i, i + 20) },
    });
    online.push(...preview.sample.filter((s) => s.online).map((s) => s.sys_sn));
  }
  return online;
}

/** Picks `label` in the antd select whose input is named `name`, inside `scope`. */
async function choose(page: Page, scope: Locator, name: string, label: string) {
  const select = scope.locator('.ant-select').filter({ has: page.getByRole('combobox', { name, exact: true }) });
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await untilItHolds(
    async () => {
      await select.click();
      await dropdown.getByTitle(label, { exact: true }).click({ timeout: 5_000 });
    },
    () => select.locator('.ant-select-selection-item', { hasText: label }).waitFor({ timeout: 5_000 }),
  );
}

/** The text of the value beside `label` in a bordered antd Descriptions. */
const described = (scope: Locator, label: string) =>
  scope
    .locator('th.ant-descriptions-item-label')
    .filter({ has: scope.page().getByText(label, { exact: true }) })
    .locator('xpath=following-sibling::td[1]');

let browser: Browser;
beforeAll(async () => {
  const session = await fetch(`${baseUrl()}/api/Account/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'servicer', password: DEMO_PASSWORD }),
  });
  token = ((await session.json()) as Answer<{ AccessToken: string }>).data.AccessToken;
  // The demo fleet connects its devices after it has back-filled its telemetry, a little after the portal answers.
  await eventually(
    `${SN}'s device`,
    () => control(SN),
    (c) => c.online,
    180_000,
  );
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('device commands in a browser', () => {
  it('sets an export limit on a demo system from its Control tab and sees the device apply it', async () => {
    // A limit the device does not have yet (on a portal reused from an earlier run it may hold this test's last one).
    const limitW = (await control(SN)).settings.exportLimit?.limitW === 3500 ? 3400 : 3500;
    // A command of one parameter is listed by its name with its value below ('Export limit' / '3,500 W').
    const shown = new RegExp(`${new Intl.NumberFormat('en-US').format(limitW)}\\sW`);
    const { context, page } = await newPage(browser);
    await login(page, 'servicer');

    // The storage list opens the system's page; its Control tab says the device is online and links to the command screen.
    await page.goto(`/EnergyStorageList/energyStorageList?sn=${SN}`);
    await page.getByRole('tab', { name: 'Control' }).click();
    const tab = page.locator('.ant-tabs-tabpane-active');
    await tab.locator('.ant-tag', { hasText: /^Online$/ }).waitFor();
    await tab.getByRole('button', { name: 'Send a command' }).click();
    await page.waitForURL((url) => url.pathname === '/energyStorageSysMaintenance/commandManagement' && url.searchParams.get('sn') === SN);

    const panel = page.getByTestId('send-command');
    await panel.locator('.ant-tag', { hasText: /^Online$/ }).waitFor();
    await choose(page, panel, 'Command', 'Export limit');
    const limit = panel.getByRole('spinbutton', { name: 'Export limit' });
    // The system was read before the command was chosen (its tag shows): the field's start, what the device announced
    // it has set, is in place and is typed over.
    await limit.fill(String(limitW));
    expect(await limit.inputValue()).toBe(String(limitW));
    await panel.locator('button[type="submit"]').click();
    await page.getByText(`Export limit queued for ${SN}`).waitFor();

    // The list reads itself again every 2 s while the command is open: its row ends as succeeded.
    const row = page
      .locator('.ant-table-row')
      .filter({ hasText: SN })
      .filter({ hasText: 'Export limit' })
      .filter({ hasText: shown })
      .first();
    await row.locator('.ant-tag', { hasText: /^Succeeded$/ }).waitFor({ timeout: 30_000 });
    expect((await control(SN)).settings.exportLimit?.limitW).toBe(limitW);

    // The Control tab shows the new limit among the settings as the device reported them.
    await page.goto(`/EnergyStorageList/energyStorageList?sn=${SN}`);
    await page.getByRole('tab', { name: 'Control' }).click();
    await expect.poll(() => described(tab, 'Export limit').textContent()).toBe(`${new Intl.NumberFormat('en-US').format(limitW)}\u00a0W`);
    await tab
      .locator('.ant-card', { hasText: 'Recent commands' })
      .locator('.ant-table-row', { hasText: shown })
      // The newest first (a reused portal holds the same limit from two runs ago).
      .first()
      .locator('.ant-tag', { hasText: /^Succeeded$/ })
      .waitFor();
    await context.close();
  });

  it('sends a batch to 20 online systems, previewed first, and watches it finish with all 20 succeeded', async () => {
    // The demo connects its devices together; all but a few planned offline or silent ones are online soon.
    const online = await eventually(
      'online demo systems',
      () => onlineSystems(SN),
      (sns) => sns.length >= BATCH_SIZE,
      60_000,
    );
    const sns = online.slice(0, BATCH_SIZE);
    const { context, page } = await newPage(browser);
    await login(page, 'servicer');
    await page.goto('/energyStorageSysMaintenance/sysBatchSetting');
    await page.getByRole('button', { name: 'New batch' }).click();
    const drawer = page.locator('.ant-drawer-content', { hasText: 'New batch' });
    await drawer.waitFor();

    await choose(page, drawer, 'Command', 'Export limit');
    await drawer.getByRole('spinbutton', { name: 'Export limit' }).fill(String(BATCH_LIMIT_W));
    await drawer.getByText('By S/N list', { exact: true }).click();
    await drawer.getByRole('textbox', { name: 'Serial numbers' }).fill(sns.join('\n'));
    await drawer.getByText('20 S/Ns (at most 50,000)').waitFor();

    // Nothing is sent before a preview of the same choice.
    const send = drawer.getByTestId('batch-send');
    expect(await send.isDisabled()).toBe(true);
    await drawer.getByTestId('batch-preview').click();
    const preview = drawer.getByTestId('batch-preview-result');
    await expect.poll(() => described(preview, 'Systems').textContent()).toBe('20');
    expect(await described(preview, 'Online').textContent()).toBe('20');
    expect(await described(preview, 'Offline').textContent()).toBe('0');
    expect(await described(preview, 'Refused by model').textContent()).toBe('0');
    await send.filter({ hasText: 'Send to 20 systems' }).click();
    await page.getByText(/^Batch #\d+ created$/).waitFor();

    // The batch's page follows it live (every 2 s while it runs) until every system has succeeded.
    await page.waitForURL((url) => url.searchParams.has('batch'));
    const batchId = new URL(page.url()).searchParams.get('batch');
    const detail = page.locator('.ant-drawer-content', { hasText: `#${batchId} Export limit` });
    await detail.locator('.ant-tag', { hasText: /^Finished$/ }).waitFor({ timeout: 45_000 });
    await detail.locator('.ant-tag', { hasText: /^Succeeded: 20$/ }).waitFor();
    await detail.locator('.device-progress', { hasText: '✓ 20' }).filter({ hasText: 'Open 0 / 20' }).waitFor();
    // Its systems, each with its own row: they are read on their own, and may lag the batch by a read.
    await expect.poll(() => detail.locator('.ant-table-row .ant-tag', { hasText: /^Succeeded$/ }).count()).toBe(BATCH_SIZE);
    expect(await detail.locator('.ant-table-row').count()).toBe(BATCH_SIZE);

    // The list of batches agrees once the page is closed.
    await detail.locator('.ant-drawer-close').click();
    const listed = page.locator('.ant-table-row', { hasText: `#${batchId} Export limit` });
    await listed.locator('.ant-tag', { hasText: /^Finished$/ }).waitFor();
    await listed.locator('.device-progress', { hasText: '✓ 20' }).waitFor();
    for (const sn of sns) expect((await control(sn)).settings.exportLimit?.limitW).toBe(BATCH_LIMIT_W);
    await context.close();
  });

  it('keeps the command screen within a phone’s width', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await login(page, 'servicer');
    await page.goto(`/energyStorageSysMaintenance/commandManagement?sn=${SN}`);
    const panel = page.getByTestId('send-command');
    await panel.locator('.ant-tag', { hasText: /^Online$/ }).waitFor();
    await choose(page, panel, 'Command', 'Export limit');
    await panel.getByRole('spinbutton', { name: 'Export limit' }).waitFor();
    // The commands sent earlier are listed below the form, as cards.
    await page
      .getByText(/^[\d,]+\sW$/)
      .first()
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const sendBox = await panel.locator('button[type="submit"]').boundingBox();
    expect(sendBox!.x + sendBox!.width).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });
});
