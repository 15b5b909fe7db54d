import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { connectWithSandboxSeller, installOnShopify, type ConnectedChannel } from '../support/channel-flows.ts';
import { editByHand, noFaults, query, sandboxItem, setFaults, settled } from '../support/sync-checks.ts';
import { findChannel } from '../../src/db/queries/channels.ts';
import { adapterForChannel } from '../../src/modules/channel-access/channel-adapter.ts';

/**
 * A listing the seller takes off sale stays off sale until the seller puts it back, whatever the
 * marketplace's own status says and whatever else moves meanwhile:
 * - Amazon (account A: Shopify main, Amazon target): no price or stock goes to it, a sync repairs
 *   nothing onto it; a listing Amazon itself shows not buyable (out of stock) still gets its stock;
 *   back on sale it gets the current values.
 * - Walmart (account B: Amazon main, Walmart and Shopify targets): putting a retired item back is
 *   an item feed, whose per-item result is checked; a refused item stays off sale in error.
 * - Shopify (account B): the status is the product's; a variant alone is offered 0 units, the
 *   product is a draft only once every variant listed there is off sale.
 */
let t: TestProduct;
let sellerA: Browser;
let sellerB: Browser;
let accountA: string;
let accountB: string;
let amazonTarget: ConnectedChannel;
let walmart: ConnectedChannel;
let shopify: ConnectedChannel;
/** The Amazon listing the seller takes off sale in the first test, and puts back in the last. */
let takenOffSaleSku: string;

interface Listing {
  id: string;
  product_id: string;
  sku: string;
  status: string;
  last_error: string | null;
  taken_off_sale: boolean;
  confirmed_quantity: number | null;
  desired_quantity: number | null;
}
const listingsOf = (channel: ConnectedChannel) =>
  query<Listing>(
    t,
    sql`select id, product_id, sku, status, last_error, taken_off_sale_at is not null as taken_off_sale, confirmed_quantity, desired_quantity
        from listings where channel_id = ${channel.id} and product_id is not null order by sku`,
  );
const listing = async (channel: ConnectedChannel, sku: string) =>
  (await listingsOf(channel)).find((l) => l.sku === sku)!;
const available = async (accountId: string, productId: string) =>
  (
    await query<{ n: number }>(
      t,
      sql`select greatest(on_hand - committed, 0) as n from products where account_id = ${accountId} and id = ${productId}`,
    )
  )[0]!.n;
const price = async (productId: string) =>
  (await query<{ price: string }>(t, sql`select price::text as price from products where id = ${productId}`))[0]!.price;

