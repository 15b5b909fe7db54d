/**
 * Orders and fulfilment through the product's API, against the sandboxes over HTTP: an order read
 * from eBay with what a seller ships from, shipped whole and in part, the carrier checked before
 * anything is sent, a 429 retried and confirmed once, a refusal shown in the marketplace's words,
 * Walmart's purchase orders acknowledged, tracking by CSV, and every operation kept to its account.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { connectWithSandboxSeller, consentOnEbay, type ConnectedChannel } from '../support/channel-flows.ts';
import { control, query, readOrdersNow, sandboxRequests, settled } from '../support/sync-checks.ts';
import { eraseOrderPersonalData } from '../../src/modules/orders/personal-data.ts';

let t: TestProduct;
let seller: Browser;
let accountId: string;
let sellerLogin: { email: string; password: string };
let walmart: ConnectedChannel;
let ebay: ConnectedChannel;

type OrderSummary = { id: string; orderNumber: string; status: string; buyerName: string | null; lineCount: number };

beforeAll(async () => {
  t = await startTestProduct();
  const signedIn = await t.signedInSeller({ firstName: 'Ada', lastName: 'Shipper' });
  ({ browser: seller, accountId } = signedIn);
  sellerLogin = { email: signedIn.email, password: signedIn.password };
  walmart = await connectWithSandboxSeller(seller, 'walmart', 6);
  ebay = (await consentOnEbay(seller, 'agree', { products: 6 })).channel!;
  await vi.waitFor(
    async () =>
      expect(
        (
          await query(
            t,
            sql`select 1 from listings l join channels c on c.id = l.channel_id where c.id = ${ebay.id} and l.product_id is not null`,
          )
        ).length,
      ).toBe(6),
    { timeout: 60_000, interval: 250 },
  );
});
afterAll(() => t?.stop());

/** SKUs the eBay seller lists with units to sell. */
async function ebaySkus(): Promise<string[]> {
  const rows = await query<{ sku: string }>(
    t,
    sql`select p.sku from products p where p.account_id = ${accountId} and p.on_hand - p.committed > 3 order by p.sku`,
  );
  return rows.map((r) => r.sku);
}

/** A buyer's order on the eBay sandbox, read by the product as its scheduled read would. */
async function ebayOrder(
  lines: Array<{ sku: string; quantity: number }>,
): Promise<OrderSummary & { marketplaceOrderId: string }> {
  const placed = await control(t, 'ebay', `/sellers/${ebay.sandboxSellerId}/orders`, {
    method: 'POST',
    body: { lines },
  });
  expect(placed.status, await placed.clone().text()).toBe(201);
  const { orderId } = (await placed.json()) as { orderId: string };
  await readOrdersNow(t, accountId, ebay.id);
  const list = await seller.get(`/api/orders?q=${encodeURIComponent(orderId)}`);
  expect(list.status).toBe(200);
  const found = (list.body.items as Array<OrderSummary & { marketplaceOrderId: string }>).find(
    (o) => o.marketplaceOrderId === orderId,
  );
  expect(found, `order ${orderId} on the Orders list`).toBeDefined();
  return found!;
}

