/**
 * Cancellations free their units in seconds on every marketplace (issue 22, item 5): eBay, which
 * sends no event for one, has its recently changed orders read every 15 s within the minute's tick;
 * Walmart's buyer cancellation arrives as PO_LINE_AUTOCANCELLED, which the channel subscribes to.
 * On start-up every syncing channel's orders are read at once. An oversell that happened anyway is
 * an alert naming the orders.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { connectWithSandboxSeller, type ConnectedChannel } from '../support/channel-flows.ts';
import { connectShopifyMainWalmartEbay, control, query, readOrdersNow, settled } from '../support/sync-checks.ts';
import { requestOrderReadsAtStartUp } from '../../src/modules/orders/order-polling.ts';
import { syncTick } from '../../src/modules/reconciliation/sync-schedule.ts';
import { marketplaceOrderRules } from '../../src/marketplaces/registry.ts';

let t: TestProduct;
let seller: Browser;
let accountId: string;
let shopify: ConnectedChannel;
let walmart: ConnectedChannel;
let ebay: ConnectedChannel;

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller({ firstName: 'Cass', lastName: 'Cancel' }));
  ({ shopify, walmart, ebay } = await connectShopifyMainWalmartEbay(t, seller, accountId, 6));
});
afterAll(() => t?.stop());

/** Units left to sell: a sale takes them at once (committed, then off on hand once the main channel holds it). */
const availableOf = async (sku: string) => {
  const { on_hand: onHand, committed } = await committedOf(sku);
  return onHand - committed;
};
const committedOf = async (sku: string) =>
  (
    await query<{ committed: number; on_hand: number }>(
      t,
      sql`select committed, on_hand from products where account_id = ${accountId} and sku = ${sku}`,
    )
  )[0]!;

/** The SKUs with the most units to sell on every channel. */
async function skusInStock(): Promise<string[]> {
  const rows = await query<{ sku: string }>(
    t,
    sql`select sku from products where account_id = ${accountId} and on_hand - committed > 3 order by on_hand - committed desc, sku`,
  );
  return rows.map((r) => r.sku);
}

async function buy(channel: ConnectedChannel, sku: string, quantity: number): Promise<string> {
  const placed = await control(t, channel.kind, `/sellers/${channel.sandboxSellerId}/orders`, {
    method: 'POST',
    body: { lines: [{ sku, quantity }] },
  });
  expect(placed.status, await placed.clone().text()).toBe(201);
  // Each sandbox answers with its marketplace's own order id: Walmart's purchase order, eBay's order,
  // Amazon's AmazonOrderId, Shopify's order GID.
  const body = (await placed.json()) as {
    orderId?: string;
    purchaseOrderId?: string;
    AmazonOrderId?: string;
    id?: string;
  };
  return (body.purchaseOrderId ?? body.orderId ?? body.AmazonOrderId ?? body.id)!;
}

async function buyerCancels(channel: ConnectedChannel, marketplaceOrderId: string) {
  const cancelled = await control(
    t,
    channel.kind,
    `/sellers/${channel.sandboxSellerId}/orders/${encodeURIComponent(marketplaceOrderId)}/cancel`,
    { method: 'POST', body: {} },
  );
  expect(cancelled.status, await cancelled.clone().text()).toBe(200);
}

