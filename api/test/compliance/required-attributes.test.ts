import crypto from 'node:crypto';
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
import { control, query, settled } from '../support/sync-checks.ts';

/**
 * Required attributes per category (issue 24): what a marketplace's category asks every listing in it to carry,
 * read over HTTP from the marketplace's own definition (Amazon's getDefinitionsProductType and the schema it
 * links to; eBay's getItemAspectsForCategory), keeps a new listing that lacks one off the channel with the
 * attributes named, and is given from the SKU's drawer as the seller's own attribute values (a change with
 * before and after that Undo puts back), which the created listing then carries. Shopify main; Amazon and eBay
 * targets.
 */
let t: TestProduct;
let seller: Browser;
let other: Browser;
let accountId: string;
let amazon: ConnectedChannel;
let ebay: ConnectedChannel;
let walmart: ConnectedChannel;
let tee: string;

const sellerAttributes = async (productId: string) =>
  (
    await query<{ seller_attributes: Record<string, string> }>(
      t,
      sql`select seller_attributes from products where id = ${productId}`,
    )
  )[0]!.seller_attributes;

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller());
  await installOnShopify(seller, 'install', { products: 2 });
  amazon = await connectWithSandboxSeller(seller, 'amazon', 2);
  ebay = (await consentOnEbay(seller, 'agree', { products: 2 })).channel!;
  walmart = await connectWithSandboxSeller(seller, 'walmart', 2);
  expect([amazon.role, ebay.role, walmart.role]).toEqual(['target', 'target', 'target']);
  await vi.waitFor(
    async () =>
      expect(
        (await query(t, sql`select 1 from listings where channel_id = ${amazon.id} and product_id is not null`)).length,
      ).toBe(2),
    { timeout: 45_000 },
  );
  await settled(t, accountId);
  tee = (
    await query<{ id: string }>(
      t,
      sql`insert into products (account_id, sku, title, brand, gtin, images, price, on_hand) values
        (${accountId}, 'TEE-1', 'Organic cotton tee', 'Acme', '036000291452', '["https://example.com/tee.jpg"]'::jsonb, '19.00', 5)
        returning id`,
    )
  )[0]!.id;
  ({ browser: other } = await t.signedInSeller());
}, 150_000);
afterAll(() => t?.stop());

