import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { EbayAdapter } from '../../../src/marketplaces/ebay/ebay-adapter.ts';
import type { NewListing } from '../../../src/marketplaces/types.ts';
import { startEbaySandbox, type EbayTestSandbox } from './ebay-test-sandbox.ts';

let sandbox: EbayTestSandbox;
let adapter: EbayAdapter;
let sellerId: string;

const mug: NewListing = {
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
    expect(state).toEqual({ sku: mug.sku, marketplaceId: offerId, quantity: 8, price: { amount: '14.00', currency: 'USD' }, status: 'active', issues: [] });
    expect(await sandbox.item(sellerId, mug.sku)).toMatchObject({ quantity: 8, price: '14.00', status: 'active' });
    expect(await adapter.updateListings([{ sku: mug.sku, quantity: 3, price: { amount: '12.00', currency: 'USD' } }])).toEqual([{ sku: mug.sku, outcome: 'confirmed' }]);
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

  test('withdrawOffer ends the listing, publishOffer lists it again; a repeat changes nothing', async () => {
    expect(await adapter.setListingActive({ sku: mug.sku, active: false })).toEqual({ sku: mug.sku, outcome: 'confirmed' });
    expect((await adapter.readListings([mug.sku]))[0]!.status).toBe('inactive');
    expect(await sandbox.item(sellerId, mug.sku)).toMatchObject({ status: 'inactive' });
    expect(await adapter.setListingActive({ sku: mug.sku, active: false })).toEqual({ sku: mug.sku, outcome: 'confirmed' });
    expect(await adapter.setListingActive({ sku: mug.sku, active: true })).toEqual({ sku: mug.sku, outcome: 'confirmed' });
    expect((await adapter.readListings([mug.sku]))[0]!.status).toBe('active');
  });
});
