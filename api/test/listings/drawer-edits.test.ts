import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import type { ConnectedChannel } from '../support/channel-flows.ts';
import { connectMainWalmartEbay, query, sandboxItem, settled } from '../support/sync-checks.ts';

/**
 * Edits from the SKU drawer (a one-SKU bulk edit: a channel's own price), undo from the SKU's
 * history, "Select all N matching" (a bulk edit of the catalogue's filter), and the history's rows
 * per batch. Amazon is the main channel; Walmart and eBay are targets (sandbox sellers, four SKUs).
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
  price: string;
  on_hand: number;
}
const products = () =>
  query<Product>(
    t,
    sql`select id, sku, price::text as price, on_hand from products where account_id = ${accountId} order by sku`,
  );

interface HistoryEntry {
  id: string;
  field: string;
  channelId: string | null;
  before: string | null;
  after: string | null;
  results: Array<{ channelId: string; channelKind: string; status: string }>;
  batch?: {
    batchId: string;
    by: string | null;
    isUndo: boolean;
    undoable: boolean;
    undoneAt: string | null;
    undoneBy: string | null;
  } | null;
}
const history = async (sku: string): Promise<HistoryEntry[]> => {
  const answer = await seller.get(`/api/listings/items/${encodeURIComponent(sku)}`);
  expect(answer.status).toBe(200);
  return answer.body.history;
};

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller({ firstName: 'Ann', lastName: 'Lee' }));
  ({
    main: amazon,
    walmart,
    ebay,
  } = await connectMainWalmartEbay(t, seller, accountId, { main: 'amazon', products: 4 }));
}, 180_000);
afterAll(() => t?.stop());

describe('drawer edits', () => {
  it('refuses a channel price for more than one SKU, or on the main channel, with a message', async () => {
    const [a, b] = await products();
    const many = await seller.post('/api/listings/bulk-edit/preview', {
      selection: { productIds: [a!.id, b!.id] },
      channelPrices: [{ channelId: ebay.id, price: 10 }],
    });
    expect(many.status).toBe(400);
    expect(many.body.message).toMatch(/one SKU at a time/);
    const main = await seller.post('/api/listings/bulk-edit/preview', {
      selection: { productIds: [a!.id] },
      channelPrices: [{ channelId: amazon.id, price: 10 }],
    });
    expect(main.status).toBe(400);
    expect(main.body.message).toMatch(/main channel/);
  });

  it('an eBay price set in the drawer is a change with before and after that reaches eBay only, and undo from the history puts it back', async () => {
    const [a] = await products();
    const ebayBefore = await sandboxItem(t, ebay, a!.sku);
    const walmartBefore = await sandboxItem(t, walmart, a!.sku);
    const price = (Number(ebayBefore.price) + 7.25).toFixed(2);
    const body = { selection: { productIds: [a!.id] }, channelPrices: [{ channelId: ebay.id, price: Number(price) }] };

    const preview = await seller.post('/api/listings/bulk-edit/preview', body);
    expect(preview.status).toBe(200);
    expect(preview.body.total).toBe(1);
    expect(preview.body.items[0]).toMatchObject({
      sku: a!.sku,
      price: null,
      onHand: null,
      channelPrices: [{ channelId: ebay.id, channelKind: 'ebay', before: null, after: price }],
    });

    const run = await seller.post('/api/listings/bulk-edit', body);
    expect(run.status).toBe(201);
    const batchId = run.body.batchId as string;
    expect(
      await query(
        t,
        sql`select channel_id, field, before, after from changes where account_id = ${accountId} and cause_ref = ${batchId}`,
      ),
    ).toEqual([{ channel_id: ebay.id, field: 'price', before: null, after: price }]);
    await vi.waitFor(async () => expect((await sandboxItem(t, ebay, a!.sku)).price).toBe(price), {
      timeout: 45_000,
      interval: 200,
    });
    await settled(t, accountId);
    // Walmart and Amazon keep their price: only eBay was written to.
    expect((await sandboxItem(t, walmart, a!.sku)).price).toBe(walmartBefore.price);
    expect((await products()).find((p) => p.sku === a!.sku)!.price).toBe(a!.price);
    expect(
      await query(
        t,
        sql`select distinct w.channel_id from listing_writes w join changes c on c.id = w.change_id where c.cause_ref = ${batchId}`,
      ),
    ).toEqual([{ channel_id: ebay.id }]);

    // The history names the batch by who ran it and offers undo.
    const [entry] = (await history(a!.sku)).filter((h) => h.batch?.batchId === batchId);
    expect(entry).toMatchObject({
      channelId: ebay.id,
      before: null,
      after: price,
      results: [{ channelId: ebay.id, channelKind: 'ebay', status: 'confirmed' }],
      batch: { by: 'Ann Lee', isUndo: false, undoable: true, undoneAt: null },
    });

    const undo = await seller.post(`/api/listings/changes/${entry!.batch!.batchId}/undo`);
    expect(undo.status).toBe(200);
    expect(undo.body).toMatchObject({ restored: 1, skipped: [] });
    expect(
      await query(t, sql`select price_override from listings where channel_id = ${ebay.id} and sku = ${a!.sku}`),
    ).toEqual([{ price_override: null }]);
    await vi.waitFor(async () => expect((await sandboxItem(t, ebay, a!.sku)).price).toBe(ebayBefore.price), {
      timeout: 45_000,
      interval: 200,
    });
    const after = await history(a!.sku);
    expect(after.find((h) => h.id === entry!.id)!.batch).toMatchObject({
      undoable: false,
      undoneAt: expect.any(String),
      undoneBy: 'Ann Lee',
    });
    expect(after.find((h) => h.batch?.isUndo)).toMatchObject({
      channelId: ebay.id,
      before: price,
      after: null,
      batch: { batchId, isUndo: true, undoable: false },
    });
    expect((await seller.post(`/api/listings/changes/${batchId}/undo`)).status).toBe(409);
  }, 120_000);

  it('"Select all N matching" edits exactly the filter’s SKUs', async () => {
    await settled(t, accountId);
    const before = await products();
    const chosen = before[2]!;
    const selection = { filter: { q: chosen.sku } };
    const preview = await seller.post('/api/listings/bulk-edit/preview', {
      selection,
      quantity: { mode: 'amount', value: 2 },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.total).toBe(1);
    const run = await seller.post('/api/listings/bulk-edit', { selection, quantity: { mode: 'amount', value: 2 } });
    expect(run.status).toBe(201);
    expect(run.body.skus).toBe(1);
    expect(
      await query(
        t,
        sql`select sku, field, after from changes where account_id = ${accountId} and cause_ref = ${run.body.batchId}`,
      ),
    ).toEqual([{ sku: chosen.sku, field: 'on_hand', after: String(chosen.on_hand + 2) }]);
    const now = await products();
    for (const p of before.filter((p) => p.sku !== chosen.sku))
      expect(now.find((n) => n.sku === p.sku)!.on_hand).toBe(p.on_hand);
  }, 60_000);

  it('the history of a price and quantity batch has one row per field, each with every channel’s result once', async () => {
    await settled(t, accountId);
    const [, b] = await products();
    const price = (Number(b!.price) + 3).toFixed(2);
    const run = await seller.post('/api/listings/bulk-edit', {
      selection: { productIds: [b!.id] },
      price: { mode: 'set', value: Number(price) },
      quantity: { mode: 'set', value: b!.on_hand + 5 },
    });
    expect(run.status).toBe(201);
    const batchId = run.body.batchId as string;
    await vi.waitFor(
      async () =>
        expect((await seller.get(`/api/listings/changes/${batchId}`)).body.pushes).toMatchObject({
          open: 0,
          failed: 0,
        }),
      { timeout: 45_000, interval: 250 },
    );
    const rows = (await history(b!.sku)).filter((h) => h.batch?.batchId === batchId);
    expect(rows.map((r) => r.field).sort()).toEqual(['on_hand', 'price']);
    for (const row of rows) {
      const channels = row.results.map((r) => r.channelId);
      expect(new Set(channels).size, `${row.field}: ${JSON.stringify(row.results)}`).toBe(channels.length);
      expect(channels).toEqual(expect.arrayContaining([walmart.id, ebay.id]));
      expect(row.batch).toMatchObject({ by: 'Ann Lee', undoable: true, isUndo: false });
    }
    // The price reached each target once, the quantity too: no write of the batch is left out.
    const writes = await query<{ field: string; n: number }>(
      t,
      sql`select w.field, count(*)::int as n from listing_writes w join changes c on c.id = w.change_id where c.cause_ref = ${batchId} and w.channel_id in (${walmart.id}, ${ebay.id}) group by w.field order by w.field`,
    );
    const price_ = rows.find((r) => r.field === 'price')!;
    const quantity = rows.find((r) => r.field === 'on_hand')!;
    expect(price_.results.filter((r) => r.channelId !== amazon.id)).toHaveLength(
      writes.find((w) => w.field === 'price')?.n ?? 0,
    );
    expect(quantity.results.filter((r) => r.channelId !== amazon.id)).toHaveLength(
      writes.find((w) => w.field === 'quantity')?.n ?? 0,
    );
  }, 90_000);
});
