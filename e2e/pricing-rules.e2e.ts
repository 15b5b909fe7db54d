import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityViolations, screenshot, see } from './support/browser.ts';
import type { E2EProduct } from './support/product.ts';
import { useSellerSession } from './support/session.ts';
import { sandboxControl } from './support/sandbox.ts';
import { connectFourSandboxChannels, settledPrice, signUpAndVerify, type SandboxSellers } from './support/listings.ts';

let product: E2EProduct;
let page: Page;
let sellers: SandboxSellers;

useSellerSession((session) => ({ product, page, sellers } = session));

const sandboxPrice = sandboxControl(() => ({ product, sellers })).price;
/** A price ten percent up, rounded to the cent as the server does. */
const tenPercentUp = (price: string) => (Math.round((Math.round(Number(price) * 100) * 110) / 100) / 100).toFixed(2);

describe('pricing rules on the real product (issue 24)', () => {
  let sku: string;
  let mainPrice: string;

  it('signs up, connects four sandbox channels and notes a SKU’s main price', async () => {
    await signUpAndVerify(page, product, {
      firstName: 'Pia',
      lastName: 'Pricer',
      companyName: 'Pricer Goods',
      email: 'pia@pricer.example',
      password: 'pia secret 1',
    });
    await connectFourSandboxChannels(page);
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
});
