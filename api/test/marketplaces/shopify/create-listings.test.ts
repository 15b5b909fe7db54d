import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ShopifyAdapter } from '../../../src/marketplaces/shopify/shopify-adapter.ts';
import type { NewListing } from '../../../src/marketplaces/types.ts';
import { startSandbox } from './harness.ts';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let adapter: ShopifyAdapter;
let shop: string;

const mug: NewListing = {
  sku: 'PUB-MUG-1',
  title: 'Ceramic mug, 350 ml',
  description: 'A stoneware mug & saucer.',
  brand: 'Acme',
  gtin: '036000291452',
  images: ['https://example.com/mug.jpg'],
  attributes: {},
  price: { amount: '14.00', currency: 'USD' },
  quantity: 8,
};

beforeAll(async () => {
  sandbox = await startSandbox('fast');
  shop = (await sandbox.createSeller(2)).sellerId;
  adapter = sandbox.adapter(shop, await sandbox.connect(shop));
});
afterAll(async () => {
  await sandbox?.close();
});

describe('Shopify: productSet and product status against the sandbox', () => {
  test('a new SKU becomes an ACTIVE product with one variant holding its price and available stock', async () => {
    const [outcome] = await adapter.createListings([mug]);
    expect(outcome).toMatchObject({ sku: mug.sku, outcome: 'created' });
    expect((outcome as { marketplaceId: string }).marketplaceId).toMatch(/^gid:\/\/shopify\/ProductVariant\/\d+$/);
    const [state] = await adapter.readListings([mug.sku]);
    expect(state).toEqual({
      sku: mug.sku,
      marketplaceId: (outcome as { marketplaceId: string }).marketplaceId,
      quantity: 8,
      price: { amount: '14.00', currency: 'USD' },
      status: 'active',
      issues: [],
    });
    expect(await sandbox.item(shop, mug.sku)).toMatchObject({ quantity: 8, price: '14.00', status: 'active' });
    const [catalogued] = (await adapter.listCatalogue(undefined)).items.filter((i) => i.sku === mug.sku);
    expect(catalogued).toMatchObject({
      brand: 'Acme',
      gtin: '036000291452',
      description: 'A stoneware mug & saucer.',
      images: ['https://example.com/mug.jpg'],
    });
  });

  test('creating an existing SKU again creates no second product: its values are set', async () => {
    const [first] = await adapter.readListings([mug.sku]);
    const [outcome] = await adapter.createListings([
      { ...mug, quantity: 5, price: { amount: '15.50', currency: 'USD' } },
    ]);
    expect(outcome).toEqual({ sku: mug.sku, outcome: 'created', marketplaceId: first!.marketplaceId });
    expect(await sandbox.item(shop, mug.sku)).toMatchObject({ quantity: 5, price: '15.50' });
    expect((await adapter.listCatalogue(undefined)).items.filter((i) => i.sku === mug.sku)).toHaveLength(1);
  });

  test('a product without a title is refused with Shopify’s user error, and nothing is created', async () => {
    const [outcome] = await adapter.createListings([{ ...mug, sku: 'PUB-BARE-1', title: ' ' }]);
    expect(outcome).toEqual({
      sku: 'PUB-BARE-1',
      outcome: 'rejected',
      message: "Title can't be blank",
      code: 'INVALID_PRODUCT',
    });
    expect((await adapter.readListings(['PUB-BARE-1']))[0]!.status).toBe('not listed');
  });

  test('the SKUs of each SKU’s product: the generated seller’s two items are variants of one product', async () => {
    const skus = (await adapter.listCatalogue(undefined)).items.map((i) => i.sku).filter((sku) => sku !== mug.sku);
    expect(skus).toHaveLength(2);
    const variants = await adapter.productVariantSkus([skus[0]!, mug.sku, 'NO-SUCH-SKU']);
    expect(variants.get(skus[0]!)!.sort()).toEqual([...skus].sort());
    expect(variants.get(mug.sku)).toEqual([mug.sku]);
    expect(variants.has('NO-SUCH-SKU')).toBe(false);
  });

  test('a variant going off sale while its product stays on sale changes nothing of the product (it is offered 0 units by the push)', async () => {
    expect(await adapter.setListingActive({ sku: mug.sku, active: false, productOffSale: false })).toEqual({
      sku: mug.sku,
      outcome: 'confirmed',
    });
    expect(await sandbox.item(shop, mug.sku)).toMatchObject({ status: 'active' });
  });

  test('DRAFT takes the product off sale (every variant of it off sale), ACTIVE puts it back', async () => {
    expect(await adapter.setListingActive({ sku: mug.sku, active: false, productOffSale: true })).toEqual({
      sku: mug.sku,
      outcome: 'confirmed',
    });
    expect((await adapter.readListings([mug.sku]))[0]!.status).toBe('inactive');
    expect(await sandbox.item(shop, mug.sku)).toMatchObject({ status: 'draft' });
    expect(await adapter.setListingActive({ sku: mug.sku, active: true })).toEqual({
      sku: mug.sku,
      outcome: 'confirmed',
    });
    expect((await adapter.readListings([mug.sku]))[0]!.status).toBe('active');
    expect(await adapter.setListingActive({ sku: 'NO-SUCH-SKU', active: false })).toMatchObject({
      outcome: 'rejected',
    });
  });
});
