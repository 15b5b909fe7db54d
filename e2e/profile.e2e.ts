import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { accessibilityViolations, horizontalOverflow, screenshot, see, watchForPageErrors } from './support/browser.ts';
import type { E2EProduct } from './support/product.ts';
import { openProfileSettings, signedIn, useProductAndBrowser } from './support/session.ts';

let product: E2EProduct;
let browser: Browser;
const seller = { email: 'pia@profile.example', password: 'pia secret 1' };

/** A 1×1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

useProductAndBrowser(async (started) => {
  ({ product, browser } = started);
  await product.createUser({ ...seller, firstName: 'Pia', lastName: 'Profile', companyName: 'Profile Goods' });
});

/** The seller on a device of their own at this size, signed in. */
const signedInAt = (width: number, height: number) => signedIn(browser, product, seller, width, height);

describe('profile settings, in a real browser', () => {
  it('uploads a photo the avatar shows, saves a time zone, and signs out the other sessions (1440 px and 390 px)', async () => {
    const desk = await signedInAt(1440, 1000);
    const phone = await signedInAt(390, 844);
    const pageErrors = watchForPageErrors(desk.page);

    const dialog = await openProfileSettings(desk.page);
    await dialog.getByLabel('Photo file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await see(desk.page.getByText('Photo Updated'));
    // The avatar's image is loaded from the app with the session's cookie.
    const photo = dialog.getByRole('img', { name: 'Pia Profile' }).locator('img');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    expect(await photo.getAttribute('src')).toMatch(/^\/api\/auth\/photos\/[0-9a-f]{32}\.png$/);

    await dialog.getByLabel('Time zone').selectOption('Asia/Tokyo');
    await dialog.getByRole('button', { name: 'Save Profile' }).click();
    await see(desk.page.getByText('Profile Updated'));
    expect(await accessibilityViolations(desk.page)).toEqual([]);
    await screenshot(desk.page, 'profile-settings-1440');

    // The phone read the user before the change (it keeps it five minutes): a reload reads it again.
    await phone.page.reload();
    const onPhone = await openProfileSettings(phone.page);
    await expect.poll(() => onPhone.getByLabel('Time zone').inputValue()).toBe('Asia/Tokyo');
    expect(await horizontalOverflow(phone.page)).toBeLessThanOrEqual(0);
    expect(await accessibilityViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'profile-settings-390');

    await dialog.getByRole('button', { name: 'Sign Out Other Sessions' }).click();
    await see(desk.page.getByText('Other Sessions Signed Out'));
    const phoneUser = await phone.page.request.get('/api/auth/user');
    expect(phoneUser.status()).toBe(401);
    expect((await desk.page.request.get('/api/auth/user')).status()).toBe(200);
    expect(pageErrors).toEqual([]);
    await desk.context.close();
    await phone.context.close();
  });
});
