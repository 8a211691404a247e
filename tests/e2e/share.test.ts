import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, DEMO_PASSWORD, launch, login, newPage } from './browser';

interface Envelope<T = any> {
  code: number;
  data: T;
}

async function post<T = any>(path: string, body: unknown, token?: string): Promise<Envelope<T>> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

/**
 * The path and query of the newest link to `page` mailed to `recipient`, read from the outbox as the admin
 * reads it (the sent e-mails tab, newest first): the demo has no mail server, so the mail waits there.
 */
async function mailedLink(recipient: string, page: string): Promise<string> {
  const admin = await post<{ AccessToken: string }>('/Account/Login', { username: 'admin', password: DEMO_PASSWORD });
  const list = await post<{ data: { body: string }[] }>('/EmailRule/GetMailOutboxPageList', { recipient, pageIndex: 1, pageSize: 20 }, admin.data.AccessToken);
  expect(list.code).toBe(200);
  for (const mail of list.data.data) {
    const link = new RegExp(`https?://[^\\s]+(${page}\\?token=[\\w-]+)`).exec(mail.body);
    if (link) return link[1]!;
  }
  throw new Error(`no ${page} link mailed to ${recipient}`);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('sharing a system in a browser', () => {
  // Unique per run: the portal's database outlives a single test file.
  const stamp = Date.now().toString(36);
  const email = `friend-${stamp}@mail.example`;
  const username = `friend${stamp}`;
  const password = 'sunny-roof-42';

  it('the customer shares, the invited person registers from the mailed link, logs in and sees the system read-only', async () => {
    const customer = await post<{ AccessToken: string }>('/Account/Login', { username: 'customer', password: DEMO_PASSWORD });
    const systems = (await post<{ sys_sn: string; sys_name: string }[]>('/ESS/GetSystemsByCustomer', {}, customer.data.AccessToken)).data.filter((s) => s.sys_sn !== 'All');
    const shared = systems[0]!;

    const owner = await newPage(browser);
    await login(owner.page, 'customer');
    await owner.page.locator(`.system-selector button[data-sn="${shared.sys_sn}"]`).click();
    await owner.page.getByTestId('system-title').filter({ hasText: shared.sys_name }).waitFor();
    await owner.page.getByTestId('share-button').click();
    await owner.page.getByLabel('E-mail').fill(email);
    await owner.page.getByLabel('Valid for').fill('7');
    await owner.page.getByRole('button', { name: 'Share', exact: true }).click();
    await owner.page.getByText('Share Success').first().waitFor();
    await owner.context.close();

    const invitation = await mailedLink(email, '/shareRegister');
    const guest = await newPage(browser);
    await guest.page.goto(invitation);
    await guest.page.getByText(`was shared with ${email}`).waitFor();
    await guest.page.getByLabel('User name').fill(username);
    await guest.page.getByLabel('Password', { exact: true }).fill(password);
    await guest.page.getByLabel('Confirm password').fill(password);
    await guest.page.getByRole('button', { name: 'Create account' }).click();
    await guest.page.getByText('Your account is ready').waitFor();
    await guest.page.getByRole('button', { name: 'Log in' }).click();
    await guest.page.waitForURL(/\/Login/);
    await login(guest.page, username, password);

    await guest.page.getByTestId('system-title').filter({ hasText: shared.sys_name }).waitFor();
    await guest.page.locator('.power-flow').waitFor();
    expect(await guest.page.locator('.system-selector button[data-sn]').evaluateAll((b) => b.map((e) => e.getAttribute('data-sn')))).toEqual([shared.sys_sn]);
    expect(await guest.page.getByTestId('share-button').count()).toBe(0);
    const hrefs = await guest.page.locator('nav a[href]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(hrefs).not.toContain('/BasicSettings/systemSettings');

    // The invitation worked once.
    await guest.page.goto(invitation);
    await guest.page.getByText('This invitation cannot be used any more').waitFor();
    await guest.context.close();
  });

  it('the new sharer recovers a forgotten password from the login page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/Login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByLabel('User name or e-mail').fill(email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByText('Check your e-mail').waitFor();

    await page.goto(await mailedLink(email, '/ResetPassword'));
    const newPassword = 'moonlit-roof-43';
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('Your password was changed').waitFor();
    await page.getByRole('button', { name: 'Log in' }).click();
    await login(page, username, newPassword);
    await page.locator('.power-flow').waitFor();
    await context.close();
  });
});
