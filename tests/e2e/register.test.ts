import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, login, newPage } from './browser';
import { mailTextsTo } from './smtp-sink';

/** README's demo: the spare system nobody owns yet, with the check code printed on its label. */
const SPARE_SN = 'ESS2021DE1004';
const SPARE_CHECK_CODE = 'KL9NMB';

/** The newest verification code mailed to `recipient`, read from the mail the portal handed to its mail server. */
async function mailedCode(recipient: string): Promise<string> {
  for (let tries = 0; tries < 50; tries++) {
    const code = mailTextsTo(inject('mailDir'), recipient)
      .reverse()
      .map((text) => /\b(\d{6})\b/.exec(text)?.[1])
      .find(Boolean);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code mailed to ${recipient}`);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('registering in a browser', () => {
  const stamp = Date.now().toString(36);
  const email = `owner-${stamp}@mail.example`;
  const username = `owner${stamp}`;
  const password = 'sunny-cellar-42';

  it("a new person registers with the demo's spare S/N, reads the code from the mail, lands on the system's dashboard and logs in again", async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/Login');
    await page.getByRole('link', { name: 'Register your system' }).click();
    await page.waitForURL(/\/Register/);

    // Step 1: the label. A wrong check code is refused at once.
    await page.getByLabel('S/N of the system').fill(SPARE_SN);
    await page.getByLabel('Check code').fill('AAAAAA');
    await page.getByLabel('Check code').blur();
    await page.getByText('S/N check code error').waitFor();
    await page.getByLabel('Check code').fill(SPARE_CHECK_CODE);
    await page.getByLabel('Check code').blur();
    await page.getByText(`System ${SPARE_SN}`).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: the account; a taken name is refused as it is typed.
    await page.getByLabel('User name').fill('customer');
    await page.getByLabel('User name').blur();
    await page.getByText('Username already exists').waitFor();
    await page.getByLabel('User name').fill(username);
    await page.getByLabel('Your name').fill('Jonas Weber');
    await page.getByLabel('New password').fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('button', { name: /Again in \d+ s/ }).waitFor();
    await page.getByLabel('Verification code').fill(await mailedCode(email));
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: the place (the system's country and zone are already chosen), the agreement read and accepted.
    await page.getByText('Germany').first().waitFor();
    await page.getByLabel('State / province').click();
    await page.keyboard.type('Baden');
    await page.getByTitle('Baden-Württemberg').click();
    await page.getByLabel('City').click();
    await page.keyboard.type('Freiburg');
    await page.getByTitle('Freiburg', { exact: true }).click();
    await page.getByText('user agreement').click();
    await page.getByRole('dialog').getByText('ESS Portal User Agreement').waitFor();
    await page.getByRole('button', { name: 'Accept' }).click();
    expect(await page.getByRole('checkbox').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL(/\/dashboard/);
    await page.locator('.power-flow').waitFor();
    expect(await page.locator('.system-selector button[data-sn]').evaluateAll((b) => b.map((e) => e.getAttribute('data-sn')))).toEqual([
      SPARE_SN,
    ]);
    await context.close();

    // The account works on its own: a fresh browser logs in with it.
    const again = await newPage(browser);
    await login(again.page, username, password);
    await again.page.locator('.power-flow').waitFor();
    await again.context.close();
  });

  it('the privacy policy is public and linked from the login and registration pages', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/Register');
    await page.getByRole('link', { name: 'Privacy policy' }).click();
    await page.waitForURL(/\/privacy/);
    await page.getByRole('heading', { name: 'Privacy policy' }).waitFor();
    await page.getByText('6. Your rights').waitFor();
    await context.close();
  });
});
