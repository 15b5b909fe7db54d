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
    expect(state).toEqual({ sku: mug.sku, marketplaceId: (outcome as { marketplaceId: string }).marketplaceId, quantity: 8, price: { amount: '14.00', currency: 'USD' }, status: 'active', issues: [] });
    expect(await sandbox.item(shop, mug.sku)).toMatchObject({ quantity: 8, price: '14.00', status: 'active' });
    const [catalogued] = (await adapter.listCatalogue(undefined)).items.filter((i) => i.sku === mug.sku);
    expect(catalogued).toMatchObject({ brand: 'Acme', gtin: '036000291452', description: 'A stoneware mug & saucer.', images: ['https://example.com/mug.jpg'] });
  });

  test('creating an existing SKU again creates no second product: its values are set', async () => {
    const [first] = await adapter.readListings([mug.sku]);
    const [outcome] = await adapter.createListings([{ ...mug, quantity: 5, price: { amount: '15.50', currency: 'USD' } }]);
    expect(outcome).toEqual({ sku: mug.sku, outcome: 'created', marketplaceId: first!.marketplaceId });
    expect(await sandbox.item(shop, mug.sku)).toMatchObject({ quantity: 5, price: '15.50' });
    expect((await adapter.listCatalogue(undefined)).items.filter((i) => i.sku === mug.sku)).toHaveLength(1);
  });

  test('a product without a title is refused with Shopify’s user error, and nothing is created', async () => {
    const [outcome] = await adapter.createListings([{ ...mug, sku: 'PUB-BARE-1', title: ' ' }]);
    expect(outcome).toEqual({ sku: 'PUB-BARE-1', outcome: 'rejected', message: "Title can't be blank", code: 'INVALID_PRODUCT' });
    expect((await adapter.readListings(['PUB-BARE-1']))[0]!.status).toBe('not listed');
  });

  test('DRAFT takes the product off sale, ACTIVE puts it back', async () => {
    expect(await adapter.setListingActive({ sku: mug.sku, active: false })).toEqual({ sku: mug.sku, outcome: 'confirmed' });
    expect((await adapter.readListings([mug.sku]))[0]!.status).toBe('inactive');
    expect(await sandbox.item(shop, mug.sku)).toMatchObject({ status: 'draft' });
    expect(await adapter.setListingActive({ sku: mug.sku, active: true })).toEqual({ sku: mug.sku, outcome: 'confirmed' });
    expect((await adapter.readListings([mug.sku]))[0]!.status).toBe('active');
    expect(await adapter.setListingActive({ sku: 'NO-SUCH-SKU', active: false })).toMatchObject({ outcome: 'rejected' });
  });
});