describe('cancellations within seconds', () => {
  it("eBay's orders are read every 15 s within the minute's tick, so a buyer's cancellation frees its units", async () => {
    const [sku] = await skusInStock();
    const before = await availableOf(sku!);
    const orderId = await buy(ebay, sku!, 2);
    await readOrdersNow(t, accountId, ebay.id);
    expect(await availableOf(sku!)).toBe(before - 2);
    // The stock change names the order as the seller knows it, with the marketplace's name.
    const [order] = await query<{ id: string; order_number: string }>(
      t,
      sql`select id, order_number from orders where channel_id = ${ebay.id} and marketplace_order_id = ${orderId}`,
    );
    const [change] = await query<{ cause_ref: string }>(
      t,
      sql`select cause_ref from changes where order_id = ${order!.id} limit 1`,
    );
    expect(change!.cause_ref).toBe(`eBay order ${order!.order_number}`);
    const recent = (await seller.get('/api/dashboard')).body.recentOrders as Array<{ id: string; orderNumber: string }>;
    expect(recent.find((o) => o.id === order!.id)?.orderNumber).toBe(order!.order_number);
    await settled(t, accountId);

    await buyerCancels(ebay, orderId);
    const tickAt = Date.now();
    await syncTick(t.product.ctx);
    // The minute's reads of eBay: one now, then one every 15 s until the next tick.
    const reads = await query<{ singleton_key: string; delay: number }>(
      t,
      sql`select singleton_key, extract(epoch from start_after)::float * 1000 as delay from pgboss.job
          where name = 'orders.read' and data->>'channelId' = ${ebay.id} and singleton_key like '%:recent:%' and state = 'created'`,
    );
    expect(reads.map((r) => r.singleton_key).sort()).toEqual(
      [15_000, 30_000, 45_000].map((at) => `${ebay.id}:recent:${at}`).sort(),
    );
    for (const read of reads) {
      const at = Number(read.singleton_key.split(':').at(-1));
      expect(read.delay - tickAt).toBeGreaterThan(at - 5_000);
      expect(read.delay - tickAt).toBeLessThan(at + 5_000);
    }
    // The read asked for now frees the cancelled units, without the 3-minute schedule.
    await vi.waitFor(async () => expect(await availableOf(sku!)).toBe(before), { timeout: 15_000, interval: 100 });
    expect(marketplaceOrderRules.ebay.recentOrdersEveryMs).toBe(15_000);
  });

  it("a Walmart buyer's cancellation arrives as PO_LINE_AUTOCANCELLED and frees its units with no read asked for", async () => {
    const [, sku] = await skusInStock();
    const before = await availableOf(sku!);
    const purchaseOrderId = await buy(walmart, sku!, 1);
    // PO_CREATED holds the order: it counts without a read.
    await vi.waitFor(async () => expect(await availableOf(sku!)).toBe(before - 1), { timeout: 15_000, interval: 100 });
    await settled(t, accountId);
    await buyerCancels(walmart, purchaseOrderId);
    await vi.waitFor(async () => expect(await availableOf(sku!)).toBe(before), { timeout: 15_000, interval: 100 });
    const events = await query<{ topic: string }>(
      t,
      sql`select topic from marketplace_events where channel_id = ${walmart.id} order by received_at`,
    );
    expect(events.map((e) => e.topic)).toContain('PO_LINE_AUTOCANCELLED');
  });

  it("a Shopify buyer's cancellation on the main channel (orders/updated) frees its units on every channel", async () => {
    const [, , sku] = await skusInStock();
    const before = await availableOf(sku!);
    const orderId = await buy(shopify, sku!, 1);
    await vi.waitFor(async () => expect(await availableOf(sku!)).toBe(before - 1), { timeout: 15_000, interval: 100 });
    await settled(t, accountId);
    await buyerCancels(shopify, orderId);
    await vi.waitFor(async () => expect(await availableOf(sku!)).toBe(before), { timeout: 30_000, interval: 100 });
    await settled(t, accountId);
    // Every target offers the units again.
    for (const target of [walmart, ebay]) {
      const item = (await (
        await control(t, target.kind, `/sellers/${target.sandboxSellerId}/items/${encodeURIComponent(sku!)}`)
      ).json()) as { quantity: number };
      expect(item.quantity, target.kind).toBe(before);
    }
  });

  it("an Amazon buyer's cancellation arrives as ORDER_CHANGE and frees its units with no read asked for", async () => {
    const amazon = await connectWithSandboxSeller(seller, 'amazon', 6);
    await vi.waitFor(
      async () =>
        expect(
          await query(t, sql`select 1 from listings where channel_id = ${amazon.id} and product_id is not null`),
        ).toHaveLength(6),
      { timeout: 60_000, interval: 250 },
    );
    await settled(t, accountId);
    // A SKU the tests above did not sell, where the generated catalogue has one with stock to spare.
    const inStock = await skusInStock();
    const sku = inStock[3] ?? inStock.at(-1);
    expect(sku, 'a SKU with units to sell').toBeDefined();
    const before = await availableOf(sku!);
    const orderId = await buy(amazon, sku!, 1);
    await vi.waitFor(async () => expect(await availableOf(sku!)).toBe(before - 1), { timeout: 15_000, interval: 100 });
    await settled(t, accountId);
    await buyerCancels(amazon, orderId);
    await vi.waitFor(async () => expect(await availableOf(sku!)).toBe(before), { timeout: 30_000, interval: 100 });
    const events = await query<{ topic: string }>(
      t,
      sql`select topic from marketplace_events where channel_id = ${amazon.id} order by received_at`,
    );
    // Recorded under the engine's name for Amazon's ORDER_CHANGE notification.
    expect(events.map((e) => e.topic)).toContain('order_changed');
  });
});

