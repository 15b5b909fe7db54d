import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AmazonAdapter } from '../../../src/marketplaces/amazon/amazon-adapter.ts';
import type { NewListing } from '../../../src/marketplaces/types.ts';
import { startAmazonSandbox, waitFor, type AmazonTestEnv, type SandboxSeller } from './amazon-test-env.ts';

let env: AmazonTestEnv;
let seller: SandboxSeller;
let adapter: AmazonAdapter;

const mug: NewListing = {
  sku: 'PUB-MUG-1',
  title: 'Ceramic mug, 350 ml',
  description: 'A stoneware mug.',
  brand: 'Acme',
  gtin: '036000291452',
  images: ['https://example.com/mug.jpg', 'https://example.com/mug-2.jpg'],
  attributes: { color: 'Blue' },
  price: { amount: '14.00', currency: 'USD' },
  quantity: 8,
  choices: { productType: 'DRINKING_CUP' },
};

beforeAll(async () => {
  env = await startAmazonSandbox('fast');
  seller = await env.createSeller(3);
  adapter = env.adapter(seller);
});
afterAll(async () => {
  await env?.close();
});

describe('Amazon: creating a listing (putListingsItem) against the sandbox', () => {
  test('a complete product is ACCEPTED, then listed with its ASIN, price and quantity, buyable', async () => {
    const [outcome] = await adapter.createListings([mug]);
    expect(outcome).toMatchObject({ sku: mug.sku, outcome: 'accepted', checkBy: 'read' });
    const state = await waitFor('the listing to be created', async () => {
      const [read] = await adapter.readListings([mug.sku]);
      return read!.status === 'not listed' ? undefined : read;
    });
    expect(state).toMatchObject({
      sku: mug.sku,
      status: 'active',
      quantity: 8,
      price: { amount: '14.00', currency: 'USD' },
    });
    expect(state.marketplaceId).toMatch(/^B0[A-Z0-9]{8}$/);
    expect(await env.item(seller.sellerId, mug.sku)).toMatchObject({
      quantity: 8,
      price: '14.00',
      status: 'BUYABLE,DISCOVERABLE',
    });
    // Created listings take the ordinary updates (PATCH with the listing's product type).
    const [update] = await adapter.updateListings([{ sku: mug.sku, quantity: 5 }]);
    expect(update!.outcome).toBe('accepted');
    await waitFor('the new quantity', async () =>
      (await env.item(seller.sellerId, mug.sku)).quantity === 5 ? true : undefined,
    );
  });

  test('creating again replaces the listing: same ASIN, one listing', async () => {
    const [before] = await adapter.readListings([mug.sku]);
    const [outcome] = await adapter.createListings([{ ...mug, price: { amount: '15.50', currency: 'USD' } }]);
    expect(outcome!.outcome).toBe('accepted');
    const state = await waitFor('the replaced price', async () => {
      const [read] = await adapter.readListings([mug.sku]);
      return read!.price?.amount === '15.50' ? read : undefined;
    });
    expect(state.marketplaceId).toBe(before!.marketplaceId);
    const page = await adapter.client.searchListingsItems({
      marketplaceIds: ['ATVPDKIKX0DER'],
      includedData: ['summaries'],
      pageSize: 20,
    });
    expect(page.items.filter((i) => i.sku === mug.sku)).toHaveLength(1);
  });

  test('a product without brand or GTIN is INVALID with Amazon’s own words, and nothing is listed', async () => {
    const [outcome] = await adapter.createListings([{ ...mug, sku: 'PUB-BARE-1', brand: null, gtin: null }]);
    expect(outcome).toMatchObject({ sku: 'PUB-BARE-1', outcome: 'rejected', code: '90220' });
    expect((outcome as { message: string }).message).toBe(
      "'brand' is required but not supplied.; 'externally_assigned_product_identifier' is required but not supplied.",
    );
    expect((await env.control('GET', `/sellers/${seller.sellerId}/items/PUB-BARE-1`)).status).toBe(404);
  });

  test('without a product type chosen nothing is sent; one Amazon has no definition of is INVALID in Amazon’s words', async () => {
    const { choices: _none, ...unchosen } = mug;
    expect(await adapter.createListings([{ ...unchosen, sku: 'PUB-NO-TYPE' }])).toEqual([
      {
        sku: 'PUB-NO-TYPE',
        outcome: 'rejected',
        message: 'Amazon needs a product type for a new listing: choose one in the publish settings of the channel.',
      },
    ]);
    const [unknown] = await adapter.createListings([
      { ...mug, sku: 'PUB-ODD-TYPE', choices: { productType: 'MAGIC_CARPET' } },
    ]);
    expect(unknown).toMatchObject({ sku: 'PUB-ODD-TYPE', outcome: 'rejected', code: '90000900' });
    expect((unknown as { message: string }).message).toMatch(
      /^The product type 'MAGIC_CARPET' is not valid for marketplace ATVPDKIKX0DER/,
    );
    const [offerOnly] = await adapter.createListings([
      { ...mug, sku: 'PUB-PRODUCT-TYPE', choices: { productType: 'PRODUCT' } },
    ]);
    expect(offerOnly).toMatchObject({ outcome: 'rejected', code: '90000900' });
    for (const sku of ['PUB-NO-TYPE', 'PUB-ODD-TYPE', 'PUB-PRODUCT-TYPE'])
      expect((await env.control('GET', `/sellers/${seller.sellerId}/items/${sku}`)).status).toBe(404);
  });

  test('product types are searched in the Product Type Definitions API, by the seller’s words', async () => {
    const mugs = await adapter.searchProductTypes('coffee mug');
    expect(mugs[0]).toEqual({ id: 'DRINKING_CUP', name: 'Drinking Cup' });
    expect(mugs.map((o) => o.id)).not.toContain('PRODUCT');
    expect((await adapter.searchProductTypes('')).length).toBeGreaterThan(30);
    expect(await adapter.searchProductTypes('zeppelin')).toEqual([]);
  });

  test('a product type’s definition and the schema it links to say what a listing must carry; a new listing lacking it is INVALID', async () => {
    const shirt = await adapter.categoryRequirements('SHIRT');
    expect(shirt.categoryName).toBe('Shirt');
    expect(shirt.attributes.map((a) => a.name)).toEqual(['color', 'size', 'material', 'department']);
    expect(shirt.attributes.find((a) => a.name === 'department')).toMatchObject({
      label: 'Department',
      valuesOnly: true,
      values: expect.arrayContaining(['mens', 'womens']),
    });
    // The schema is read from its link (a pre-signed address): the definition call alone is throttled.
    const definitions = (await env.control('GET', '/requests')).body.filter((r: { path: string }) =>
      r.path.includes('/definitions/2020-09-01/productTypes/SHIRT'),
    );
    expect(definitions).toHaveLength(1);
    await expect(adapter.categoryRequirements('MAGIC_CARPET')).rejects.toThrow(/MAGIC_CARPET was not found/);
    const [refused] = await adapter.createListings([
      { ...mug, sku: 'PUB-SHIRT-BARE', choices: { productType: 'SHIRT' } },
    ]);
    expect(refused).toMatchObject({ outcome: 'rejected', code: '90220' });
    expect(refused!.outcome === 'rejected' && refused!.message).toMatch(/'size' is required but not supplied/);
    const [taken] = await adapter.createListings([
      {
        ...mug,
        sku: 'PUB-SHIRT',
        choices: { productType: 'SHIRT' },
        attributes: { Color: 'Navy', Size: 'M', Material: 'Cotton', Department: 'mens' },
      },
    ]);
    expect(taken!.outcome).toBe('accepted');
  });

  test('deactivating removes the offer (no longer buyable, product kept); activating puts the price back; both under the listing’s own product type', async () => {
    // A new process knows no product types: the status change reads the listing's own first.
    const fresh = env.adapter(seller);
    const off = await fresh.setListingActive({ sku: mug.sku, active: false });
    expect(off.outcome).toBe('accepted');
    await waitFor('the offer removed', async () =>
      (await adapter.readListings([mug.sku]))[0]!.status === 'inactive' ? true : undefined,
    );
    expect((await env.item(seller.sellerId, mug.sku)).status).toBe('DISCOVERABLE');

    expect(await adapter.setListingActive({ sku: mug.sku, active: true })).toMatchObject({ outcome: 'rejected' });
    const on = await adapter.setListingActive({ sku: mug.sku, active: true, listing: mug });
    expect(on.outcome).toBe('accepted');
    const state = await waitFor('the offer back', async () => {
      const [read] = await adapter.readListings([mug.sku]);
      return read!.status === 'active' ? read : undefined;
    });
    expect(state.price).toEqual({ amount: '14.00', currency: 'USD' });
    const patches = (await env.control('GET', '/requests')).body.filter(
      (r: { method: string; path: string }) => r.method === 'PATCH' && r.path.endsWith(`/${mug.sku}`),
    );
    expect(patches.slice(-3).map((r: { body: { productType: string } }) => r.body.productType)).toEqual([
      'DRINKING_CUP',
      'DRINKING_CUP',
      'DRINKING_CUP',
    ]);
  });
});
