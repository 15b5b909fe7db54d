import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accessibilityViolations, horizontalOverflow, screenshot, see, watchForPageErrors } from './support/browser.ts';
import type { E2EProduct } from './support/product.ts';
import { openProfileSettings, signedIn, useProductAndBrowser } from './support/session.ts';

let product: E2EProduct;
let browser: Browser;
const seller = { email: 'pat@privacy.example', password: 'pat secret 1' };

useProductAndBrowser(async (started) => {
  ({ product, browser } = started);
  await product.createUser({ ...seller, firstName: 'Pat', lastName: 'Privacy', companyName: 'Privacy Goods' });
});

/** The seller on a device of their own at this size, signed in. */
const signedInAt = (width: number, height: number) => signedIn(browser, product, seller, width, height);

async function downloaded(page: Page, link: ReturnType<Page['getByRole']>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
}

describe('privacy rights, in a real browser (issue 27)', () => {
  it('downloads my data as JSON and CSV, then deletes the account and lands on the landing page (390 px and 1440 px)', async () => {
    const phone = await signedInAt(390, 844);
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

    const desk = await signedInAt(1440, 1000);
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
