import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { connectWithSandboxSeller, installOnShopify, type ConnectedChannel } from '../support/channel-flows.ts';
import { planListingWrites } from '../../src/modules/push/plan-writes.ts';
import { pushChannel } from '../../src/modules/push/channel-push.ts';
import { pollOrders } from '../../src/modules/orders/order-polling.ts';
import { MAIN_REFRESH_QUEUE } from '../../src/workers/queues.ts';
import { settled } from '../support/sync-checks.ts';

let t: TestProduct;
let seller: Browser;
let accountId: string;
let walmart: ConnectedChannel;
let amazon: ConnectedChannel;
let shopify: ConnectedChannel;
const rows = async <T>(query: string): Promise<T[]> =>
  ((await t.database.handle.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
const item = async (kind: string, sellerId: string, sku: string) =>
  (await fetch(`${t.url}/sandbox/${kind}/_control/sellers/${sellerId}/items/${encodeURIComponent(sku)}`)).json();

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller());
  walmart = await connectWithSandboxSeller(seller, 'walmart', 6);
  amazon = await connectWithSandboxSeller(seller, 'amazon', 6);
  shopify = (await installOnShopify(seller, 'install', { products: 6 })).channel!;
  // The first channel connected is the main one: its stock is the truth the others follow.
  expect(walmart.role).toBe('main');
  // The catalogue is imported and every target linked before orders start.
  await vi.waitFor(
    async () =>
      expect(
        (await rows(`select 1 from listings where channel_id = '${shopify.id}' and product_id is not null`)).length,
      ).toBe(6),
    { timeout: 30_000 },
  );
});
afterAll(() => t?.stop());

