import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { connectWithSandboxSeller, consentOnEbay, installOnShopify } from '../support/channel-flows.ts';
import { applyDeliveredOrders, pollDueChannels, pollOrders } from '../../src/modules/orders/order-polling.ts';
import { control, sandboxRequests } from '../support/sync-checks.ts';
import { syncIntervalMinutes, syncTick } from '../../src/modules/reconciliation/sync-schedule.ts';

let t: TestProduct;
let seller: Browser;
let accountId: string;
const channels: Record<string, { id: string; sandboxSellerId: string }> = {};
const rows = async <T>(query: string): Promise<T[]> =>
  ((await t.database.handle.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
const ordersOf = (channelId: string) =>
  rows<{ marketplace_order_id: string; status: string; lines: Array<{ sku: string; quantity: number }> }>(
    `select marketplace_order_id, status, lines from orders where channel_id = '${channelId}'`,
  );

async function connect(kind: 'walmart' | 'amazon') {
  const channel = await connectWithSandboxSeller(seller, kind, 6);
  channels[kind] = { id: channel.id, sandboxSellerId: channel.sandboxSellerId };
}

async function skuInStock(): Promise<string> {
  await vi.waitFor(
    async () =>
      expect(
        (await rows(`select 1 from products where account_id = '${accountId}' and on_hand > 2`)).length,
      ).toBeGreaterThan(0),
    { timeout: 20_000 },
  );
  return (
    await rows<{ sku: string }>(
      `select sku from products where account_id = '${accountId}' and on_hand > 2 order by sku limit 1`,
    )
  )[0]!.sku;
}

async function buy(kind: 'walmart' | 'amazon' | 'shopify' | 'ebay', sku: string, quantity: number) {
  const answer = await fetch(`${t.url}/sandbox/${kind}/_control/sellers/${channels[kind]!.sandboxSellerId}/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ lines: [{ sku, quantity }] }),
  });
  expect(answer.status).toBe(201);
}

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller());
  await connect('walmart');
  await connect('amazon');
});
afterAll(() => t?.stop());

describe('orders from every channel', () => {
  it('an order on the Amazon sandbox counts from its ORDER_CHANGE notification, before any read of Amazon’s orders; a later read adds its prices and moves nothing again', async () => {
    const sku = await skuInStock();
    // Available moves once the sale counts, and stays there when the main channel (Walmart) takes the adjustment.
    const available = `select on_hand - committed as available from products where account_id = '${accountId}' and sku = '${sku}'`;
    const [stock] = await rows<{ available: number }>(available);
    const readsBefore = (await sandboxRequests(t, 'amazon')).filter((r) =>
      r.path.startsWith('/orders/v0/orders'),
    ).length;
    await buy('amazon', sku, 2);
    await vi.waitFor(async () => expect(await ordersOf(channels.amazon!.id)).toHaveLength(1), { timeout: 20_000 });
    const [order] = await ordersOf(channels.amazon!.id);
    expect(order!.status).toBe('open');
    // The notification names each item's SKU and quantity, not its price.
    expect(order!.lines).toEqual([{ sku, quantity: 2, price: null, cancelledQuantity: 0 }]);
    expect((await sandboxRequests(t, 'amazon')).filter((r) => r.path.startsWith('/orders/v0/orders')).length).toBe(
      readsBefore,
    );
    expect(await rows(available)).toEqual([{ available: stock!.available - 2 }]);
    // The read that follows (the job waits a few seconds; here it is run at once) fetches the order's items for their prices.
    expect(await pollOrders(t.product.ctx, { accountId, channelId: channels.amazon!.id })).toEqual({
      created: 0,
      updated: 1,
    });
    expect((await ordersOf(channels.amazon!.id))[0]!.lines).toEqual([
      {
        sku,
        quantity: 2,
        price: { amount: expect.stringMatching(/^\d+\.\d{2}$/), currency: 'USD' },
        cancelledQuantity: 0,
        // What a shipment names and the drawer shows, from the read.
        lineId: expect.any(String),
        title: expect.any(String),
        shippedQuantity: 0,
      },
    ]);
    expect(await rows(available)).toEqual([{ available: stock!.available - 2 }]);
    expect(
      await rows(
        `select count(*)::int as n from changes where account_id = '${accountId}' and sku = '${sku}' and cause = 'order' and field = 'available'`,
      ),
    ).toEqual([{ n: 1 }]);
  });

  it('an order on the Walmart sandbox counts from its PO_CREATED event, prices included, before any read of Walmart’s orders', async () => {
    const sku = await skuInStock();
    const readsBefore = (await sandboxRequests(t, 'walmart')).filter(
      (r) => r.method === 'GET' && r.path.startsWith('/v3/orders'),
    ).length;
    await buy('walmart', sku, 1);
    await vi.waitFor(async () => expect(await ordersOf(channels.walmart!.id)).toHaveLength(1), { timeout: 20_000 });
    expect((await ordersOf(channels.walmart!.id))[0]!.lines).toEqual([
      {
        sku,
        quantity: 1,
        price: { amount: expect.stringMatching(/^\d+\.\d{2}$/), currency: 'USD' },
        cancelledQuantity: 0,
        lineId: expect.any(String),
        title: expect.any(String),
        shippedQuantity: 0,
      },
    ]);
    // No read of Walmart's orders (the order's acknowledgement, a POST, is another matter).
    const reads = async () =>
      (await sandboxRequests(t, 'walmart')).filter((r) => r.method === 'GET' && r.path.startsWith('/v3/orders')).length;
    expect(await reads()).toBe(readsBefore);
  });

  it('records each order once, however often it is read', async () => {
    for (const kind of ['amazon', 'walmart'] as const) {
      // The first read may complete an order a notification brought (Amazon's prices); reading again changes nothing.
      await pollOrders(t.product.ctx, { accountId, channelId: channels[kind]!.id });
      const before = await ordersOf(channels[kind]!.id);
      const again = await pollOrders(t.product.ctx, { accountId, channelId: channels[kind]!.id });
      const third = await pollOrders(t.product.ctx, { accountId, channelId: channels[kind]!.id });
      expect(again.created + third.created).toBe(0);
      expect(await ordersOf(channels[kind]!.id)).toEqual(before);
    }
    const total = await rows<{ n: number }>(
      `select count(*)::int as n from orders where channel_id in ('${channels.amazon!.id}', '${channels.walmart!.id}')`,
    );
    expect(total).toEqual([{ n: 2 }]);
  });

  it('deliveries kept for the channel’s job (a burst, beyond those applied as they arrive) are applied by it, each order once', async () => {
    const sku = await skuInStock();
    const amazon = channels.amazon!.id;
    const available = async () =>
      (
        await rows<{ available: number }>(
          `select on_hand - committed as available from products where account_id = '${accountId}' and sku = '${sku}'`,
        )
      )[0]!.available;
    const ordersBefore = (await ordersOf(amazon)).length;
    const before = await available();
    await buy('amazon', sku, 1);
    // Applied on arrival: the delivery is processed when it is recorded, in the same transaction.
    await vi.waitFor(async () => expect(await ordersOf(amazon)).toHaveLength(ordersBefore + 1), { timeout: 20_000 });
    const [delivered] = await rows<{
      payload: { detail: { Payload: { OrderChangeNotification: { AmazonOrderId: string } } } };
      applied_on_arrival: boolean;
    }>(
      `select payload, processed_at = received_at as applied_on_arrival from marketplace_events where channel_id = '${amazon}' and topic = 'order_changed' order by received_at desc limit 1`,
    );
    expect(delivered!.applied_on_arrival).toBe(true);
    expect(await available()).toBe(before - 1);

    // Three more orders of one unit as a burst leaves them: recorded, not applied. One comes twice (two deliveries).
    const burst = ['B1', 'B2', 'B3', 'B3'].map((suffix, i) => {
      const payload = structuredClone(delivered!.payload);
      payload.detail.Payload.OrderChangeNotification.AmazonOrderId = `${payload.detail.Payload.OrderChangeNotification.AmazonOrderId}-${suffix}`;
      return { deliveryId: `burst-${i}-${crypto.randomUUID()}`, payload };
    });
    for (const { deliveryId, payload } of burst) {
      await rows(
        `insert into marketplace_events (channel_id, topic, delivery_id, payload, received_at) values ('${amazon}', 'order_changed', '${deliveryId}', '${JSON.stringify(payload).replaceAll("'", "''")}'::jsonb, now())`,
      );
    }
    expect(await applyDeliveredOrders(t.product.ctx, { accountId, channelId: amazon })).toEqual({
      created: 3,
      updated: 0,
    });
    expect(await ordersOf(amazon)).toHaveLength(ordersBefore + 4);
    expect(await available()).toBe(before - 4);
    expect(
      await rows(`select 1 from marketplace_events where channel_id = '${amazon}' and processed_at is null`),
    ).toEqual([]);
    // Run again (a retried job): nothing is applied twice.
    expect(await applyDeliveredOrders(t.product.ctx, { accountId, channelId: amazon })).toEqual({
      created: 0,
      updated: 0,
    });
    expect(await available()).toBe(before - 4);
  });

  it('a delivery to a paused channel is kept, not applied: the read after its resume records the order', async () => {
    const sku = await skuInStock();
    const amazon = channels.amazon!.id;
    expect((await seller.post(`/api/channels/${amazon}/pause`)).status).toBe(200);
    const ordersBefore = (await ordersOf(amazon)).length;
    const deliveries = () =>
      rows<{ processed: boolean }>(
        `select processed_at is not null as processed from marketplace_events where channel_id = '${amazon}' and topic = 'order_changed' order by received_at`,
      );
    const deliveredBefore = (await deliveries()).length;
    await buy('amazon', sku, 1);
    await vi.waitFor(async () => expect(await deliveries()).toHaveLength(deliveredBefore + 1), { timeout: 20_000 });
    expect((await deliveries()).at(-1)).toEqual({ processed: true });
    expect(await ordersOf(amazon)).toHaveLength(ordersBefore);
    expect((await seller.post(`/api/channels/${amazon}/resume`)).status).toBe(200);
    await pollOrders(t.product.ctx, { accountId, channelId: amazon });
    expect(await ordersOf(amazon)).toHaveLength(ordersBefore + 1);
  });

  it('Shopify orders arrive by webhook, eBay orders by its ORDER_CONFIRMATION notification and by the scheduled read', async () => {
    const shopify = await installOnShopify(seller, 'install', { products: 6 });
    channels.shopify = { id: shopify.channel!.id, sandboxSellerId: shopify.channel!.sandboxSellerId };
    const ebay = await consentOnEbay(seller, 'agree', { products: 6 });
    channels.ebay = { id: ebay.channel!.id, sandboxSellerId: ebay.channel!.sandboxSellerId };
    const sku = await skuInStock();
    await buy('shopify', sku, 1);
    await vi.waitFor(async () => expect(await ordersOf(channels.shopify!.id)).toHaveLength(1), { timeout: 20_000 });
    // Connecting eBay subscribed the seller to ORDER_CONFIRMATION: the order arrives without a scheduled read.
    await buy('ebay', sku, 1);
    await vi.waitFor(async () => expect(await ordersOf(channels.ebay!.id)).toHaveLength(1), { timeout: 20_000 });
    expect((await ordersOf(channels.ebay!.id))[0]!.lines).toEqual([expect.objectContaining({ sku, quantity: 1 })]);
    // The notification is recorded once (a read already under way, such as the one after connecting, may find the order first).
    await vi.waitFor(
      async () =>
        expect(await rows(`select topic from marketplace_events where channel_id = '${channels.ebay!.id}'`)).toEqual([
          { topic: 'ORDER_CONFIRMATION' },
        ]),
      { timeout: 20_000 },
    );
    // It names the order, which is read by its id (getOrders with orderIds) rather than by reading every recent order.
    const [ebayOrder] = await ordersOf(channels.ebay!.id);
    const readsById = (
      await control(t, 'ebay', '/requests').then(
        (r) => r.json() as Promise<Array<{ method: string; path: string; query: Record<string, string> }>>,
      )
    ).filter((r) => r.method === 'GET' && r.path === '/sell/fulfillment/v1/order' && r.query.orderIds !== undefined);
    expect(readsById.map((r) => r.query.orderIds)).toContain(ebayOrder!.marketplace_order_id);
    // The scheduled read finds the same order and records nothing twice.
    expect(await pollOrders(t.product.ctx, { accountId, channelId: channels.ebay!.id })).toEqual({
      created: 0,
      updated: 0,
    });
    expect(await ordersOf(channels.ebay!.id)).toHaveLength(1);
    for (const kind of ['shopify', 'ebay'] as const) delete channels[kind];
  });

  it('the schedule reads every channel on its plan’s interval: 3 minutes by default, hourly on Starter', async () => {
    const due = async () =>
      (await pollDueChannels(t.product.ctx, (plan) => syncIntervalMinutes(t.product.ctx, plan as 'trial'))).length;
    t.advance(3 * 60);
    expect(await due()).toBe(4);
    await seller.post(`/api/channels/${channels.walmart!.id}/pause`);
    t.advance(3 * 60);
    expect(await due()).toBe(3);
    await seller.post(`/api/channels/${channels.walmart!.id}/resume`);
    t.advance(3 * 60);
    expect(await due()).toBe(4);
    // Starter syncs hourly: three minutes on, nothing is due; an hour on, everything is.
    await t.database.handle.db.execute(sql.raw(`update accounts set plan = 'starter' where id = '${accountId}'`));
    for (const channel of Object.values(channels))
      await pollOrders(t.product.ctx, { accountId, channelId: channel!.id });
    t.advance(3 * 60);
    expect(await due()).toBe(0);
    t.advance(60 * 60);
    expect(await due()).toBe(4);
    await t.database.handle.db.execute(sql.raw(`update accounts set plan = 'trial' where id = '${accountId}'`));
  });

  it('on Starter new values wait for the hourly sync instead of going at once', async () => {
    await t.database.handle.db.execute(sql.raw(`update accounts set plan = 'starter' where id = '${accountId}'`));
    try {
      const amazon = channels.amazon!.id;
      const writes = async () =>
        (
          await rows<{ status: string }>(
            `select w.status from listing_writes w join changes c on c.id = w.change_id where w.channel_id = '${amazon}' and c.cause = 'rule_change'`,
          )
        ).map((r) => r.status);
      // Read just now, so the channel's hourly sync is not due (the minute's schedule may tick meanwhile).
      await pollOrders(t.product.ctx, { accountId, channelId: amazon });
      expect((await seller.patch(`/api/channels/${amazon}/rules`, { bufferUnits: 1 })).status).toBe(200);
      expect((await writes()).length).toBeGreaterThan(0);
      expect(new Set(await writes())).toEqual(new Set(['pending']));
      // Not due yet: the minute's tick sends nothing to this channel.
      await syncTick(t.product.ctx);
      expect(new Set(await writes())).toEqual(new Set(['pending']));
      // An hour on, the channel's sync is due and its values go.
      t.advance(61 * 60);
      expect((await syncTick(t.product.ctx)).pushes).toBeGreaterThan(0);
      await vi.waitFor(async () => expect(new Set(await writes())).toEqual(new Set(['confirmed'])), {
        timeout: 30_000,
      });
    } finally {
      await t.database.handle.db.execute(sql.raw(`update accounts set plan = 'trial' where id = '${accountId}'`));
    }
  });
});
