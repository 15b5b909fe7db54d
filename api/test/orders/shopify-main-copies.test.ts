/**
 * Orders of a target channel created in the main Shopify store: with a Shopify main and an eBay
 * target whose rules ask for it, an eBay order appears once in the Shopify store, tagged with eBay
 * and its order number, paid (nobody charged) and stock moved once; the job run again creates no
 * second order; the option is refused where the main channel is not Shopify, and on the main itself.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import {
  connectWithSandboxSeller,
  consentOnEbay,
  installOnShopify,
  type ConnectedChannel,
} from '../support/channel-flows.ts';
import { control, query, readOrdersNow } from '../support/sync-checks.ts';
import { createShopifyCopies } from '../../src/modules/orders/shopify-copies.ts';

let t: TestProduct;
let seller: Browser;
let accountId: string;
let shopify: ConnectedChannel;
let ebay: ConnectedChannel;

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller());
  shopify = (await installOnShopify(seller, 'install', { products: 6 })).channel!;
  expect(shopify.role).toBe('main');
  ebay = (await consentOnEbay(seller, 'agree', { products: 6 })).channel!;
  await vi.waitFor(
    async () =>
      expect(
        (await query(t, sql`select 1 from listings where channel_id = ${ebay.id} and product_id is not null`)).length,
      ).toBe(6),
    { timeout: 60_000, interval: 250 },
  );
});
afterAll(() => t?.stop());

type Copy = { order_id: string; shopify_order_id: string | null; status: string; tag: string };
const copies = () => query<Copy>(t, sql`select * from shopify_order_copies where account_id = ${accountId}`);
const shopifyOrdersTagged = async (tag: string) => {
  const answer = await control(
    t,
    'shopify',
    `/sellers/${shopify.sandboxSellerId}/orders?tag=${encodeURIComponent(tag)}`,
  );
  expect(answer.status).toBe(200);
  return (
    (await answer.json()) as {
      orders: Array<{
        id: string;
        name: string;
        tags: string[];
        sourceName: string;
        lines: Array<{ sku: string; quantity: number; variantId: string | null }>;
      }>;
    }
  ).orders;
};
const shopifyItem = async (sku: string) =>
  (await (
    await control(t, 'shopify', `/sellers/${shopify.sandboxSellerId}/items/${encodeURIComponent(sku)}`)
  ).json()) as {
    quantity: number;
  };

describe('orders of a target created in the main Shopify store', () => {
  it('is refused on the main channel itself, and is off by default', async () => {
    const channels = await seller.get('/api/channels');
    const ebayNow = (channels.body.items as Array<{ id: string; rules: { createOrdersInShopify: boolean } }>).find(
      (c) => c.id === ebay.id,
    );
    expect(ebayNow!.rules.createOrdersInShopify).toBe(false);
    const answer = await seller.patch(`/api/channels/${shopify.id}/rules`, { createOrdersInShopify: true });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/other channels/);
  });

  it('creates an eBay order once in Shopify, tagged and not charged, with stock moved once', async () => {
    const on = await seller.patch(`/api/channels/${ebay.id}/rules`, { createOrdersInShopify: true });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.rules.createOrdersInShopify).toBe(true);

    const [product] = await query<{ sku: string; on_hand: number }>(
      t,
      sql`select sku, on_hand from products where account_id = ${accountId} and on_hand - committed > 3 order by sku limit 1`,
    );
    const sku = product!.sku;
    expect((await shopifyItem(sku)).quantity).toBe(product!.on_hand);
    const placed = await control(t, 'ebay', `/sellers/${ebay.sandboxSellerId}/orders`, {
      method: 'POST',
      body: { lines: [{ sku, quantity: 2 }] },
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { orderId: ebayOrderId } = (await placed.json()) as { orderId: string };
    await readOrdersNow(t, accountId, ebay.id);

    const [order] = await query<{ id: string; order_number: string }>(
      t,
      sql`select id, order_number from orders where channel_id = ${ebay.id} and marketplace_order_id = ${ebayOrderId}`,
    );
    expect(order).toBeDefined();
    await vi.waitFor(
      async () => expect((await copies()).find((c) => c.order_id === order!.id)?.status).toBe('created'),
      {
        timeout: 30_000,
        interval: 200,
      },
    );
    const copy = (await copies()).find((c) => c.order_id === order!.id)!;
    const inShopify = await shopifyOrdersTagged(copy.tag);
    expect(inShopify).toHaveLength(1);
    expect(inShopify[0]!.id).toBe(copy.shopify_order_id);
    expect(inShopify[0]!.tags).toEqual(
      expect.arrayContaining(['Marketplace Hub', 'eBay', `eBay ${order!.order_number}`.slice(0, 40)]),
    );
    expect(inShopify[0]!.sourceName).toBe('eBay via Marketplace Hub');
    // The order's drawer names the copy as the seller finds it in the Shopify admin.
    const drawer = await seller.get(`/api/orders/${order!.id}`);
    expect(drawer.body.shopifyCopy).toEqual({
      status: 'created',
      shopifyOrderName: inShopify[0]!.name,
      message: null,
      updatedAt: expect.any(String),
    });
    expect(inShopify[0]!.name).toMatch(/^#\d+$/);
    // Each line is the store's own variant of the SKU (the product shows in the Shopify admin), not a custom item.
    const variants = await query<{ sku: string; marketplace_id: string }>(
      t,
      sql`select sku, marketplace_id from listings where channel_id = ${shopify.id}`,
    );
    expect(inShopify[0]!.lines.length).toBeGreaterThan(0);
    for (const line of inShopify[0]!.lines)
      expect(line.variantId).toBe(variants.find((v) => v.sku === line.sku)?.marketplace_id);

    const view = await control(
      t,
      'shopify',
      `/sellers/${shopify.sandboxSellerId}/orders/${encodeURIComponent(copy.shopify_order_id!)}`,
    );
    expect(view.status).toBe(200);
    const shown = JSON.stringify(await view.json());
    // Paid on eBay: recorded as paid in Shopify, nothing refunded or charged again.
    expect(shown).toContain('"displayFinancialStatus":"PAID"');
    expect(shown).toContain(`"sku":"${sku}"`);

    // Stock moved once: on hand 2 lower here and in the Shopify store (the eBay sale's adjustment), not 4.
    await vi.waitFor(
      async () =>
        expect(
          (
            await query<{ on_hand: number; committed: number }>(
              t,
              sql`select on_hand, committed from products where account_id = ${accountId} and sku = ${sku}`,
            )
          )[0],
        ).toEqual({ on_hand: product!.on_hand - 2, committed: 0 }),
      { timeout: 30_000, interval: 200 },
    );
    expect((await shopifyItem(sku)).quantity).toBe(product!.on_hand - 2);
    // The copy is not read back as a Shopify sale: the order is on the Orders page once, on eBay.
    await readOrdersNow(t, accountId, shopify.id);
    const withSku = await query<{ channel_id: string }>(
      t,
      sql`select channel_id from orders where account_id = ${accountId} and search_text like ${'%' + sku.toLowerCase() + '%'}`,
    );
    expect(withSku.map((o) => o.channel_id)).toEqual([ebay.id]);
    expect((await shopifyItem(sku)).quantity).toBe(product!.on_hand - 2);

    // The job run again creates nothing: done, it does nothing; its answer lost (still pending), it
    // finds the order by its tag.
    await createShopifyCopies(t.product.ctx, { mode: 'shopify-copy', accountId, orderIds: [order!.id] });
    await query(
      t,
      sql`update shopify_order_copies set status = 'pending', shopify_order_id = null where order_id = ${order!.id}`,
    );
    await createShopifyCopies(t.product.ctx, { mode: 'shopify-copy', accountId, orderIds: [order!.id] });
    expect(await shopifyOrdersTagged(copy.tag)).toHaveLength(1);
    const again = (await copies()).find((c) => c.order_id === order!.id)!;
    expect(again).toMatchObject({ status: 'created', shopify_order_id: copy.shopify_order_id });
  });

  it('fulfilled in Shopify, its tracking goes to the eBay order, once', async () => {
    const [copy] = (await copies()).filter((c) => c.status === 'created');
    expect(copy).toBeDefined();
    const [order] = await query<{ marketplace_order_id: string }>(
      t,
      sql`select marketplace_order_id from orders where id = ${copy!.order_id}`,
    );
    const fulfilled = await control(
      t,
      'shopify',
      `/sellers/${shopify.sandboxSellerId}/orders/${encodeURIComponent(copy!.shopify_order_id!)}/fulfillments`,
      { method: 'POST', body: { company: 'USPS', number: '9400555000' } },
    );
    expect(fulfilled.status, await fulfilled.clone().text()).toBe(201);
    const ebayOrder = async () =>
      (await (
        await control(t, 'ebay', `/sellers/${ebay.sandboxSellerId}/orders/${order!.marketplace_order_id}`)
      ).json()) as { fulfillments: Array<{ shipmentTrackingNumber: string }> };
    // No read asked for: the store's fulfilment webhook brings the tracking.
    await vi.waitFor(
      async () => expect((await ebayOrder()).fulfillments.map((f) => f.shipmentTrackingNumber)).toEqual(['9400555000']),
      { timeout: 30_000, interval: 200 },
    );
    const detail = await seller.get(`/api/orders/${copy!.order_id}`);
    expect(detail.body.shipments).toEqual([expect.objectContaining({ trackingNumber: '9400555000' })]);
    expect(detail.body.shopifyCopy).toMatchObject({ status: 'shipped', message: null });
    // Read again: nothing sent twice.
    await readOrdersNow(t, accountId, shopify.id);
    expect((await copies()).find((c) => c.order_id === copy!.order_id)?.status).toBe('shipped');
    expect((await seller.get(`/api/orders/${copy!.order_id}`)).body.shipments).toHaveLength(1);
    expect((await ebayOrder()).fulfillments).toHaveLength(1);
  });

  it('is refused where the main channel is not a Shopify store', async () => {
    const other = await t.signedInSeller();
    const walmart = await connectWithSandboxSeller(other.browser, 'walmart', 3);
    expect(walmart.role).toBe('main');
    const amazon = await connectWithSandboxSeller(other.browser, 'amazon', 3);
    const answer = await other.browser.patch(`/api/channels/${amazon.id}/rules`, { createOrdersInShopify: true });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      'Orders can be created in your Shopify store only when Shopify is your main channel.',
    );
    const channel = (await other.browser.get('/api/channels')).body.items.find(
      (c: { id: string }) => c.id === amazon.id,
    );
    expect(channel.rules.createOrdersInShopify).toBe(false);
  });
});
