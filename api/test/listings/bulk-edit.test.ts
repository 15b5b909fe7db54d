import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { connectWithSandboxSeller, type ConnectedChannel } from '../support/channel-flows.ts';
import { query, sandboxItem, settled } from '../support/sync-checks.ts';

/**
 * Bulk edits through the API, on an account whose main channel is Amazon and whose target is
 * Walmart (sandbox sellers with the same six SKUs): preview, run, the pushes reaching Walmart, undo.
 */
let t: TestProduct;
let seller: Browser;
let other: Browser;
let accountId: string;
let otherProductId: string;
let amazon: ConnectedChannel;
let walmart: ConnectedChannel;

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
const product = async (sku: string) => (await products()).find((p) => p.sku === sku)!;
const counts = async () =>
  (
    await query<{ changes: number; writes: number; batches: number }>(
      t,
      sql`select (select count(*)::int from changes where account_id = ${accountId}) as changes, (select count(*)::int from listing_writes where account_id = ${accountId}) as writes,
             (select count(*)::int from change_batches where account_id = ${accountId}) as batches`,
    )
  )[0]!;

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller());
  amazon = await connectWithSandboxSeller(seller, 'amazon', 6);
  walmart = await connectWithSandboxSeller(seller, 'walmart', 6);
  expect([amazon.role, walmart.role]).toEqual(['main', 'target']);
  await vi.waitFor(
    async () =>
      expect(
        (await query(t, sql`select 1 from listings where channel_id = ${walmart.id} and product_id is not null`))
          .length,
      ).toBe(6),
    { timeout: 45_000 },
  );
  await settled(t, accountId);

  // Another account, with a product of its own.
  const { browser: otherSeller, accountId: otherAccount } = await t.signedInSeller();
  other = otherSeller;
  otherProductId = (
    await query<{ id: string }>(
      t,
      sql`insert into products (account_id, sku, title, price, on_hand) values (${otherAccount}, 'OTHER-1', 'Not yours', '50.00', 9) returning id`,
    )
  )[0]!.id;
}, 150_000);
afterAll(() => t?.stop());

