import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, see, watchForPageErrors } from './support/browser.ts';
import { startE2EProduct, type E2EProduct } from './support/product.ts';

let product: E2EProduct;
let browser: Browser;

beforeAll(async () => {
  [product, browser] = await Promise.all([startE2EProduct(), launchBrowser()]);
  await product.createUser({
    email: 'theo@theme.example',
    password: 'theo secret 1',
    firstName: 'Theo',
    lastName: 'Theme',
    companyName: 'Theme Goods',
  });
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const themeOf = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

describe('the theme switch in the user menu', () => {
  it('applies the saved theme before the app itself runs', async () => {
    const context = await browser.newContext({ baseURL: product.url, colorScheme: 'light' });
    await context.addInitScript(() => window.localStorage.setItem('hub.theme', 'dark'));
    const page = await context.newPage();
    // Without the app's script: only the blocking theme script in <head> can have set it.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/auth');
    expect(await themeOf(page)).toBe('dark');
    await context.close();
  });

  it('System follows the device; Dark and Light are kept across a reload', async () => {
    const context = await browser.newContext({
      baseURL: product.url,
      colorScheme: 'dark',
      viewport: { width: 1280, height: 900 },
    });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const pageErrors = watchForPageErrors(page);
    await page.goto('/auth');
    // Nothing chosen: the device's dark setting.
    expect(await themeOf(page)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => themeOf(page)).toBe('light');

    await page.getByLabel('Email', { exact: true }).fill('theo@theme.example');
    await page.getByLabel('Password', { exact: true }).fill('theo secret 1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: /Account menu/ }).click();
    const choices = page.getByRole('menu').getByRole('group', { name: 'Theme' });
    await choices.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect.poll(() => themeOf(page)).toBe('dark');
    await see(choices.getByRole('menuitemradio', { name: 'Dark', checked: true }));
    await screenshot(page, 'user-menu-dark-theme');

    await page.reload();
    expect(await themeOf(page)).toBe('dark');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menu').getByRole('menuitemradio', { name: 'Light' }).click();
    await expect.poll(() => themeOf(page)).toBe('light');
    // A dark device does not override an explicit Light.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    expect(await themeOf(page)).toBe('light');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
