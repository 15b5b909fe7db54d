import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { accessibilityViolations, horizontalOverflow, screenshot, see } from './support/browser.ts';
import { useSellerSession } from './support/session.ts';
import type { SandboxSellers } from './support/listings.ts';
import { seededSeller } from './support/seeded-seller.ts';
import type { E2EProduct } from './support/product.ts';

// Issue 25's charts on the real product: the orders of a session drawn on Analytics (by day and by
// channel, each with its table and CSV) and on the Dashboard, at 1440 px and at 390 px, axe clean; the fee
// table changed from Analytics at both widths.

let product: E2EProduct;
let page: Page;
let sellers: SandboxSellers;

useSellerSession((session) => ({ product, page, sellers } = session));

const api = (path: string) => page.evaluate((p) => fetch(p).then((r) => r.json()), path);

/** The values drawn for a chart's series (the drawing loads on its own, after the page). */
const drawn = (chart: Locator, series = 'current') =>
  chart
    .locator(`[data-series="${series}"] [data-value]`)
    .evaluateAll((marks) => marks.map((m) => m.getAttribute('data-value')));

/** The smallest font size of the words drawn in a chart, in CSS pixels. */
const smallestText = (chart: Locator) =>
  chart
    .locator('text, span')
    .evaluateAll((words) =>
      Math.min(
        ...words
          .filter((w) => (w.textContent ?? '').trim() !== '')
          .map((w) => parseFloat(getComputedStyle(w).fontSize)),
      ),
    );

/** Every chart on the page drawn, inside the window, with words of a readable size. */
async function chartsSound(testIds: string[], width: number) {
  for (const id of testIds) {
    const chart = page.getByTestId(id);
    await see(chart.locator('svg'), 15_000);
    expect(await smallestText(chart)).toBeGreaterThanOrEqual(12);
    // The drawing and its CSV button inside the chart's card (within its padding), the card inside the window.
    const [card, drawing, button] = await chart.evaluate((element) => {
      const section = element.closest('section')!;
      const inside = section.getBoundingClientRect().right - parseFloat(getComputedStyle(section).paddingRight);
      return [inside, ...[element, section.querySelector('button')!].map((e) => e.getBoundingClientRect().right)];
    });
    expect(card).toBeLessThanOrEqual(width);
    expect(drawing).toBeLessThanOrEqual(card! + 0.5);
    expect(button).toBeLessThanOrEqual(card! + 0.5);
  }
  expect(await horizontalOverflow(page), await pastTheRightEdge()).toBeLessThanOrEqual(0);
  expect(await accessibilityViolations(page)).toEqual([]);
}

