import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  accessibilityViolations,
  horizontalOverflow,
  elementsPastTheWindow,
  screenshot,
  savingScreenshots,
  screenshotDir,
  see,
  watchForPageErrors,
} from './support/browser.ts';
import type { E2EProduct } from './support/product.ts';
import { useSellerSession } from './support/session.ts';
import {
  availableOf as availableIn,
  settledQuantity as settledQuantityIn,
  type SandboxSellers,
} from './support/listings.ts';
import { seededSeller } from './support/seeded-seller.ts';

// The Listings grid and the Dashboard at 1440 px and on a phone (390 px): the main channel's chip
// follows a sale live, the grid is a card per SKU with every channel's chip on a phone, the sales
// chart keeps readable words, nothing is wider than the screen, and axe finds nothing. Then every
// screen a seller can reach, signed in and out, at both widths.

let product: E2EProduct;
let browser: Browser;
let page: Page;
let sellers: SandboxSellers;

useSellerSession((session) => ({ product, browser, page, sellers } = session));

const settledQuantity = (sku: string, marketplace: string) => settledQuantityIn(page, sku, marketplace);

/** Nothing on the page is wider than the window (no sideways scrolling). */
const overflow = () => horizontalOverflow(page);

describe('the Listings grid and the Dashboard at 1440 px and 390 px', () => {
  let sku: string;

  it('signs in with four sandbox channels, Walmart as the main one', async () => {
    await seededSeller(
      page,
      product,
      {
        firstName: 'Pia',
        lastName: 'Phone',
        companyName: 'Pocket Goods',
        email: 'pia@pocket.example',
        password: 'pia secret 12',
      },
      ['walmart', 'amazon', 'ebay', 'shopify'],
      sellers,
    );
    expect(Object.keys(sellers).sort()).toEqual(['amazon', 'ebay', 'shopify', 'walmart']);
  });

  it("at 1440 px, the main channel's chip follows a sale made on it, live", async () => {
    await page.goto('/listings');
    await see(page.getByText(/^Showing 1–\d+ of \d+$/), 30_000);
    const rows = page.getByRole('table', { name: 'Catalogue' }).locator('tbody tr:not([aria-hidden])');
    for (const row of await rows.all()) {
      if (Number((await row.locator('td').nth(4).textContent())?.trim()) >= 2) {
        sku = (await row.getByRole('button', { name: /^Open / }).textContent())!.trim();
        break;
      }
    }
    expect(sku).toBeTruthy();
    for (const marketplace of ['Walmart', 'Amazon', 'eBay', 'Shopify'])
      await expect.poll(() => settledQuantity(sku, marketplace), { timeout: 30_000 }).not.toBeNull();
    // Prices carry their currency.
    const mainChip = page
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `Open ${sku}`, exact: true }) })
      .getByRole('img', { name: /^Walmart · / });
    expect(await mainChip.getAttribute('aria-label')).toMatch(/ · Price \$\d/);
    const mainBefore = (await settledQuantity(sku, 'Walmart'))!;
    const availableBefore = await availableIn(page, sku);
    await page.evaluate(() => ((window as unknown as { stayedOpen: boolean }).stayedOpen = true));

    // A buyer orders one unit on Walmart, the main channel.
    const order = await fetch(`${product.url}/sandbox/walmart/_control/sellers/${sellers.walmart}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lines: [{ sku, quantity: 1 }] }),
    });
    expect(order.status).toBeLessThan(300);
    await expect.poll(() => availableIn(page, sku), { timeout: 60_000 }).toBe(availableBefore - 1);
    await expect.poll(() => settledQuantity(sku, 'Walmart'), { timeout: 30_000 }).toBe(mainBefore - 1);
    expect(await page.evaluate(() => (window as unknown as { stayedOpen?: boolean }).stayedOpen)).toBe(true);

    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'listings-1440');
  });

  it('at 1440 px, the dashboard shows its chart and nothing overflows', async () => {
    await page.goto('/');
    await see(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
    await see(page.getByTestId('sales-chart'));
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it("at 390 px, the grid is a card per SKU with each channel's chip", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/listings');
    const cards = page.getByRole('list', { name: 'Catalogue' });
    await see(cards, 30_000);
    expect(await page.getByRole('table', { name: 'Catalogue' }).count()).toBe(0);
    const card = cards.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Open ${sku}` }) });
    for (const marketplace of ['Walmart', 'Amazon', 'eBay', 'Shopify'])
      await see(card.getByRole('img', { name: new RegExp(`^${marketplace} · `) }));
    // Each chip inside the card, inside the screen.
    const outside = await card
      .getByRole('img')
      .evaluateAll((chips) => chips.filter((chip) => chip.getBoundingClientRect().right > window.innerWidth).length);
    expect(outside).toBe(0);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'listings-390');
  });

  it('at 390 px, the dashboard chart keeps words of a readable size, and nothing overflows', async () => {
    await page.goto('/');
    const chart = page.getByTestId('sales-chart');
    await see(chart);
    // The chart's words: its legend and the SVG text of its drawing.
    await see(chart.locator('svg'));
    const sizes = await chart
      .locator('span, text')
      .evaluateAll((spans) =>
        spans.filter((s) => (s.textContent ?? '').trim() !== '').map((s) => parseFloat(getComputedStyle(s).fontSize)),
      );
    expect(sizes.length).toBeGreaterThan(0);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);
    const box = await chart.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-390');
  });
});

