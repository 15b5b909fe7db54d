import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import {
  accessibilityViolations,
  gone,
  launchBrowser,
  screenshot,
  see,
  watchForPageErrors,
} from './support/browser.ts';
import { startE2EProduct, type E2EProduct } from './support/product.ts';
import {
  connectFourSandboxChannels,
  rememberSandboxSellers,
  rowOf as rowIn,
  signUpAndVerify,
  type SandboxSellers,
} from './support/listings.ts';

let product: E2EProduct;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];
let sellers: SandboxSellers;

/** eBay's sandbox seller sells fewer products than the main channel: the main channel's last SKUs are not on eBay yet. */
const EBAY_PRODUCTS = 20;

beforeAll(async () => {
  [product, browser] = await Promise.all([startE2EProduct(), launchBrowser()]);
  context = await browser.newContext({ baseURL: product.url, viewport: { width: 1440, height: 1000 } });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  pageErrors = watchForPageErrors(page);
  sellers = rememberSandboxSellers(page);
  await page.route('**/api/channels/sandbox-sellers', async (route) => {
    const body = route.request().postDataJSON() as { kind: string };
    await route.continue(
      body.kind === 'ebay' ? { postData: JSON.stringify({ ...body, products: EBAY_PRODUCTS }) } : {},
    );
  });
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});
beforeEach(() => () => expect(pageErrors).toEqual([]));

const rowOf = (sku: string) => rowIn(page, sku);

