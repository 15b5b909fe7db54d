import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import type { ConnectedChannel } from '../support/channel-flows.ts';
import {
  connectMainWalmartEbay,
  control,
  editByHand,
  query,
  readOrdersNow,
  sandboxItem,
  settled,
} from '../support/sync-checks.ts';

/**
 * "Offer at most N units on this channel", set from the SKU drawer (a one-SKU bulk edit): the
 * channel is offered what its rules give, capped at N, and never more than the stock allows.
 * Amazon is the main channel; Walmart and eBay are targets (sandbox sellers, four SKUs each).
 */
let t: TestProduct;
let seller: Browser;
let accountId: string;
let amazon: ConnectedChannel;
let walmart: ConnectedChannel;
let ebay: ConnectedChannel;

interface Product {
  id: string;
  sku: string;
  available: number;
}
/** The account's products, the most available first. */
const products = () =>
  query<Product>(
    t,
    sql`select id, sku, greatest(on_hand - committed, 0)::int as available from products where account_id = ${accountId} order by greatest(on_hand - committed, 0) desc, sku`,
  );
/**
 * The account's products once the one at `rank` (0 the most available) holds more than `atLeast`.
 * Waited for, and told in full when it never comes: every SKU starts with 30 units, so a wait that ends
 * empty says the main channel's stock did not arrive.
 */
async function productsWithStock(rank: number, atLeast: number): Promise<Product[]> {
  let seen: Product[] = [];
  await vi
    .waitFor(
      async () => {
        seen = await products();
        expect(seen[rank]?.available ?? 0).toBeGreaterThan(atLeast);
      },
      { timeout: 30_000, interval: 250 },
    )
    .catch(async () => {
      const main = await Promise.all(seen.map((p) => sandboxItem(t, amazon, p.sku).catch(() => null)));
      throw new Error(
        `No SKU ranked ${rank + 1} with more than ${atLeast} available: ${JSON.stringify(seen)}; Amazon holds ${JSON.stringify(main.map((m) => m?.quantity))}`,
      );
    });
  return seen;
}
const capOf = async (channel: ConnectedChannel, sku: string) =>
  (
    await query<{ quantity_cap: number | null }>(
      t,
      sql`select quantity_cap from listings where channel_id = ${channel.id} and sku = ${sku}`,
    )
  )[0]!.quantity_cap;
const untilQuantity = (channel: ConnectedChannel, sku: string, quantity: number) =>
  vi.waitFor(async () => expect((await sandboxItem(t, channel, sku)).quantity).toBe(quantity), {
    timeout: 45_000,
    interval: 200,
  });

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller({ firstName: 'Ann', lastName: 'Lee' }));
  ({
    main: amazon,
    walmart,
    ebay,
  } = await connectMainWalmartEbay(t, seller, accountId, { main: 'amazon', products: 4 }));
  // The generated catalogue's stock is random (some SKUs at 0 or 1): the tests below sell from SKUs with
  // several units, so every SKU starts with 30 on the main channel, read back before any test.
  for (const { sku } of await products()) await editByHand(t, amazon, sku, { quantity: 30 });
  expect((await seller.post(`/api/channels/${amazon.id}/sync`)).status).toBe(202);
  await vi.waitFor(async () => expect((await products()).every((p) => p.available === 30)).toBe(true), {
    timeout: 60_000,
    interval: 250,
  });
  await settled(t, accountId);
}, 180_000);
afterAll(() => t?.stop());

