import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityViolations, horizontalOverflow, screenshot, see } from './support/browser.ts';
import type { E2EProduct } from './support/product.ts';
import { useSellerSession } from './support/session.ts';
import type { SandboxSellers } from './support/listings.ts';
import { sandboxControl } from './support/sandbox.ts';
import { seededSeller } from './support/seeded-seller.ts';

let product: E2EProduct;
let page: Page;
let sellers: SandboxSellers;

useSellerSession((session) => ({ product, page, sellers } = session));
const sandbox = sandboxControl(() => ({ product, sellers })).call;

/** The "Ads" cell of a SKU's row in "SKUs with ads", read from the API the page reads (a reload each try is heavy). */
async function adsOf(sku: string): Promise<string | undefined> {
  await page.reload();
  const row = page
    .getByRole('table', { name: /SKUs with ads/ })
    .getByRole('row')
    .filter({ hasText: sku });
  await see(row);
  return (await row.getByRole('cell').last().textContent())?.trim();
}

describe('Advertising on the real product (issue 25)', () => {
  let sku: string;

  it('connects Amazon Ads through the Amazon channel and shows its campaigns and SKUs', async () => {
    await seededSeller(
      page,
      product,
      {
        firstName: 'Ada',
        lastName: 'Adwell',
        companyName: 'Advertised Goods',
        email: 'ada@adwell.example',
        password: 'ada secret 12',
      },
      ['shopify', 'amazon'],
      sellers,
    );
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Advertising' }).click();
    const connect = page.getByRole('button', { name: /^Connect Amazon Ads for / });
    await see(connect, 15_000);
    await connect.click();
    // The first read (campaigns, ads, a report of their days) shows without a reload.
    const campaigns = page.getByRole('table', { name: 'Campaigns' });
    await see(campaigns, 45_000);
    const best = campaigns.getByRole('row').filter({ hasText: 'Best sellers' });
    await see(best.getByText('Running'));
    await expect.poll(async () => (await best.getByRole('cell').nth(3).textContent())?.trim()).toMatch(/^\$\d/);
    await see(campaigns.getByRole('row').filter({ hasText: 'Clearance' }).getByText('Paused'));
    const running = page
      .getByRole('table', { name: /SKUs with ads/ })
      .getByRole('row')
      .filter({ hasText: 'Amazon: running' })
      .first();
    await see(running);
    sku = (await running.getByRole('cell').first().locator('span').first().textContent())!.trim();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'advertising-1440');
  }, 120_000);

  it('pauses the ads of a SKU sold out on the main channel, and resumes them after restock', async () => {
    // Sold out by hand in the Shopify admin (the main channel): Shopify tells of it, the main channel is read,
    // Amazon's listing goes to 0, and the ad rules pause the SKU's ad on Amazon.
    await sandbox('shopify', `/items/${encodeURIComponent(sku)}`, { method: 'PATCH', body: { quantity: 0 } });
    await expect
      .poll(() => adsOf(sku), { timeout: 45_000, interval: 1_000 })
      .toBe('Amazon: paused by the rules (out of stock)');
    // The pause is a change of the SKU, with its before and after.
    await page.goto(`/listings?q=${encodeURIComponent(sku)}`);
    await page.getByRole('button', { name: `Open ${sku}`, exact: true }).click();
    const drawer = page.getByRole('dialog', { name: new RegExp(sku) });
    await see(drawer.getByText('Ad on Amazon: running → paused'), 15_000);
    await see(drawer.getByText('out of stock'));
    await page.keyboard.press('Escape');

    await sandbox('shopify', `/items/${encodeURIComponent(sku)}`, { method: 'PATCH', body: { quantity: 6 } });
    await page.goto('/advertising');
    await expect.poll(() => adsOf(sku), { timeout: 45_000, interval: 1_000 }).toBe('Amazon: running');
  }, 120_000);

  it("undoes the rules' pause from the SKU's history, on a phone: the ad runs again while the SKU stays sold out", async () => {
    // The drawer and its confirmation at 390 px (the steps before saw the drawer at 1440).
    await page.setViewportSize({ width: 390, height: 844 });
    await sandbox('shopify', `/items/${encodeURIComponent(sku)}`, { method: 'PATCH', body: { quantity: 0 } });
    await expect
      .poll(() => adsOf(sku), { timeout: 45_000, interval: 1_000 })
      .toBe('Amazon: paused by the rules (out of stock)');
    await page.goto(`/listings?q=${encodeURIComponent(sku)}`);
    await page.getByRole('button', { name: `Open ${sku}`, exact: true }).click();
    const drawer = page.getByRole('dialog', { name: new RegExp(sku) });
    const undo = drawer.getByRole('button', { name: "Undo the ad rule's pause on Amazon" });
    await see(undo, 15_000);
    // One Undo only: the latest move (the earlier pause and resume are history).
    expect(await drawer.getByRole('button', { name: /^Undo the ad rule's/ }).count()).toBe(1);
    await undo.click();
    const confirm = page.getByRole('dialog', { name: 'Run the ads on Amazon again?' });
    const runAgain = confirm.getByRole('button', { name: 'Run the ads' });
    await see(runAgain);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    const box = (await confirm.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'advertising-undo-390');
    await runAgain.click();
    await see(drawer.getByText('Ad rule undone'), 15_000);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto('/advertising');
    await expect.poll(() => adsOf(sku), { timeout: 45_000, interval: 1_000 }).toBe('Amazon: running');
  }, 120_000);

  it('shows the page whole on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/advertising');
    await see(page.getByRole('table', { name: 'Campaigns' }), 15_000);
    await see(page.getByRole('button', { name: 'Save ad rules' }));
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'advertising-390');
    await page.setViewportSize({ width: 1440, height: 1000 });
  }, 60_000);
});
