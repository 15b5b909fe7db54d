import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityViolations, screenshot, see } from './support/browser.ts';
import type { E2EProduct } from './support/product.ts';
import { useSellerSession } from './support/session.ts';
import { sandboxControl } from './support/sandbox.ts';
import { settledPrice, type SandboxSellers } from './support/listings.ts';
import { seededSeller } from './support/seeded-seller.ts';

let product: E2EProduct;
let page: Page;
let sellers: SandboxSellers;

useSellerSession((session) => ({ product, page, sellers } = session));

const sandbox = sandboxControl(() => ({ product, sellers }));
const sandboxPrice = sandbox.price;
/** Cents to a price, and back. */
const cents = (price: string) => Math.round(Number(price) * 100);
const price = (amount: number) => (amount / 100).toFixed(2);
/** A price ten percent up, rounded to the cent as the server does. */
const tenPercentUp = (price: string) => (Math.round((Math.round(Number(price) * 100) * 110) / 100) / 100).toFixed(2);

describe('pricing rules on the real product (issue 24)', () => {
  let sku: string;
  let mainPrice: string;

  it('signs in with four sandbox channels and notes a SKU’s main price', async () => {
    await seededSeller(
      page,
      product,
      {
        firstName: 'Pia',
        lastName: 'Pricer',
        companyName: 'Pricer Goods',
        email: 'pia@pricer.example',
        password: 'pia secret 1',
      },
      ['walmart', 'amazon', 'ebay', 'shopify'],
      sellers,
    );
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Listings' }).click();
    await see(page.getByText('Showing 1–25 of 25'), 30_000);
    const first = page.getByRole('table', { name: 'Catalogue' }).locator('tbody tr:not([aria-hidden])').first();
    sku = (await first.getByRole('button', { name: /^Open / }).textContent())!.trim();
    await expect.poll(() => settledPrice(page, sku, 'eBay'), { timeout: 30_000 }).not.toBeNull();
    mainPrice = (await settledPrice(page, sku, 'Walmart'))!;
    expect(await sandboxPrice('ebay', sku)).toBe(mainPrice);
  });

  it('creates a rule, dry-runs it, runs it, sees the sandboxes’ prices change, and undoes it', async () => {
    await page.getByRole('tab', { name: 'Pricing rules' }).click();
    await see(page.getByRole('heading', { name: 'No pricing rules yet' }));
    await page.getByRole('button', { name: 'New rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'New pricing rule' });
    await dialog.getByLabel('Name', { exact: true }).fill('Marketplaces +10 %');
    await dialog.getByLabel('Percent', { exact: true }).fill('10');
    await dialog.getByLabel('Rounding', { exact: true }).selectOption('none');
    await dialog.getByRole('button', { name: 'Preview changes' }).click();
    const preview = dialog.getByRole('table', { name: 'Prices the rule would change' });
    await see(preview, 15_000);
    const row = preview.getByRole('row').filter({ hasText: sku }).filter({ hasText: 'eBay' });
    await expect.poll(async () => (await row.first().textContent()) ?? '').toContain(tenPercentUp(mainPrice));
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'pricing-rule-dry-run');
    // Only a dry run: eBay still holds the main price.
    expect(await sandboxPrice('ebay', sku)).toBe(mainPrice);

    await dialog.getByRole('button', { name: 'Save rule' }).click();
    const rules = page.getByRole('table', { name: 'Pricing rules' });
    await see(rules.getByRole('row', { name: /Marketplaces \+10 %/ }));
    await page.getByRole('button', { name: 'Run Marketplaces +10 %' }).click();
    await see(page.getByRole('button', { name: 'Undo run' }), 15_000);
    await expect.poll(() => sandboxPrice('ebay', sku), { timeout: 45_000 }).toBe(tenPercentUp(mainPrice));
    await expect.poll(() => sandboxPrice('amazon', sku), { timeout: 45_000 }).toBe(tenPercentUp(mainPrice));
    // The main channel keeps its own price.
    expect(await sandboxPrice('walmart', sku)).toBe(mainPrice);

    await page.getByRole('button', { name: 'Undo run' }).click();
    await see(page.getByText(/prices put back; the rule is off\./));
    await expect.poll(() => sandboxPrice('ebay', sku), { timeout: 45_000 }).toBe(mainPrice);
    await expect.poll(() => sandboxPrice('amazon', sku), { timeout: 45_000 }).toBe(mainPrice);
    await see(rules.getByRole('row', { name: /Marketplaces \+10 %/ }).getByText('Off'));
  });

  it('follows a cheaper competitor on Amazon a cent below, down to the rule’s minimum price and no further', async () => {
    await page.getByRole('button', { name: 'New rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'New pricing rule' });
    await dialog.getByLabel('Name', { exact: true }).fill('Beat Amazon competitors');
    // Amazon only: the other channels' boxes cleared.
    for (const box of await dialog.getByRole('group', { name: 'Channels' }).getByRole('checkbox').all())
      if (!((await box.evaluate((el) => el.parentElement?.textContent ?? '')) ?? '').includes('(Amazon)'))
        await box.uncheck();
    await dialog.getByLabel('SKUs', { exact: true }).selectOption('skus');
    await dialog.getByLabel('SKUs, one per line').fill(sku);
    await dialog.getByLabel('Price', { exact: true }).selectOption('lowest_offer');
    await see(dialog.getByText(/-0.01 beats it by a cent/));
    await dialog.getByLabel('Amount', { exact: true }).fill('-0.01');
    await dialog.getByLabel('Rounding', { exact: true }).selectOption('none');
    const floor = cents(mainPrice) - 100;
    await dialog.getByLabel('Minimum price').fill(price(floor));
    await dialog.getByRole('button', { name: 'Save rule' }).click();
    await see(page.getByRole('table', { name: 'Pricing rules' }).getByRole('row', { name: /Beat Amazon competitors/ }));
    expect(await sandboxPrice('amazon', sku)).toBe(mainPrice);

    // Another seller offers it 50 cents cheaper on Amazon: we go a cent below.
    const compete = (offer: number) =>
      sandbox.call('amazon', `/items/${encodeURIComponent(sku)}/competing-offers`, {
        method: 'PUT',
        body: { offers: [{ price: offer / 100 }] },
      });
    await compete(cents(mainPrice) - 50);
    await expect.poll(() => sandboxPrice('amazon', sku), { timeout: 30_000 }).toBe(price(cents(mainPrice) - 51));
    // It races down three dollars: we stop at the minimum price.
    await compete(cents(mainPrice) - 300);
    await expect.poll(() => sandboxPrice('amazon', sku), { timeout: 30_000 }).toBe(price(floor));
    // The catalogue shows Amazon's price; eBay keeps the main price.
    await page.getByRole('tab', { name: 'Catalogue' }).click();
    await expect.poll(() => settledPrice(page, sku, 'Amazon'), { timeout: 30_000 }).toBe(price(floor));
    expect(await sandboxPrice('ebay', sku)).toBe(mainPrice);
    await screenshot(page, 'pricing-rule-competitor');
  });
});
