import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { SimulatedDevice } from '../../server/simulator/mqtt-device';
import { SiteSimulator } from '../../server/simulator/simulate';
import { baseUrl, DEMO_PASSWORD, launch, login, newPage, PHONE } from './browser';

/**
 * An installer commissions a system from a phone: the labels (made by the S/N desk a moment before), the site, an
 * invitation for the owner, two photos; the success page shows the device key once. A simulated device then connects
 * with the new S/N and that key (MQTT over WebSocket on the portal's own port) and reports, and the system's page
 * shows it live.
 */

const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const CHECK = 'R7PX4M';
// Unique per run: a portal reused from an earlier run keeps that run's system.
const TAG = String(Date.now() % 1_000_000).padStart(6, '0');
const SN = `ESS2026E${TAG}`;
const LABELS = [
  { sn: SN, product_type: 'system', model: 'ESS-H8 Hybrid' },
  { sn: `INV8${TAG}`, product_type: 'inverter', model: 'ESS-H8 Hybrid' },
  { sn: `BAT8${TAG}`, product_type: 'battery', model: 'LFP-5.0 HV' },
  { sn: `EMS8${TAG}`, product_type: 'ems', model: 'EMS-Gateway 2' },
];

interface Answer<T> {
  code: number;
  info?: string;
  data: T;
}

async function api<T>(token: string, path: string, body: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Answer<T>;
  if (answer.code !== 200) throw new Error(`${path} answered ${answer.code}: ${answer.info}`);
  return answer.data;
}

async function tokenOf(username: string): Promise<string> {
  const session = await fetch(`${baseUrl()}/api/Account/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  return ((await session.json()) as Answer<{ AccessToken: string }>).data.AccessToken;
}

/** Clicks in the middle of the screen: at its top the fixed header of the phone layout would take the click. */
async function tap(target: Locator) {
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await target.click();
}

/** Opens the antd select whose input is `input` (its chosen value covers the input), types and takes the first match. */
async function pick(input: Locator, text: string) {
  await tap(input.page().locator('.ant-select').filter({ has: input }));
  await input.page().keyboard.type(text);
  await input.page().keyboard.press('Enter');
}

let browser: Browser;
let device: SimulatedDevice | undefined;
beforeAll(async () => {
  const admin = await tokenOf('admin');
  for (const label of LABELS) {
    await api(admin, '/SN/SaveSn', { ...label, check_code: CHECK, production_date: '2026-09-01', state: 'free' });
  }
  browser = await launch();
});
afterAll(async () => {
  await device?.stop();
  await browser?.close();
});

describe('installing a system on a phone', () => {
  it('an installer installs a system with two photos, the device connects with the key shown, the system reports live', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await login(page, 'installer');
    await page.goto('/energyStorageSysMaintenance/installNewSystem');

    // The system: its label checked at once (the model comes with it).
    await page.locator('#sn').fill(SN);
    await page.locator('#check_code').fill(CHECK);
    await tap(page.getByRole('button', { name: 'Check' }).first());
    await page.getByText('ESS-H8 Hybrid · label checked').waitFor();
    expect(await page.locator('#minv').inputValue()).toBe('ESS-H8 Hybrid');
    await page.locator('#mbat').fill('LFP-5.0 HV');

    // The components: an inverter, one battery, no meter, the EMS with its MAC.
    await page.locator('#inverter_sn').fill(LABELS[1]!.sn);
    await page.locator('#inverter_check_code').fill(CHECK);
    await page.locator('#batteries_0_sn').fill(LABELS[2]!.sn);
    await page.locator('#batteries_0_check_code').fill(CHECK);
    await tap(page.getByRole('button', { name: 'Remove' }));
    await page.locator('#ems_sn').fill(LABELS[3]!.sn);
    await page.locator('#ems_check_code').fill(CHECK);
    await page.locator('#ems_mac').fill('02:E5:50:12:34:56');
    await page.locator('#popv').fill('8.2');
    await page.locator('#poinv').fill('8');
    await page.locator('#cobat').fill('10');
    await page.locator('#surpluscobat').fill('9');

    // The site.
    await page.locator('#address').fill('Via Roma 7');
    await page.locator('#postcode').fill('37121');
    await page.locator('#city').fill('Verona');
    await pick(page.locator('#country'), 'Italy');
    await page.locator('#latitude').fill('45.4384');
    await page.locator('#longitude').fill('10.9916');
    await pick(page.locator('#timeZone'), 'Europe/Rome');
    await page.locator('.ant-select-selection-item', { hasText: 'Europe/Rome' }).waitFor();

    // The owner is invited; two photos of the installation.
    await page.locator('#inviteEmail').fill(`owner.${TAG}@mail.example`);
    const files = page.locator('input[type=file]');
    await files.setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PHOTO });
    await page.locator('.ant-upload-list-item-done').first().waitFor();
    await files.setInputFiles({ name: 'cabinet.png', mimeType: 'image/png', buffer: Buffer.concat([PHOTO, Buffer.from(TAG)]) });
    await page.locator('.ant-upload-list-item-done').nth(1).waitFor();

    await tap(page.getByRole('button', { name: 'Install the system' }));
    await page.getByText(`System ${SN} is installed`).waitFor({ timeout: 20_000 });
    const key = (await page.getByTestId('device-key').textContent())!.trim();
    expect(key.length).toBeGreaterThanOrEqual(32);
    // The installation is the system's installation record, to complete on its screen.
    const record = await page.getByRole('link', { name: 'Complete the installation record' }).getAttribute('href');
    expect(record).toMatch(/^\/energyStorageSysMaintenance\/InstallationRecord\?action=show&id=\d+$/);
    // The form fits the phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The device: the new S/N and key over MQTT on the portal's WebSocket.
    const started = Date.now();
    device = new SimulatedDevice({
      url: `${baseUrl().replace(/^http/, 'ws')}/mqtt`,
      key,
      simulator: new SiteSimulator(
        {
          sn: SN,
          latitude: 45.4384,
          longitude: 10.9916,
          timeZone: 'Europe/Rome',
          pvKwp: 8.2,
          inverterKw: 8,
          batteryKwh: 9,
          load: 'household',
          annualLoadKwh: 4200,
        },
        // On the reporting grid (5 minutes): the portal refuses samples between its steps.
        Math.floor((started - 20 * 60_000) / 300_000) * 300_000,
      ),
      profile: { model: 'ESS-H8 Hybrid', inverterKw: 8, batteryKwh: 9 },
      countryCode: 'IT',
      clock: () => Date.now(),
      reconnectPeriod: 500,
    });
    await device.start();
    expect(await device.report()).toBeGreaterThan(0);

    // Its page in the installer's list shows it live.
    await tap(page.getByRole('link', { name: 'Open the system' }));
    await page.waitForURL(new RegExp(`sn=${SN}`));
    await page.locator('.power-flow:not(.power-flow--offline)').waitFor({ timeout: 30_000 });

    // The record holds the photos taken during the installation.
    await page.goto(record!);
    await page.getByText('cabinet.png').first().waitFor({ timeout: 20_000 });
    await page.getByText('front.png').first().waitFor();
    await context.close();
  });
});
