import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { gone, screenshot, see } from './support/browser.ts';
import type { E2EProduct } from './support/product.ts';
import { useSellerSession } from './support/session.ts';
import { sandboxControl } from './support/sandbox.ts';
import { rowOf as rowIn, settledPrice as settledPriceIn, type SandboxSellers } from './support/listings.ts';
import { seededSeller } from './support/seeded-seller.ts';

let product: E2EProduct;
let page: Page;
/** The sandbox seller behind each connected channel, as "Use a sandbox seller" created it. */
let sellers: SandboxSellers;

useSellerSession((session) => ({ product, page, sellers } = session));

const marketplaces = ['Walmart', 'Amazon', 'eBay', 'Shopify'];
const rowOf = (sku: string) => rowIn(page, sku);
/** The price a channel's chip shows for a SKU, once nothing is on its way to it ("sending" gone). */
const settledPrice = (sku: string, marketplace: string) => settledPriceIn(page, sku, marketplace);
/** Every channel's settled price for a SKU, Walmart (the main channel) first. */
const settledPrices = (sku: string) => Promise.all(marketplaces.map((marketplace) => settledPrice(sku, marketplace)));
/** The price the sandbox seller holds for a SKU, read through the sandbox's control API. */
const sandboxPrice = sandboxControl(() => ({ product, sellers })).price;
/** A price ten percent up, rounded to the cent as the server does. */
const tenPercentUp = (price: string) => (Math.round((Math.round(Number(price) * 100) * 110) / 100) / 100).toFixed(2);
/** The two prices ("before to after") a preview cell shows. */
async function priceChange(cell: Locator): Promise<string[]> {
  return ((await cell.textContent()) ?? '').match(/\d+\.\d{2}/g) ?? [];
}

