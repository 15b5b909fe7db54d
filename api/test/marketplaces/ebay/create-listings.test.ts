import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { EbayAdapter } from '../../../src/marketplaces/ebay/ebay-adapter.ts';
import type { NewListing } from '../../../src/marketplaces/types.ts';
import { startEbaySandbox, type EbayTestSandbox } from './ebay-test-sandbox.ts';

let sandbox: EbayTestSandbox;
let adapter: EbayAdapter;
let sellerId: string;

let mug: NewListing;
const bareMug: NewListing = {
  sku: 'PUB-MUG-1',
  title: 'Ceramic mug, 350 ml',
  description: 'A stoneware mug.',
  brand: 'Acme',
  gtin: '036000291452',
  images: ['https://example.com/mug.jpg'],
  attributes: { Color: 'Blue' },
  price: { amount: '14.00', currency: 'USD' },
  quantity: 8,
};

beforeAll(async () => {
  sandbox = await startEbaySandbox('fast');
  const seller = await sandbox.connectSeller(2);
  sellerId = seller.sellerId;
  adapter = seller.adapter;
  // The seller's choices for new offers, among their own locations and business policies.
  const options = await adapter.listingOptions();
  mug = {
    ...bareMug,
    choices: {
      categoryId: '20625',
      merchantLocationKey: options.locations[0]!.id,
      fulfillmentPolicyId: options.fulfillmentPolicies[0]!.id,
      paymentPolicyId: options.paymentPolicies[0]!.id,
      returnPolicyId: options.returnPolicies[0]!.id,
    },
  };
});
afterAll(async () => {
  await sandbox?.close();
});