async function setStatus(
  browser: Browser,
  channel: ConnectedChannel,
  productIds: string[],
  status: 'active' | 'inactive',
) {
  const answer = await browser.post('/api/listings/bulk-edit', {
    selection: { productIds },
    status: { status, channelIds: [channel.id] },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

const linked = (channel: ConnectedChannel, n: number) =>
  vi.waitFor(
    async () =>
      expect(
        (await query(t, sql`select 1 from listings where channel_id = ${channel.id} and product_id is not null`))
          .length,
      ).toBe(n),
    { timeout: 45_000 },
  );

beforeAll(async () => {
  t = await startTestProduct();
  ({ accountId: accountA, browser: sellerA } = await t.signedInSeller());
  await installOnShopify(sellerA, 'install', { products: 4 });
  amazonTarget = await connectWithSandboxSeller(sellerA, 'amazon', 4);
  expect(amazonTarget.role).toBe('target');
  await linked(amazonTarget, 4);

  ({ accountId: accountB, browser: sellerB } = await t.signedInSeller());
  const amazonMain = await connectWithSandboxSeller(sellerB, 'amazon', 3);
  expect(amazonMain.role).toBe('main');
  walmart = await connectWithSandboxSeller(sellerB, 'walmart', 3);
  shopify = (await installOnShopify(sellerB, 'install', { products: 3 })).channel!;
  await linked(walmart, 3);
  await linked(shopify, 3);
  await settled(t, accountA);
  await settled(t, accountB);
}, 180_000);
afterAll(() => t?.stop());

describe('Amazon: taken off sale by the seller, or not buyable by Amazon’s own doing', () => {
  it('a listing the seller takes off sale stays off sale: a price and stock change, a sync and a retry send nothing that puts it back', async () => {
    // On sale with stock: a SKU the sandbox made without stock shows not buyable on Amazon (inactive) already.
    const [x, y] = (await listingsOf(amazonTarget)).filter(
      (l) => l.status === 'active' && (l.confirmed_quantity ?? 0) > 0,
    );
    takenOffSaleSku = x!.sku;
    await setStatus(sellerA, amazonTarget, [x!.product_id], 'inactive');
    await vi.waitFor(async () => expect((await sandboxItem(t, amazonTarget, x!.sku)).status).toBe('DISCOVERABLE'), {
      timeout: 30_000,
      interval: 250,
    });
    await settled(t, accountA);
    expect(await listing(amazonTarget, x!.sku)).toMatchObject({ status: 'inactive', taken_off_sale: true });
    expect(await sandboxItem(t, amazonTarget, x!.sku)).toMatchObject({ price: '' });

    // Every product's price and stock move: Y gets them; X gets nothing (a price would put Amazon's offer back).
    const editedAt = (await query<{ at: Date }>(t, sql`select now() as at`))[0]!.at;
    const edit = await sellerA.post('/api/listings/bulk-edit', {
      selection: { productIds: [x!.product_id, y!.product_id] },
      price: { mode: 'percent', value: 10 },
      quantity: { mode: 'amount', value: 4 },
    });
    expect(edit.status).toBe(201);
    await settled(t, accountA);
    expect(
      await query(
        t,
        sql`select field, after from listing_writes where listing_id = ${x!.id} and created_at >= ${editedAt}`,
      ),
    ).toEqual([]);
    expect(await sandboxItem(t, amazonTarget, x!.sku)).toMatchObject({ status: 'DISCOVERABLE', price: '' });
    expect(await sandboxItem(t, amazonTarget, y!.sku)).toMatchObject({
      status: 'BUYABLE,DISCOVERABLE',
      price: await price(y!.product_id),
      quantity: await available(accountA, y!.product_id),
    });

    // "Sync now" reads Amazon again: it neither clears the seller's intent nor repairs the listing back on sale.
    const run = await sellerA.post(`/api/channels/${amazonTarget.id}/sync`);
    expect(run.status).toBe(202);
    await settled(t, accountA);
    expect(await query(t, sql`select status from sync_runs where id = ${run.body.id}`)).toEqual([
      { status: 'succeeded' },
    ]);
    expect(await listing(amazonTarget, x!.sku)).toMatchObject({ taken_off_sale: true });
    expect(await sandboxItem(t, amazonTarget, x!.sku)).toMatchObject({ status: 'DISCOVERABLE', price: '' });

    // A value refused earlier is not sent again while the listing is off sale.
    const refused = (
      await query<{ id: string }>(
        t,
        sql`insert into listing_writes (account_id, channel_id, listing_id, sku, field, after, status, message) values (${accountA}, ${amazonTarget.id}, ${x!.id}, ${x!.sku}, 'price', '99.00', 'failed', 'refused earlier') returning id`,
      )
    )[0]!.id;
    const retry = await sellerA.post('/api/sync/pushes/retry', { writeIds: [refused] });
    expect(retry.body).toEqual({
      retried: 0,
      skipped: 1,
      message:
        'Nothing to send again. 1 value not sent: their listing is taken off sale, and gets its values when it is back on sale.',
    });
    expect(
      await query(
        t,
        sql`select 1 from listing_writes where listing_id = ${x!.id} and status in ('pending', 'sending')`,
      ),
    ).toEqual([]);

    // The catalogue says so.
    const page = await sellerA.get(`/api/listings?q=${encodeURIComponent(x!.sku)}`);
    const chip = page.body.items[0].chips.find((c: { channelId: string }) => c.channelId === amazonTarget.id);
    expect(chip).toMatchObject({ status: 'inactive', takenOffSale: true });
  }, 120_000);

  it('a listing Amazon itself shows not buyable (out of stock, read back as inactive) still gets its stock: a restock puts it on sale', async () => {
    // Another listing on sale with stock (the sync below gives it its stock back, which must be more than none).
    const y = (await listingsOf(amazonTarget)).find(
      (l) => l.sku !== takenOffSaleSku && l.status === 'active' && (l.confirmed_quantity ?? 0) > 0,
    );
    // Sold out on Amazon (a hand edit there): a sync reads it not buyable, and repairs its stock.
    await editByHand(t, amazonTarget, y!.sku, { quantity: 0 });
    expect((await sandboxItem(t, amazonTarget, y!.sku)).status).toBe('DISCOVERABLE');
    expect((await sellerA.post(`/api/channels/${amazonTarget.id}/sync`)).status).toBe(202);
    await settled(t, accountA);
    expect(await listing(amazonTarget, y!.sku)).toMatchObject({
      taken_off_sale: false,
      confirmed_quantity: await available(accountA, y!.product_id),
    });
    expect(await sandboxItem(t, amazonTarget, y!.sku)).toMatchObject({
      status: 'BUYABLE,DISCOVERABLE',
      quantity: await available(accountA, y!.product_id),
    });

    // Out of stock everywhere, then restocked: the quantity goes, and Amazon sells it again.
    const none = await sellerA.post('/api/listings/bulk-edit', {
      selection: { productIds: [y!.product_id] },
      quantity: { mode: 'set', value: 0 },
    });
    expect(none.status).toBe(201);
    await settled(t, accountA);
    expect(await sandboxItem(t, amazonTarget, y!.sku)).toMatchObject({ status: 'DISCOVERABLE', quantity: 0 });
    const restock = await sellerA.post('/api/listings/bulk-edit', {
      selection: { productIds: [y!.product_id] },
      quantity: { mode: 'set', value: 6 },
    });
    expect(restock.status).toBe(201);
    await settled(t, accountA);
    expect(await sandboxItem(t, amazonTarget, y!.sku)).toMatchObject({ status: 'BUYABLE,DISCOVERABLE', quantity: 6 });
    expect(await listing(amazonTarget, y!.sku)).toMatchObject({ taken_off_sale: false });
    // The next read shows it on sale here too (nothing else moved on it).
    expect((await sellerA.post(`/api/channels/${amazonTarget.id}/sync`)).status).toBe(202);
    await settled(t, accountA);
    expect(await listing(amazonTarget, y!.sku)).toMatchObject({
      status: 'active',
      taken_off_sale: false,
      confirmed_quantity: 6,
    });
  }, 120_000);

  it('taking a listing off sale waits for a value of ours still on its way there (landing after, it would put the offer back)', async () => {
    // A listing on sale with stock, here and on Amazon: one given stock, then read back by a sync (a generated SKU can
    // start out of stock, which Amazon shows not buyable, and a restock puts it on sale there before a read tells us so).
    // Not one already holding 5 (the catalogue is generated per account): the edit would then change nothing.
    const candidates = (await listingsOf(amazonTarget)).filter((l) => l.sku !== takenOffSaleSku);
    const stocks = await Promise.all(candidates.map((l) => available(accountA, l.product_id)));
    const z = candidates.find((_, i) => stocks[i] !== 5)!;
    const stocked = await sellerA.post('/api/listings/bulk-edit', {
      selection: { productIds: [z.product_id] },
      quantity: { mode: 'set', value: 5 },
    });
    expect(stocked.status).toBe(201);
    await settled(t, accountA);
    expect((await sellerA.post(`/api/channels/${amazonTarget.id}/sync`)).status).toBe(202);
    await settled(t, accountA);
    expect(await listing(amazonTarget, z.sku)).toMatchObject({
      status: 'active',
      taken_off_sale: false,
      confirmed_quantity: 5,
    });
    expect(await sandboxItem(t, amazonTarget, z.sku)).toMatchObject({ status: 'BUYABLE,DISCOVERABLE', quantity: 5 });
    // A push holds a price for Z (claimed, not yet answered).
    const inFlight = (
      await query<{ id: string }>(
        t,
        sql`insert into listing_writes (account_id, channel_id, listing_id, sku, field, after, status, attempts) values (${accountA}, ${amazonTarget.id}, ${z.id}, ${z.sku}, 'price', ${await price(z.product_id)}, 'sending', 1) returning id`,
      )
    )[0]!.id;
    await setStatus(sellerA, amazonTarget, [z.product_id], 'inactive');
    await vi.waitFor(
      async () =>
        expect(
          (
            await query(
              t,
              sql`select 1 from pgboss.job where name = 'listings.publish' and data->>'mode' = 'status' and (data->>'wait')::int = 1 and data->>'channelId' = ${amazonTarget.id}`,
            )
          ).length,
        ).toBe(1),
      { timeout: 30_000, interval: 250 },
    );
    expect((await sandboxItem(t, amazonTarget, z.sku)).status).toBe('BUYABLE,DISCOVERABLE');
    // The price landed: the listing goes off sale after it.
    await query(t, sql`update listing_writes set status = 'confirmed', confirmed_at = now() where id = ${inFlight}`);
    await vi.waitFor(async () => expect((await sandboxItem(t, amazonTarget, z.sku)).status).toBe('DISCOVERABLE'), {
      timeout: 30_000,
      interval: 250,
    });
    await settled(t, accountA);
    expect(await listing(amazonTarget, z.sku)).toMatchObject({ status: 'inactive', taken_off_sale: true });
  }, 120_000);

  it('back on sale, the listing gets the values of now (the price and stock that moved while it was off)', async () => {
    // The listing the first test took off sale.
    const x = await listing(amazonTarget, takenOffSaleSku);
    await setStatus(sellerA, amazonTarget, [x!.product_id], 'active');
    await vi.waitFor(
      async () => expect((await sandboxItem(t, amazonTarget, x!.sku)).status).toBe('BUYABLE,DISCOVERABLE'),
      { timeout: 30_000, interval: 250 },
    );
    await settled(t, accountA);
    expect(await sandboxItem(t, amazonTarget, x!.sku)).toMatchObject({
      price: await price(x!.product_id),
      quantity: await available(accountA, x!.product_id),
    });
    expect(await listing(amazonTarget, x!.sku)).toMatchObject({
      status: 'active',
      taken_off_sale: false,
      last_error: null,
    });
  }, 120_000);
});

describe('Walmart: putting a retired item back is checked in its item feed', () => {
  it('an item Walmart refuses to take back stays off sale, in error with Walmart’s words; once taken, it is on sale with its stock', async () => {
    const [item] = await listingsOf(walmart);
    await setStatus(sellerB, walmart, [item!.product_id], 'inactive');
    await vi.waitFor(async () => expect((await sandboxItem(t, walmart, item!.sku)).status).toBe('UNPUBLISHED'), {
      timeout: 30_000,
      interval: 250,
    });
    await settled(t, accountB);

    await setFaults(t, 'walmart', { ...noFaults, rejectSkus: [item!.sku] });
    try {
      await setStatus(sellerB, walmart, [item!.product_id], 'active');
      await vi.waitFor(async () => expect((await listing(walmart, item!.sku)).status).toBe('error'), {
        timeout: 60_000,
        interval: 250,
      });
      await settled(t, accountB);
    } finally {
      await setFaults(t, 'walmart', noFaults);
    }
    expect(await listing(walmart, item!.sku)).toMatchObject({
      status: 'error',
      taken_off_sale: true,
      last_error: `The marketplace refused the change to SKU ${item!.sku} (sandbox fault rejectSkus).`,
    });
    expect((await sandboxItem(t, walmart, item!.sku)).status).toBe('UNPUBLISHED');
    // The item feed's result was asked for, not taken from its acceptance.
    expect(
      (
        await query(
          t,
          sql`select 1 from pgboss.job where name = 'listings.publish' and data->>'mode' = 'status-check' and data->>'channelId' = ${walmart.id}`,
        )
      ).length,
    ).toBeGreaterThan(0);

    await setStatus(sellerB, walmart, [item!.product_id], 'active');
    await vi.waitFor(
      async () =>
        expect(await listing(walmart, item!.sku)).toMatchObject({
          status: 'active',
          taken_off_sale: false,
          last_error: null,
        }),
      { timeout: 60_000, interval: 250 },
    );
    await settled(t, accountB);
    expect(await sandboxItem(t, walmart, item!.sku)).toMatchObject({
      status: 'PUBLISHED',
      quantity: await available(accountB, item!.product_id),
      price: await price(item!.product_id),
    });
  }, 150_000);
});

describe('a marketplace refusing to take a listing off sale', () => {
  it('leaves it on sale there, in error with the marketplace’s words, and its stock keeps going (it could oversell otherwise)', async () => {
    const [, item] = await listingsOf(walmart);
    await setFaults(t, 'walmart', { ...noFaults, rejectSkus: [item!.sku] });
    try {
      await setStatus(sellerB, walmart, [item!.product_id], 'inactive');
      await vi.waitFor(async () => expect((await listing(walmart, item!.sku)).status).toBe('error'), {
        timeout: 30_000,
        interval: 250,
      });
      await settled(t, accountB);
    } finally {
      await setFaults(t, 'walmart', noFaults);
    }
    expect(await listing(walmart, item!.sku)).toMatchObject({
      taken_off_sale: false,
      last_error: `The marketplace refused the change to SKU ${item!.sku} (sandbox fault rejectSkus).`,
    });
    expect((await sandboxItem(t, walmart, item!.sku)).status).toBe('PUBLISHED');
    const more = await sellerB.post('/api/listings/bulk-edit', {
      selection: { productIds: [item!.product_id] },
      quantity: { mode: 'amount', value: 2 },
    });
    expect(more.status).toBe(201);
    await settled(t, accountB);
    expect((await sandboxItem(t, walmart, item!.sku)).quantity).toBe(await available(accountB, item!.product_id));
    expect(await listing(walmart, item!.sku)).toMatchObject({ status: 'active', last_error: null });
  }, 120_000);
});

describe('Shopify: the status is the product’s, shared by its variants', () => {
  /** Two SKUs the shop holds as variants of one product (the sandbox makes products of two generated items). */
  const variants = async () => {
    const all = await listingsOf(shopify);
    const adapter = await adapterForChannel(
      t.product.ctx,
      (await findChannel(t.product.ctx.db, accountB, shopify.id))!,
    );
    const groups = await adapter.productVariantSkus!(all.map((l) => l.sku));
    const pair = [...groups.values()].find((skus) => skus.length === 2)!;
    return pair.sort().map((sku) => all.find((l) => l.sku === sku)!) as [Listing, Listing];
  };

  it('one variant taken off sale is offered 0 units, and keeps being offered 0; its product stays on sale for the other', async () => {
    const [a, b] = await variants();
    const bBefore = await sandboxItem(t, shopify, b.sku);
    await setStatus(sellerB, shopify, [a.product_id], 'inactive');
    await vi.waitFor(async () => expect((await sandboxItem(t, shopify, a.sku)).quantity).toBe(0), {
      timeout: 30_000,
      interval: 250,
    });
    await settled(t, accountB);
    expect(await sandboxItem(t, shopify, a.sku)).toMatchObject({ status: 'active', quantity: 0 });
    expect(await sandboxItem(t, shopify, b.sku)).toMatchObject({ status: 'active', quantity: bBefore.quantity });
    expect(await listing(shopify, a.sku)).toMatchObject({
      status: 'inactive',
      taken_off_sale: true,
      confirmed_quantity: 0,
    });
    const page = await sellerB.get(`/api/listings?q=${encodeURIComponent(a.sku)}`);
    expect(page.body.items[0].chips.find((c: { channelId: string }) => c.channelId === shopify.id)).toMatchObject({
      status: 'inactive',
      takenOffSale: true,
      quantity: 0,
    });

    // More stock: Walmart gets it, the variant off sale stays at 0.
    const more = await sellerB.post('/api/listings/bulk-edit', {
      selection: { productIds: [a.product_id] },
      quantity: { mode: 'amount', value: 5 },
    });
    expect(more.status).toBe(201);
    await settled(t, accountB);
    expect((await sandboxItem(t, shopify, a.sku)).quantity).toBe(0);
    // Confirmed at 0; nothing else asked for (its desired value is 0, or none when nothing was planned since it was confirmed).
    const afterMore = await listing(shopify, a.sku);
    expect(afterMore.confirmed_quantity).toBe(0);
    expect([0, null]).toContain(afterMore.desired_quantity);
  }, 120_000);

  it('every variant off sale: the product is a draft; one put back: the product is on sale again with its stock, the other still offered 0', async () => {
    const [a, b] = await variants();
    await setStatus(sellerB, shopify, [b.product_id], 'inactive');
    await vi.waitFor(async () => expect((await sandboxItem(t, shopify, b.sku)).status).toBe('draft'), {
      timeout: 30_000,
      interval: 250,
    });
    await settled(t, accountB);
    expect(await sandboxItem(t, shopify, a.sku)).toMatchObject({ status: 'draft', quantity: 0 });
    expect(await sandboxItem(t, shopify, b.sku)).toMatchObject({ status: 'draft', quantity: 0 });

    await setStatus(sellerB, shopify, [a.product_id], 'active');
    await vi.waitFor(async () => expect((await sandboxItem(t, shopify, a.sku)).status).toBe('active'), {
      timeout: 30_000,
      interval: 250,
    });
    await settled(t, accountB);
    expect(await sandboxItem(t, shopify, a.sku)).toMatchObject({
      status: 'active',
      quantity: await available(accountB, a.product_id),
    });
    expect(await sandboxItem(t, shopify, b.sku)).toMatchObject({ status: 'active', quantity: 0 });
    expect(await listing(shopify, a.sku)).toMatchObject({ status: 'active', taken_off_sale: false });
    expect(await listing(shopify, b.sku)).toMatchObject({ status: 'inactive', taken_off_sale: true });
  }, 120_000);
});
