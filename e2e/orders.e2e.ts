import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gone, horizontalOverflow, screenshot, see } from './support/browser.ts';
import type { E2EProduct } from './support/product.ts';
import { useSellerSession } from './support/session.ts';
import type { SandboxSellers } from './support/listings.ts';
import { seededSeller } from './support/seeded-seller.ts';

let product: E2EProduct;
let page: Page;
let sellers: SandboxSellers;

useSellerSession((session) => ({ product, page, sellers } = session));

const card = (name: RegExp) => page.getByRole('article', { name });

/** The eBay sandbox seller's listings with units to sell, as its control API shows them. */
async function ebayStock(): Promise<Array<{ sku: string; quantity: number }>> {
  const skus = await page.evaluate(async () => {
    const list = await fetch('/api/listings?pageSize=200').then((r) => r.json());
    return (list.items as Array<{ sku: string }>).map((row) => row.sku);
  });
  const stock = [];
  for (const sku of skus) {
    const item = await page.request.get(
      `/sandbox/ebay/_control/sellers/${sellers.ebay}/items/${encodeURIComponent(sku)}`,
    );
    if (item.status() === 200) stock.push({ sku, quantity: ((await item.json()) as { quantity: number }).quantity });
  }
  return stock.filter((s) => s.quantity > 0);
}