describe('a channel’s quantity cap from the SKU drawer', () => {
  it('refuses a cap that is not a whole number of 0 or more, one on the main channel, and one for several SKUs, with a message', async () => {
    const [a, b] = await products();
    const ask = (body: object) =>
      seller.post('/api/listings/bulk-edit/preview', { selection: { productIds: [a!.id] }, ...body });
    for (const cap of [-1, 1.5]) {
      const answer = await ask({ channelQuantityCaps: [{ channelId: ebay.id, cap }] });
      expect(answer.status, String(cap)).toBe(400);
      expect(answer.body.message).toBe('The most units a channel may offer is a whole number, 0 or more.');
    }
    const main = await ask({ channelQuantityCaps: [{ channelId: amazon.id, cap: 3 }] });
    expect(main.status).toBe(400);
    expect(main.body.message).toMatch(/main channel holds your stock/);
    const many = await seller.post('/api/listings/bulk-edit/preview', {
      selection: { productIds: [a!.id, b!.id] },
      channelQuantityCaps: [{ channelId: ebay.id, cap: 3 }],
    });
    expect(many.status).toBe(400);
    expect(many.body.message).toMatch(/one SKU at a time/);
    // Refused on a run too, and nothing is kept.
    const run = await seller.post('/api/listings/bulk-edit', {
      selection: { productIds: [a!.id] },
      channelQuantityCaps: [{ channelId: amazon.id, cap: 3 }],
    });
    expect(run.status).toBe(400);
    expect(await capOf(amazon, a!.sku)).toBeNull();
    // 0 is a cap like any other: offer none there, the listing stays.
    const none = await ask({ channelQuantityCaps: [{ channelId: walmart.id, cap: 0 }] });
    expect(none.status).toBe(200);
    expect(none.body.items[0].channelQuantityCaps).toEqual([
      { channelId: walmart.id, channelKind: 'walmart', before: null, after: 0 },
    ]);
  });

  it('another account can neither cap this account’s listing nor read it back', async () => {
    const [a] = await products();
    const { browser: other } = await t.signedInSeller({ firstName: 'Bo', lastName: 'Ek' });
    const body = { selection: { productIds: [a!.id] }, channelQuantityCaps: [{ channelId: ebay.id, cap: 1 }] };
    const preview = await other.post('/api/listings/bulk-edit/preview', body);
    expect(preview.status).toBe(400);
    expect(preview.body.message).toMatch(/not connected to this account/);
    expect((await other.post('/api/listings/bulk-edit', body)).status).toBe(400);
    expect(await capOf(ebay, a!.sku)).toBeNull();
    expect((await other.get(`/api/listings/items/${encodeURIComponent(a!.sku)}`)).status).toBe(404);
  });

  it('a cap of 2 on eBay makes eBay offer 2 while Walmart and Amazon keep the full quantity, and undo brings eBay back', async () => {
    await settled(t, accountId);
    const [a] = await productsWithStock(0, 2);
    const ebayBefore = await sandboxItem(t, ebay, a!.sku);
    const walmartBefore = await sandboxItem(t, walmart, a!.sku);
    const amazonBefore = await sandboxItem(t, amazon, a!.sku);
    expect(ebayBefore.quantity).toBeGreaterThan(2);
    const body = { selection: { productIds: [a!.id] }, channelQuantityCaps: [{ channelId: ebay.id, cap: 2 }] };

    const preview = await seller.post('/api/listings/bulk-edit/preview', body);
    expect(preview.status).toBe(200);
    expect(preview.body.total).toBe(1);
    expect(preview.body.items[0]).toMatchObject({
      sku: a!.sku,
      price: null,
      onHand: null,
      channelQuantityCaps: [{ channelId: ebay.id, channelKind: 'ebay', before: null, after: 2 }],
    });
    expect(await capOf(ebay, a!.sku)).toBeNull();

    const run = await seller.post('/api/listings/bulk-edit', body);
    expect(run.status).toBe(201);
    const batchId = run.body.batchId as string;
    expect(
      await query(
        t,
        sql`select channel_id, field, before, after from changes where account_id = ${accountId} and cause_ref = ${batchId}`,
      ),
    ).toEqual([{ channel_id: ebay.id, field: 'quantity_cap', before: null, after: '2' }]);
    await untilQuantity(ebay, a!.sku, 2);
    await settled(t, accountId);
    expect((await sandboxItem(t, walmart, a!.sku)).quantity).toBe(walmartBefore.quantity);
    expect((await sandboxItem(t, amazon, a!.sku)).quantity).toBe(amazonBefore.quantity);
    // Only eBay was written to.
    expect(
      await query(
        t,
        sql`select distinct w.channel_id, w.field from listing_writes w join changes c on c.id = w.change_id where c.cause_ref = ${batchId}`,
      ),
    ).toEqual([{ channel_id: ebay.id, field: 'quantity' }]);

    // The drawer shows the cap; the history has the change with eBay's result, and offers undo.
    const detail = await seller.get(`/api/listings/items/${encodeURIComponent(a!.sku)}`);
    expect(detail.status).toBe(200);
    const capOn = (channelId: string) =>
      detail.body.listings.find((l: { channelId: string }) => l.channelId === channelId).quantityCap;
    expect([capOn(ebay.id), capOn(walmart.id), capOn(amazon.id)]).toEqual([2, null, null]);
    const entry = detail.body.history.find((h: { batch?: { batchId: string } }) => h.batch?.batchId === batchId);
    expect(entry).toMatchObject({
      field: 'quantity_cap',
      channelId: ebay.id,
      channelKind: 'ebay',
      before: null,
      after: '2',
      results: [{ channelId: ebay.id, channelKind: 'ebay', status: 'confirmed' }],
      batch: { by: 'Ann Lee', isUndo: false, undoable: true },
    });

    const undo = await seller.post(`/api/listings/changes/${batchId}/undo`);
    expect(undo.status).toBe(200);
    expect(undo.body).toMatchObject({ restored: 1, skipped: [] });
    expect(await capOf(ebay, a!.sku)).toBeNull();
    await untilQuantity(ebay, a!.sku, ebayBefore.quantity);
    const history = (await seller.get(`/api/listings/items/${encodeURIComponent(a!.sku)}`)).body.history;
    expect(history.find((h: { batch?: { isUndo: boolean; batchId: string } }) => h.batch?.isUndo)).toMatchObject({
      field: 'quantity_cap',
      channelId: ebay.id,
      before: '2',
      after: null,
      batch: { batchId, isUndo: true },
    });
    expect((await seller.post(`/api/listings/changes/${batchId}/undo`)).status).toBe(409);
  }, 120_000);

  it('an eBay price and cap set together are two rows of the history, each with eBay’s result, and undo puts both back', async () => {
    await settled(t, accountId);
    // The most available SKU again (its cap above was undone): the generated catalogue's third may hold one unit or none.
    const [c] = await productsWithStock(0, 1);
    const before = await sandboxItem(t, ebay, c!.sku);
    const price = (Number(before.price) + 1.5).toFixed(2);
    const run = await seller.post('/api/listings/bulk-edit', {
      selection: { productIds: [c!.id] },
      channelPrices: [{ channelId: ebay.id, price: Number(price) }],
      channelQuantityCaps: [{ channelId: ebay.id, cap: 1 }],
    });
    expect(run.status).toBe(201);
    const batchId = run.body.batchId as string;
    await vi.waitFor(
      async () => {
        const item = await sandboxItem(t, ebay, c!.sku);
        expect([item.quantity, item.price]).toEqual([1, price]);
      },
      { timeout: 45_000, interval: 200 },
    );
    await settled(t, accountId);
    const rows = (await seller.get(`/api/listings/items/${encodeURIComponent(c!.sku)}`)).body.history.filter(
      (h: { batch?: { batchId: string } }) => h.batch?.batchId === batchId,
    );
    expect(
      rows
        .map((r: { field: string; results: Array<{ channelId: string; status: string }> }) => [r.field, r.results])
        .sort(),
    ).toEqual([
      ['price', [{ channelId: ebay.id, channelKind: 'ebay', status: 'confirmed', message: null }]],
      ['quantity_cap', [{ channelId: ebay.id, channelKind: 'ebay', status: 'confirmed', message: null }]],
    ]);
    const undo = await seller.post(`/api/listings/changes/${batchId}/undo`);
    expect(undo.body).toMatchObject({ restored: 2, skipped: [] });
    await vi.waitFor(
      async () => {
        const item = await sandboxItem(t, ebay, c!.sku);
        expect([item.quantity, item.price]).toEqual([before.quantity, before.price]);
      },
      { timeout: 45_000, interval: 200 },
    );
  }, 120_000);

  it('a sale that leaves less available than the cap lowers eBay below it too (never oversell)', async () => {
    await settled(t, accountId);
    const [, b] = await productsWithStock(1, 2);
    const run = await seller.post('/api/listings/bulk-edit', {
      selection: { productIds: [b!.id] },
      channelQuantityCaps: [{ channelId: ebay.id, cap: 2 }],
    });
    expect(run.status).toBe(201);
    await untilQuantity(ebay, b!.sku, 2);
    await settled(t, accountId);

    // A buyer on Walmart takes all but one unit.
    const placed = await control(t, 'walmart', `/sellers/${walmart.sandboxSellerId}/orders`, {
      method: 'POST',
      body: { lines: [{ sku: b!.sku, quantity: b!.available - 1 }] },
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    await readOrdersNow(t, accountId, walmart.id);
    await vi.waitFor(async () => expect((await products()).find((p) => p.sku === b!.sku)!.available).toBe(1), {
      timeout: 45_000,
      interval: 200,
    });
    await untilQuantity(ebay, b!.sku, 1);
    // The cap stays the seller's: what the stock allows went below it, the cap itself did not move.
    expect(await capOf(ebay, b!.sku)).toBe(2);
  }, 120_000);
});
