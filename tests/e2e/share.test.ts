import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, DEMO_PASSWORD, launch, login, newPage } from './browser';
import { mailTextsTo } from './smtp-sink';

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
 * The path and query of the newest link to `page` mailed to `recipient`, read where the recipient reads it:
 * in the mail the portal handed to its mail server (the e2e setup's sink). The outbox shows it masked.
 */
async function mailedLink(recipient: string, page: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s]+(${page}\\?token=[\\w-]+)`);
  // The portal sends in the background, right after the request that queued the mail.
  for (let tries = 0; tries < 50; tries++) {
    const link = mailTextsTo(inject('mailDir'), recipient)
      .reverse()
      .map((text) => pattern.exec(text)?.[1])
      .find(Boolean);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
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

  it('the customer shares and is shown the link once, the invited person registers with it, logs in and sees the system read-only', async () => {
    const customer = await post<{ AccessToken: string }>('/Account/Login', { username: 'customer', password: DEMO_PASSWORD });
    const systems = (
      await post<{ sys_sn: string; sys_name: string }[]>('/ESS/GetSystemsByCustomer', {}, customer.data.AccessToken)
    ).data.filter((s) => s.sys_sn !== 'All');
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
    // The dialog shows the owner the registration link once, to pass on; the same link is mailed to the person.
    const shown = await owner.page.locator('.ant-modal .ant-typography code').filter({ hasText: '/shareRegister?token=' }).innerText();
    const invitation = new URL(shown.trim()).pathname + new URL(shown.trim()).search;
    expect(await mailedLink(email, '/shareRegister')).toBe(invitation);
    await owner.context.close();

    // Nobody else finds it afterwards: the admin's sent e-mails show the mail with its link masked.
    const admin = await post<{ AccessToken: string }>('/Account/Login', { username: 'admin', password: DEMO_PASSWORD });
    const outbox = await post('/EmailRule/GetMailOutboxPageList', { recipient: email, pageIndex: 1, pageSize: 20 }, admin.data.AccessToken);
    expect(outbox.code).toBe(200);
    expect(JSON.stringify(outbox.data)).not.toContain(new URLSearchParams(invitation.split('?')[1]).get('token')!);

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
    expect(
      await guest.page.locator('.system-selector button[data-sn]').evaluateAll((b) => b.map((e) => e.getAttribute('data-sn'))),
    ).toEqual([shared.sys_sn]);
    expect(await guest.page.getByTestId('share-button').count()).toBe(0);
    const hrefs = await guest.page
      .locator('nav a[href]')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
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