/** What sticks out past the window's right edge (the first few), to say why the page scrolls sideways. */
const pastTheRightEdge = () =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      // Inside a frame that scrolls sideways by itself, sticking out is what the frame is for.
      .filter((element) => {
        for (let up = element.parentElement; up; up = up.parentElement)
          if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(up).overflowX)) return false;
        return true;
      })
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''} ${Math.round(element.getBoundingClientRect().right)}`,
      )
      .join('; '),
  );

const analyticsCharts = ['revenue-by-day-chart', 'orders-by-day-chart', 'revenue-by-channel-chart'];

describe('the charts of Analytics and the Dashboard, on the real product', () => {
  let ordersPlaced = 0;

  it('signs in with Walmart (main) and eBay sandbox sellers, and sells three units on eBay', async () => {
    await seededSeller(
      page,
      product,
      {
        firstName: 'Carla',
        lastName: 'Charts',
        companyName: 'Charts & Co',
        email: 'carla@charts.example',
        password: 'carla secret 1',
      },
      ['walmart', 'ebay'],
      sellers,
    );
    const skus = ((await api('/api/listings?pageSize=200')).items as Array<{ sku: string }>).map((row) => row.sku);
    for (const sku of skus) {
      if (ordersPlaced === 3) break;
      const item = await page.request.get(
        `/sandbox/ebay/_control/sellers/${sellers.ebay}/items/${encodeURIComponent(sku)}`,
      );
      if (item.status() !== 200 || ((await item.json()) as { quantity: number }).quantity < 1) continue;
      const answer = await page.request.post(`/sandbox/ebay/_control/sellers/${sellers.ebay}/orders`, {
        data: { lines: [{ sku, quantity: 1 }] },
      });
      expect(answer.status(), await answer.text()).toBe(201);
      ordersPlaced += 1;
    }
    expect(ordersPlaced).toBe(3);
    await expect
      .poll(async () => (await api('/api/orders?pageSize=1')).total as number, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(3);
  });

  it('at 1440 px, Analytics draws revenue and orders by day and revenue by channel, each with its table and CSV', async () => {
    await page.goto('/analytics');
    await see(page.getByRole('heading', { name: 'Analytics', level: 1 }));
    await page.getByRole('combobox', { name: 'Range' }).selectOption('7');
    const ordersChart = page.getByTestId('orders-by-day-chart');
    // Today's point holds the session's orders; the week before had none.
    await expect.poll(async () => (await drawn(ordersChart)).at(-1), { timeout: 15_000 }).toBe(String(ordersPlaced));
    await expect.poll(() => drawn(ordersChart, 'previous')).toEqual(['0', '0', '0', '0', '0', '0', '0']);
    const channelBars = await drawn(page.getByTestId('revenue-by-channel-chart'));
    expect(channelBars.length).toBeGreaterThanOrEqual(1);
    // The figures drawn are in a table for screen readers, and in the CSV.
    const table = page.getByRole('table', { name: 'Orders by day, against the previous period' });
    const rows = await table.getByRole('row').allInnerTexts();
    expect(rows).toHaveLength(8);
    expect(rows.at(-1)).toMatch(new RegExp(`\\t${ordersPlaced}\\t0$`));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download orders by day (CSV)' }).click(),
    ]);
    const file = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
    const [header, ...lines] = file.trim().split(/\r?\n/);
    expect(header).toBe('day,orders,previous_period_orders');
    expect(lines).toHaveLength(7);
    expect(lines.at(-1)).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2},${ordersPlaced},0$`));
    // Each SKU sold one unit and was never out of stock since its import: a sell-through of one unit over
    // that unit and what is left, and 0 days out of stock, from the stock history the engine records.
    const best = await page.getByRole('table', { name: 'Best sellers' }).getByRole('row').allInnerTexts();
    expect(best.slice(1)).toHaveLength(ordersPlaced);
    for (const row of best.slice(1)) expect(row).toMatch(/\t1\t\$[\d,.]+\t\d{1,3}(\.\d)?%\t0$/);
    await chartsSound(analyticsCharts, 1440);
    await screenshot(page, 'analytics-charts-1440');
  });

  it('at 390 px, the Analytics charts fit the screen with words of a readable size', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await see(page.getByRole('heading', { name: 'Analytics', level: 1 }));
    await chartsSound(analyticsCharts, 390);
    const bars = await drawn(page.getByTestId('revenue-by-channel-chart'));
    const table = page.getByRole('table', { name: 'Revenue by channel, against the previous period' });
    expect(await table.getByRole('row').count()).toBe(bars.length + 1);
    await screenshot(page, 'analytics-charts-390');
  });

  it('the fee table: changed at 390 px, saved, and shown again at 1440 px; the server holds it', async () => {
    // Still 390 px wide from the test before.
    await page.getByRole('button', { name: 'Your fee table' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fee table' });
    const percent = dialog.getByRole('textbox', { name: 'Walmart: percent of the order' });
    await see(percent, 15_000);
    expect(await percent.inputValue()).toBe('15');
    expect(await horizontalOverflow(page), await pastTheRightEdge()).toBeLessThanOrEqual(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'fee-table-390');
    await percent.fill('12.5');
    await dialog.getByRole('textbox', { name: 'Walmart: fixed per order' }).fill('0.15');
    await dialog.getByRole('button', { name: 'Save fee table' }).click();
    await see(page.getByText('Fee table saved'));
    await expect.poll(() => dialog.count()).toBe(0);
    const walmart = (await api('/api/analytics/fee-table')).kinds.find((k: { kind: string }) => k.kind === 'walmart');
    expect(walmart).toEqual({
      kind: 'walmart',
      percent: '12.500',
      fixed: '0.15',
      reportedByMarketplace: true,
      isDefault: false,
    });

    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.reload();
    await page.getByRole('button', { name: 'Your fee table' }).click();
    await see(dialog.getByRole('textbox', { name: 'Walmart: percent of the order' }), 15_000);
    expect(await dialog.getByRole('textbox', { name: 'Walmart: percent of the order' }).inputValue()).toBe('12.5');
    expect(await dialog.getByRole('textbox', { name: 'Walmart: fixed per order' }).inputValue()).toBe('0.15');
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'fee-table-1440');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize({ width: 390, height: 844 });
  });

  it('the Dashboard draws the last 30 days by channel, at 390 px and at 1440 px', async () => {
    await page.goto('/');
    await see(page.getByRole('heading', { name: 'Dashboard', level: 1 }));
    const chart = page.getByTestId('sales-chart');
    await expect.poll(async () => (await drawn(chart, 'last30Days')).length, { timeout: 15_000 }).toBeGreaterThan(0);
    const table = page.getByRole('table', { name: /by channel, last 30 days$/ });
    expect(await table.getByRole('row').count()).toBe((await drawn(chart, 'last30Days')).length + 1);
    await chartsSound(['sales-chart'], 390);
    await screenshot(page, 'dashboard-chart-390');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await chartsSound(['sales-chart'], 1440);
    await screenshot(page, 'dashboard-chart-1440');
  });
});