describe('editing listings on the Listings page, on the real product', () => {
  /** The SKUs of the grid's first four rows, in order. */
  let skus: string[];
  /** Each SKU's price on the main channel before any edit. */
  const priceBefore: Record<string, string> = {};

  it('signs in with four sandbox channels and shows the catalogue', async () => {
    await seededSeller(
      page,
      product,
      {
        firstName: 'Edda',
        lastName: 'Editor',
        companyName: 'Editor Goods',
        email: 'edda@editor.example',
        password: 'edda secret 1',
      },
      ['walmart', 'amazon', 'ebay', 'shopify'],
      sellers,
    );
    expect(Object.keys(sellers).sort()).toEqual(['amazon', 'ebay', 'shopify', 'walmart']);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Listings' }).click();
    await see(page.getByRole('heading', { level: 1, name: 'Listings' }));
    await see(page.getByText('Showing 1–25 of 25'), 30_000);
    const rows = page.getByRole('table', { name: 'Catalogue' }).locator('tbody tr:not([aria-hidden])');
    skus = [];
    for (let i = 0; i < 4; i += 1)
      skus.push(
        (await rows
          .nth(i)
          .getByRole('button', { name: /^Open / })
          .textContent())!.trim(),
      );
    for (const sku of skus) {
      for (const marketplace of marketplaces)
        await expect.poll(() => settledPrice(sku, marketplace), { timeout: 30_000 }).not.toBeNull();
      priceBefore[sku] = (await settledPrice(sku, 'Walmart'))!;
    }
  });

  it('bulk-edits the price of two SKUs with a preview, then undoes it', async () => {
    const [first, second] = skus as [string, string];
    const edited = [first, second];
    const newPrice = Object.fromEntries(edited.map((sku) => [sku, tenPercentUp(priceBefore[sku]!)]));
    await page.evaluate(() => ((window as unknown as { stayedOpen: boolean }).stayedOpen = true));

    for (const sku of edited)
      await rowOf(sku)
        .getByRole('checkbox', { name: `Select ${sku}` })
        .check();
    await see(page.getByRole('status').getByText('2 selected.'));
    await page.getByRole('button', { name: 'Bulk edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk edit' });
    await dialog.getByLabel('Price change', { exact: true }).selectOption('percent');
    await dialog.getByLabel('Percent', { exact: true }).fill('10');
    await dialog.getByRole('button', { name: 'Preview changes' }).click();

    // Each SKU's old and new price, before anything is changed.
    const changes = dialog.getByRole('table', { name: 'Changes to make' });
    await see(changes);
    await see(dialog.getByText('2 SKUs will change.'));
    for (const sku of edited) {
      const row = changes.getByRole('row').filter({ has: page.getByText(sku, { exact: true }) });
      expect(await priceChange(row.getByRole('cell').nth(1))).toEqual([priceBefore[sku], newPrice[sku]]);
    }
    await expect.poll(() => dialog.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    await screenshot(page, 'listings-bulk-edit-preview');
    // Only a preview: the channels still hold the old price.
    expect(await settledPrices(first)).toEqual(marketplaces.map(() => priceBefore[first]));

    await dialog.getByRole('button', { name: 'Apply to 2 SKUs' }).click();
    await see(dialog.getByText('Changes saved'));
    await see(dialog.getByText(/^All \d+ values sent: \d+ confirmed\.$/), 45_000);
    // The targets and the main channel confirm the new price, shown without a reload.
    for (const sku of edited)
      await expect.poll(() => settledPrices(sku), { timeout: 45_000 }).toEqual(marketplaces.map(() => newPrice[sku]));
    await expect.poll(() => sandboxPrice('amazon', first)).toBe(newPrice[first]);
    await expect.poll(() => sandboxPrice('walmart', first)).toBe(newPrice[first]);
    // The SKUs not selected keep theirs.
    expect(await settledPrices(skus[2]!)).toEqual(marketplaces.map(() => priceBefore[skus[2]!]));

    await dialog.getByRole('button', { name: 'Undo' }).click();
    await see(dialog.getByText('Undone'));
    await see(dialog.getByText('2 values put back.'));
    for (const sku of edited)
      await expect
        .poll(() => settledPrices(sku), { timeout: 45_000 })
        .toEqual(marketplaces.map(() => priceBefore[sku]));
    await expect.poll(() => sandboxPrice('amazon', first)).toBe(priceBefore[first]);
    await expect.poll(() => sandboxPrice('walmart', first)).toBe(priceBefore[first]);
    expect(await page.evaluate(() => (window as unknown as { stayedOpen?: boolean }).stayedOpen)).toBe(true);

    await page.keyboard.press('Escape');
    await gone(dialog);
    await page.getByRole('button', { name: 'Clear selection' }).click();
  });

  it('refuses a CSV file with one bad row whole, then imports the corrected file', async () => {
    const [first, , third, fourth] = skus as [string, string, string, string];
    const imported = { [third]: '12.34', [fourth]: '56.78', [first]: '34.56' };
    const csv = (rows: string[]) => ({
      name: 'prices.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['sku,price', ...rows].join('\n') + '\n'),
    });

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import CSV' });
    const file = dialog.getByLabel('CSV file', { exact: true });
    // Line 3 has a price that is not a number.
    await file.setInputFiles(csv([`${third},${imported[third]}`, `${fourth},twelve`, `${first},${imported[first]}`]));
    await see(dialog.getByText('1 row has an error'));
    await see(dialog.getByText('Nothing was imported. Fix these lines and choose the file again.'));
    const errors = dialog.getByRole('table', { name: 'Rows in error' });
    const errorRows = errors.locator('tbody').getByRole('row');
    expect(await errorRows.count()).toBe(1);
    expect(await errorRows.first().getByRole('cell').allTextContents()).toEqual([
      '3',
      fourth,
      '"twelve" is not a price: use a number above 0 with at most two decimals, such as 19.99.',
    ]);
    expect(await dialog.getByRole('button', { name: /^Import \d+ rows?$/ }).count()).toBe(0);
    await expect.poll(() => dialog.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    await screenshot(page, 'listings-csv-import-errors');
    // Nothing changed: the good rows' SKUs keep their price everywhere.
    for (const sku of [third, first])
      expect(await settledPrices(sku)).toEqual(marketplaces.map(() => priceBefore[sku]));
    expect(await sandboxPrice('amazon', third)).toBe(priceBefore[third]);

    // The corrected file: its changes first, then imported.
    await file.setInputFiles(
      csv([`${third},${imported[third]}`, `${fourth},${imported[fourth]}`, `${first},${imported[first]}`]),
    );
    const changes = dialog.getByRole('table', { name: 'Changes to import' });
    await see(changes);
    for (const [line, sku] of [
      [2, third],
      [3, fourth],
      [4, first],
    ] as const) {
      const cells = changes
        .getByRole('row')
        .filter({ has: page.getByText(sku, { exact: true }) })
        .getByRole('cell');
      expect(await cells.first().textContent()).toBe(String(line));
      expect(await priceChange(cells.nth(2))).toEqual([priceBefore[sku], imported[sku]]);
    }
    await dialog.getByRole('button', { name: 'Import 3 rows' }).click();
    await see(dialog.getByText('Changes saved'));
    for (const sku of [third, fourth, first])
      await expect.poll(() => settledPrices(sku), { timeout: 45_000 }).toEqual(marketplaces.map(() => imported[sku]));
    await expect.poll(() => sandboxPrice('amazon', third)).toBe(imported[third]);
    await page.keyboard.press('Escape');
    await gone(dialog);
  });
});
