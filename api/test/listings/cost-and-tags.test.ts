import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { connectWithSandboxSeller, installOnShopify, type ConnectedChannel } from '../support/channel-flows.ts';
import { query, sandboxItem, settled } from '../support/sync-checks.ts';
import { pricingRuleBody } from '../support/pricing-rules.ts';

/**
 * A product's cost and tags, the seller's own data (issues 24 and 25): read from a Shopify main channel when a
 * product is first imported (its tags), set from the SKU's drawer and by a bulk edit or the CSV, each a change
 * with before and after that Undo puts back; a pricing rule scoped to a tag prices those products only; another
 * account's products are never touched. Shopify main, Walmart target, six sandbox SKUs.
 */
let t: TestProduct;
let seller: Browser;
let other: Browser;
let accountId: string;
let shopify: ConnectedChannel;
let walmart: ConnectedChannel;

interface Product {
  id: string;
  sku: string;
  title: string;
  price: string;
  cost: string | null;
  tags: string[];
}
const products = () =>
  query<Product>(
    t,
    sql`select id, sku, title, price::text as price, cost::text as cost, to_jsonb(tags) as tags from products
        where account_id = ${accountId} order by sku`,
  );
const productOf = async (sku: string) => (await products()).find((p) => p.sku === sku)!;
const changesOf = (productId: string, field: 'cost' | 'tags') =>
  query<{ before: string | null; after: string | null; cause_ref: string }>(
    t,
    sql`select before, after, cause_ref from changes where product_id = ${productId} and field = ${field} order by created_at, id`,
  );

/** The sandbox store's departments (api/src/sandbox/shared/catalogue-generator.ts): each product's one tag. */
const departments: Record<string, string> = {
  'Coffee Mug': 'Kitchen',
  'Throw Blanket': 'Living',
  'Water Bottle': 'Outdoor',
  'Desk Lamp': 'Office',
  'Yoga Mat': 'Outdoor',
  Backpack: 'Outdoor',
  Candle: 'Living',
  'Cutting Board': 'Kitchen',
  'Tea Towel Set': 'Kitchen',
  'Plant Pot': 'Living',
};
/** The main price plus 10 %, in cents as the server counts. */
const plusTenPercent = (price: string) => {
  const cents = Math.round(Number(price) * 100);
  return ((cents + Math.round((cents * 10) / 100)) / 100).toFixed(2);
};
const departmentOf = (title: string) => Object.entries(departments).find(([noun]) => title.includes(noun))![1];

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller());
  shopify = (await installOnShopify(seller, 'install', { products: 6 })).channel!;
  walmart = await connectWithSandboxSeller(seller, 'walmart', 6);
  expect([shopify.role, walmart.role]).toEqual(['main', 'target']);
  await vi.waitFor(
    async () =>
      expect(
        await query(t, sql`select 1 from listings where channel_id = ${walmart.id} and product_id is not null`),
      ).toHaveLength(6),
    { timeout: 60_000, interval: 250 },
  );
  await settled(t, accountId);
  ({ browser: other } = await t.signedInSeller());
}, 150_000);
afterAll(() => t?.stop());

