/**
 * A seller's cancellations and refunds, and buyers' returns, through the product's API against the
 * sandboxes over HTTP: a Walmart line cancelled releases its units on every channel, a restocked
 * return raises on hand on the main channel (Shopify) and reaches the others, refunds are sent or
 * recorded, a marketplace without the API says so, and every operation keeps to its account.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { pollOrders } from '../../src/modules/orders/order-polling.ts';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import type { ConnectedChannel } from '../support/channel-flows.ts';
import {
  connectShopifyMainWalmartEbay,
  control,
  query,
  readOrdersNow,
  sandboxItem,
  sandboxRequests,
  settled,
} from '../support/sync-checks.ts';

let t: TestProduct;
let seller: Browser;
let accountId: string;
let shopify: ConnectedChannel;
let walmart: ConnectedChannel;
let ebay: ConnectedChannel;

beforeAll(async () => {
  t = await startTestProduct();
  const signedIn = await t.signedInSeller({ firstName: 'Rita', lastName: 'Returns' });
  ({ browser: seller, accountId } = signedIn);
  ({ shopify, walmart, ebay } = await connectShopifyMainWalmartEbay(t, seller, accountId, 6));
});
afterAll(() => t?.stop());

interface Stock {
  onHand: number;
  committed: number;
}
const stockOf = async (sku: string): Promise<Stock> => {
  const [row] = await query<{ on_hand: number; committed: number }>(
    t,
    sql`select on_hand, committed from products where account_id = ${accountId} and sku = ${sku}`,
  );
  return { onHand: row!.on_hand, committed: row!.committed };
};
const available = (s: Stock) => s.onHand - s.committed;

/** SKUs with units to sell, most first. */
async function skusInStock(): Promise<string[]> {
  const rows = await query<{ sku: string }>(
    t,
    sql`select sku from products where account_id = ${accountId} and on_hand - committed > 4 order by on_hand - committed desc, sku`,
  );
  return rows.map((r) => r.sku);
}

/** A buyer's order on a sandbox, read by the product as its scheduled read would; its id on the Orders page. */
async function placeOrder(channel: ConnectedChannel, lines: Array<{ sku: string; quantity: number }>) {
  const placed = await control(t, channel.kind, `/sellers/${channel.sandboxSellerId}/orders`, {
    method: 'POST',
    body: { lines },
  });
  expect(placed.status, await placed.clone().text()).toBe(201);
  const body = (await placed.json()) as { orderId?: string; purchaseOrderId?: string; id?: string };
  const marketplaceOrderId = (body.purchaseOrderId ?? body.orderId ?? body.id)!;
  await readOrdersNow(t, accountId, channel.id);
  const [row] = await query<{ id: string }>(
    t,
    sql`select id from orders where channel_id = ${channel.id} and marketplace_order_id = ${marketplaceOrderId}`,
  );
  expect(row, `order ${marketplaceOrderId} recorded`).toBeDefined();
  await settled(t, accountId);
  return { id: row!.id, marketplaceOrderId };
}