describe('eBay: inventory item, offer and publish against the sandbox', () => {
  test('a complete product is listed: the offer is published, with its price and quantity', async () => {
    const [outcome] = await adapter.createListings([mug]);
    expect(outcome).toMatchObject({ sku: mug.sku, outcome: 'created' });
    const offerId = (outcome as { marketplaceId: string }).marketplaceId;
    const [state] = await adapter.readListings([mug.sku]);
    expect(state).toEqual({
      sku: mug.sku,
      marketplaceId: offerId,
      quantity: 8,
      price: { amount: '14.00', currency: 'USD' },
      status: 'active',
      issues: [],
    });
    expect(await sandbox.item(sellerId, mug.sku)).toMatchObject({ quantity: 8, price: '14.00', status: 'active' });
    expect(
      await adapter.updateListings([{ sku: mug.sku, quantity: 3, price: { amount: '12.00', currency: 'USD' } }]),
    ).toEqual([{ sku: mug.sku, outcome: 'confirmed' }]);
    expect(await sandbox.item(sellerId, mug.sku)).toMatchObject({ quantity: 3, price: '12.00' });
  });

  test('creating again reuses the SKU’s offer (no second offer), with the values sent', async () => {
    const [first] = await adapter.readListings([mug.sku]);
    const [outcome] = await adapter.createListings([mug]);
    expect(outcome).toEqual({ sku: mug.sku, outcome: 'created', marketplaceId: first!.marketplaceId });
    expect(await sandbox.item(sellerId, mug.sku)).toMatchObject({ quantity: 8, price: '14.00', status: 'active' });
  });

  test('a product without a picture is refused at publishOffer with eBay’s words, and is not live', async () => {
    const [outcome] = await adapter.createListings([{ ...mug, sku: 'PUB-BARE-1', images: [] }]);
    expect(outcome).toMatchObject({ sku: 'PUB-BARE-1', outcome: 'rejected', code: '25002' });
    expect((outcome as { message: string }).message).toContain('A listing needs at least one picture');
    expect((await adapter.readListings(['PUB-BARE-1']))[0]!.status).toBe('inactive');
  });

  test('what the seller must choose is never assumed: publishOffer refuses an offer without it, in eBay’s words', async () => {
    const [bare] = await adapter.createListings([{ ...bareMug, sku: 'PUB-UNCHOSEN-1' }]);
    expect(bare).toMatchObject({ sku: 'PUB-UNCHOSEN-1', outcome: 'rejected' });
    const words = (bare as { message: string }).message;
    expect(words).toContain('No category is set');
    expect(words).toContain('No inventory location is set');
    expect(words).toContain('A fulfillment policy is required');
    expect(words).toContain('A payment policy is required');
    expect(words).toContain('A return policy is required');
    // A top-level category is not a leaf; a location or policy must be the seller's.
    const [topLevel] = await adapter.createListings([
      {
        ...mug,
        sku: 'PUB-TOP-1',
        choices: { ...mug.choices, categoryId: '99', merchantLocationKey: 'warehouse-1', returnPolicyId: '123' },
      },
    ]);
    expect(topLevel).toMatchObject({ outcome: 'rejected' });
    expect((topLevel as { message: string }).message).toContain('Category 99 (Everything Else) is not a leaf category');
    expect((topLevel as { message: string }).message).toContain('warehouse-1 is not one of your inventory locations');
    expect((topLevel as { message: string }).message).toContain('Return policy 123 is not one of yours');
    expect((await adapter.readListings(['PUB-TOP-1']))[0]!.status).toBe('inactive');
  });

  test('the seller’s options: enabled inventory locations and the business policies on eBay US', async () => {
    const options = await adapter.listingOptions();
    expect(options.locations).toHaveLength(2);
    expect(options.locations.every((l) => l.id.startsWith('wh-') && l.detail?.endsWith(', US'))).toBe(true);
    expect(options.fulfillmentPolicies.map((p) => p.detail)).toEqual([
      'Ships within 1 business day',
      'Ships within 2 business days',
    ]);
    expect(options.paymentPolicies).toEqual([
      expect.objectContaining({ name: 'eBay managed payments', id: expect.stringMatching(/^\d{10}$/) }),
    ]);
    expect(options.returnPolicies.map((p) => p.name)).toEqual(['30-day returns', 'No returns']);
  });

  test('a leaf category’s required aspects come from the Taxonomy API; publishOffer refuses an item without them', async () => {
    const blankets = await adapter.categoryRequirements('45476');
    expect(blankets).toEqual({
      category: '45476',
      categoryName: null,
      attributes: [
        { name: 'Brand', label: 'Brand', fromProduct: 'brand' },
        { name: 'Color', label: 'Color', values: expect.arrayContaining(['Blue', 'Red']) },
        { name: 'Size', label: 'Size', values: ['Twin', 'Full', 'Queen', 'King', 'Throw'] },
      ],
    });
    expect((await adapter.categoryRequirements('112581')).attributes[2]).toMatchObject({
      name: 'Type',
      valuesOnly: true,
    });
    expect((await adapter.categoryRequirements('20625')).attributes).toEqual([]);
    await expect(adapter.categoryRequirements('11700')).rejects.toThrow(/must be a leaf category/);
    const blanket = { ...mug, sku: 'PUB-BLANKET', title: 'Wool throw blanket' };
    const [refused] = await adapter.createListings([{ ...blanket, choices: { ...mug.choices, categoryId: '45476' } }]);
    expect(refused).toMatchObject({ outcome: 'rejected' });
    expect(refused!.outcome === 'rejected' && refused!.message).toMatch(/The item specific Size is missing/);
    const [listed] = await adapter.createListings([
      { ...blanket, attributes: { Color: 'Red', Size: 'Throw' }, choices: { ...mug.choices, categoryId: '45476' } },
    ]);
    expect(listed).toMatchObject({ outcome: 'created' });
  });

  test('withdrawOffer ends the listing, publishOffer lists it again; a repeat changes nothing', async () => {
    expect(await adapter.setListingActive({ sku: mug.sku, active: false })).toEqual({
      sku: mug.sku,
      outcome: 'confirmed',
    });
    expect((await adapter.readListings([mug.sku]))[0]!.status).toBe('inactive');
    expect(await sandbox.item(sellerId, mug.sku)).toMatchObject({ status: 'inactive' });
    expect(await adapter.setListingActive({ sku: mug.sku, active: false })).toEqual({
      sku: mug.sku,
      outcome: 'confirmed',
    });
    expect(await adapter.setListingActive({ sku: mug.sku, active: true })).toEqual({
      sku: mug.sku,
      outcome: 'confirmed',
    });
    expect((await adapter.readListings([mug.sku]))[0]!.status).toBe('active');
  });
});