describe('bulk edit', () => {
  it('refuses an edit that changes nothing or has bad values, with a message', async () => {
    const [first] = await products();
    const selection = { productIds: [first!.id] };
    for (const [body, message] of [
      [{ selection }, /Choose a price, a quantity, a status, a cost, tags or attributes/],
      [{ selection, price: { mode: 'set', value: 1.234 } }, /two decimals/],
      [{ selection, price: { mode: 'set', value: 0 } }, /more than 0/],
      [{ selection, quantity: { mode: 'set', value: -1 } }, /below 0/],
      [{ selection, status: { status: 'inactive', channelIds: [amazon.id] } }, /target channels/],
    ] as const) {
      const answer = await seller.post('/api/listings/bulk-edit/preview', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    expect(
      (
        await seller.post('/api/listings/bulk-edit/preview', {
          selection: { productIds: [] },
          price: { mode: 'set', value: 5 },
        })
      ).status,
    ).toBe(400);
  });

  it('previews old and new values per SKU and stores nothing', async () => {
    const [a, b] = await products();
    const before = { counts: await counts(), products: await products() };
    const answer = await seller.post('/api/listings/bulk-edit/preview', {
      selection: { productIds: [a!.id, b!.id] },
      price: { mode: 'percent', value: 10 },
      quantity: { mode: 'amount', value: 3 },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBe(2);
    expect(answer.body.errors).toBe(0);
    // In cents, as the server counts: 135.45 × 110 in floating point is 14899.4999…, not 14899.5.
    expect(answer.body.items).toEqual(
      [a!, b!].map((p) => ({
        productId: p.id,
        sku: p.sku,
        title: expect.any(String),
        price: {
          before: Number(p.price).toFixed(2),
          after: (Math.round((Math.round(Number(p.price) * 100) * 110) / 100) / 100).toFixed(2),
        },
        onHand: { before: p.on_hand, after: p.on_hand + 3 },
        statuses: [],
        error: null,
      })),
    );
    expect({ counts: await counts(), products: await products() }).toEqual(before);
  });

  it('shows a price the edit would take to 0 or less as an error, and refuses to run it', async () => {
    const [a, b] = await products();
    const cheap = Math.min(Number(a!.price), Number(b!.price));
    const edit = {
      selection: { productIds: [a!.id, b!.id] },
      price: { mode: 'amount', value: -Number(cheap.toFixed(2)) },
    };
    const preview = await seller.post('/api/listings/bulk-edit/preview', edit);
    expect(preview.status).toBe(200);
    expect(preview.body.errors).toBeGreaterThanOrEqual(1);
    expect(preview.body.items[0]).toMatchObject({ price: null, error: expect.stringMatching(/must stay above 0/) });
    const before = { counts: await counts(), products: await products() };
    const run = await seller.post('/api/listings/bulk-edit', edit);
    expect(run.status).toBe(422);
    expect(run.body.message).toMatch(/Nothing was changed/);
    expect({ counts: await counts(), products: await products() }).toEqual(before);
  });

  it('runs in one transaction: one change per value, the pushes reach Walmart, and the batch shows their progress', async () => {
    const [a, b] = await products();
    // Values neither product holds yet: the catalogue is generated from the account's id, so any fixed value could
    // be one a product already has, and then the edit rightly has one value fewer.
    const quantity = Math.max(a!.on_hand, b!.on_hand) + 17;
    const price = [12.34, 12.35, 12.36].find((p) => p.toFixed(2) !== a!.price && p.toFixed(2) !== b!.price)!.toFixed(2);
    const answer = await seller.post('/api/listings/bulk-edit', {
      selection: { productIds: [a!.id, b!.id] },
      price: { mode: 'set', value: Number(price) },
      quantity: { mode: 'set', value: quantity },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ kind: 'bulk_edit', skus: 2, values: 4, undoneAt: null });
    const batchId = answer.body.batchId as string;
    const recorded = await query(
      t,
      sql`select sku, field, before, after, cause, actor_user_id is not null as by_user from changes where account_id = ${accountId} and cause_ref = ${batchId} order by sku, field`,
    );
    expect(recorded).toEqual(
      [a!, b!].flatMap((p) => [
        {
          sku: p.sku,
          field: 'on_hand',
          before: String(p.on_hand),
          after: String(quantity),
          cause: 'bulk_edit',
          by_user: true,
        },
        {
          sku: p.sku,
          field: 'price',
          before: Number(p.price).toFixed(2),
          after: price,
          cause: 'bulk_edit',
          by_user: true,
        },
      ]),
    );
    // Available shows the new stock at once (the main channel's on hand follows once it takes the adjustment).
    for (const p of [a!, b!]) {
      const [stock] = await query<{ available: number }>(
        t,
        sql`select greatest(on_hand - committed, 0)::int as available from products where id = ${p.id}`,
      );
      expect(stock!.available).toBe(quantity);
    }
    for (const p of [a!, b!]) {
      await vi.waitFor(async () => expect(await sandboxItem(t, walmart, p.sku)).toMatchObject({ quantity, price }), {
        timeout: 45_000,
        interval: 200,
      });
      // The main channel holds the edit too, or its next read would put the old values back.
      await vi.waitFor(async () => expect(await sandboxItem(t, amazon, p.sku)).toMatchObject({ quantity, price }), {
        timeout: 45_000,
        interval: 200,
      });
      await vi.waitFor(async () => expect(await product(p.sku)).toMatchObject({ on_hand: quantity, price }), {
        timeout: 45_000,
        interval: 200,
      });
    }
    // What the main channel answered is recorded as the edit's, passed to it.
    expect(
      await query(
        t,
        sql`select count(*)::int as n from changes where account_id = ${accountId} and cause = 'bulk_edit' and cause_ref = 'passed to the main channel (Amazon)' and field = 'on_hand'`,
      ),
    ).toEqual([{ n: 2 }]);
    await vi.waitFor(
      async () => {
        const progress = await seller.get(`/api/listings/changes/${batchId}`);
        expect(progress.status).toBe(200);
        // Quantity and price on Walmart, and the price on the main channel (Amazon), per SKU.
        expect(progress.body.pushes).toEqual({ total: 6, confirmed: 6, failed: 0, open: 0 });
      },
      { timeout: 45_000, interval: 200 },
    );
    expect(
      await query(
        t,
        sql`select action, target_id from audit_log where account_id = ${accountId} and action = 'listings.bulk_edited'`,
      ),
    ).toEqual([{ action: 'listings.bulk_edited', target_id: batchId }]);
  }, 120_000);

  it('undo puts back each value that has not moved since, skips the one that moved, and is refused a second time', async () => {
    await settled(t, accountId);
    const [, , c, d] = await products();
    const edit = await seller.post('/api/listings/bulk-edit', {
      selection: { productIds: [c!.id, d!.id] },
      price: { mode: 'amount', value: 1 },
      quantity: { mode: 'amount', value: 5 },
    });
    expect(edit.status).toBe(201);
    const batchId = edit.body.batchId as string;
    // d's stock moves again afterwards (another edit): undo must leave it.
    expect(
      (
        await seller.post('/api/listings/bulk-edit', {
          selection: { productIds: [d!.id] },
          quantity: { mode: 'amount', value: 2 },
        })
      ).status,
    ).toBe(201);

    const undo = await seller.post(`/api/listings/changes/${batchId}/undo`);
    expect(undo.status).toBe(200);
    expect(undo.body).toEqual({
      batchId,
      restored: 3,
      skipped: [{ sku: d!.sku, field: 'on_hand', now: String(d!.on_hand + 7) }],
    });
    await vi.waitFor(async () => expect(await product(c!.sku)).toEqual(c), { timeout: 45_000, interval: 200 });
    await vi.waitFor(async () => expect(await product(d!.sku)).toEqual({ ...d, on_hand: d!.on_hand + 7 }), {
      timeout: 45_000,
      interval: 200,
    });
    expect(
      await query(
        t,
        sql`select sku, field, before, after from changes where account_id = ${accountId} and cause_ref = ${`undo:${batchId}`} order by sku, field`,
      ),
    ).toEqual([
      { sku: c!.sku, field: 'on_hand', before: String(c!.on_hand + 5), after: String(c!.on_hand) },
      { sku: c!.sku, field: 'price', before: (Number(c!.price) + 1).toFixed(2), after: Number(c!.price).toFixed(2) },
      { sku: d!.sku, field: 'price', before: (Number(d!.price) + 1).toFixed(2), after: Number(d!.price).toFixed(2) },
    ]);
    // The restored values reach Walmart too.
    await vi.waitFor(
      async () =>
        expect(await sandboxItem(t, walmart, c!.sku)).toMatchObject({
          quantity: c!.on_hand,
          price: Number(c!.price).toFixed(2),
        }),
      { timeout: 45_000, interval: 200 },
    );
    await vi.waitFor(
      async () =>
        expect(await sandboxItem(t, walmart, d!.sku)).toMatchObject({
          quantity: d!.on_hand + 7,
          price: Number(d!.price).toFixed(2),
        }),
      { timeout: 45_000, interval: 200 },
    );
    await vi.waitFor(
      async () =>
        expect(await sandboxItem(t, amazon, c!.sku)).toMatchObject({
          quantity: c!.on_hand,
          price: Number(c!.price).toFixed(2),
        }),
      { timeout: 45_000, interval: 200 },
    );

    const again = await seller.post(`/api/listings/changes/${batchId}/undo`);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already undone/);
    expect((await seller.get(`/api/listings/changes/${batchId}`)).body.undoneAt).toEqual(expect.any(String));
  }, 120_000);

  it('sets a listing inactive on a chosen channel, and undo makes it active again', async () => {
    const [, , , , e] = await products();
    const listingStatus = async () =>
      (
        await query<{ status: string }>(
          t,
          sql`select status from listings where channel_id = ${walmart.id} and sku = ${e!.sku}`,
        )
      )[0]!.status;
    const before = await listingStatus();
    expect(before).toBe('active');
    const preview = await seller.post('/api/listings/bulk-edit/preview', {
      selection: { productIds: [e!.id] },
      status: { status: 'inactive', channelIds: [walmart.id] },
    });
    expect(preview.body.items).toEqual([
      expect.objectContaining({
        sku: e!.sku,
        statuses: [{ channelId: walmart.id, channelKind: 'walmart', before: 'active', after: 'inactive' }],
        price: null,
        onHand: null,
      }),
    ]);
    const run = await seller.post('/api/listings/bulk-edit', {
      selection: { productIds: [e!.id] },
      status: { status: 'inactive', channelIds: [walmart.id] },
    });
    expect(run.status).toBe(201);
    expect(await listingStatus()).toBe('inactive');
    const undo = await seller.post(`/api/listings/changes/${run.body.batchId}/undo`);
    expect(undo.body).toEqual({ batchId: run.body.batchId, restored: 1, skipped: [] });
    expect(await listingStatus()).toBe('active');
  });

  it('selects by the catalogue filter', async () => {
    const [, , , , , f] = await products();
    const answer = await seller.post('/api/listings/bulk-edit/preview', {
      selection: { filter: { q: f!.sku } },
      quantity: { mode: 'amount', value: 1 },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.items.map((i: { sku: string }) => i.sku)).toEqual([f!.sku]);
    const everything = await seller.post('/api/listings/bulk-edit/preview', {
      selection: { filter: {} },
      quantity: { mode: 'amount', value: 1 },
    });
    expect(everything.body.total).toBe(6);
  });

  it('never edits another account’s products, nor shows or undoes another account’s batch', async () => {
    const [a] = await products();
    const preview = await seller.post('/api/listings/bulk-edit/preview', {
      selection: { productIds: [a!.id, otherProductId] },
      price: { mode: 'set', value: 1.11 },
    });
    expect(preview.body.items.map((i: { productId: string }) => i.productId)).toEqual([a!.id]);
    const run = await seller.post('/api/listings/bulk-edit', {
      selection: { productIds: [otherProductId] },
      price: { mode: 'set', value: 1.11 },
    });
    expect(run.status).toBe(400);
    expect(
      await query(t, sql`select price::text as price, on_hand from products where id = ${otherProductId}`),
    ).toEqual([{ price: '50.00', on_hand: 9 }]);

    const mine = await seller.post('/api/listings/bulk-edit', {
      selection: { productIds: [a!.id] },
      quantity: { mode: 'amount', value: 1 },
    });
    expect(mine.status).toBe(201);
    expect((await other.get(`/api/listings/changes/${mine.body.batchId}`)).status).toBe(404);
    expect((await other.post(`/api/listings/changes/${mine.body.batchId}/undo`)).status).toBe(404);
    expect(
      (
        await t.browser().post('/api/listings/bulk-edit/preview', {
          selection: { productIds: [a!.id] },
          quantity: { mode: 'amount', value: 1 },
        })
      ).status,
    ).toBe(401);
  });
});