async function detail(orderId: string, as: Browser = seller) {
  const answer = await as.get(`/api/orders/${orderId}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function untilSettled<T extends { state: string; message?: string | null }>(
  read: () => Promise<T[]>,
  timeout = 30_000,
): Promise<T[]> {
  let items: T[] = [];
  await vi.waitFor(
    async () => {
      items = await read();
      expect(items.length).toBeGreaterThan(0);
      const jobs = await query(
        t,
        sql`select state, retry_count, output, data from pgboss.job where name = 'orders.fulfil' and state <> 'completed'`,
      );
      expect(
        items.every((i) => i.state !== 'sending'),
        JSON.stringify({ items, jobs }),
      ).toBe(true);
    },
    { timeout, interval: 200 },
  );
  return items;
}

describe('cancellations', () => {
  it('cancelling a Walmart line releases its units on every channel, with the change and the timeline', async () => {
    const [skuA, skuB] = await skusInStock();
    const order = await placeOrder(walmart, [
      { sku: skuA!, quantity: 3 },
      { sku: skuB!, quantity: 1 },
    ]);
    const before = await stockOf(skuA!);
    const body = await detail(order.id);
    expect(body.actions).toMatchObject({ cancel: { api: true, why: null }, cancelByLine: true, cancellableUnits: 4 });
    const lineA = body.lines.find((l: { sku: string }) => l.sku === skuA).lineId as string;

    const answer = await seller.post(`/api/orders/${order.id}/cancellations`, {
      reason: 'out of stock',
      lines: [{ lineId: lineA, quantity: 2 }],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    expect(answer.body).toMatchObject({ state: 'sending', wholeOrder: false, lines: [{ sku: skuA, quantity: 2 }] });

    const [cancellation] = await untilSettled(async () => (await detail(order.id)).cancellations);
    expect(cancellation).toMatchObject({ state: 'confirmed', message: null });
    // Walmart holds the cancellation on the line.
    const held = await control(t, 'walmart', `/sellers/${walmart.sandboxSellerId}/orders/${order.marketplaceOrderId}`);
    expect(held.status).toBe(200);
    expect(JSON.stringify(await held.json())).toMatch(/Cancelled/);
    // The two units are available again, and every channel is told so.
    await settled(t, accountId);
    const after = await stockOf(skuA!);
    expect(available(after)).toBe(available(before) + 2);
    await vi.waitFor(
      async () => {
        expect((await sandboxItem(t, ebay, skuA!)).quantity).toBe(available(after));
        expect((await sandboxItem(t, shopify, skuA!)).quantity).toBe(after.onHand);
      },
      { timeout: 30_000, interval: 250 },
    );
    const cancelled = await detail(order.id);
    expect(cancelled.lines.find((l: { sku: string }) => l.sku === skuA)).toMatchObject({ cancelledQuantity: 2 });
    expect(cancelled.status).toBe('unshipped');
    expect(cancelled.timeline).toContainEqual(
      expect.objectContaining({
        kind: 'cancelled',
        actor: 'Rita Returns',
        detail: expect.stringContaining(`2 × ${skuA}`),
      }),
    );
    expect(cancelled.stockChanges).toContainEqual(
      expect.objectContaining({
        sku: skuA,
        cause: 'cancellation',
        before: String(available(before)),
        after: String(available(before) + 2),
      }),
    );
    expect(cancelled.actions.cancellableUnits).toBe(2);
  });

  it('refuses more units than are open, before anything is sent', async () => {
    const [sku] = await skusInStock();
    const order = await placeOrder(walmart, [{ sku: sku!, quantity: 1 }]);
    const lineId = (await detail(order.id)).lines[0].lineId;
    const calls = (await sandboxRequests(t, 'walmart')).length;
    const answer = await seller.post(`/api/orders/${order.id}/cancellations`, {
      reason: 'buyer asked',
      lines: [{ lineId, quantity: 2 }],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(`Line ${lineId} (${sku}) has 1 unit that can be cancelled, not 2.`);
    const sent = (await sandboxRequests(t, 'walmart')).slice(calls).filter((r) => r.path.endsWith('/cancel'));
    expect(sent).toEqual([]);
    expect((await detail(order.id)).cancellations).toEqual([]);
  });

  it('a whole order cancelled on Walmart is cancelled here, and all its units come back', async () => {
    const [sku] = await skusInStock();
    const order = await placeOrder(walmart, [{ sku: sku!, quantity: 2 }]);
    const before = await stockOf(sku!);
    const answer = await seller.post(`/api/orders/${order.id}/cancellations`, { reason: 'cannot ship to address' });
    expect(answer.status).toBe(202);
    expect(answer.body.wholeOrder).toBe(true);
    await untilSettled(async () => (await detail(order.id)).cancellations);
    await settled(t, accountId);
    const body = await detail(order.id);
    expect(body.status).toBe('cancelled');
    expect(available(await stockOf(sku!))).toBe(available(before) + 2);
    const again = await seller.post(`/api/orders/${order.id}/cancellations`, { reason: 'other' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This order is cancelled already.');
  });

  it('where the marketplace has no cancellation API (eBay), says what to do instead', async () => {
    const [sku] = await skusInStock();
    const order = await placeOrder(ebay, [{ sku: sku!, quantity: 1 }]);
    const body = await detail(order.id);
    expect(body.actions.cancel).toEqual({ api: false, why: expect.stringContaining('Seller Hub') });
    const answer = await seller.post(`/api/orders/${order.id}/cancellations`, { reason: 'buyer asked' });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(body.actions.cancel.why);
  });
});

/** Ships a Walmart order whole (once Walmart has it acknowledged), and waits for Walmart's answer. */
async function shipWhole(orderId: string) {
  await vi.waitFor(
    async () => {
      const body = await detail(orderId);
      expect(
        body.timeline.map((e: { kind: string }) => e.kind),
        JSON.stringify(body.timeline),
      ).toContain('acknowledged');
    },
    { timeout: 10_000, interval: 200 },
  );
  const shipped = await seller.post('/api/orders/shipments', {
    shipments: [{ orderId, carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }],
  });
  expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
  const [shipment] = await untilSettled(async () => (await detail(orderId)).shipments);
  expect(shipment).toMatchObject({ state: 'confirmed' });
}

describe('deliveries', () => {
  it('a Walmart order the carrier delivered reads as delivered, told once on its timeline', async () => {
    const [sku] = await skusInStock();
    const order = await placeOrder(walmart, [{ sku: sku!, quantity: 1 }]);
    await shipWhole(order.id);
    expect((await detail(order.id)).status).toBe('shipped');
    const delivered = await control(
      t,
      'walmart',
      `/sellers/${walmart.sandboxSellerId}/orders/${order.marketplaceOrderId}/deliver`,
      { method: 'POST' },
    );
    expect(delivered.status, await delivered.clone().text()).toBe(200);
    await readOrdersNow(t, accountId, walmart.id);
    const body = await detail(order.id);
    expect(body.status).toBe('delivered');
    const deliveries = (timeline: Array<{ kind: string; actor: string }>) =>
      timeline.filter((e) => e.kind === 'delivered');
    expect(deliveries(body.timeline)).toEqual([expect.objectContaining({ actor: 'Walmart' })]);

    // Nothing more to deliver: the sandbox says so; a later read tells the delivery no second time.
    const again = await control(
      t,
      'walmart',
      `/sellers/${walmart.sandboxSellerId}/orders/${order.marketplaceOrderId}/deliver`,
      { method: 'POST' },
    );
    expect(again.status).toBe(409);
    const refund = await seller.post(`/api/orders/${order.id}/refunds`, {
      reason: 'damaged',
      lines: [{ lineId: body.lines[0].lineId, quantity: 1 }],
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(202);
    await untilSettled(async () => (await detail(order.id)).refunds);
    await readOrdersNow(t, accountId, walmart.id);
    expect(deliveries((await detail(order.id)).timeline)).toHaveLength(1);
  });
});

describe('refunds', () => {
  it("a refund Walmart refuses (a line not shipped yet) fails with Walmart's words on the timeline", async () => {
    const [sku] = await skusInStock();
    const order = await placeOrder(walmart, [{ sku: sku!, quantity: 1 }]);
    const lineId = (await detail(order.id)).lines[0].lineId as string;
    const answer = await seller.post(`/api/orders/${order.id}/refunds`, {
      reason: 'damaged',
      lines: [{ lineId, quantity: 1 }],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    const [refund] = await untilSettled<{ state: string; message: string }>(
      async () => (await detail(order.id)).refunds,
    );
    expect(refund).toMatchObject({ state: 'failed', message: expect.stringMatching(/not shipped/) });
    const body = await detail(order.id);
    expect(body.timeline).toContainEqual(
      expect.objectContaining({ kind: 'refund failed', actor: 'Walmart', detail: refund!.message }),
    );
    // A failed refund takes nothing from what may still be refunded.
    expect(body.actions.refundable).toEqual(body.total);
  });

  it('a refund by line of a shipped Walmart order is sent and confirmed; more than the line’s price is refused', async () => {
    const [sku] = await skusInStock();
    const order = await placeOrder(walmart, [{ sku: sku!, quantity: 2 }]);
    await shipWhole(order.id);
    const body = await detail(order.id);
    const lineId = body.lines[0].lineId as string;
    const price = Number(body.lines[0].price.amount);
    const tooMuch = await seller.post(`/api/orders/${order.id}/refunds`, {
      reason: 'damaged',
      lines: [{ lineId, quantity: 1, amount: (price + 1).toFixed(2) }],
    });
    expect(tooMuch.status).toBe(400);
    const answer = await seller.post(`/api/orders/${order.id}/refunds`, {
      reason: 'damaged',
      note: 'Sorry about the dent',
      lines: [{ lineId, quantity: 1 }],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    expect(answer.body).toMatchObject({ state: 'sending', total: { amount: price.toFixed(2) } });
    const [refund] = await untilSettled(async () => (await detail(order.id)).refunds);
    expect(refund, JSON.stringify(refund)).toMatchObject({ state: 'confirmed' });
    const refunded = await detail(order.id);
    expect(refunded.timeline).toContainEqual(expect.objectContaining({ kind: 'refunded', actor: 'Rita Returns' }));
    expect(Number(refunded.actions.refundable.amount)).toBeCloseTo(Number(refunded.total.amount) - price, 2);
  });

  it('a whole shipped order refunded makes it refunded', async () => {
    const [sku] = await skusInStock();
    const order = await placeOrder(walmart, [{ sku: sku!, quantity: 1 }]);
    await shipWhole(order.id);
    const answer = await seller.post(`/api/orders/${order.id}/refunds`, { reason: 'buyer cancelled' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    const [refund] = await untilSettled(async () => (await detail(order.id)).refunds);
    expect(refund, JSON.stringify(refund)).toMatchObject({ state: 'confirmed' });
    expect((await detail(order.id)).status).toBe('refunded');
    const again = await seller.post(`/api/orders/${order.id}/refunds`, { reason: 'other' });
    expect(again.status).toBe(409);
  });

  it('a Shopify line refunded (the buyer keeps it) stays sold: no units come back on any channel', async () => {
    const [sku] = await skusInStock();
    const order = await placeOrder(shopify, [{ sku: sku!, quantity: 2 }]);
    const shipped = await seller.post('/api/orders/shipments', {
      shipments: [{ orderId: order.id, carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }],
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect((await untilSettled(async () => (await detail(order.id)).shipments))[0]).toMatchObject({
      state: 'confirmed',
    });
    await settled(t, accountId);
    const before = await stockOf(sku!);
    const { lines } = await detail(order.id);
    const answer = await seller.post(`/api/orders/${order.id}/refunds`, {
      reason: 'damaged',
      lines: [{ lineId: lines[0].lineId, quantity: 1 }],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    expect((await untilSettled(async () => (await detail(order.id)).refunds))[0]).toMatchObject({ state: 'confirmed' });
    // Shopify now reports one unit on the line (its current quantity), as it does after any refund.
    const held = await control(
      t,
      'shopify',
      `/sellers/${shopify.sandboxSellerId}/orders/${encodeURIComponent(order.marketplaceOrderId)}`,
    );
    expect(held.status, await held.clone().text()).toBe(200);
    expect(await held.json()).toMatchObject({
      lineItems: { nodes: [{ sku, quantity: 2, currentQuantity: 1 }] },
      refunds: [{ refundLineItems: { nodes: [{ quantity: 1, restockType: 'NO_RESTOCK' }] } }],
    });
    // Read again: the refunded unit is neither a cancellation nor stock back.
    await readOrdersNow(t, accountId, shopify.id);
    await settled(t, accountId);
    expect(await stockOf(sku!)).toEqual(before);
    const after = await detail(order.id);
    expect(after.lines[0]).toMatchObject({ quantity: 2, cancelledQuantity: 0 });
    expect(after.cancellations).toEqual([]);
  });
});

describe('returns', () => {
  async function buyerReturns(
    order: { marketplaceOrderId: string },
    lines: Array<{ sku: string; quantity: number }>,
    restock: boolean,
  ) {
    const created = await control(
      t,
      'walmart',
      `/sellers/${walmart.sandboxSellerId}/orders/${order.marketplaceOrderId}/returns`,
      {
        method: 'POST',
        body: { lines, reason: 'DAMAGED' },
      },
    );
    expect(created.status, await created.clone().text()).toBe(201);
    const { returnId } = (await created.json()) as { returnId: string };
    const received = await control(t, 'walmart', `/sellers/${walmart.sandboxSellerId}/returns/${returnId}/receive`, {
      method: 'POST',
      body: { restock },
    });
    expect(received.status, await received.clone().text()).toBe(200);
    return returnId;
  }

  it('a Walmart return received for restock raises on hand on the main channel, and every channel follows', async () => {
    const [sku] = await skusInStock();
    const order = await placeOrder(walmart, [{ sku: sku!, quantity: 2 }]);
    await shipWhole(order.id);
    await settled(t, accountId);
    const before = await stockOf(sku!);
    const returnId = await buyerReturns(order, [{ sku: sku!, quantity: 2 }], true);
    await readOrdersNow(t, accountId, walmart.id);
    await settled(t, accountId);

    const list = await seller.get('/api/returns');
    expect(list.status).toBe(200);
    const found = list.body.items.find((r: { marketplaceReturnId: string }) => r.marketplaceReturnId === returnId);
    expect(found).toMatchObject({
      orderId: order.id,
      channel: { kind: 'walmart' },
      status: 'received',
      reason: expect.stringMatching(/damaged/i),
      lines: [expect.objectContaining({ sku, quantity: 2, restock: true })],
      restockedAt: expect.any(String),
      restockedBy: null,
    });
    const after = await stockOf(sku!);
    expect(after.onHand).toBe(before.onHand + 2);
    await vi.waitFor(
      async () => {
        expect((await sandboxItem(t, shopify, sku!)).quantity).toBe(after.onHand);
        expect((await sandboxItem(t, ebay, sku!)).quantity).toBe(available(after));
      },
      { timeout: 30_000, interval: 250 },
    );
    const body = await detail(order.id);
    expect(body.returns).toHaveLength(1);
    expect(body.timeline.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(['returned', 'restocked']),
    );
    const [change] = await query<{ before: string; after: string; cause: string }>(
      t,
      sql`select before, after, cause from changes where account_id = ${accountId} and sku = ${sku} and cause = 'return'`,
    );
    expect(Number(change!.after) - Number(change!.before)).toBe(2);

    // Read again: nothing is restocked twice.
    await readOrdersNow(t, accountId, walmart.id);
    await settled(t, accountId);
    expect((await stockOf(sku!)).onHand).toBe(after.onHand);
  });

  it('an orders read asks for the returns read as a job of its own, which lists the return', async () => {
    const [sku] = await skusInStock();
    const order = await placeOrder(walmart, [{ sku: sku!, quantity: 1 }]);
    await shipWhole(order.id);
    await settled(t, accountId);
    const [clock] = await query<{ now: string }>(t, sql`select now()::text as now`);
    const now = clock!.now;
    const returnId = await buyerReturns(order, [{ sku: sku!, quantity: 1 }], false);
    await pollOrders(t.product.ctx, { accountId, channelId: walmart.id });
    const asked = await query(
      t,
      sql`select state from pgboss.job where name = 'orders.read-returns' and data->>'channelId' = ${walmart.id} and created_on >= ${now}::timestamptz`,
    );
    expect(asked.length).toBeGreaterThan(0);
    await settled(t, accountId);
    const list = await seller.get('/api/returns');
    expect(list.body.items.map((r: { marketplaceReturnId: string }) => r.marketplaceReturnId)).toContain(returnId);
  });

  it('a return received without restock waits for the seller, who restocks it once', async () => {
    const [sku] = await skusInStock();
    const order = await placeOrder(walmart, [{ sku: sku!, quantity: 1 }]);
    await shipWhole(order.id);
    const returnId = await buyerReturns(order, [{ sku: sku!, quantity: 1 }], false);
    await readOrdersNow(t, accountId, walmart.id);
    const before = await stockOf(sku!);
    const list = await seller.get('/api/returns?status=received');
    const found = list.body.items.find((r: { marketplaceReturnId: string }) => r.marketplaceReturnId === returnId);
    expect(found).toMatchObject({ restockedAt: null });

    const restocked = await seller.post(`/api/returns/${found.id}/restock`);
    expect(restocked.status, JSON.stringify(restocked.body)).toBe(200);
    expect(restocked.body).toMatchObject({ restockedAt: expect.any(String), restockedBy: 'Rita Returns' });
    await settled(t, accountId);
    expect((await stockOf(sku!)).onHand).toBe(before.onHand + 1);
    const again = await seller.post(`/api/returns/${found.id}/restock`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This return was restocked already.');
  });
});

describe('every orders operation keeps to its account', () => {
  it("another seller can neither read, cancel, refund nor restock this account's orders and returns", async () => {
    const [sku] = await skusInStock();
    const order = await placeOrder(walmart, [{ sku: sku!, quantity: 1 }]);
    const [ret] = await query<{ id: string }>(
      t,
      sql`select id from order_returns where account_id = ${accountId} limit 1`,
    );
    const { browser: stranger } = await t.signedInSeller();
    expect((await stranger.get(`/api/orders/${order.id}`)).status).toBe(404);
    expect((await stranger.post(`/api/orders/${order.id}/cancellations`, { reason: 'other' })).status).toBe(404);
    expect((await stranger.post(`/api/orders/${order.id}/refunds`, { reason: 'other' })).status).toBe(404);
    expect((await stranger.post(`/api/returns/${ret!.id}/restock`)).status).toBe(404);
    const theirs = await stranger.get('/api/returns');
    expect(theirs.body).toEqual({ items: [], next: null });
    expect((await detail(order.id)).cancellations).toEqual([]);
  });

  it('refuses a malformed request with a clear message', async () => {
    const [sku] = await skusInStock();
    const order = await placeOrder(walmart, [{ sku: sku!, quantity: 1 }]);
    const bad = await seller.post(`/api/orders/${order.id}/cancellations`, { reason: 'bored' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'Reason must be one of: out of stock, buyer asked, cannot ship to address, pricing error, other.',
    );
    const badReturns = await seller.get('/api/returns?status=lost');
    expect(badReturns.status).toBe(400);
  });
});
