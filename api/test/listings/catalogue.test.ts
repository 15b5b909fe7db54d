import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { connectWithSandboxSeller } from '../support/channel-flows.ts';
import { catalogueCsv } from '../../src/modules/listings/catalogue.ts';
import { catalogueRows } from '../../src/db/queries/catalogue-rows.ts';
import { planCatalogueFilter } from '../../src/db/queries/catalogue-filter.ts';
import { confirmWrites } from '../../src/db/queries/listing-writes-settling.ts';

let t: TestProduct;
let seller: Browser;
let other: Browser;
let accountId: string;
let otherAccountId: string;
let sellerUserId: string;
const channel: Record<'walmart' | 'amazon' | 'ebay', string> = { walmart: '', amazon: '', ebay: '' };

const exec = (query: ReturnType<typeof sql>) => t.database.handle.db.execute(query);
const rows = async <T>(query: string): Promise<T[]> =>
  ((await t.database.handle.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

async function addChannel(account: string, kind: string, role: string, status: string): Promise<string> {
  const [row] = await rows<{ id: string }>(
    `insert into channels (account_id, kind, role, status, environment, external_seller_id, display_name, rules)
     values ('${account}', '${kind}', '${role}', '${status}', 'sandbox', '${kind}-${Math.random().toString(36).slice(2)}', '${kind}', '{"syncQuantity":true,"syncPrice":true,"stockPercent":100,"bufferUnits":0,"maxQuantity":null,"outOfStockThreshold":0}')
     returning id`,
  );
  return row!.id;
}

async function addProduct(
  account: string,
  p: {
    sku: string;
    title: string;
    brand?: string | null;
    gtin?: string | null;
    onHand: number;
    committed?: number;
    updatedAt?: string;
  },
): Promise<string> {
  const [row] = await (
    (await exec(sql`
    insert into products (account_id, sku, title, brand, gtin, on_hand, committed, price, currency, images, updated_at)
    values (${account}, ${p.sku}, ${p.title}, ${p.brand ?? null}, ${p.gtin ?? null}, ${p.onHand}, ${p.committed ?? 0}, '9.99', 'USD', ${JSON.stringify([`https://img.example/${p.sku}.jpg`])}::jsonb, ${p.updatedAt ?? '2026-01-01T00:00:00Z'}::timestamptz)
    returning id`)) as unknown as { rows: Array<{ id: string }> }
  ).rows;
  return row!.id;
}

async function addListing(
  account: string,
  channelId: string,
  productId: string | null,
  sku: string,
  values: { status?: string; quantity?: number; price?: string; lastError?: string } = {},
): Promise<string> {
  const [row] = await (
    (await exec(sql`
    insert into listings (account_id, channel_id, product_id, sku, marketplace_id, status, confirmed_quantity, confirmed_price, last_error, confirmed_at)
    values (${account}, ${channelId}, ${productId}, ${sku}, ${`M-${sku}`}, ${values.status ?? 'active'}, ${values.quantity ?? 1}, ${values.price ?? '9.99'}, ${values.lastError ?? null}, now())
    returning id`)) as unknown as { rows: Array<{ id: string }> }
  ).rows;
  return row!.id;
}

const ids: Record<string, string> = {};
const listingIds: Record<string, string> = {};
const FILLERS = 55;

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId, userId: sellerUserId } = await t.signedInSeller());
  ({ browser: other, accountId: otherAccountId } = await t.signedInSeller());

  // Paused channels: the engine leaves them alone, and the catalogue still shows them.
  channel.walmart = await addChannel(accountId, 'walmart', 'main', 'paused');
  channel.amazon = await addChannel(accountId, 'amazon', 'target', 'paused');
  channel.ebay = await addChannel(accountId, 'ebay', 'target', 'disconnected');

  ids['A-100'] = await addProduct(accountId, {
    sku: 'A-100',
    title: 'Blue Mug',
    brand: 'Acme',
    gtin: '0001112223334',
    onHand: 10,
    committed: 2,
    updatedAt: '2026-03-01T00:00:00Z',
  });
  ids['A-101'] = await addProduct(accountId, {
    sku: 'A-101',
    title: 'Red mug',
    brand: 'Acme',
    gtin: '0001112229999',
    onHand: 0,
    updatedAt: '2026-02-01T00:00:00Z',
  });
  ids['B-200'] = await addProduct(accountId, {
    sku: 'B-200',
    title: 'Green "Tea", 1kg\nloose',
    brand: 'Leafy',
    gtin: '5556667778889',
    onHand: 5,
    committed: 7,
  });
  ids['C-300'] = await addProduct(accountId, {
    sku: 'C-300',
    title: '=HYPERLINK("http://evil")',
    brand: '@evil',
    gtin: null,
    onHand: 3,
    updatedAt: '2026-04-01T00:00:00Z',
  });
  for (let i = 0; i < FILLERS; i++) {
    const sku = `F-${String(i).padStart(3, '0')}`;
    ids[sku] = await addProduct(accountId, { sku, title: `Filler ${i}`, brand: 'Bulk', onHand: i * 2 });
  }
  for (const [sku, id] of Object.entries(ids))
    listingIds[`walmart:${sku}`] = await addListing(accountId, channel.walmart, id, sku, { quantity: 5 });
  listingIds['amazon:A-100'] = await addListing(accountId, channel.amazon, ids['A-100']!, 'A-100', {
    quantity: 8,
    price: '12.50',
  });
  listingIds['amazon:A-101'] = await addListing(accountId, channel.amazon, ids['A-101']!, 'A-101', {
    status: 'error',
    lastError: 'Price too low',
  });
  listingIds['amazon:B-200'] = await addListing(accountId, channel.amazon, ids['B-200']!, 'B-200', {
    status: 'inactive',
  });
  for (let i = 0; i < FILLERS; i++) {
    const sku = `F-${String(i).padStart(3, '0')}`;
    listingIds[`amazon:${sku}`] = await addListing(accountId, channel.amazon, ids[sku]!, sku);
  }
  // On a disconnected channel: never a chip, never a match.
  await addListing(accountId, channel.ebay, ids['A-100']!, 'A-100', { status: 'error', lastError: 'gone' });
  // A SKU only Amazon has.
  listingIds['amazon:ZZ-ONLY'] = await addListing(accountId, channel.amazon, null, 'ZZ-ONLY', { quantity: 4 });
  // A value of ours on its way to Amazon for A-100.
  await exec(
    sql`insert into listing_writes (account_id, channel_id, listing_id, sku, field, before, after, status) values (${accountId}, ${channel.amazon}, ${listingIds['amazon:A-100']}, 'A-100', 'quantity', '8', '7', 'sending')`,
  );

  // The other account: its own catalogue, and a SKU with the same name.
  const otherMain = await addChannel(otherAccountId, 'shopify', 'main', 'paused');
  const otherProduct = await addProduct(otherAccountId, {
    sku: 'OTHER-1',
    title: 'Blue Mug of another seller',
    onHand: 1,
  });
  await addListing(otherAccountId, otherMain, otherProduct, 'OTHER-1');
}, 60_000);
afterAll(() => t?.stop());

const list = (query = '', browser = seller) => browser.get(`/api/listings${query}`);
/** Every stamp of the account's catalogue older than LATE_COMMIT_MS: the catalogue has settled (and its version changes). */
const settle = async () => {
  for (const table of ['products', 'listings', 'channels'])
    await exec(
      sql`update ${sql.raw(table)} set updated_at = least(updated_at, now() - interval '1 hour') where account_id = ${accountId}`,
    );
};
const skus = (answer: { body: { items: Array<{ sku: string }> } }) => answer.body.items.map((i) => i.sku);
const total = FILLERS + 4 + 1;

describe('the catalogue page', () => {
  it('pages the rows in SKU order with the total, products and the SKU only a target has', async () => {
    const first = await list('?pageSize=50');
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(total);
    expect(first.body.page).toBe(1);
    expect(first.body.pageSize).toBe(50);
    expect(first.body.items).toHaveLength(50);
    const second = await list('?pageSize=50&page=2');
    expect(second.body.items).toHaveLength(total - 50);
    const all = [...skus(first), ...skus(second)];
    expect(new Set(all).size).toBe(total);
    expect(all).toEqual([...all].sort());
    expect(all.at(-1)).toBe('ZZ-ONLY');
    expect((await list('?page=3')).body.items).toEqual([]);
  });

  it('shows each row with its stock and a chip per connected channel, the main channel first', async () => {
    const row = (await list('?q=A-100')).body.items[0];
    expect(row).toMatchObject({
      key: ids['A-100'],
      productId: ids['A-100'],
      sku: 'A-100',
      title: 'Blue Mug',
      brand: 'Acme',
      gtin: '0001112223334',
      onHand: 10,
      committed: 2,
      available: 8,
      imageUrl: 'https://img.example/A-100.jpg',
    });
    expect(row.chips.map((c: { channelKind: string }) => c.channelKind)).toEqual(['walmart', 'amazon']);
    expect(row.chips[0]).toMatchObject({
      channelId: channel.walmart,
      channelRole: 'main',
      status: 'active',
      quantity: 5,
      price: '9.99',
      pushPending: false,
      lastError: null,
    });
    expect(row.chips[1]).toMatchObject({
      channelId: channel.amazon,
      channelRole: 'target',
      listingId: listingIds['amazon:A-100'],
      quantity: 8,
      price: '12.50',
      pushPending: true,
    });
    // Committed beyond what is on hand: nothing available, never a negative number.
    expect((await list('?q=B-200')).body.items[0]).toMatchObject({ onHand: 5, committed: 7, available: 0 });
    const only = (await list('?q=ZZ-ONLY')).body.items[0];
    expect(only).toMatchObject({ key: 'sku:ZZ-ONLY', productId: null, title: null, onHand: null, available: null });
    expect(only.chips).toEqual([expect.objectContaining({ channelKind: 'amazon', quantity: 4, status: 'active' })]);
  });

  it("tells the plan's SKU limit and how many SKUs of the main channel are beyond it", async () => {
    expect((await list('?pageSize=1')).body).toMatchObject({ skuLimit: 1000, skusBeyondLimit: 0 });
    // The main channel's last import found 500 SKUs beyond a trial's 1,000.
    await exec(sql`update channels set skus_beyond_limit = 500 where id = ${channel.walmart}`);
    try {
      expect((await list('?pageSize=1')).body).toMatchObject({ skuLimit: 1000, skusBeyondLimit: 500 });
      const dashboard = (await seller.get('/api/dashboard')).body;
      expect(dashboard.alerts).toContainEqual({ kind: 'sku_limit', count: 500 });
      // Another account's limit is its own.
      expect((await list('?pageSize=1', other)).body).toMatchObject({ skusBeyondLimit: 0 });
    } finally {
      await exec(sql`update channels set skus_beyond_limit = 0 where id = ${channel.walmart}`);
    }
  });

  it("says a paused channel's chip is paused, and gives every price its currency", async () => {
    const row = (await list('?q=A-100')).body.items[0];
    // Both channels are paused: nothing is read or sent, the quantity is the last one confirmed.
    expect(row.chips[0]).toMatchObject({ channelRole: 'main', channelPaused: true, quantity: 5, currency: 'USD' });
    expect(row.chips[1]).toMatchObject({ channelRole: 'target', channelPaused: true, currency: 'USD' });
    // A SKU only a target has is priced in the account's currency.
    expect((await list('?q=ZZ-ONLY')).body.items[0].chips[0]).toMatchObject({ currency: 'USD' });
  });

  it("shows on an active main channel's chip what is available now, so a sale there shows at once", async () => {
    await exec(sql`update channels set status = 'active', updated_at = now() where id = ${channel.walmart}`);
    try {
      const chip = (await list('?q=A-100')).body.items[0].chips[0];
      expect(chip).toMatchObject({ channelRole: 'main', channelPaused: false, quantity: 8 });
      // A sale commits a unit: the main chip follows.
      await exec(sql`update products set committed = 3, updated_at = now() where id = ${ids['A-100']}`);
      expect((await list('?q=A-100')).body.items[0].chips[0]).toMatchObject({ quantity: 7 });
    } finally {
      // Back as it was, its stamp too (the sort by last update reads it).
      await exec(
        sql`update products set committed = 2, updated_at = '2026-03-01T00:00:00Z' where id = ${ids['A-100']}`,
      );
      await exec(sql`update channels set status = 'paused', updated_at = now() where id = ${channel.walmart}`);
    }
  });

  it('searches SKU, title and brand by any part in any case, and GTIN by its beginning', async () => {
    expect(skus(await list('?q=MUG'))).toEqual(['A-100', 'A-101']);
    expect(skus(await list('?q=b-2'))).toEqual(['B-200']);
    expect(skus(await list('?q=leaf'))).toEqual(['B-200']);
    expect(skus(await list('?q=555666'))).toEqual(['B-200']);
    expect(skus(await list('?q=7778889'))).toEqual([]);
    expect(skus(await list('?q=only'))).toEqual(['ZZ-ONLY']);
    // Wildcards are plain characters.
    expect((await list(`?q=${encodeURIComponent('%')}`)).body.total).toBe(0);
    expect((await list(`?q=${encodeURIComponent('F_0')}`)).body.total).toBe(0);
    expect((await list('?q=mug')).body.total).toBe(2);
  });

  it('filters by channel, status (on that channel), stock and errors, alone and together', async () => {
    const amazon = await list(`?channelId=${channel.amazon}&pageSize=200`);
    expect(amazon.body.total).toBe(total - 1);
    expect(skus(amazon)).not.toContain('C-300');
    expect(skus(await list('?status=error'))).toEqual(['A-101']);
    expect(skus(await list(`?status=error&channelId=${channel.walmart}`))).toEqual([]);
    expect(skus(await list(`?status=inactive&channelId=${channel.amazon}`))).toEqual(['B-200']);
    expect(skus(await list(`?status=${encodeURIComponent('not listed')}`))).toEqual([]);
    expect(skus(await list('?outOfStock=true'))).toEqual(['A-101', 'B-200', 'F-000']);
    expect((await list('?outOfStock=false')).body.total).toBe(total - 4);
    expect(skus(await list('?withErrors=true'))).toEqual(['A-101']);
    expect((await list('?withErrors=false')).body.total).toBe(total - 1);
    expect(skus(await list('?withErrors=true&q=blue'))).toEqual([]);
    expect(skus(await list('?outOfStock=true&q=mug'))).toEqual(['A-101']);
    // A disconnected channel shows nothing.
    expect((await list(`?channelId=${channel.ebay}`)).body).toMatchObject({ total: 0, items: [] });
  });

  it('reads a narrow listing filter from the listings first or walks the products, with the same rows', async () => {
    const db = t.database.handle.db;
    // Active on Amazon holds ZZ-ONLY, a SKU only Amazon has.
    for (const filter of [
      { status: 'error' as const },
      { status: 'inactive' as const, channelId: channel.amazon },
      { status: 'active' as const, channelId: channel.amazon },
      { withErrors: true },
      { status: 'active' as const, withErrors: false, q: 'f-0' },
    ]) {
      const plan = await planCatalogueFilter(db, accountId, filter);
      const walked = {
        onListing: plan.onListing && { ...plan.onListing, sparse: false },
        failing: plan.failing && { ...plan.failing, sparse: false },
      };
      const picked = {
        onListing: plan.onListing && { ...plan.onListing, sparse: true },
        failing: plan.failing && { ...plan.failing, sparse: filter.withErrors === true },
      };
      const read = async (
        p: typeof plan,
        order: 'asc' | 'desc' = 'asc',
        window: Parameters<typeof catalogueRows>[5] = { limit: 200 },
      ) =>
        (await catalogueRows(db, accountId, filter, 'sku', order, window, p)).map(
          (r) => `${r.sku}:${r.productId}:${r.title}:${r.available}`,
        );
      const all = await read(walked);
      expect(await read(picked), JSON.stringify(filter)).toEqual(all);
      expect(all.length, JSON.stringify(filter)).toBeGreaterThan(0);
      if (filter.status === 'active' && filter.channelId) expect(all).toContain('ZZ-ONLY:null:null:null');
      // Cut to a page (an offset, or after a row) and either way, the same rows as the walk gives.
      expect(await read(picked, 'asc', { limit: 1, offset: 1 }), JSON.stringify(filter)).toEqual(all.slice(1, 2));
      expect(await read(picked, 'desc', { limit: 200 }), JSON.stringify(filter)).toEqual([...all].reverse());
      const [first] = await catalogueRows(db, accountId, filter, 'sku', 'asc', { limit: 1 }, picked);
      expect(await read(picked, 'asc', { limit: 200, after: first!.cursor }), JSON.stringify(filter)).toEqual(
        all.slice(1),
      );
    }
  });

  it('sorts by SKU, title, available and last update, either way', async () => {
    expect(skus(await list('?sort=sku&order=desc&pageSize=2'))).toEqual(['ZZ-ONLY', 'F-054']);
    expect(skus(await list('?sort=title&pageSize=3'))).toEqual(['C-300', 'A-100', 'F-000']);
    expect(
      (await list('?sort=available&order=desc&pageSize=2')).body.items.map((i: { available: number }) => i.available),
    ).toEqual([108, 106]);
    expect(skus(await list('?sort=available&order=asc&pageSize=2'))).toEqual(['ZZ-ONLY', 'A-101']);
    expect(skus(await list('?sort=updated&order=desc&q=-'))[0]).toBe('ZZ-ONLY');
    expect(skus(await list('?sort=updated&order=desc&q=a-10'))).toEqual(['A-100', 'A-101']);
  });

  it('counts again once the catalogue changed', async () => {
    await settle();
    const before = (await list('?outOfStock=true')).body.total;
    await exec(sql`update products set on_hand = 0, updated_at = now() where id = ${ids['F-010']}`);
    expect((await list('?outOfStock=true')).body.total).toBe(before + 1);
    await settle();
    expect((await list('?outOfStock=true')).body.total).toBe(before + 1);
    await exec(sql`update products set on_hand = 20, updated_at = now() where id = ${ids['F-010']}`);
    expect((await list('?outOfStock=true')).body.total).toBe(before);
  });

  it('while the catalogue keeps changing, reads every page afresh but counts its total again only every few seconds', async () => {
    await settle();
    const before = (await list('?outOfStock=true')).body.total;
    await exec(sql`update products set on_hand = 0, updated_at = now() where id = ${ids['F-011']}`);
    expect((await list('?outOfStock=true')).body.total).toBe(before + 1);
    // Changed again straight away: the rows show it, the total of a moment ago stands (BUSY_RECOUNT_MS).
    await exec(sql`update products set on_hand = 0, updated_at = now() where id = ${ids['F-012']}`);
    const busy = await list('?outOfStock=true');
    expect(skus(busy)).toEqual(expect.arrayContaining(['F-011', 'F-012']));
    expect(busy.body.total).toBe(before + 1);
    // Once the catalogue has settled, the total is counted again.
    await settle();
    expect((await list('?outOfStock=true')).body.total).toBe(before + 2);
    await exec(
      sql`update products set on_hand = 22, updated_at = now() where id in (${ids['F-011']}, ${ids['F-012']})`,
    );
    await settle();
    expect((await list('?outOfStock=true')).body.total).toBe(before);
  });

  it("answers a page as it was read while the catalogue's version holds, and reads it again once anything changes, even a change committed late", async () => {
    const title = async () => (await list('?q=A-100')).body.items[0].title;
    await settle();
    expect(await title()).toBe('Blue Mug');
    // No writer of the product changes a row without stamping it; done here, it shows the page was kept.
    await exec(sql`update products set title = 'Blue Mug XL' where id = ${ids['A-100']}`);
    expect(await title()).toBe('Blue Mug');
    // Any stamped change is a new version, whichever row it is in: the page is read again.
    await exec(sql`update listings set updated_at = now() where id = ${listingIds['walmart:F-001']}`);
    expect(await title()).toBe('Blue Mug XL');
    // Read while the catalogue is changing: kept as well.
    await exec(sql`update products set title = 'Blue Mug' where id = ${ids['A-100']}`);
    expect(await title()).toBe('Blue Mug XL');
    // A change committed late, stamped before the latest change (its transaction began first): a new version all the same.
    await exec(
      sql`update listings set updated_at = (select max(updated_at) from listings where account_id = ${accountId}) - interval '1 second' where id = ${listingIds['walmart:F-002']}`,
    );
    expect(await title()).toBe('Blue Mug');
    // Settled again: kept again, and a change of a channel counts too.
    await settle();
    expect(await title()).toBe('Blue Mug');
    await exec(sql`update products set title = 'Blue Mug XL' where id = ${ids['A-100']}`);
    expect(await title()).toBe('Blue Mug');
    await exec(sql`update channels set updated_at = now() where id = ${channel.amazon}`);
    expect(await title()).toBe('Blue Mug XL');
    await exec(
      sql`update products set title = 'Blue Mug', updated_at = '2026-03-01T00:00:00Z' where id = ${ids['A-100']}`,
    );
  });

  it('refuses malformed queries with a message', async () => {
    for (const query of [
      '?page=0',
      '?pageSize=201',
      '?pageSize=abc',
      '?sort=price',
      '?order=up',
      '?status=broken',
      '?channelId=not-a-uuid',
      '?outOfStock=maybe',
      `?q=${'x'.repeat(201)}`,
      '?colour=red',
    ]) {
      const answer = await list(query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message, query).toEqual(expect.any(String));
    }
    const anonymous = await t.browser().get('/api/listings');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toEqual(expect.any(String));
  });
});

describe('tenant boundary', () => {
  it('shows another account only its own SKUs, and none of this one’s', async () => {
    const theirs = await list('?pageSize=200', other);
    expect(theirs.body.total).toBe(1);
    expect(skus(theirs)).toEqual(['OTHER-1']);
    expect((await list('?q=mug', other)).body.items.map((i: { sku: string }) => i.sku)).toEqual(['OTHER-1']);
    expect(skus(await list('?q=mug'))).not.toContain('OTHER-1');
    expect((await list(`?channelId=${channel.amazon}`, other)).body.total).toBe(0);
  });

  it('shows staff a seller’s catalogue only while impersonating them', async () => {
    const { browser: staff } = await t.signedInUser({ role: 'admin' });
    expect(skus(await list('?q=mug', staff))).toEqual([]);
    expect((await staff.get('/api/listings/items/A-100')).status).toBe(404);
    expect((await staff.post(`/api/admin/impersonate/${sellerUserId}`)).status).toBe(200);
    expect(skus(await list('?q=mug', staff))).toEqual(['A-100', 'A-101']);
    expect((await staff.get('/api/listings/items/A-100')).status).toBe(200);
  });

  it('answers 404 for another account’s SKU and for an unknown one', async () => {
    expect((await other.get('/api/listings/items/A-100')).status).toBe(404);
    expect((await seller.get('/api/listings/items/OTHER-1')).status).toBe(404);
    const unknown = await seller.get('/api/listings/items/NOPE');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toEqual(expect.any(String));
  });

  it('exports only the signed-in account’s rows', async () => {
    const csv = (await other.get('/api/listings/export')).body as string;
    expect(
      csv
        .trim()
        .split('\r\n')
        .map((l) => l.split(',')[0]),
    ).toEqual(['sku', 'OTHER-1']);
  });
});

describe('one SKU', () => {
  it('shows the product, each listing and the history with each change’s result per channel', async () => {
    const changeIds: string[] = [];
    for (const [field, before, after, at] of [
      ['quantity', '9', '8', '2026-05-01T10:00:00Z'],
      ['price', '9.99', '12.50', '2026-05-02T10:00:00Z'],
    ] as const) {
      const [row] = (
        (await exec(sql`insert into changes (account_id, product_id, sku, cause, cause_ref, field, before, after, created_at)
        values (${accountId}, ${ids['A-100']}, 'A-100', 'bulk_edit', 'batch-1', ${field}, ${before}, ${after}, ${at}::timestamptz) returning id`)) as unknown as {
          rows: Array<{ id: string }>;
        }
      ).rows;
      changeIds.push(row!.id);
    }
    const write = (
      changeId: string,
      channelId: string,
      listingId: string,
      status: string,
      attempts: number,
      message: string | null,
    ) =>
      exec(sql`insert into listing_writes (account_id, channel_id, listing_id, change_id, sku, field, after, status, attempts, message)
        values (${accountId}, ${channelId}, ${listingId}, ${changeId}, 'A-100', 'quantity', '8', ${status}, ${attempts}, ${message})`);
    await write(changeIds[0]!, channel.walmart, listingIds['walmart:A-100']!, 'confirmed', 1, null);
    await write(changeIds[0]!, channel.amazon, listingIds['amazon:A-100']!, 'failed', 3, 'Quantity refused');
    await write(changeIds[1]!, channel.amazon, listingIds['amazon:A-100']!, 'submitted', 2, 'Throttled, trying again');
    await write(changeIds[1]!, channel.walmart, listingIds['walmart:A-100']!, 'superseded', 0, null);
    // Another SKU's change is not in this history.
    await exec(
      sql`insert into changes (account_id, product_id, sku, cause, field, before, after) values (${accountId}, ${ids['A-101']}, 'A-101', 'order', 'available', '1', '0')`,
    );

    const answer = await seller.get('/api/listings/items/A-100');
    expect(answer.status).toBe(200);
    const detail = answer.body;
    expect(detail.row).toMatchObject({ sku: 'A-100', available: 8 });
    expect(detail.product).toMatchObject({
      price: '9.99',
      currency: 'USD',
      images: ['https://img.example/A-100.jpg'],
      description: null,
    });
    expect(detail.listings.map((l: { channelKind: string }) => l.channelKind)).toEqual(['walmart', 'amazon']);
    expect(detail.listings[1]).toMatchObject({
      marketplaceId: 'M-A-100',
      priceOverride: null,
      pushPending: true,
      confirmedAt: expect.any(String),
    });
    expect(detail.history.map((c: { field: string }) => c.field)).toEqual(['price', 'quantity']);
    expect(detail.history[0]).toMatchObject({
      cause: 'bulk_edit',
      causeRef: 'batch-1',
      before: '9.99',
      after: '12.50',
      results: [
        { channelId: channel.amazon, channelKind: 'amazon', status: 'retrying', message: 'Throttled, trying again' },
      ],
    });
    expect(detail.history[1].results).toEqual([
      { channelId: channel.walmart, channelKind: 'walmart', status: 'confirmed', message: null },
      { channelId: channel.amazon, channelKind: 'amazon', status: 'failed', message: 'Quantity refused' },
    ]);
  });

  it('shows a SKU only a target has, without product data', async () => {
    const answer = await seller.get('/api/listings/items/ZZ-ONLY');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ row: { key: 'sku:ZZ-ONLY', productId: null }, product: null, history: [] });
    expect(answer.body.listings).toEqual([
      expect.objectContaining({ channelKind: 'amazon', marketplaceId: 'M-ZZ-ONLY' }),
    ]);
  });
});

describe('CSV export', () => {
  const parse = (csv: string) => csv.trimEnd().split('\r\n');

  it('writes every row of the filter, with a column set per connected marketplace, escaped against spreadsheets', async () => {
    const answer = await seller.get('/api/listings/export');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    const csv = answer.body as string;
    const [header] = parse(csv);
    expect(header).toBe(
      'sku,title,price,brand,gtin,on_hand,committed,available,cost,tags,components,walmart_status,walmart_price,walmart_quantity,amazon_status,amazon_price,amazon_quantity',
    );
    expect(csv).toContain('\r\nA-100,Blue Mug,9.99,Acme,0001112223334,10,2,8,,,,active,9.99,5,active,12.50,8\r\n');
    // Quotes doubled, the comma and the line break kept inside one quoted cell.
    expect(csv).toContain(
      '\r\nB-200,"Green ""Tea"", 1kg\nloose",9.99,Leafy,5556667778889,5,7,0,,,,active,9.99,5,inactive,9.99,1\r\n',
    );
    // Formulas neutralised.
    expect(csv).toContain(`\r\nC-300,"'=HYPERLINK(""http://evil"")",9.99,'@evil,,3,0,3,,,,active,9.99,5,,,\r\n`);
    expect(csv).toContain('\r\nZZ-ONLY,,,,,,,,,,,,,,active,9.99,4\r\n');
    expect(csv.match(/\r\n[A-Z]{1,2}-/g)).toHaveLength(total);
  });

  it('follows the filter and the sort', async () => {
    expect(
      parse((await seller.get('/api/listings/export?q=mug&sort=sku&order=desc')).body).map((l) => l.split(',')[0]),
    ).toEqual(['sku', 'A-101', 'A-100']);
    expect(parse((await seller.get('/api/listings/export?withErrors=true')).body).slice(1)).toEqual([
      'A-101,Red mug,9.99,Acme,0001112229999,0,0,0,,,,active,9.99,5,error,9.99,1',
    ]);
    expect((await seller.get('/api/listings/export?sort=nothing')).status).toBe(400);
  });

  it('reads batch after batch in the same order as the pages, whatever the sort', async () => {
    for (const sort of ['sku', 'title', 'available', 'updated'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const paged = skus(await list(`?sort=${sort}&order=${order}&pageSize=200`));
        let csv = '';
        for await (const chunk of catalogueCsv(t.product.ctx, accountId, { filter: {}, sort, order }, 7)) csv += chunk;
        const exported = parse(csv)
          .slice(1)
          .filter((line) => /^[A-Z]{1,2}-/.test(line))
          .map((line) => line.split(',')[0]);
        expect(exported, `${sort} ${order}`).toEqual(paged);
      }
    }
  });
});

describe('live updates', () => {
  it('tells the signed-in account which SKUs changed when a push is confirmed, and the page then shows it', async () => {
    const controller = new AbortController();
    const stream = await fetch(`${t.url}/api/sync/events`, {
      headers: { cookie: [...seller.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      signal: controller.signal,
    });
    const theirs = await fetch(`${t.url}/api/sync/events`, {
      headers: { cookie: [...other.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const read = async (response: Response, until: (text: string) => boolean, ms: number) => {
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const deadline = Date.now() + ms;
      while (!until(text) && Date.now() < deadline) {
        const chunk = await Promise.race([
          reader.read(),
          new Promise<undefined>((resolve) => setTimeout(resolve, deadline - Date.now())),
        ]);
        if (!chunk || chunk.done) break;
        text += decoder.decode(chunk.value, { stream: true });
      }
      reader.releaseLock();
      return text;
    };
    // The feed starts after the first look: wait for it, then let the engine confirm A-100's push to Amazon.
    await read(stream, (text) => text.includes('progress of sync runs'), 2000);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const onTheirWay = await rows<{ id: string; field: 'quantity' | 'price'; after: string }>(
      `select id, field, after from listing_writes where listing_id = '${listingIds['amazon:A-100']}' and status in ('sending', 'submitted')`,
    );
    // The listing shows the last quantity confirmed (an earlier test left a second one on its way).
    const quantitySent = onTheirWay.filter((w) => w.field === 'quantity').at(-1);
    expect(quantitySent).toBeDefined();
    await confirmWrites(
      t.database.handle.db,
      onTheirWay.map((w) => ({ ...w, listingId: listingIds['amazon:A-100']! })),
      new Date(),
    );
    const text = await read(stream, (all) => all.includes('event: listings'), 5000);
    const event = text.split('\n\n').find((block) => block.startsWith('event: listings'));
    expect(event).toBeDefined();
    expect(
      JSON.parse(
        event!
          .split('\n')
          .find((line) => line.startsWith('data: '))!
          .slice(6),
      ),
    ).toEqual({ skus: ['A-100'] });
    const chip = (await list('?q=A-100')).body.items[0].chips.find(
      (c: { channelKind: string }) => c.channelKind === 'amazon',
    );
    expect(chip).toMatchObject({ quantity: Number(quantitySent!.after), pushPending: false });
    // Another account hears nothing of it.
    expect(await read(theirs, (all) => all.includes('event: listings'), 1000)).not.toContain('event: listings');
    controller.abort();
  });
});

describe('a real import', () => {
  it('shows the main channel’s products with a chip on each channel once they are read', async () => {
    const { browser: fresh } = await t.signedInSeller();
    const walmart = await connectWithSandboxSeller(fresh, 'walmart', 6);
    const amazon = await connectWithSandboxSeller(fresh, 'amazon', 6);
    await vi.waitFor(
      async () => {
        const page = await fresh.get('/api/listings');
        expect(page.body.total).toBeGreaterThanOrEqual(6);
        const withBoth = page.body.items.filter(
          (r: { chips: Array<{ channelId: string }> }) =>
            r.chips.some((c) => c.channelId === walmart.id) && r.chips.some((c) => c.channelId === amazon.id),
        );
        expect(withBoth.length).toBeGreaterThan(0);
      },
      { timeout: 30_000, interval: 250 },
    );
    const page = (await fresh.get('/api/listings')).body;
    const product = page.items.find((r: { productId: string | null }) => r.productId)!;
    expect(product.chips[0]).toMatchObject({ channelId: walmart.id, channelRole: 'main' });
    expect((await fresh.get(`/api/listings/items/${encodeURIComponent(product.sku)}`)).body.row.sku).toBe(product.sku);
    // None of the other accounts' rows.
    expect(page.items.map((r: { sku: string }) => r.sku)).not.toContain('A-100');
  }, 60_000);
});