const signedInPaths = [
  '/',
  '/listings',
  '/orders',
  '/channels',
  '/analytics',
  '/advertising',
  '/compliance',
  '/billing',
  '/user-management',
  '/audit-logs',
  '/admin/channels',
  '/admin/settings',
  '/support',
];
const publicPaths = ['/marketing', '/about', '/privacy-policy', '/auth', '/reset-password', '/auth-declined'];

/** What is wrong with the screen at this path: no visible main heading, sideways scrolling, axe findings. */
async function problemsOf(on: Page, path: string, width: number): Promise<string[]> {
  await on.goto(path);
  const problems: string[] = [];
  try {
    await on.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible', timeout: 15_000 });
  } catch {
    problems.push(`${path} @${width}: no visible main heading`);
  }
  // Measured once the screen has its content: a spinner is narrower than what it stands for.
  try {
    await on.waitForFunction(
      () => ![...document.querySelectorAll('[role="status"]')].some((e) => /Loading/i.test(e.textContent ?? '')),
      null,
      { timeout: 15_000 },
    );
  } catch {
    problems.push(`${path} @${width}: still loading after 15 s`);
  }
  // A screen that moves on by itself (a link without its token goes to the page that says so) is measured where it
  // settles, not while it is being replaced: its main landmark and its heading shown again.
  for (const landmark of [on.getByRole('main'), on.getByRole('heading', { level: 1 })])
    await landmark
      .first()
      .waitFor({ state: 'visible', timeout: 15_000 })
      .catch(() => undefined);
  const overflowing = await horizontalOverflow(on);
  if (overflowing > 0)
    problems.push(
      `${path} @${width}: ${overflowing} px wider than the window (${(await elementsPastTheWindow(on)).join(', ')})`,
    );
  for (const violation of await accessibilityViolations(on)) problems.push(`${path} @${width}: ${violation}`);
  if (savingScreenshots)
    await on.screenshot({
      path: join(screenshotDir, `screen${path.replaceAll('/', '-')}-${width}.png`),
      fullPage: true,
    });
  return problems;
}

describe('every screen at 1440 px and 390 px', () => {
  it('the seller sees every signed-in screen whole, and a visitor every public one, at both widths', async () => {
    const problems: string[] = [];
    for (const [width, height] of [
      [1440, 1000],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const path of signedInPaths) problems.push(...(await problemsOf(page, path, width)));
      const signedOut = await browser.newContext({ baseURL: product.url, viewport: { width, height } });
      const visitor = await signedOut.newPage();
      const visitorErrors = watchForPageErrors(visitor);
      for (const path of publicPaths) problems.push(...(await problemsOf(visitor, path, width)));
      problems.push(...visitorErrors.map((e) => `@${width} signed out: ${e}`));
      await signedOut.close();
    }
    expect(problems).toEqual([]);
  }, 240_000);
});
