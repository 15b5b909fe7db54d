import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  accessibilityViolations,
  horizontalOverflow,
  launchBrowser,
  screenshot,
  see,
  watchForPageErrors,
} from './support/browser.ts';
import { startE2EProduct, type E2EProduct } from './support/product.ts';

let product: E2EProduct;
let browser: Browser;
const seller = { email: 'pat@privacy.example', password: 'pat secret 1' };

beforeAll(async () => {
  [product, browser] = await Promise.all([startE2EProduct(), launchBrowser()]);
  await product.createUser({ ...seller, firstName: 'Pat', lastName: 'Privacy', companyName: 'Privacy Goods' });
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

async function signedIn(width: number, height: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: product.url, viewport: { width, height } });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill(seller.email);
  await page.getByLabel('Password', { exact: true }).fill(seller.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return { context, page };
}

async function openProfileSettings(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Profile Settings' });
  await see(dialog);
  return dialog;
}

async function downloaded(page: Page, link: ReturnType<Page['getByRole']>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
}

describe('privacy rights, in a real browser (issue 27)', () => {
  it('downloads my data as JSON and CSV, then deletes the account and lands on the landing page (390 px and 1440 px)', async () => {
    const phone = await signedIn(390, 844);
    const onPhone = await openProfileSettings(phone.page);
    await see(onPhone.getByRole('button', { name: 'Delete My Account' }));
    expect(await horizontalOverflow(phone.page)).toBeLessThanOrEqual(0);
    await onPhone.getByRole('button', { name: 'Delete My Account' }).click();
    const confirmOnPhone = phone.page.getByRole('dialog', { name: 'Delete your account?' });
    await see(confirmOnPhone);
    expect(await horizontalOverflow(phone.page)).toBeLessThanOrEqual(0);
    expect(await accessibilityViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'privacy-delete-390');
    await confirmOnPhone.getByRole('button', { name: 'Cancel' }).click();

    const desk = await signedIn(1440, 1000);
    const pageErrors = watchForPageErrors(desk.page);
    const dialog = await openProfileSettings(desk.page);
    const json = JSON.parse(await downloaded(desk.page, dialog.getByRole('link', { name: 'Download My Data (JSON)' })));
    expect(json.profile).toMatchObject({ email: seller.email, firstName: 'Pat' });
    expect(json.account).toMatchObject({ name: 'Privacy Goods' });
    await dialog.getByLabel('Table to download as CSV').selectOption('audit');
    const csv = await downloaded(desk.page, dialog.getByRole('link', { name: 'Download CSV' }));
    expect(csv.split('\r\n')[0]).toMatch(/^id,occurredAt,action,/);
    expect(csv).toContain('auth.sign_in');
    expect(await accessibilityViolations(desk.page)).toEqual([]);
    await screenshot(desk.page, 'privacy-1440');

    await dialog.getByRole('button', { name: 'Delete My Account' }).click();
    const confirm = desk.page.getByRole('dialog', { name: 'Delete your account?' });
    await confirm.getByLabel('Current password').fill('not my password');
    await confirm.getByRole('button', { name: 'Delete Account' }).click();
    await see(desk.page.getByText('Your current password is not correct.').first());
    await confirm.getByLabel('Current password').fill(seller.password);
    await confirm.getByRole('button', { name: 'Delete Account' }).click();
    await desk.page.waitForURL((url) => url.pathname === '/');
    await see(desk.page.getByRole('link', { name: /Get Started/ }).first());
    expect(pageErrors).toEqual([]);

    // The other session ended too, and the password no longer signs in.
    await phone.page.reload();
    await phone.page.waitForURL((url) => url.pathname === '/' || url.pathname === '/auth');
    await see(phone.page.getByRole('link', { name: /Get Started|Sign In/ }).first());
    const again = await desk.context.request.post('/api/auth/login', {
      data: seller,
      headers: { origin: product.url },
    });
    expect(again.status()).toBe(401);
    await Promise.all([desk.context.close(), phone.context.close()]);
  });
});
