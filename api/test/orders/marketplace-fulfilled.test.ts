import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { installOnShopify, newSandboxSeller, type ConnectedChannel } from '../support/channel-flows.ts';
import { readOrdersNow } from '../support/sync-checks.ts';

// Offers the marketplace fulfils from its own stock (Amazon FBA, Walmart WFS), over real HTTP to the sandboxes:
// their stock is read and kept on the listing, ours is never sent to them, and their orders lower nothing of ours
// while the seller's own orders (MFN, seller-fulfilled) still do.

let t: TestProduct;
let seller: Browser;
let accountId: string;
let shopify: ConnectedChannel;
let amazon: ConnectedChannel;
let walmart: ConnectedChannel;
/** Amazon fulfils this SKU (7 units at Amazon); Walmart ships it from the seller's own stock. */
let fbaSku: string;
/** Walmart fulfils this SKU (9 units at Walmart); Amazon sells it merchant-fulfilled. */
let wfsSku: string;
/** Everyone's to ship. */
let plainSku: string;

const rows = async <T>(query: string): Promise<T[]> =>
  ((await t.database.handle.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
const control = (kind: string, path: string, init?: { method: string; body: unknown }) =>
  fetch(`${t.url}/sandbox/${kind}/_control${path}`, {
    ...(init
      ? { method: init.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) }
      : {}),
  });
const item = async (kind: string, sellerId: string, sku: string) =>
  (await (await control(kind, `/sellers/${sellerId}/items/${encodeURIComponent(sku)}`)).json()) as {
    quantity: number;
  };
const placeOrder = async (kind: string, sellerId: string, sku: string, quantity: number) => {
  const answer = await control(kind, `/sellers/${sellerId}/orders`, {
    method: 'POST',
    body: { lines: [{ sku, quantity }] },
  });
  expect(answer.status).toBe(201);
  return (await answer.json()) as Record<string, unknown>;
};
const stockOf = async (sku: string) =>
  (
    await rows<{ id: string; on_hand: number; committed: number }>(
      `select id, on_hand, committed from products where account_id = '${accountId}' and sku = '${sku}'`,
    )
  )[0]!;
const listing = async (channelId: string, sku: string) =>
  (
    await rows<{ id: string; fulfilled_by_marketplace: boolean; marketplace_quantity: number | null }>(
      `select id, fulfilled_by_marketplace, marketplace_quantity from listings where channel_id = '${channelId}' and sku = '${sku}'`,
    )
  )[0];
/** The quantity writes the sandbox received for a SKU (a PATCH, a PUT or a feed naming it with a quantity). */
const quantityWrites = async (kind: 'amazon' | 'walmart', sellerId: string, sku: string) => {
  const log = (await (await control(kind, '/requests')).json()) as Array<{
    method: string;
    path: string;
    sellerId?: string;
    query?: Record<string, unknown>;
    body?: unknown;
  }>;
  return log.filter((r) => {
    if (r.method === 'GET' || (r.sellerId !== undefined && r.sellerId !== sellerId)) return false;
    const text = JSON.stringify({ path: decodeURIComponent(r.path), query: r.query, body: r.body });
    if (!text.includes(sku)) return false;
    return kind === 'amazon'
      ? text.includes('fulfillment_availability')
      : r.path.includes('/v3/inventory') || r.query?.feedType === 'inventory';
  });
};

/** A sandbox seller of this account's catalogue, with one SKU the marketplace fulfils, connected as a target. */
async function connectWithMarketplaceStock(kind: 'amazon' | 'walmart', sku: string, quantity: number) {
  const sandboxSeller = await newSandboxSeller(seller, kind, 6);
  const marked = await control(
    kind,
    `/sellers/${sandboxSeller.sellerId}/items/${encodeURIComponent(sku)}/${kind === 'amazon' ? 'fba' : 'wfs'}`,
    {
      method: 'PUT',
      body: { quantity },
    },
  );
  expect(marked.status).toBe(200);
  const answer = await seller.post('/api/channels/connect', {
    kind,
    environment: 'sandbox',
    credentials: sandboxSeller.credentials,
  });
  expect(answer.status).toBe(201);
  return { ...answer.body, sandboxSellerId: sandboxSeller.sellerId } as ConnectedChannel;
}

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller());
  shopify = (await installOnShopify(seller, 'install', { products: 6 })).channel!;
  expect(shopify.role).toBe('main');
  await vi.waitFor(
    async () => expect((await rows(`select 1 from products where account_id = '${accountId}'`)).length).toBe(6),
    { timeout: 30_000 },
  );
  const skus = (
    await rows<{ sku: string }>(
      `select sku from products where account_id = '${accountId}' and on_hand >= 6 order by sku`,
    )
  ).map((r) => r.sku);
  expect(skus.length).toBeGreaterThanOrEqual(3);
  [fbaSku, wfsSku, plainSku] = skus as [string, string, string];
  amazon = await connectWithMarketplaceStock('amazon', fbaSku, 7);
  walmart = await connectWithMarketplaceStock('walmart', wfsSku, 9);
  expect([amazon.role, walmart.role]).toEqual(['target', 'target']);
  // Both targets imported: every listing linked to its product.
  for (const channel of [amazon, walmart])
    await vi.waitFor(
      async () =>
        expect(
          (await rows(`select 1 from listings where channel_id = '${channel.id}' and product_id is not null`)).length,
        ).toBe(6),
      { timeout: 30_000 },
    );
}, 120_000);
afterAll(() => t?.stop());

