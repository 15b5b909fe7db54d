import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityViolations, see } from './support/browser.ts';
import type { E2EProduct } from './support/product.ts';
import { useSellerSession } from './support/session.ts';
import { sandboxControl } from './support/sandbox.ts';
import { settledPrice, type SandboxSellers } from './support/listings.ts';
import { seededSeller } from './support/seeded-seller.ts';

let product: E2EProduct;
let page: Page;
let sellers: SandboxSellers;

useSellerSession((session) => ({ product, page, sellers } = session));

/** The price the sandbox seller holds for a SKU, read through the sandbox's control API. */
const sandboxPrice = sandboxControl(() => ({ product, sellers })).price;

describe('the SKU drawer edits a listing and undoes it from the history', () => {
  let sku: string;

  it('signs in with four sandbox channels and opens a SKU', async () => {
    await seededSeller(
      page,
      product,
      {
        firstName: 'Dana',
        lastName: 'Drawer',
        companyName: 'Drawer Goods',
        email: 'dana@drawer.example',
        password: 'dana secret 1',
      },
      ['walmart', 'amazon', 'ebay', 'shopify'],
      sellers,
    );
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Listings' }).click();
    await see(page.getByText('Showing 1–25 of 25'), 30_000);
    const open = page
      .getByRole('table', { name: 'Catalogue' })
      .locator('tbody tr:not([aria-hidden])')
      .first()
      .getByRole('button', { name: /^Open / });
    sku = (await open.textContent())!.trim();
    for (const marketplace of ['Walmart', 'Amazon', 'eBay'])
      await expect.poll(() => settledPrice(page, sku, marketplace), { timeout: 30_000 }).not.toBeNull();
    await open.click();
    await see(page.getByRole('form', { name: 'Edit this SKU' }));
  });

  it('sets the eBay price with a preview; it reaches eBay only, and Undo in the history puts it back', async () => {
    const drawer = page.getByRole('dialog', { name: sku });
    const [ebayBefore, amazonBefore] = [await sandboxPrice('ebay', sku), await sandboxPrice('amazon', sku)];
    const price = (Number(ebayBefore) + 4.5).toFixed(2);
    await drawer.getByLabel(/^eBay price/).fill(price);
    await drawer.getByRole('button', { name: 'Preview changes' }).click();
    const preview = drawer.getByRole('region', { name: 'Changes to make' });
    await see(preview.getByText(new RegExp(`^eBay price: from your rules → ${price.replace('.', '\\.')}`)));
    expect(await accessibilityViolations(page)).toEqual([]);
    await preview.getByRole('button', { name: 'Apply' }).click();
    await see(drawer.getByText(/Undo it from the change history below/));
    await expect.poll(() => sandboxPrice('ebay', sku), { timeout: 45_000 }).toBe(price);
    expect(await sandboxPrice('amazon', sku)).toBe(amazonBefore);

    const history = drawer.locator('section[aria-labelledby="sku-history"]');
    await see(history.getByText(/^Bulk edit by Dana Drawer, /));
    expect(await history.textContent()).not.toMatch(/undo:|[0-9a-f]{8}-[0-9a-f]{4}-/);
    await history
      .getByRole('button', { name: /^Undo Bulk edit by Dana Drawer/ })
      .first()
      .click();
    const confirm = page.getByRole('dialog', { name: /^Undo the bulk edit by Dana Drawer/ });
    await see(
      confirm.getByText(new RegExp(`^Price on eBay: ${price.replace('.', '\\.')} [A-Z]{3} → price from your rules$`)),
    );
    await confirm.getByRole('button', { name: 'Undo the change' }).click();
    await see(history.getByText(/^Undo of the bulk edit of /));
    expect(await history.textContent()).not.toMatch(/undo:|[0-9a-f]{8}-[0-9a-f]{4}-/);
    await see(history.getByText('Undone'));
    await expect.poll(() => sandboxPrice('ebay', sku), { timeout: 45_000 }).toBe(ebayBefore);
  }, 120_000);

  it('gives the SKU a cost and tags, the seller’s own values, each a change in its history', async () => {
    const drawer = page.getByRole('dialog', { name: sku });
    const form = drawer.getByRole('form', { name: 'Edit this SKU' });
    await form.getByLabel(/^Cost/).fill('4.20');
    await form.getByLabel('Tags').fill('Summer, Gift ideas, summer');
    await form.getByRole('button', { name: 'Preview changes' }).click();
    const preview = drawer.getByRole('region', { name: 'Changes to make' });
    await see(preview.getByText(/^Cost: Not known → 4\.20( [A-Z]{3})?$/));
    await see(preview.getByText('Tags: None → Summer, Gift ideas'));
    await preview.getByRole('button', { name: 'Apply' }).click();
    await see(drawer.getByText(/Undo it from the change history below/));
    const history = drawer.locator('section[aria-labelledby="sku-history"]');
    await see(history.getByText('Tags: no tags → Summer, Gift ideas'));
    await see(history.getByText(/^Cost: not known → 4\.20/));
    // The drawer's facts show them once read again; the form starts from them.
    await see(drawer.getByText('Summer, Gift ideas').first());
    await expect.poll(() => form.getByLabel('Tags').inputValue()).toBe('Summer, Gift ideas');
  }, 60_000);

  it('works on a phone (390 px)', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const form = page.getByRole('form', { name: 'Edit this SKU' });
    await form.getByLabel('Title').scrollIntoViewIfNeeded();
    await see(form.getByLabel('Title'));
    const box = (await form.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await form.getByLabel('Tags').scrollIntoViewIfNeeded();
    const tags = (await form.getByLabel('Tags').boundingBox())!;
    expect(tags.x + tags.width).toBeLessThanOrEqual(390);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