describe('publishing to eBay from the Listings page, on the real product', () => {
  let sku: string;

  // Each step its own test, with its own time: together they took over a minute on a loaded CI machine.
  it('signs up', async () => {
    await signUpAndVerify(page, product, {
      firstName: 'Pia',
      lastName: 'Publisher',
      companyName: 'Publisher Goods',
      email: 'pia@publisher.example',
      password: 'pia secret 1',
    });
  });

  it('connects the four sandbox channels', async () => {
    await connectFourSandboxChannels(page);
    expect(Object.keys(sellers).sort()).toEqual(['amazon', 'ebay', 'shopify', 'walmart']);
  });

  it('finds a SKU not on eBay yet', async () => {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Listings' }).click();
    await see(page.getByText('Showing 1–25 of 25'), 30_000);
    // Every target read (the grid shows only the rows in view: the catalogue is read as the page reads it).
    const notOnEbay = async () => {
      const answer = await page.request.get('/api/listings?pageSize=200');
      const rows = ((await answer.json()) as { items: Array<{ sku: string; chips: Array<{ channelKind: string }> }> })
        .items;
      return rows.filter((row) => !row.chips.some((c) => c.channelKind === 'ebay')).map((row) => row.sku);
    };
    await expect.poll(async () => (await notOnEbay()).length, { timeout: 30_000 }).toBe(25 - EBAY_PRODUCTS);
    const missing = await notOnEbay();
    sku = missing[0]!;
    await page.getByRole('searchbox', { name: 'Search' }).fill(sku);
    await see(page.getByText('Showing 1–1 of 1'));
  });

  /** Opens the publish dialog for the selected SKU and chooses the eBay channel. */
  async function publishToEbay() {
    await page.getByRole('button', { name: 'Publish to channel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish to a channel' });
    const channel = dialog.getByLabel('Channel', { exact: true });
    await channel.selectOption((await channel.locator('option', { hasText: /^eBay · / }).getAttribute('value'))!);
    return { dialog, settings: dialog.getByRole('region', { name: 'eBay settings for new listings' }) };
  }

  it('asks for eBay’s category, location and business policies first, each named, chosen from eBay’s own lists', async () => {
    await rowOf(sku)
      .getByRole('checkbox', { name: `Select ${sku}` })
      .check();
    const { dialog, settings } = await publishToEbay();
    await see(settings.getByText('Choose these before publishing'));
    await see(settings.getByText('An eBay category (a leaf category number): choose it in the publish settings'));
    await see(dialog.getByText('0 products ready to publish on eBay.'));
    expect(await dialog.getByRole('button', { name: 'Publish 0 products' }).isDisabled()).toBe(true);

    await settings.getByLabel('eBay category number').fill('20625');
    // The sandbox seller's own enabled locations and business policies, as eBay lists them.
    const location = settings.getByLabel('Inventory location');
    await expect.poll(() => location.locator('option', { hasText: /warehouse/ }).count()).toBe(2);
    await location.selectOption({ index: 1 });
    for (const policy of ['Shipping policy', 'Payment policy', 'Return policy'])
      await settings.getByLabel(policy).selectOption({ index: 1 });
    await settings.getByRole('button', { name: 'Save eBay settings' }).click();
    await gone(settings.getByText('Choose these before publishing'));
    // What is left is the product's own: Walmart's item list carries no pictures, and eBay needs one.
    await see(dialog.getByRole('table', { name: 'What each product needs' }).getByText('At least one image'));
    expect(
      await dialog.getByText('An eBay category (a leaf category number): choose it in the publish settings').count(),
    ).toBe(0);
    // Checked for accessibility as it is saved.
    await screenshot(page, 'publish-ebay-settings');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('names what eBay’s category asks that the product lacks; the seller gives it in the SKU’s drawer, at 1440 and 390 px', async () => {
    // Blankets & Throws: eBay's Taxonomy API marks Brand, Color and Size required (Walmart's item list gave this
    // product no brand, which would give Brand).
    let { dialog, settings } = await publishToEbay();
    await settings.getByLabel('eBay category number').fill('45476');
    await settings.getByRole('button', { name: 'Save eBay settings' }).click();
    const needs = dialog.getByRole('table', { name: 'What each product needs' });
    await see(needs.getByText(/eBay's category 45476 asks every listing for Brand, Color and Size/), 30_000);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await rowOf(sku)
      .getByRole('button', { name: `Open ${sku}` })
      .click();
    const drawer = page.getByRole('dialog', { name: sku });
    const attributes = drawer.getByRole('group', { name: 'Attributes' });
    await see(attributes.getByLabel('Color'));
    await see(attributes.getByText('Missing: asked by eBay 45476.').first());
    await attributes.getByLabel('Brand').fill('Alder Goods');
    await attributes.getByLabel('Color').fill('Blue');
    await attributes.getByLabel('Size').fill('Queen');
    await drawer.getByRole('button', { name: 'Preview changes' }).click();
    const preview = drawer.getByRole('region', { name: 'Changes to make' });
    await see(preview.getByText('Brand: Not given → Alder Goods'));
    await see(preview.getByText('Color: Not given → Blue'));
    await see(preview.getByText('Size: Not given → Queen'));
    expect(await accessibilityViolations(page)).toEqual([]);
    await preview.getByRole('button', { name: 'Apply' }).click();
    await see(drawer.getByText(/Undo it from the change history below/));
    await see(
      drawer.getByText(
        'Attributes: Brand: not given, Color: not given, Size: not given → Brand: Alder Goods, Color: Blue, Size: Queen',
      ),
    );
    await expect.poll(() => attributes.getByLabel('Size').inputValue()).toBe('Queen');

    await page.setViewportSize({ width: 390, height: 844 });
    await attributes.getByLabel('Size').scrollIntoViewIfNeeded();
    for (const field of [attributes, attributes.getByLabel('Size')]) {
      const box = (await field.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 1000 });
    await drawer.getByRole('button', { name: 'Close' }).click();
    await gone(drawer);

    ({ dialog, settings } = await publishToEbay());
    await gone(needs.getByText(/eBay's category 45476 asks/));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  }, 90_000);

  it('keeps the settings with the channel: once the product has a picture, it is published to eBay with nothing more to choose', async () => {
    // The main channel's product gets a picture (as an Amazon or Shopify main channel would give it).
    await product.product.ctx.db.execute(
      sql`update products set images = ${JSON.stringify([`${product.url}/sandbox/ebay/_images/${sku}.png`])}::jsonb where sku = ${sku}`,
    );
    const { dialog, settings } = await publishToEbay();
    await see(dialog.getByText('1 product ready to publish on eBay.'));
    await expect.poll(() => settings.getByLabel('eBay category number').inputValue()).toBe('45476');
    expect(await settings.getByText('Choose these before publishing').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Publish 1 product' }).click();
    await see(dialog.getByText('Published', { exact: true }));
    await dialog.getByRole('button', { name: 'Done' }).click();
    await see(rowOf(sku).getByRole('img', { name: /^eBay · Active · / }), 30_000);
    const listed = await fetch(
      `${product.url}/sandbox/ebay/_control/sellers/${sellers.ebay}/items/${encodeURIComponent(sku)}`,
    );
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { status: string }).status).toBe('active');
  });
});