describe('required attributes per category', () => {
  it("Amazon's product type definition is read at publish and keeps a product lacking its attributes off, naming them", async () => {
    expect((await seller.put(`/api/channels/${amazon.id}/publish-settings`, { productType: 'SHIRT' })).status).toBe(
      200,
    );
    const check = await seller.post('/api/listings/publish/check', { channelId: amazon.id, productIds: [tee] });
    expect(check.status).toBe(200);
    expect(check.body.items).toEqual([
      expect.objectContaining({
        sku: 'TEE-1',
        status: 'missing',
        missing: [
          "Amazon's product type Shirt (SHIRT) asks every listing for Colour, Size, Material and Department; this product has no Colour, Size, Material or Department. Give the product its Colour, Size, Material and Department in the SKU's Attributes.",
        ],
      }),
    ]);
    // Read once and kept: what the schema document says, with Amazon's values for Department.
    const [kept] = await query<{ category_name: string; attributes: Array<{ name: string; values?: string[] }> }>(
      t,
      sql`select category_name, attributes from category_requirements where channel_id = ${amazon.id} and category = 'SHIRT'`,
    );
    expect(kept!.category_name).toBe('Shirt');
    expect(kept!.attributes.map((a) => a.name)).toEqual(['color', 'size', 'material', 'department']);
    expect(kept!.attributes.find((a) => a.name === 'department')!.values).toContain('mens');
    const blocked = await seller.post('/api/listings/publish', { channelId: amazon.id, productIds: [tee] });
    expect(blocked.status).toBe(409);
  });

  it("eBay's leaf category asks for its required item aspects; the brand gives Brand", async () => {
    await seller.put(`/api/channels/${ebay.id}/publish-settings`, { categoryId: '45476' });
    const check = await seller.post('/api/listings/publish/check', { channelId: ebay.id, productIds: [tee] });
    expect(check.body.items[0].missing).toContain(
      "eBay's category 45476 asks every listing for Color and Size; this product has no Color or Size. Give the product its Color and Size in the SKU's Attributes.",
    );
    const [kept] = await query<{ attributes: Array<{ name: string; fromProduct?: string }> }>(
      t,
      sql`select attributes from category_requirements where channel_id = ${ebay.id} and category = '45476'`,
    );
    expect(kept!.attributes).toEqual([
      expect.objectContaining({ name: 'Brand', fromProduct: 'brand' }),
      expect.objectContaining({ name: 'Color', values: expect.arrayContaining(['Blue']) }),
      expect.objectContaining({ name: 'Size' }),
    ]);
    // A category eBay refuses (a top-level one) is kept as a failure and asks nothing.
    await seller.put(`/api/channels/${ebay.id}/publish-settings`, { categoryId: '11700' });
    await seller.post('/api/listings/publish/check', { channelId: ebay.id, productIds: [tee] });
    const [refused] = await query<{ failure: string | null }>(
      t,
      sql`select failure from category_requirements where channel_id = ${ebay.id} and category = '11700'`,
    );
    expect(refused!.failure).toMatch(/^eBay could not say: .*leaf category/);
  });

  it("Walmart's item spec (Get Spec) for the product type the item is set up in: the product's walmartCategory", async () => {
    const [dress] = await query<{ id: string }>(
      t,
      sql`insert into products (account_id, sku, title, brand, gtin, images, price, on_hand, attributes) values
        (${accountId}, 'DRESS-1', 'Linen dress', 'Acme', '4006381333931', '["https://example.com/dress.jpg"]'::jsonb,
         '59.00', 3, '{"walmartCategory": "Clothing", "color": "Sand"}'::jsonb)
        returning id`,
    );
    const check = await seller.post('/api/listings/publish/check', { channelId: walmart.id, productIds: [dress!.id] });
    expect(check.body.items[0]).toMatchObject({
      status: 'missing',
      missing: [
        "Walmart's category Clothing asks every listing for Clothing Size and Gender; this product has no Clothing Size or Gender. Give the product its Clothing Size and Gender in the SKU's Attributes.",
      ],
    });
    // The default product type asks for nothing the product's own fields do not give.
    const check2 = await seller.post('/api/listings/publish/check', { channelId: walmart.id, productIds: [tee] });
    expect(check2.body.items[0]).toMatchObject({ status: 'ready' });
    expect(
      (
        await query<{ category: string }>(
          t,
          sql`select category from category_requirements where channel_id = ${walmart.id} order by category`,
        )
      ).map((r) => r.category),
    ).toEqual(['Clothing', 'Home Decor, Kitchen, & Other']);
  });

  it("the SKU's drawer shows what its targets' categories ask, and the seller gives it as the product's own attributes", async () => {
    const detail = await seller.get('/api/listings/items/TEE-1');
    expect(detail.status).toBe(200);
    const asked = detail.body.product.requiredAttributes as Array<{
      channelKind: string;
      name: string;
      given: boolean;
    }>;
    expect(asked.filter((a) => a.channelKind === 'amazon').map((a) => [a.name, a.given])).toEqual([
      ['color', false],
      ['size', false],
      ['material', false],
      ['department', false],
    ]);
    const edit = {
      selection: { productIds: [tee] },
      attributes: { set: { Color: 'Navy', Size: 'M', Material: 'Organic cotton', Department: 'mens' } },
    };
    const preview = await seller.post('/api/listings/bulk-edit/preview', edit);
    expect(preview.status).toBe(200);
    expect(preview.body.items[0].attributesChange).toEqual({
      before: { Color: null, Department: null, Material: null, Size: null },
      after: { Color: 'Navy', Department: 'mens', Material: 'Organic cotton', Size: 'M' },
    });
    const run = await seller.post('/api/listings/bulk-edit', edit);
    expect(run.status).toBe(201);
    expect(await sellerAttributes(tee)).toEqual({
      Color: 'Navy',
      Department: 'mens',
      Material: 'Organic cotton',
      Size: 'M',
    });
    const [change] = await query<{ before: string; after: string }>(
      t,
      sql`select before, after from changes where product_id = ${tee} and field = 'attributes'`,
    );
    expect(JSON.parse(change!.after)).toEqual({
      Color: 'Navy',
      Department: 'mens',
      Material: 'Organic cotton',
      Size: 'M',
    });
    const given = await seller.get('/api/listings/items/TEE-1');
    expect(
      (given.body.product.requiredAttributes as Array<{ given: boolean }>).every((a) => a.given),
      'every attribute asked is given (any case: Color answers color)',
    ).toBe(true);
    expect(given.body.product.sellerAttributes).toEqual(await sellerAttributes(tee));

    // Undo puts the product's attributes back as they were, as a change of its own.
    const undone = await seller.post(`/api/listings/changes/${run.body.batchId}/undo`, {});
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body).toMatchObject({ restored: 1, skipped: [] });
    expect(await sellerAttributes(tee)).toEqual({});
    expect((await seller.post('/api/listings/bulk-edit', edit)).status).toBe(201);
  });

  it('the listing Amazon creates carries them, and a publish of the SKU goes through', async () => {
    const check = await seller.post('/api/listings/publish/check', { channelId: amazon.id, productIds: [tee] });
    expect(check.body.items).toEqual([expect.objectContaining({ status: 'ready', missing: [] })]);
    expect((await seller.post('/api/listings/publish', { channelId: amazon.id, productIds: [tee] })).status).toBe(202);
    await vi.waitFor(
      async () =>
        expect(
          await query(t, sql`select status, category from listings where channel_id = ${amazon.id} and sku = 'TEE-1'`),
        ).toEqual([{ status: 'active', category: 'SHIRT' }]),
      { timeout: 60_000, interval: 250 },
    );
    const item = await control(t, 'amazon', `/sellers/${amazon.sandboxSellerId}/items/TEE-1`);
    expect((await item.json()).attributes).toMatchObject({
      color: 'Navy',
      size: 'M',
      material: 'Organic cotton',
      department: 'mens',
    });
  }, 90_000);

  it('a listing refused at creation is held to its category, read by the job once the check meets it', async () => {
    const [ring] = await query<{ id: string }>(
      t,
      sql`insert into products (account_id, sku, title, brand, gtin, images, price, on_hand) values
        (${accountId}, 'RING-1', 'Silver band ring', 'Acme', '4006381333931', '["https://example.com/ring.jpg"]'::jsonb, '49.00', 2)
        returning id`,
    );
    await query(
      t,
      sql`insert into listings (account_id, channel_id, product_id, sku, status, last_error, category)
        values (${accountId}, ${amazon.id}, ${ring!.id}, 'RING-1', 'error', 'Amazon refused the listing', 'JEWELRY')`,
    );
    expect((await seller.post('/api/compliance/recheck', {})).status).toBe(200);
    await vi.waitFor(
      async () => {
        const issues = await seller.get('/api/compliance/issues?code=attributes_missing');
        expect(issues.body.items).toEqual([
          expect.objectContaining({
            sku: 'RING-1',
            severity: 'error',
            field: 'attributes',
            message:
              "Amazon's product type Jewelry (JEWELRY) asks every listing for Metal Type; this product has no Metal Type.",
          }),
        ]);
      },
      { timeout: 30_000, interval: 250 },
    );
    // Given, the issue clears by itself.
    expect(
      (
        await seller.post('/api/listings/bulk-edit', {
          selection: { productIds: [ring!.id] },
          attributes: { set: { 'Metal Type': 'silver' } },
        })
      ).status,
    ).toBe(201);
    await vi.waitFor(
      async () => expect((await seller.get('/api/compliance/issues?code=attributes_missing')).body.items).toEqual([]),
      { timeout: 30_000, interval: 250 },
    );
  }, 60_000);

  it('refuses attributes it cannot keep, with a message, and never touches another account', async () => {
    const before = await sellerAttributes(tee);
    const refusals: Array<[object, RegExp]> = [
      [
        { selection: { productIds: [tee, crypto.randomUUID()] }, attributes: { set: { Color: 'Red' } } },
        /one SKU at a time/,
      ],
      [{ selection: { productIds: [tee] }, attributes: { set: { 'Co\u0007lor': 'Red' } } }, /control character/],
      [{ selection: { productIds: [tee] }, attributes: { set: { Color: 'Red', color: 'Blue' } } }, /given twice/],
      [{ selection: { productIds: [tee] }, attributes: { set: { ' ': 'Red' } } }, /needs a name/],
      [{ selection: { productIds: [tee] }, attributes: { set: {} } }, /./],
    ];
    for (const [body, message] of refusals) {
      const answer = await seller.post('/api/listings/bulk-edit', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    const foreign = await other.post('/api/listings/bulk-edit', {
      selection: { productIds: [tee] },
      attributes: { set: { Color: 'Red' } },
    });
    expect(foreign.status).toBe(400);
    expect((await other.get('/api/listings/items/TEE-1')).status).toBe(404);
    expect(await sellerAttributes(tee)).toEqual(before);
  });
});
