import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, see } from './support/browser.ts';
import type { E2EProduct } from './support/product.ts';
import { useSellerSession } from './support/session.ts';
import {
  availableOf as availableIn,
  connectFourSandboxChannels,
  rowOf as rowIn,
  settledQuantity as settledQuantityIn,
  signUpAndVerify,
  type SandboxSellers,
} from './support/listings.ts';

let product: E2EProduct;
let page: Page;
/** The sandbox seller behind each connected channel, as "Use a sandbox seller" created it. */
let sellers: SandboxSellers;

useSellerSession((session) => ({ product, page, sellers } = session));

const rowOf = (sku: string) => rowIn(page, sku);
/** The Available column of a SKU's row. */
const availableOf = (sku: string) => availableIn(page, sku);
/** The quantity a channel's chip shows for a SKU, once nothing is on its way to it ("sending" gone). */
const settledQuantity = (sku: string, marketplace: string) => settledQuantityIn(page, sku, marketplace);

describe('the Listings page, on the real product', () => {
  it('signs up and verifies the address', async () => {
    await signUpAndVerify(page, product, {
      firstName: 'Lena',
      lastName: 'Lister',
      companyName: 'Lister Home',
      email: 'lena@lister.example',
      password: 'lena secret 1',
    });
  });

  it('connects four sandbox channels, Walmart first as the main one', async () => {
    await connectFourSandboxChannels(page);
    expect(Object.keys(sellers).sort()).toEqual(['amazon', 'ebay', 'shopify', 'walmart']);
  });

  let sku: string;

  it('shows the imported SKUs with a chip per channel', async () => {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Listings' }).click();
    await see(page.getByRole('heading', { level: 1, name: 'Listings' }));
    // The main channel's 25 SKUs, each listed on the three targets once they are read.
    await see(page.getByText('Showing 1–25 of 25'), 30_000);
    // A SKU with at least 2 available, for the order below (the sandbox seller's catalogue has some at 0).
    const rows = page.getByRole('table', { name: 'Catalogue' }).locator('tbody tr:not([aria-hidden])');
    const stocked: string[] = [];
    for (const row of await rows.all()) {
      if (Number((await row.locator('td').nth(4).textContent())?.trim()) >= 2)
        stocked.push((await row.getByRole('button', { name: /^Open / }).textContent())!.trim());
    }
    expect(stocked.length).toBeGreaterThan(0);
    sku = stocked[0]!;
    const onWalmart = await (
      await fetch(`${product.url}/sandbox/walmart/_control/sellers/${sellers.walmart}/items/${encodeURIComponent(sku)}`)
    ).json();
    expect(onWalmart.sku ?? sku).toBe(sku);
    for (const marketplace of ['Walmart', 'Amazon', 'eBay', 'Shopify']) {
      await expect.poll(() => settledQuantity(sku, marketplace), { timeout: 30_000 }).not.toBeNull();
    }
    await screenshot(page, 'listings-catalogue');

    // Windowed: only the rows in view (and a few around them) are in the document; scrolling brings the rest.
    const table = page.getByRole('table', { name: 'Catalogue' });
    expect(await table.locator('tbody tr:not([aria-hidden])').count()).toBeLessThan(25);
    await expect.poll(() => table.locator('tr[aria-rowindex="26"]').count()).toBe(0);
    await page
      .getByRole('group', { name: 'Catalogue rows' })
      .evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await see(table.locator('tr[aria-rowindex="26"]'));
    await expect.poll(() => table.locator('tr[aria-rowindex="2"]').count()).toBe(0);

    // Narrowed to that SKU by the search box; the address keeps the search.
    await page.getByRole('searchbox', { name: 'Search' }).fill(sku);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(sku);
    await see(page.getByText('Showing 1–1 of 1'));
  });

  it('follows an order placed on Amazon to the other channels without a reload', async () => {
    const before = await settledQuantity(sku, 'Shopify');
    expect(before).toBeGreaterThanOrEqual(2);
    const ebayBefore = await settledQuantity(sku, 'eBay');
    const mainBefore = await settledQuantity(sku, 'Walmart');
    const availableBefore = await availableOf(sku);
    // Marks this document: a reload would lose it.
    await page.evaluate(() => ((window as unknown as { stayedOpen: boolean }).stayedOpen = true));

    const order = await fetch(`${product.url}/sandbox/amazon/_control/sellers/${sellers.amazon}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lines: [{ sku, quantity: 2 }] }),
    });
    expect(order.status).toBeLessThan(300);

    // The order is taken in (available stock goes down), then sent to the channels it was not placed on.
    await expect.poll(() => availableOf(sku), { timeout: 45_000 }).toBe(availableBefore - 2);
    await expect.poll(() => settledQuantity(sku, 'Shopify'), { timeout: 45_000 }).toBe(before! - 2);
    await expect.poll(() => settledQuantity(sku, 'eBay'), { timeout: 45_000 }).toBe(ebayBefore! - 2);
    // The main channel took the sale as an adjustment: its chip shows the quantity it holds now.
    await expect.poll(() => settledQuantity(sku, 'Walmart'), { timeout: 45_000 }).toBe(mainBefore! - 2);
    expect(await page.evaluate(() => (window as unknown as { stayedOpen?: boolean }).stayedOpen)).toBe(true);
    await screenshot(page, 'listings-after-order');

    // The drawer tells the story: the order, and its result per channel.
    await rowOf(sku)
      .getByRole('button', { name: `Open ${sku}` })
      .click();
    const drawer = page.getByRole('dialog', { name: sku });
    await see(drawer.getByRole('region', { name: 'Change history' }).getByText('Order').first());
    // Slid in completely (its opening animation fades it in).
    await expect.poll(() => drawer.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    await screenshot(page, 'listings-drawer');
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).searchParams.get('sku')).toBeNull();
  });
});