describe('an order on one channel reaches the others', () => {
  it('a sale on Amazon commits its units at once and Shopify is offered the new available quantity', async () => {
    const [product] = await rows<{ sku: string; on_hand: number }>(
      `select sku, on_hand from products where account_id = '${accountId}' and on_hand > 3 order by sku limit 1`,
    );
    const sku = product!.sku;
    const onShopifyBefore = (await item('shopify', shopify.sandboxSellerId, sku)).quantity;
    const order = await fetch(`${t.url}/sandbox/amazon/_control/sellers/${amazon.sandboxSellerId}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lines: [{ sku, quantity: 2 }] }),
    });
    expect(order.status).toBe(201);

    // The sale counts at once: its units are committed until the main channel's adjustment takes them
    // off on hand, often within tens of milliseconds, so at every moment they are one or the other.
    const stock = async () =>
      (
        await rows<{ on_hand: number; committed: number }>(
          `select on_hand, committed from products where account_id = '${accountId}' and sku = '${sku}'`,
        )
      )[0]!;
    await vi.waitFor(
      async () => {
        const now = await stock();
        expect(product!.on_hand - now.on_hand + now.committed).toBe(2);
      },
      { timeout: 20_000 },
    );
    // Walmart, the main channel, is adjusted by the sale: on hand is 2 lower there and here, nothing left committed.
    await vi.waitFor(async () => expect(await stock()).toEqual({ on_hand: product!.on_hand - 2, committed: 0 }), {
      timeout: 20_000,
    });
    expect((await item('walmart', walmart.sandboxSellerId, sku)).quantity).toBe(product!.on_hand - 2);
    // Shopify holds what its rules offer of available = on hand − committed.
    await vi.waitFor(
      async () => expect((await item('shopify', shopify.sandboxSellerId, sku)).quantity).toBe(product!.on_hand - 2),
      { timeout: 20_000 },
    );
    expect(onShopifyBefore).not.toBe(product!.on_hand - 2);
    // The listing is confirmed once Shopify's answer is recorded, a moment after Shopify holds the value.
    const listing = async () =>
      (
        await rows<{ confirmed_quantity: number; last_error: string | null }>(
          `select confirmed_quantity, last_error from listings where channel_id = '${shopify.id}' and sku = '${sku}'`,
        )
      )[0];
    await vi.waitFor(
      async () => expect(await listing()).toEqual({ confirmed_quantity: product!.on_hand - 2, last_error: null }),
      { timeout: 20_000 },
    );
  });

  it('a sale on the main channel takes its units off on hand in the order’s own transaction, once, and asks for no read of the main channel', async () => {
    const [product] = await rows<{ id: string; sku: string; on_hand: number }>(
      `select id, sku, on_hand from products where account_id = '${accountId}' and on_hand > 3 and committed = 0 order by sku desc limit 1`,
    );
    const sku = product!.sku;
    // Last read from the main channel a minute ago: no read since could already show the sale.
    await rows(`update products set stock_read_at = now() - interval '1 minute' where id = '${product!.id}'`);
    const since = new Date(Date.now() - 1000).toISOString();
    const order = await fetch(`${t.url}/sandbox/walmart/_control/sellers/${walmart.sandboxSellerId}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lines: [{ sku, quantity: 2 }] }),
    });
    expect(order.status).toBe(201);
    const onHand = async () =>
      (
        await rows<{ on_hand: number; committed: number }>(
          `select on_hand, committed from products where id = '${product!.id}'`,
        )
      )[0]!;
    await vi.waitFor(async () => expect(await onHand()).toEqual({ on_hand: product!.on_hand - 2, committed: 0 }), {
      timeout: 20_000,
    });
    // The order's own change, and the move kept under the order line's key as applied by the main channel itself.
    const changes = await rows<{ cause: string; before: string; after: string; order_id: string | null }>(
      `select cause, before, after, order_id from changes where product_id = '${product!.id}' and field = 'on_hand' and created_at >= '${since}'`,
    );
    expect(changes).toEqual([
      {
        cause: 'order',
        before: String(product!.on_hand),
        after: String(product!.on_hand - 2),
        order_id: expect.any(String),
      },
    ]);
    const adjustments = async () =>
      rows<{ delta: number; status: string; key: string }>(
        `select delta, status, idempotency_key as key from stock_adjustments where product_id = '${product!.id}'`,
      );
    expect(await adjustments()).toEqual([
      { delta: -2, status: 'applied', key: `main-sale:${changes[0]!.order_id}:${sku}:0>2` },
    ]);
    // Every target is sent the new quantity.
    for (const target of [amazon, shopify])
      await vi.waitFor(
        async () => expect((await item(target.kind, target.sandboxSellerId, sku)).quantity).toBe(product!.on_hand - 2),
        { timeout: 20_000 },
      );
    // Read again, the order moves nothing; and the main channel was never read for it.
    await pollOrders(t.product.ctx, { accountId, channelId: walmart.id });
    expect(await onHand()).toEqual({ on_hand: product!.on_hand - 2, committed: 0 });
    expect(await adjustments()).toHaveLength(1);
    const reads = await rows<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = '${MAIN_REFRESH_QUEUE}' and data->>'accountId' = '${accountId}' and created_on >= '${since}'`,
    );
    expect(reads).toEqual([{ n: 0 }]);
  });

  it('a sale on the main channel just after a read of it (which may show the sale already) has the main channel read instead, as the order’s', async () => {
    const [product] = await rows<{ id: string; sku: string; on_hand: number }>(
      `select id, sku, on_hand from products where account_id = '${accountId}' and on_hand > 3 and committed = 0 order by sku desc offset 1 limit 1`,
    );
    const sku = product!.sku;
    // Nothing on its way first: a read of the main still running would store its own, older, read time after this one.
    await settled(t, accountId);
    await rows(`update products set stock_read_at = now() where id = '${product!.id}'`);
    const order = await fetch(`${t.url}/sandbox/walmart/_control/sellers/${walmart.sandboxSellerId}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lines: [{ sku, quantity: 1 }] }),
    });
    expect(order.status).toBe(201);
    await vi.waitFor(
      async () =>
        expect(
          await rows<{ cause: string; after: string }>(
            `select cause, after from changes where product_id = '${product!.id}' and field = 'on_hand' and order_id is not null`,
          ),
        ).toEqual([{ cause: 'order', after: String(product!.on_hand - 1) }]),
      { timeout: 20_000 },
    );
    // Read, not taken off: no adjustment of the main channel's own sale.
    expect(await rows(`select 1 from stock_adjustments where product_id = '${product!.id}'`)).toEqual([]);
  });

  it('pushes only differences: once every channel holds its values, planning again sends nothing', async () => {
    await vi.waitFor(
      async () =>
        expect(
          (
            await rows<{ n: number }>(
              `select count(*)::int as n from listing_writes where account_id = '${accountId}' and status in ('pending', 'sending', 'submitted', 'accepted')`,
            )
          )[0]!.n,
        ).toBe(0),
      { timeout: 30_000 },
    );
    const planned = await t.product.ctx.db.transaction((tx) => planListingWrites(t.product.ctx, tx, accountId, 'all'));
    expect(planned).toBe(0);
    for (const channel of [amazon, shopify])
      expect(await pushChannel(t.product.ctx, { accountId, channelId: channel.id })).toEqual({
        confirmed: 0,
        inFlight: 0,
        failed: 0,
      });
  });
});
