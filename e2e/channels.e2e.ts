import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { gone, launchBrowser, screenshot, see, watchForPageErrors } from './support/browser.ts';
import { startE2EProduct, type E2EProduct } from './support/product.ts';

let product: E2EProduct;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  // The sandboxes as a seller meets them by default: their consent pages and control API serve this account's sellers only.
  [product, browser] = await Promise.all([startE2EProduct({ sandboxControl: 'scoped' }), launchBrowser()]);
  await product.createUser({
    email: 'maker@goods.example',
    password: 'maker secret 1',
    firstName: 'Mia',
    lastName: 'Maker',
    companyName: 'Maker Goods',
  });
  context = await browser.newContext({ baseURL: product.url, viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  pageErrors = watchForPageErrors(page);
  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill('maker@goods.example');
  await page.getByLabel('Password', { exact: true }).fill('maker secret 1');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});
beforeEach(() => () => expect(pageErrors).toEqual([]));

const card = (name: RegExp) => page.getByRole('article', { name });

describe('a seller connects marketplaces on the Channels page', () => {
  it('connects Walmart with a sandbox seller; the first channel becomes main', async () => {
    await page.goto('/channels');
    await see(page.getByRole('heading', { name: 'No channels connected yet' }));
    await screenshot(page, 'channels-none');
    await page.getByRole('button', { name: 'Connect Walmart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Walmart' });
    await dialog.getByRole('button', { name: 'Use a sandbox seller' }).click();
    await expect.poll(() => dialog.getByLabel('Client ID', { exact: true }).inputValue()).not.toBe('');
    await screenshot(page, 'channels-connect-walmart');
    await dialog.getByRole('button', { name: 'Connect Walmart' }).click();
    await see(page.getByText('Walmart Connected', { exact: true }).first());
    await see(card(/Walmart/).getByText('Main channel'));
  });

  it('connects Amazon with a sandbox seller as a target, and refuses wrong credentials', async () => {
    await page.getByRole('button', { name: 'Connect Amazon' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Amazon' });
    for (const label of ['LWA Client ID', 'Client Secret', 'Refresh Token', 'Seller ID (merchant token)'])
      await dialog.getByLabel(label, { exact: true }).fill('wrong');
    await dialog.getByRole('button', { name: 'Connect Amazon' }).click();
    await see(dialog.getByText('Amazon did not connect'));
    await see(dialog.getByText(/Amazon refused these credentials/));
    await screenshot(page, 'channels-amazon-rejected');
    await dialog.getByRole('button', { name: 'Use a sandbox seller' }).click();
    await expect
      .poll(() => dialog.getByLabel('Seller ID (merchant token)', { exact: true }).inputValue())
      .not.toBe('wrong');
    await dialog.getByRole('button', { name: 'Connect Amazon' }).click();
    await see(card(/Amazon/).getByText('Target'));
  });

  it('connects eBay through the consent popup when the seller agrees', async () => {
    await page.getByRole('button', { name: 'Connect eBay' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect eBay' });
    await dialog.getByRole('button', { name: 'Use a sandbox seller' }).click();
    await see(dialog.getByText(/Sandbox seller:/));
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      dialog.getByRole('button', { name: 'Continue to eBay' }).click(),
    ]);
    await popup.waitForLoadState();
    await see(popup.getByRole('heading', { name: 'Grant application access' }));
    await screenshot(popup, 'ebay-consent');
    await popup.getByRole('button', { name: 'Agree' }).click();
    await popup.waitForURL((url) => url.pathname === '/auth-success');
    await see(popup.getByText('Your eBay account was connected successfully.'));
    await screenshot(popup, 'auth-success');
    // The popup tells the Channels page, which shows the new channel without a reload.
    await see(page.getByText('eBay Connected', { exact: true }).first());
    await see(card(/eBay/).getByText('Target'));
    await popup.waitForEvent('close', { timeout: 10_000 });
  });

  it('connects nothing when the seller declines on eBay', async () => {
    const before = await page.getByRole('article').count();
    await page.getByRole('button', { name: 'Connect eBay' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect eBay' });
    await dialog.getByRole('button', { name: 'Use a sandbox seller' }).click();
    await see(dialog.getByText(/Sandbox seller:/));
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      dialog.getByRole('button', { name: 'Continue to eBay' }).click(),
    ]);
    await popup.waitForLoadState();
    await popup.getByRole('button', { name: 'Decline' }).click();
    await popup.waitForURL((url) => url.pathname === '/auth-declined');
    await see(popup.getByText(/was not connected/));
    await screenshot(popup, 'auth-declined');
    await see(page.getByText('eBay Not Connected', { exact: true }).first());
    expect(await page.getByRole('article').count()).toBe(before);
    await popup.waitForEvent('close', { timeout: 10_000 });
  });

  it('connects Shopify by shop domain through the install page', async () => {
    await page.getByRole('button', { name: 'Connect Shopify' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Shopify' });
    await dialog.getByRole('button', { name: 'Use a sandbox seller' }).click();
    await expect
      .poll(() => dialog.getByLabel('Shop domain', { exact: true }).inputValue())
      .toMatch(/\.myshopify\.com$/);
    await dialog.getByRole('button', { name: 'Continue to Shopify' }).click();
    await page.getByRole('button', { name: 'Install app' }).waitFor();
    await screenshot(page, 'shopify-install');
    await page.getByRole('button', { name: 'Install app' }).click();
    await page.waitForURL((url) => url.pathname === '/channels');
    await see(page.getByText('Shopify Connected', { exact: true }).first());
    await see(card(/Shopify/).getByText('Target'));
    // The outcome parameter leaves the address once shown.
    await expect.poll(() => new URL(page.url()).search).toBe('');
  });

  it('makes Amazon the main channel', async () => {
    await card(/Amazon/)
      .getByRole('button', { name: 'Make main: Amazon' })
      .click();
    // It asks first, saying what changes.
    const dialog = page.getByRole('dialog', { name: 'Make Amazon your main channel?' });
    await see(dialog.getByText(/Amazon's stock and prices become the truth for every other channel/));
    await dialog.getByRole('button', { name: 'Make Amazon main' }).click();
    await see(page.getByText('Main Channel Changed', { exact: true }).first());
    await see(card(/Amazon/).getByText('Main channel'));
    await see(card(/Walmart/).getByText('Target'));
    await screenshot(page, 'channels-connected');
  });

  it('syncs Walmart now: the progress shows until the run ends, with a toast', async () => {
    const walmart = card(/Walmart/);
    await see(walmart.getByText('Waiting to send'));
    // Walmart answers slowly for this run, so that it is still under way when the page is looked at (a fast
    // machine finished it between the progress bar showing and the button being checked).
    // The seller's own sandbox seller, as the browser's session finds it in the request log (its calls only).
    const calls = (await (await page.request.get('/sandbox/walmart/_control/requests')).json()) as Array<{
      sellerId?: string;
    }>;
    const walmartSeller = calls.find((call) => call.sellerId)?.sellerId;
    expect(walmartSeller).toBeTruthy();
    const walmartFaults = async (latencyMs: number) =>
      (
        await page.request.put(`/sandbox/walmart/_control/sellers/${walmartSeller}/faults`, { data: { latencyMs } })
      ).status();
    expect(await walmartFaults(500)).toBe(200);
    await walmart.getByRole('button', { name: 'Sync now: Walmart' }).click();
    // The run is queued at once, then read by a worker; its progress comes over the event stream.
    await see(walmart.getByRole('progressbar', { name: 'Walmart sync progress' }));
    await expect.poll(() => walmart.getByRole('button', { name: 'Sync now: Walmart' }).isDisabled()).toBe(true);
    expect(await walmartFaults(0)).toBe(200);
    await see(page.getByText('Walmart Synced', { exact: true }).first(), 30_000);
    await see(walmart.getByRole('status').getByText(/^Synced: [\d,]+ listings? read, /));
    await gone(walmart.getByRole('progressbar'));
    await expect.poll(() => walmart.getByRole('button', { name: 'Sync now: Walmart' }).isEnabled()).toBe(true);
    await screenshot(page, 'channels-sync-finished');
  });
});