describe('cost and tags', () => {
  it('starts each product with the tags Shopify holds for it, and shows them with the cost in its details', async () => {
    const all = await products();
    expect(all).toHaveLength(6);
    for (const product of all) expect(product.tags, product.title).toEqual([departmentOf(product.title)]);
    const detail = await seller.get(`/api/listings/items/${encodeURIComponent(all[0]!.sku)}`);
    expect(detail.status).toBe(200);
    expect(detail.body.product).toMatchObject({ cost: null, tags: all[0]!.tags });
  });

  it('sets a cost and the tags of one SKU from its drawer: previewed, applied as changes, undone', async () => {
    const [first] = await products();
    const selection = { productIds: [first!.id] };
    const edit = { selection, cost: { value: 4.2 }, tags: { set: [' Summer ', 'Gift ideas', 'summer'] } };
    const preview = await seller.post('/api/listings/bulk-edit/preview', edit);
    expect(preview.status).toBe(200);
    expect(preview.body.items).toEqual([
      expect.objectContaining({
        sku: first!.sku,
        error: null,
        costChange: { before: null, after: '4.20' },
        tagsChange: { before: first!.tags, after: ['Summer', 'Gift ideas'] },
      }),
    ]);
    // Nothing stored by a preview.
    expect(await productOf(first!.sku)).toMatchObject({ cost: null, tags: first!.tags });

    const run = await seller.post('/api/listings/bulk-edit', edit);
    expect(run.status).toBe(201);
    expect(await productOf(first!.sku)).toMatchObject({ cost: '4.20', tags: ['Summer', 'Gift ideas'] });
    expect(await changesOf(first!.id, 'cost')).toEqual([{ before: null, after: '4.20', cause_ref: run.body.batchId }]);
    expect(await changesOf(first!.id, 'tags')).toEqual([
      { before: first!.tags.join(', '), after: 'Summer, Gift ideas', cause_ref: run.body.batchId },
    ]);
    // The SKU's history says so, with before and after.
    const history = (await seller.get(`/api/listings/items/${encodeURIComponent(first!.sku)}`)).body.history as Array<{
      field: string;
      before: string | null;
      after: string | null;
    }>;
    expect(history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'cost', before: null, after: '4.20' }),
        expect.objectContaining({ field: 'tags', after: 'Summer, Gift ideas' }),
      ]),
    );

    const undone = await seller.post(`/api/listings/changes/${run.body.batchId}/undo`, {});
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ restored: 2, skipped: [] });
    expect(await productOf(first!.sku)).toMatchObject({ cost: null, tags: first!.tags });
  });

  it('adds and removes a tag on many SKUs at once, and sets a cost on all of them', async () => {
    const all = await products();
    const selection = { productIds: all.map((p) => p.id) };
    const kitchen = all.filter((p) => p.tags.includes('Kitchen'));
    const run = await seller.post('/api/listings/bulk-edit', {
      selection,
      cost: { value: 3 },
      tags: { add: ['Clearance'], remove: ['kitchen'] },
    });
    expect(run.status).toBe(201);
    for (const product of await products()) {
      const before = all.find((p) => p.id === product.id)!;
      expect(product.cost).toBe('3.00');
      expect(product.tags).toEqual([...before.tags.filter((tag) => tag !== 'Kitchen'), 'Clearance']);
    }
    expect(kitchen.length + (await products()).filter((p) => p.tags.includes('Kitchen')).length).toBe(kitchen.length);
    // Undo puts back every value that has not moved since; one moved by a later edit is skipped and named.
    const moved = all[1]!;
    expect(
      (await seller.post('/api/listings/bulk-edit', { selection: { productIds: [moved.id] }, cost: { value: 9.5 } }))
        .status,
    ).toBe(201);
    const undone = await seller.post(`/api/listings/changes/${run.body.batchId}/undo`, {});
    expect(undone.status).toBe(200);
    expect(undone.body.skipped).toEqual([{ sku: moved.sku, field: 'cost', now: '9.50' }]);
    for (const product of await products()) {
      const before = all.find((p) => p.id === product.id)!;
      expect(product.tags).toEqual(before.tags);
      expect(product.cost).toBe(product.id === moved.id ? '9.50' : null);
    }
  });

  it('refuses tags and costs it could not keep, with a message, and changes nothing', async () => {
    const all = await products();
    const one = { productIds: [all[0]!.id] };
    const many = { productIds: all.map((p) => p.id) };
    for (const [body, message] of [
      [{ selection: one, tags: { set: ['a,b'] } }, /comma/],
      [{ selection: many, tags: { set: ['Summer'] } }, /one SKU at a time/],
      [{ selection: one, tags: { set: ['A'], add: ['B'] } }, /not both/],
      [{ selection: one, cost: { value: 1.234 } }, /two decimals/],
      [{ selection: one, tags: {} }, /Choose a price, a quantity, a status, a cost, tags or attributes/],
    ] as const) {
      const answer = await seller.post('/api/listings/bulk-edit/preview', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    // The contract's own bounds: a negative cost, a tag over 255 characters.
    for (const body of [
      { selection: one, cost: { value: -1 } },
      { selection: one, tags: { add: ['x'.repeat(256)] } },
    ]) {
      const answer = await seller.post('/api/listings/bulk-edit', body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    expect(await products()).toEqual(all);
    // Another account's seller cannot edit these products: they are not theirs to select.
    const foreign = await other.post('/api/listings/bulk-edit', { selection: many, cost: { value: 1 } });
    expect(foreign.status).toBe(400);
    expect(await products()).toEqual(all);
  });

  it('imports and exports cost and tags by CSV', async () => {
    const [a, b] = await products();
    const csv = ['sku,cost,tags', `${a!.sku},2.50,"Summer, Outdoor"`, `${b!.sku},,`].join('\n');
    const preview = await seller.post('/api/listings/import/preview', { csv });
    expect(preview.status).toBe(200);
    expect(preview.body.errors).toEqual([]);
    expect(preview.body.items).toEqual([
      expect.objectContaining({
        sku: a!.sku,
        cost: { before: null, after: '2.50' },
        tags: { before: a!.tags, after: ['Summer', 'Outdoor'] },
      }),
    ]);
    const run = await seller.post('/api/listings/import', { csv });
    expect(run.status).toBe(201);
    expect(await productOf(a!.sku)).toMatchObject({ cost: '2.50', tags: ['Summer', 'Outdoor'] });
    // An empty cell leaves the value as it is.
    expect(await productOf(b!.sku)).toMatchObject({ cost: b!.cost, tags: b!.tags });

    const bad = await seller.post('/api/listings/import/preview', { csv: `sku,cost\n${a!.sku},-3` });
    expect(bad.body.errors).toEqual([
      expect.objectContaining({ sku: a!.sku, message: expect.stringMatching(/not a cost/) }),
    ]);

    const exported = await seller.get('/api/listings/export');
    expect(exported.status).toBe(200);
    const lines = (exported.body as string).trim().split('\r\n');
    const header = lines[0]!.split(',');
    expect(header.slice(0, 11)).toEqual([
      'sku',
      'title',
      'price',
      'brand',
      'gtin',
      'on_hand',
      'committed',
      'available',
      'cost',
      'tags',
      'components',
    ]);
    const row = lines.find((l) => l.startsWith(`${a!.sku},`))!;
    expect(row).toContain(',2.50,"Summer, Outdoor",');
    // The file as exported imports as no change: the cost and the tags read back as they were written.
    const again = await seller.post('/api/listings/import/preview', { csv: exported.body as string });
    expect(again.body).toMatchObject({ total: 0, errors: [] });
  });

  it('filters the catalogue, its export and a bulk edit by a tag, any case', async () => {
    const all = await products();
    const chosen = [all[2]!, all[4]!];
    const tagged = await seller.post('/api/listings/bulk-edit', {
      selection: { productIds: chosen.map((p) => p.id) },
      tags: { add: ['Filter-Me'] },
    });
    expect(tagged.status).toBe(201);
    const listed = await seller.get('/api/listings?tag=filter-me');
    expect(listed.status).toBe(200);
    expect(listed.body.total).toBe(2);
    expect(listed.body.items.map((r: { sku: string }) => r.sku)).toEqual(chosen.map((p) => p.sku));
    const exported = ((await seller.get('/api/listings/export?tag=FILTER-ME')).body as string).trim().split('\r\n');
    expect(exported.slice(1).map((l) => l.split(',')[0])).toEqual(chosen.map((p) => p.sku));
    // Every SKU of the filter, whichever page: the tag taken off all of them at once.
    const preview = await seller.post('/api/listings/bulk-edit/preview', {
      selection: { filter: { tag: 'Filter-me' } },
      tags: { remove: ['filter-me'] },
    });
    expect(preview.body).toMatchObject({ total: 2, errors: 0 });
    const removed = await seller.post('/api/listings/bulk-edit', {
      selection: { filter: { tag: 'Filter-me' } },
      tags: { remove: ['filter-me'] },
    });
    expect(removed.status).toBe(201);
    // The page's rows are read afresh; its total may lag a changing catalogue by up to 2 s (listings/catalogue.ts).
    expect((await seller.get('/api/listings?tag=filter-me')).body.items).toEqual([]);
    await vi.waitFor(async () => expect((await seller.get('/api/listings?tag=filter-me')).body.total).toBe(0), {
      timeout: 10_000,
      interval: 250,
    });
    // Another account's catalogue holds none of these.
    expect((await other.get('/api/listings?tag=Kitchen')).body.total).toBe(0);
  });

  it('prices the products holding a tag, any case, and leaves the others to the main price', async () => {
    const all = await products();
    const tagged = all.slice(0, 2);
    for (const p of tagged)
      expect(
        (
          await seller.post('/api/listings/bulk-edit', {
            selection: { productIds: [p.id] },
            tags: { add: ['Price-Test'] },
          })
        ).status,
      ).toBe(201);
    const rule = pricingRuleBody([walmart.id], {
      name: 'Tagged +10 %',
      scope: { kind: 'tag', tag: 'price-test' },
      action: { basis: 'main_price', change: 'percent', value: '10' },
    });
    expect((await seller.post('/api/pricing-rules', { ...rule, scope: { kind: 'tag', tag: ' ' } })).status).toBe(400);
    const dry = await seller.post('/api/pricing-rules/dry-run', { rule });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.items.map((m: { sku: string }) => m.sku).sort()).toEqual(tagged.map((p) => p.sku).sort());
    // Saved off, then run (which turns it on): the run is what moves the prices, counted here.
    const saved = await seller.post('/api/pricing-rules', { ...rule, enabled: false });
    expect(saved.status).toBe(201);
    expect(saved.body.scope).toEqual({ kind: 'tag', tag: 'price-test' });
    await settled(t, accountId);
    const walmartBefore = new Map(
      await Promise.all(all.map(async (p) => [p.sku, (await sandboxItem(t, walmart, p.sku)).price] as const)),
    );
    // Run: the tagged products' Walmart prices become the main price plus 10 %; the others keep theirs.
    const run = await seller.post(`/api/pricing-rules/${saved.body.id}/run`, { confirmed: true });
    expect(run.status).toBe(201);
    expect(run.body).toMatchObject({ prices: 2 });
    for (const product of all)
      await vi.waitFor(
        async () =>
          expect((await sandboxItem(t, walmart, product.sku)).price, product.sku).toBe(
            tagged.some((p) => p.id === product.id) ? plusTenPercent(product.price) : walmartBefore.get(product.sku),
          ),
        { timeout: 30_000, interval: 250 },
      );
    // A tag taken off a product takes it out of the rule's scope: Walmart is sent the main price again.
    const untagged = tagged[0]!;
    expect(
      (
        await seller.post('/api/listings/bulk-edit', {
          selection: { productIds: [untagged.id] },
          tags: { remove: ['PRICE-TEST'] },
        })
      ).status,
    ).toBe(201);
    await vi.waitFor(
      async () => expect((await sandboxItem(t, walmart, untagged.sku)).price).toBe(Number(untagged.price).toFixed(2)),
      { timeout: 30_000, interval: 250 },
    );
    await settled(t, accountId);
  }, 120_000);
});