/** A buyer's order on the eBay sandbox (its control API, as a buyer would place it): the marketplace's order id. */
async function buyOnEbay(sku: string, quantity = 1): Promise<string> {
  const answer = await page.request.post(`/sandbox/ebay/_control/sellers/${sellers.ebay}/orders`, {
    data: { lines: [{ sku, quantity }] },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { orderId: string }).orderId;
}

const orderRow = (orderNumber: string) =>
  page.getByRole('row').filter({ has: page.getByRole('button', { name: `Open order ${orderNumber}`, exact: true }) });

describe('the Orders page, on the real product', () => {
  it('signs in with Walmart (main) and eBay sandbox sellers', async () => {
    await seededSeller(
      page,
      product,
      {
        firstName: 'Otto',
        lastName: 'Orders',
        companyName: 'Orders & Co',
        email: 'otto@orders.example',
        password: 'otto secret 1',
      },
      ['walmart', 'ebay'],
      sellers,
    );
    await see(card(/Walmart/).getByText('Main channel'));
    await see(card(/eBay/).getByText('Target'));
    expect(sellers.ebay).toBeTruthy();
  });

  let orderId: string;
  it('an order placed on eBay appears on Orders within 3 seconds, without a reload', async () => {
    await page.goto('/orders');
    await see(page.getByRole('heading', { name: 'Orders', level: 1 }));
    const [first] = await ebayStock();
    const placedAt = Date.now();
    orderId = await buyOnEbay(first!.sku, 1);
    await see(orderRow(orderId), 3_000);
    const seenAfter = Date.now() - placedAt;
    expect(seenAfter).toBeLessThan(3_000);
    await see(orderRow(orderId).getByText('Unshipped'));
    await screenshot(page, 'orders-list');
  });

  it('ships it with a carrier and tracking number from the drawer; the eBay sandbox holds that fulfilment', async () => {
    await page.getByRole('button', { name: `Open order ${orderId}`, exact: true }).click();
    const drawer = page.getByRole('dialog', { name: `Order ${orderId}` });
    await see(drawer.getByRole('heading', { name: 'Timeline' }));
    await drawer.getByLabel('Carrier').selectOption('USPS');
    await drawer.getByLabel('Tracking number').fill('9400111202555842761234');
    await drawer.getByRole('button', { name: 'Mark shipped' }).click();
    await see(page.getByText(`Order ${orderId} marked shipped`));
    await see(drawer.getByText('Confirmed'), 15_000);
    await screenshot(page, 'orders-drawer-shipped');
    const held = await page.request.get(`/sandbox/ebay/_control/sellers/${sellers.ebay}/orders/${orderId}`);
    const body = (await held.json()) as {
      fulfillments: Array<{ shipmentTrackingNumber: string; shippingCarrierCode: string }>;
    };
    expect(body.fulfillments).toEqual([
      expect.objectContaining({ shipmentTrackingNumber: '9400111202555842761234', shippingCarrierCode: 'USPS' }),
    ]);
    await drawer.getByRole('button', { name: 'Close', exact: true }).click();
    await see(orderRow(orderId).getByText('Shipped'));
  });

  it('refuses an unknown carrier before anything is sent', async () => {
    const [first] = await ebayStock();
    const another = await buyOnEbay(first!.sku, 1);
    await see(orderRow(another), 5_000);
    const callsBefore = (await (await page.request.get('/sandbox/ebay/_control/requests')).json()) as unknown[];
    await page.getByRole('button', { name: 'Tracking by CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tracking by CSV' });
    await dialog.getByLabel('CSV rows').fill(`order_number,carrier,tracking\n${another},Pigeon Post,PP123`);
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await see(dialog.getByText(/"Pigeon Post" is not a carrier eBay accepts/));
    await screenshot(page, 'orders-unknown-carrier');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const callsAfter = (await (await page.request.get('/sandbox/ebay/_control/requests')).json()) as Array<{
      path: string;
    }>;
    expect(callsAfter.slice(callsBefore.length).filter((c) => c.path.endsWith('/shipping_fulfillment'))).toEqual([]);
  });

  it('a CSV of 500 tracking rows ships 500 orders, each with its outcome', async () => {
    const stock = await ebayStock();
    const orderIds: string[] = [];
    let next = 0;
    const wanted: string[] = [];
    while (wanted.length < 500) {
      const item = stock[next++ % stock.length]!;
      if (item.quantity <= 0) continue;
      item.quantity--;
      wanted.push(item.sku);
    }
    // Buyers order at once, as they do on a busy day: eight at a time.
    for (let i = 0; i < wanted.length; i += 8)
      orderIds.push(...(await Promise.all(wanted.slice(i, i + 8).map((sku) => buyOnEbay(sku, 1)))));
    // Every one recorded (the eBay channel reads them as their notifications arrive).
    await expect
      .poll(
        async () =>
          (await page.evaluate(() => fetch('/api/orders?status=unshipped&pageSize=1').then((r) => r.json()))).total,
        { timeout: 120_000, interval: 1000 },
      )
      .toBeGreaterThanOrEqual(500);
    const csv = [
      'order_number,carrier,tracking',
      ...orderIds.map((id, i) => `${id},UPS,1Z${String(i).padStart(6, '0')}`),
    ].join('\n');
    await page.getByRole('button', { name: 'Tracking by CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tracking by CSV' });
    await dialog.getByLabel('CSV rows').fill(csv);
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await see(dialog.getByRole('button', { name: 'Ship 500 orders' }), 30_000);
    await screenshot(page, 'orders-csv-preview');
    const [sent] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/orders/shipments/csv') && r.request().method() === 'POST', {
        timeout: 60_000,
      }),
      dialog.getByRole('button', { name: 'Ship 500 orders' }).click(),
    ]);
    expect(sent.status(), await sent.text()).toBe(200);
    expect(await sent.json()).toMatchObject({ ready: 0, sending: 500, refused: 0 });
    // Every row sent: the dialog closes with a toast.
    await see(page.getByText('500 orders marked shipped'));
    await gone(dialog);
    await expect
      .poll(
        async () =>
          (await page.evaluate(() => fetch('/api/orders?status=shipped&pageSize=1').then((r) => r.json()))).total,
        // 500 fulfilments paced to eBay's limits: about a minute on a quiet machine, four and a half on a loaded one.
        { timeout: 300_000, interval: 1000 },
      )
      .toBeGreaterThanOrEqual(501);
    const held = await page.request.get(`/sandbox/ebay/_control/sellers/${sellers.ebay}/orders/${orderIds[499]}`);
    expect(((await held.json()) as { fulfillments: unknown[] }).fulfillments).toHaveLength(1);
  }, 480_000);

  it('cancels some units of a Walmart order from the drawer; Walmart holds the cancellation', async () => {
    const [item] = await ebayStock();
    const placed = await page.request.post(`/sandbox/walmart/_control/sellers/${sellers.walmart}/orders`, {
      data: { lines: [{ sku: item!.sku, quantity: 2 }] },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const po = ((await placed.json()) as { purchaseOrderId: string }).purchaseOrderId;
    await page.goto('/orders');
    await page.getByLabel('Search', { exact: true }).fill(po);
    // Walmart's order number is the customer's, not the purchase order id the search also finds.
    await see(page.getByText('Showing 1 of 1 order'), 15_000);
    await page.getByRole('button', { name: /^Open order / }).click();
    const drawer = page.getByRole('dialog', { name: /^Order / });
    await see(drawer.getByRole('heading', { name: 'Timeline' }));
    await drawer.getByRole('button', { name: 'Cancel lines' }).click();
    const dialog = page.getByRole('dialog', { name: /^Cancel lines of order / });
    await dialog.getByRole('spinbutton', { name: `${item!.sku} units to cancel` }).fill('1');
    await dialog.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'Out of stock' });
    await screenshot(page, 'orders-cancel-dialog');
    await dialog.getByRole('button', { name: 'Cancel these units' }).click();
    await see(page.getByText('Cancellation sent to Walmart'));
    await see(drawer.getByText('Confirmed'), 15_000);
    const held = await page.request.get(`/sandbox/walmart/_control/sellers/${sellers.walmart}/orders/${po}`);
    expect(JSON.stringify(await held.json())).toMatch(/Cancelled/);
    await drawer.getByRole('button', { name: 'Close', exact: true }).click();
  });

  it('Analytics counts the orders of the session by channel, a cancelled unit left out, and exports the table', async () => {
    await page.goto('/analytics');
    await see(page.getByRole('heading', { name: 'Analytics', level: 1 }));
    await page.getByRole('combobox', { name: 'Range' }).selectOption('7');
    // What the Orders page holds: eBay's orders of the session (one unit each) and Walmart's one order of 2 units,
    // 1 of them cancelled.
    const api = (path: string) => page.evaluate((p) => fetch(p).then((r) => r.json()), path);
    const kinds = (await api('/api/channels')).items as Array<{ id: string; kind: string }>;
    const ebayId = kinds.find((c) => c.kind === 'ebay')!.id;
    const ebayOrders = (await api(`/api/orders?pageSize=1&channelId=${ebayId}`)).total as number;
    expect(ebayOrders).toBeGreaterThanOrEqual(501);
    const channels = page.getByRole('table', { name: 'Sales by channel' });
    const rowsText = async () => (await channels.innerText()).split('\n').map((row) => row.split('\t').join(' | '));
    await expect
      .poll(rowsText, { timeout: 15_000 })
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(new RegExp(`^ebay · .* \\| ${ebayOrders} \\| ${ebayOrders} \\| `, 'i')),
          expect.stringMatching(/^walmart · .* \| 1 \| 1 \| /i),
        ]),
      );
    const orders = page
      .locator('dt')
      .filter({ hasText: /^Orders$/ })
      .locator('xpath=following-sibling::dd[1]');
    const ordersText = async () => (await orders.innerText()).split('\n')[0];
    await expect.poll(ordersText).toBe((ebayOrders + 1).toLocaleString('en-US'));
    await page.getByRole('checkbox', { name: /^eBay/ }).check();
    await expect.poll(ordersText, { timeout: 15_000 }).toBe(ebayOrders.toLocaleString('en-US'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download by channel (CSV)' }).click(),
    ]);
    const file = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
    const [header, ...rows] = file.trim().split(/\r?\n/);
    expect(header).toMatch(/^channel,marketplace,orders,units,revenue_[A-Z]{3}$/);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(new RegExp(`,ebay,${ebayOrders},${ebayOrders},\\d+\\.\\d{2}$`));
    await screenshot(page, 'analytics');
  });

  it('the Returns tab works at 390 px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/orders?tab=returns');
    await see(page.getByRole('tab', { name: 'Returns', selected: true }));
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'orders-returns-phone');
    await page.setViewportSize({ width: 1440, height: 1000 });
  });

  it('works at 390 px: the list and the drawer fit the screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/orders');
    await page.getByLabel('Search', { exact: true }).fill(orderId);
    await see(page.getByRole('button', { name: `Open order ${orderId}`, exact: true }));
    const overflow = () => horizontalOverflow(page);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: `Open order ${orderId}`, exact: true }).click();
    await see(page.getByRole('dialog', { name: `Order ${orderId}` }).getByRole('heading', { name: 'Timeline' }));
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'orders-drawer-phone');
    await page.setViewportSize({ width: 1440, height: 1000 });
  });
});