describe('start-up', () => {
  it("asks for every syncing channel's orders at once, a paused one's not", async () => {
    await settled(t, accountId);
    expect((await seller.post(`/api/channels/${walmart.id}/pause`, {})).status).toBeLessThan(300);
    try {
      // Reads asked for from here on (earlier reads are finished jobs of the same queue).
      const [{ since }] = (await query<{ since: string }>(t, sql`select now()::text as since`)) as [{ since: string }];
      const asked = await requestOrderReadsAtStartUp(t.product.ctx);
      expect(asked).toBeGreaterThanOrEqual(2);
      const reads = await query<{ channel: string }>(
        t,
        sql`select data->>'channelId' as channel from pgboss.job
            where name = 'orders.read' and data->>'accountId' = ${accountId} and singleton_key = data->>'channelId'
              and created_on >= ${since}::timestamptz`,
      );
      const channels = new Set(reads.map((r) => r.channel));
      expect(channels.has(shopify.id)).toBe(true);
      expect(channels.has(ebay.id)).toBe(true);
      expect(channels.has(walmart.id)).toBe(false);
    } finally {
      expect((await seller.post(`/api/channels/${walmart.id}/resume`, {})).status).toBeLessThan(300);
    }
    await settled(t, accountId);
  });
});

describe('an oversell that happened anyway', () => {
  it('is a Dashboard alert naming the SKU, the units short and the open orders holding it', async () => {
    await settled(t, accountId);
    const [, , sku] = await skusInStock();
    const { on_hand: onHand, committed } = await committedOf(sku!);
    const available = onHand - committed;
    // Walmart and eBay each take every unit left, at the same moment, before either is told of the other.
    const [walmartOrder, ebayOrder] = await Promise.all([buy(walmart, sku!, available), buy(ebay, sku!, available)]);
    await readOrdersNow(t, accountId, walmart.id);
    await readOrdersNow(t, accountId, ebay.id);
    const after = await committedOf(sku!);
    expect(after.committed - after.on_hand).toBe(available);

    const { body } = await seller.get('/api/dashboard');
    const alert = body.alerts.find((a: { kind: string }) => a.kind === 'oversold');
    expect(alert).toMatchObject({ count: 1 });
    const [item] = alert.oversold;
    expect(item).toMatchObject({ sku, short: available });
    const numbers = await query<{ order_number: string; marketplace_order_id: string }>(
      t,
      sql`select order_number, marketplace_order_id from orders where account_id = ${accountId} and marketplace_order_id in (${walmartOrder}, ${ebayOrder})`,
    );
    expect(numbers).toHaveLength(2);
    expect(item.orders.map((o: { orderNumber: string }) => o.orderNumber).sort()).toEqual(
      numbers.map((n) => n.order_number).sort(),
    );
    expect(new Set(item.orders.map((o: { channelKind: string }) => o.channelKind))).toEqual(
      new Set(['walmart', 'ebay']),
    );
  });
});