describe('offers the marketplace fulfils from its own stock', () => {
  it("reads and keeps the marketplace's quantity on an FBA offer and a WFS item, and marks no other listing", async () => {
    await vi.waitFor(
      async () => {
        expect(await listing(amazon.id, fbaSku)).toMatchObject({
          fulfilled_by_marketplace: true,
          marketplace_quantity: 7,
        });
        expect(await listing(walmart.id, wfsSku)).toMatchObject({
          fulfilled_by_marketplace: true,
          marketplace_quantity: 9,
        });
      },
      { timeout: 20_000 },
    );
    const marked = await rows<{ channel_id: string; sku: string }>(
      `select channel_id, sku from listings where account_id = '${accountId}' and fulfilled_by_marketplace order by sku`,
    );
    expect(marked).toEqual(
      expect.arrayContaining([
        { channel_id: amazon.id, sku: fbaSku },
        { channel_id: walmart.id, sku: wfsSku },
      ]),
    );
    expect(marked).toHaveLength(2);
    // The SKU's detail shows the marketplace's quantity on the listing it fulfils, and on no other.
    const detail = await seller.get(`/api/listings/items/${encodeURIComponent(fbaSku)}`);
    expect(detail.status).toBe(200);
    const shown = (detail.body.listings as Array<{ channelId: string; marketplaceQuantity?: number }>).map((l) => [
      l.channelId,
      l.marketplaceQuantity,
    ]);
    expect(shown).toEqual(
      expect.arrayContaining([
        [amazon.id, 7],
        [walmart.id, undefined],
        [shopify.id, undefined],
      ]),
    );
  });

  it("an AFN order lowers nothing of ours, and an MFN sale of the same SKU elsewhere moves every channel's quantity but the FBA offer's", async () => {
    const before = await stockOf(fbaSku);
    const afn = await placeOrder('amazon', amazon.sandboxSellerId, fbaSku, 2);
    expect(afn.FulfillmentChannel).toBe('AFN');
    // Amazon's own stock went down; the order reaches us (ORDER_CHANGE, then the order read), recorded as Amazon's to fulfil.
    expect((await item('amazon', amazon.sandboxSellerId, fbaSku)).quantity).toBe(5);
    await vi.waitFor(
      async () =>
        expect(
          await rows(
            `select fulfilled_by_marketplace, accounted_units from orders where channel_id = '${amazon.id}' and marketplace_order_id = '${afn.AmazonOrderId}'`,
          ),
        ).toEqual([{ fulfilled_by_marketplace: true, accounted_units: {} }]),
      { timeout: 20_000 },
    );
    // Amazon's FBA_INVENTORY_AVAILABILITY_CHANGES tells the offer's new stock: shown at once, no read needed.
    await vi.waitFor(async () => expect(await listing(amazon.id, fbaSku)).toMatchObject({ marketplace_quantity: 5 }), {
      timeout: 20_000,
    });
    // Stock moves in the transaction that records an order: none were made, nor any adjustment of the main channel.
    expect(await stockOf(fbaSku)).toEqual(before);
    expect(
      await rows(
        `select 1 from stock_adjustments a join orders o on o.id = a.order_id where o.marketplace_order_id = '${afn.AmazonOrderId}'`,
      ),
    ).toEqual([]);

    // The seller's own sale of it on Walmart still commits it, and every channel but the FBA offer follows.
    await placeOrder('walmart', walmart.sandboxSellerId, fbaSku, 1);
    await vi.waitFor(async () => expect((await stockOf(fbaSku)).on_hand).toBe(before.on_hand - 1), { timeout: 30_000 });
    await vi.waitFor(
      async () => expect((await item('shopify', shopify.sandboxSellerId, fbaSku)).quantity).toBe(before.on_hand - 1),
      { timeout: 20_000 },
    );
    // Nothing of ours was ever sent to the FBA offer: no write planned, none received by Amazon.
    const fba = (await listing(amazon.id, fbaSku))!;
    expect(await rows(`select 1 from listing_writes where listing_id = '${fba.id}' and field = 'quantity'`)).toEqual(
      [],
    );
    expect(await quantityWrites('amazon', amazon.sandboxSellerId, fbaSku)).toEqual([]);
    // While the other SKUs' quantities did reach Amazon (the import brought them to ours), so the log tells.
    const plain = (await listing(amazon.id, plainSku))!;
    expect(plain.fulfilled_by_marketplace).toBe(false);
  });

  it("a WFS order lowers nothing of ours, a seller-fulfilled one does, and Walmart's WFS quantity is never written", async () => {
    const before = await stockOf(wfsSku);
    const wfs = await placeOrder('walmart', walmart.sandboxSellerId, wfsSku, 2);
    expect(wfs.shipNode).toMatchObject({ type: 'WFSFulfilled' });
    const plainBefore = await stockOf(plainSku);
    const own = await placeOrder('walmart', walmart.sandboxSellerId, plainSku, 1);
    // The seller's own order, placed after, is recorded and commits its unit…
    await vi.waitFor(
      async () =>
        expect(
          await rows(
            `select fulfilled_by_marketplace from orders where channel_id = '${walmart.id}' and marketplace_order_id = '${own.purchaseOrderId}'`,
          ),
        ).toEqual([{ fulfilled_by_marketplace: false }]),
      { timeout: 30_000 },
    );
    await vi.waitFor(async () => expect((await stockOf(plainSku)).on_hand).toBe(plainBefore.on_hand - 1), {
      timeout: 30_000,
    });
    // …while Walmart's own, read too (Walmart lists it only to shipNodeType=WFSFulfilled, and sends no PO_CREATED),
    // is recorded as the seller's sale that is not theirs to ship, and moved nothing of ours.
    await readOrdersNow(t, accountId, walmart.id);
    expect(
      await rows(
        `select fulfilled_by_marketplace from orders where channel_id = '${walmart.id}' and marketplace_order_id = '${wfs.purchaseOrderId}'`,
      ),
    ).toEqual([{ fulfilled_by_marketplace: true }]);
    expect(await stockOf(wfsSku)).toEqual(before);
    // An MFN sale of the WFS SKU on Amazon moves our stock, and Walmart's WFS item is still sent nothing.
    await placeOrder('amazon', amazon.sandboxSellerId, wfsSku, 1);
    await vi.waitFor(async () => expect((await stockOf(wfsSku)).on_hand).toBe(before.on_hand - 1), { timeout: 30_000 });
    await vi.waitFor(
      async () => expect((await item('shopify', shopify.sandboxSellerId, wfsSku)).quantity).toBe(before.on_hand - 1),
      { timeout: 20_000 },
    );
    const wfsListing = (await listing(walmart.id, wfsSku))!;
    expect(
      await rows(`select 1 from listing_writes where listing_id = '${wfsListing.id}' and field = 'quantity'`),
    ).toEqual([]);
    expect(await quantityWrites('walmart', walmart.sandboxSellerId, wfsSku)).toEqual([]);
    // Where the seller fulfils, the same sales do reach the marketplace, and the logs show them: the plain SKU's
    // sale on Walmart is sent to Amazon, and its sale on Amazon to Walmart.
    await placeOrder('amazon', amazon.sandboxSellerId, plainSku, 1);
    await vi.waitFor(
      async () => {
        expect(await quantityWrites('amazon', amazon.sandboxSellerId, plainSku)).not.toEqual([]);
        expect(await quantityWrites('walmart', walmart.sandboxSellerId, plainSku)).not.toEqual([]);
      },
      { timeout: 30_000 },
    );
  });

  it("a reconciliation reads the marketplace's stock again: the FBA offer shows what Amazon holds after its sale", async () => {
    // Forgotten here (as if the notification were lost), it comes back from the FBA inventory summaries.
    await rows(`update listings set marketplace_quantity = 99 where channel_id = '${amazon.id}' and sku = '${fbaSku}'`);
    const run = await seller.post(`/api/channels/${amazon.id}/sync`, {});
    expect(run.status).toBe(202);
    await vi.waitFor(
      async () =>
        expect(await listing(amazon.id, fbaSku)).toMatchObject({
          fulfilled_by_marketplace: true,
          marketplace_quantity: 5,
        }),
      { timeout: 30_000 },
    );
    expect(await quantityWrites('amazon', amazon.sandboxSellerId, fbaSku)).toEqual([]);
  });

  it("an offer converted back to seller fulfilment is the seller's again though Amazon keeps its stock record: our quantity reaches it", async () => {
    const converted = await control(
      'amazon',
      `/sellers/${amazon.sandboxSellerId}/items/${encodeURIComponent(fbaSku)}/fba`,
      {
        method: 'DELETE',
        body: {},
      },
    );
    expect(converted.status).toBe(200);
    // Amazon's inventory summary stays, at 0 units: holding a record is not fulfilling the offer.
    expect(await converted.json()).toMatchObject({ sellerSku: fbaSku, totalQuantity: 0 });
    // Its FBA notice (0 units) moves the figure of the offer still marked, and marks nothing.
    await vi.waitFor(async () => expect(await listing(amazon.id, fbaSku)).toMatchObject({ marketplace_quantity: 0 }), {
      timeout: 30_000,
    });
    // The next read of Amazon's listings finds the offer's channel DEFAULT: the seller's, and sent our quantity.
    const run = await seller.post(`/api/channels/${amazon.id}/sync`, {});
    expect(run.status).toBe(202);
    await vi.waitFor(
      async () => expect(await listing(amazon.id, fbaSku)).toMatchObject({ fulfilled_by_marketplace: false }),
      { timeout: 30_000 },
    );
    const { on_hand, committed } = await stockOf(fbaSku);
    await vi.waitFor(
      async () => expect((await item('amazon', amazon.sandboxSellerId, fbaSku)).quantity).toBe(on_hand - committed),
      { timeout: 30_000 },
    );
    expect(await quantityWrites('amazon', amazon.sandboxSellerId, fbaSku)).not.toEqual([]);
  });
});