async function detail(orderId: string) {
  const answer = await seller.get(`/api/orders/${orderId}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function settledShipment(orderId: string, timeout = 30_000) {
  await vi.waitFor(
    async () =>
      expect((await detail(orderId)).shipments.every((s: { state: string }) => s.state !== 'sending')).toBe(true),
    { timeout, interval: 200 },
  );
  return detail(orderId);
}

const fulfilmentCalls = async () =>
  (await sandboxRequests(t, 'ebay')).filter((r) => r.method === 'POST' && r.path.endsWith('/shipping_fulfillment'));

describe('the Orders list and drawer', () => {
  it('an eBay order shows its number, buyer, lines, total, ship-by date and timeline, and the stock it moved', async () => {
    const [sku] = await ebaySkus();
    const order = await ebayOrder([{ sku: sku!, quantity: 2 }]);
    expect(order.status).toBe('unshipped');
    expect(order.buyerName).toBeTruthy();
    expect(order.lineCount).toBe(1);
    const body = await detail(order.id);
    expect(body.channel.kind).toBe('ebay');
    expect(body.shipTo).toMatchObject({ name: expect.any(String), line1: expect.any(String), countryCode: 'US' });
    expect(body.shipBy).not.toBeNull();
    expect(body.total).toMatchObject({ currency: 'USD' });
    expect(body.lines).toEqual([
      expect.objectContaining({
        sku,
        quantity: 2,
        shippedQuantity: 0,
        lineId: expect.any(String),
        listing: expect.objectContaining({ sku }),
      }),
    ]);
    expect(body.carriers.length).toBeGreaterThan(3);
    expect(body.timeline.map((e: { kind: string }) => e.kind)).toEqual(['received']);
    expect(body.timeline[0].actor).toBe('eBay');
    expect(body.stockChanges).toEqual([
      expect.objectContaining({
        sku,
        cause: 'order',
        field: 'available',
        before: expect.any(String),
        after: expect.any(String),
      }),
    ]);
    expect(Number(body.stockChanges[0].before) - Number(body.stockChanges[0].after)).toBe(2);
  });

  it('search finds an order by number, buyer and SKU; filters and keyset pages hold together', async () => {
    const skus = await ebaySkus();
    const order = await ebayOrder([{ sku: skus[1]!, quantity: 1 }]);
    const byNumber = await seller.get(`/api/orders?q=${encodeURIComponent(order.orderNumber)}`);
    expect(byNumber.body.items.map((o: OrderSummary) => o.id)).toContain(order.id);
    const byBuyer = await seller.get(`/api/orders?q=${encodeURIComponent(order.buyerName!.slice(0, 6))}`);
    expect(byBuyer.body.items.map((o: OrderSummary) => o.id)).toContain(order.id);
    const bySku = await seller.get(`/api/orders?q=${encodeURIComponent(skus[1]!.toLowerCase())}`);
    expect(bySku.body.items.map((o: OrderSummary) => o.id)).toContain(order.id);
    const nothing = await seller.get('/api/orders?q=zz-no-such-order-zz');
    expect(nothing.body).toEqual({ items: [], next: null, total: 0, totalCapped: false });

    const all = await seller.get('/api/orders?pageSize=200');
    const first = await seller.get('/api/orders?pageSize=1');
    expect(first.body.items).toHaveLength(1);
    expect(first.body.total).toBe(all.body.items.length);
    const second = await seller.get(`/api/orders?pageSize=1&cursor=${first.body.next}`);
    expect(second.body.items[0].id).toBe(all.body.items[1].id);
    expect((await seller.get('/api/orders?cursor=bm90LWEtY3Vyc29y')).status).toBe(400);
    const onEbay = await seller.get(`/api/orders?channelId=${ebay.id}&status=unshipped&sort=total&order=asc`);
    expect(onEbay.status).toBe(200);
    expect(
      onEbay.body.items.every(
        (o: { channel: { kind: string }; status: string }) => o.channel.kind === 'ebay' && o.status === 'unshipped',
      ),
    ).toBe(true);
    const totals = onEbay.body.items.map((o: { total: { amount: string } }) => Number(o.total.amount));
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
  });
});

describe('shipping', () => {
  it('a whole order shipped with carrier and tracking reaches eBay as its fulfilment; the order shows shipped, by whom', async () => {
    const [sku] = await ebaySkus();
    const order = await ebayOrder([{ sku: sku!, quantity: 1 }]);
    const { body: carriers } = await seller.get('/api/orders/carriers');
    const usps = carriers.ebay.find((c: { code: string }) => c.code.toUpperCase() === 'USPS');
    expect(usps).toBeDefined();
    const answer = await seller.post('/api/orders/shipments', {
      shipments: [{ orderId: order.id, carrier: usps.code, trackingNumber: '9400 1000 0000 0000 0000 01' }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ sending: 1, refused: 0, results: [{ orderId: order.id, outcome: 'sending' }] });
    const shipped = await settledShipment(order.id);
    expect(shipped.shipments).toEqual([
      expect.objectContaining({ state: 'confirmed', carrier: usps.code, attempts: 1 }),
    ]);
    expect(shipped.status).toBe('shipped');
    expect(shipped.timeline.at(-1)).toMatchObject({ kind: 'shipped', actor: 'Ada Shipper' });
    const held = await control(t, 'ebay', `/sellers/${ebay.sandboxSellerId}/orders/${order.marketplaceOrderId}`);
    expect(held.status).toBe(200);
    expect(JSON.stringify(await held.json())).toContain('9400 1000 0000 0000 0000 01'.replace(/ /g, ''));
    // The next read agrees, and shipping again finds nothing left.
    await readOrdersNow(t, accountId, ebay.id);
    expect((await detail(order.id)).status).toBe('shipped');
    const again = await seller.post('/api/orders/shipments', {
      shipments: [{ orderId: order.id, carrier: usps.code, trackingNumber: '1Z999' }],
    });
    expect(again.body.results[0]).toMatchObject({
      outcome: 'refused',
      message: 'Every unit of this order has been shipped already.',
    });
  });

  it('an unknown carrier is refused before anything is sent', async () => {
    const [sku] = await ebaySkus();
    const order = await ebayOrder([{ sku: sku!, quantity: 1 }]);
    const before = (await fulfilmentCalls()).length;
    const answer = await seller.post('/api/orders/shipments', {
      shipments: [{ orderId: order.id, carrier: 'Pigeon Post', trackingNumber: 'PP123' }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.results[0].outcome).toBe('refused');
    expect(answer.body.results[0].message).toMatch(/^"Pigeon Post" is not a carrier eBay accepts/);
    expect((await detail(order.id)).shipments).toEqual([]);
    expect((await fulfilmentCalls()).length).toBe(before);
  });

  it('a partial shipment leaves the order partially shipped, and the rest ships after', async () => {
    // Two SKUs with units to spare, past the ones the tests above sold where the generated catalogue has them.
    const inStock = await ebaySkus();
    expect(inStock.length, 'two SKUs with units to sell').toBeGreaterThanOrEqual(2);
    const skus = inStock.length >= 4 ? inStock.slice(2, 4) : inStock.slice(-2);
    const order = await ebayOrder([
      { sku: skus[0]!, quantity: 2 },
      { sku: skus[1]!, quantity: 1 },
    ]);
    const { lines } = await detail(order.id);
    const first = lines.find((l: { sku: string }) => l.sku === skus[0]);
    const answer = await seller.post('/api/orders/shipments', {
      shipments: [
        { orderId: order.id, carrier: 'UPS', trackingNumber: '1Z0001', lines: [{ lineId: first.lineId, quantity: 1 }] },
      ],
    });
    expect(answer.body.results[0].outcome).toBe('sending');
    const part = await settledShipment(order.id);
    expect(part.status).toBe('partially shipped');
    expect(part.lines.find((l: { sku: string }) => l.sku === skus[0]).shippedQuantity).toBe(1);
    const tooMany = await seller.post('/api/orders/shipments', {
      shipments: [
        { orderId: order.id, carrier: 'UPS', trackingNumber: '1Z0002', lines: [{ lineId: first.lineId, quantity: 2 }] },
      ],
    });
    expect(tooMany.body.results[0].message).toMatch(/has 1 unit left to ship, not 2/);
    await seller.post('/api/orders/shipments', {
      shipments: [{ orderId: order.id, carrier: 'UPS', trackingNumber: '1Z0003' }],
    });
    const whole = await settledShipment(order.id);
    expect(whole.status).toBe('shipped');
    expect(whole.shipments.map((s: { state: string }) => s.state)).toEqual(['confirmed', 'confirmed']);
  });

  it('a shipment answered 429 is tried again and confirmed once', async () => {
    const [sku] = await ebaySkus();
    const order = await ebayOrder([{ sku: sku!, quantity: 1 }]);
    // Nothing else of the account's on its way to eBay, so the one 429 is the shipment's.
    await settled(t, accountId);
    const faults = await control(t, 'ebay', `/sellers/${ebay.sandboxSellerId}/faults`, {
      method: 'PUT',
      body: { rateLimitBurst: 1 },
    });
    expect(faults.status).toBe(200);
    const before = (await fulfilmentCalls()).length;
    await seller.post('/api/orders/shipments', {
      shipments: [{ orderId: order.id, carrier: 'USPS', trackingNumber: '9400111' }],
    });
    const shipped = await settledShipment(order.id, 60_000);
    expect(shipped.shipments).toEqual([expect.objectContaining({ state: 'confirmed' })]);
    const calls = (await fulfilmentCalls()).slice(before);
    expect(calls.map((c) => c.status)).toEqual([429, 201]);
    const held = await (
      await control(t, 'ebay', `/sellers/${ebay.sandboxSellerId}/orders/${order.marketplaceOrderId}`)
    ).json();
    expect(held.fulfillments.map((f: { shipmentTrackingNumber: string }) => f.shipmentTrackingNumber)).toEqual([
      '9400111',
    ]);
  });

  it('a shipment the marketplace refuses shows its message', async () => {
    const [sku] = await ebaySkus();
    const order = await ebayOrder([{ sku: sku!, quantity: 1 }]);
    // The buyer cancels on eBay before our next read: eBay refuses the fulfilment.
    const cancelled = await control(
      t,
      'ebay',
      `/sellers/${ebay.sandboxSellerId}/orders/${order.marketplaceOrderId}/cancel`,
      {
        method: 'POST',
      },
    );
    expect(cancelled.status).toBe(200);
    await seller.post('/api/orders/shipments', {
      shipments: [{ orderId: order.id, carrier: 'USPS', trackingNumber: '9400222' }],
    });
    const failed = await settledShipment(order.id);
    expect(failed.shipments[0].state).toBe('failed');
    expect(failed.shipments[0].message).toBeTruthy();
    expect(failed.lastShipment).toEqual({ state: 'failed', message: failed.shipments[0].message });
    expect(failed.timeline.at(-1)).toMatchObject({ kind: 'shipment failed', detail: failed.shipments[0].message });
  });

  it('tracking by CSV: a preview gives every row its outcome and sends nothing; then the good rows ship', async () => {
    const skus = await ebaySkus();
    const a = await ebayOrder([{ sku: skus[0]!, quantity: 1 }]);
    const b = await ebayOrder([{ sku: skus[1]!, quantity: 1 }]);
    const csv = [
      'order_number,carrier,tracking,sku,quantity',
      `${a.orderNumber},USPS,9400333,${skus[0]},1`,
      `${b.orderNumber},Pigeon Post,PP1,,`,
      'NO-SUCH-ORDER,UPS,1Z9,,',
    ].join('\n');
    const preview = await seller.post('/api/orders/shipments/csv', { csv, dryRun: true });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ ready: 1, sending: 0, refused: 2 });
    expect(preview.body.rows.map((r: { line: number; outcome: string }) => [r.line, r.outcome])).toEqual([
      [2, 'ready'],
      [3, 'refused'],
      [4, 'refused'],
    ]);
    expect(preview.body.rows[2].message).toBe('No order NO-SUCH-ORDER in this account.');
    // Each row echoes what it ships: units of one SKU (a partial shipment), or every unit left.
    expect(preview.body.rows.map((r: { sku: string | null; quantity: number | null }) => [r.sku, r.quantity])).toEqual([
      [skus[0], 1],
      [null, null],
      [null, null],
    ]);
    expect((await detail(a.id)).shipments).toEqual([]);
    const sent = await seller.post('/api/orders/shipments/csv', { csv, dryRun: false });
    expect(sent.body).toMatchObject({ ready: 0, sending: 1, refused: 2 });
    expect((await settledShipment(a.id)).status).toBe('shipped');
    expect((await detail(b.id)).shipments).toEqual([]);
  });
});

describe('Walmart purchase orders', () => {
  it('are acknowledged once received, as Walmart requires', async () => {
    const [sku] = await ebaySkus();
    const placed = await control(t, 'walmart', `/sellers/${walmart.sandboxSellerId}/orders`, {
      method: 'POST',
      body: { lines: [{ sku, quantity: 1 }] },
    });
    expect(placed.status).toBe(201);
    const po = (await placed.json()) as { purchaseOrderId: string };
    await readOrdersNow(t, accountId, walmart.id);
    const [order] = await query<{ id: string }>(
      t,
      sql`select id from orders where channel_id = ${walmart.id} and marketplace_order_id = ${po.purchaseOrderId}`,
    );
    await vi.waitFor(
      async () =>
        expect((await detail(order!.id)).timeline.map((e: { kind: string }) => e.kind)).toContain('acknowledged'),
      { timeout: 20_000, interval: 200 },
    );
    const held = await (
      await control(t, 'walmart', `/sellers/${walmart.sandboxSellerId}/orders/${po.purchaseOrderId}`)
    ).json();
    expect(JSON.stringify(held)).toContain('Acknowledged');
  });
});

describe('tenant isolation', () => {
  it('another account can neither see, read nor ship an order of this one', async () => {
    const [sku] = await ebaySkus();
    const order = await ebayOrder([{ sku: sku!, quantity: 1 }]);
    const { browser: other } = await t.signedInSeller();
    expect((await other.get('/api/orders')).body).toEqual({ items: [], next: null, total: 0, totalCapped: false });
    expect((await other.get(`/api/orders?q=${encodeURIComponent(order.orderNumber)}`)).body.items).toEqual([]);
    const read = await other.get(`/api/orders/${order.id}`);
    expect(read.status).toBe(404);
    expect(read.body.message).toBe('No such order.');
    const ship = await other.post('/api/orders/shipments', {
      shipments: [{ orderId: order.id, carrier: 'USPS', trackingNumber: '9400444' }],
    });
    expect(ship.body.results[0]).toMatchObject({ outcome: 'refused', message: 'No such order.' });
    const csv = await other.post('/api/orders/shipments/csv', {
      csv: `order_number,carrier,tracking\n${order.orderNumber},USPS,9400555`,
      dryRun: false,
    });
    expect(csv.body.rows[0]).toMatchObject({
      outcome: 'refused',
      message: `No order ${order.orderNumber} in this account.`,
    });
    expect((await detail(order.id)).shipments).toEqual([]);
  });
});

describe("buyers' personal data", () => {
  it('never reaches the logs, and is erased after the retention period while the order stays', async () => {
    const [sku] = await ebaySkus();
    const order = await ebayOrder([{ sku: sku!, quantity: 1 }]);
    await seller.post('/api/orders/shipments', {
      shipments: [{ orderId: order.id, carrier: 'USPS', trackingNumber: '9400666' }],
    });
    await settledShipment(order.id);
    const { shipTo } = await detail(order.id);
    const logs = t.logs.join('\n');
    expect(logs).not.toContain(order.buyerName!);
    expect(logs).not.toContain(shipTo.line1);

    t.advance((t.config.orderPersonalDataDays + 1) * 86_400);
    expect(await eraseOrderPersonalData(t.product.ctx)).toBeGreaterThan(0);
    // A month on, the session has ended too.
    await seller.signIn(sellerLogin.email, sellerLogin.password);
    const erased = await detail(order.id);
    expect(erased).toMatchObject({ personalDataErased: true, buyerName: null, shipTo: null, status: 'shipped' });
    expect(erased.lines).toHaveLength(1);
    const byBuyer = await seller.get(`/api/orders?q=${encodeURIComponent(order.buyerName!)}`);
    expect(byBuyer.body.items.map((o: OrderSummary) => o.id)).not.toContain(order.id);
    const byNumber = await seller.get(`/api/orders?q=${encodeURIComponent(order.orderNumber)}`);
    expect(byNumber.body.items.map((o: OrderSummary) => o.id)).toContain(order.id);
    // The list row says so too, rather than showing an empty name.
    expect(byNumber.body.items.find((o: OrderSummary) => o.id === order.id)).toMatchObject({
      buyerName: null,
      personalDataErased: true,
    });
  });
});
