import { describe, expect, it } from 'vitest';
import { readOfficial } from '../../support/marketplace-contract.ts';
import { DEFAULT_CATEGORY_ID, newInventoryItem, newOffer } from '../../../src/marketplaces/ebay/transform.ts';
import type { NewListing } from '../../../src/marketplaces/types.ts';

type Json = Record<string, any>;
const schemas = (readOfficial('ebay/sell_inventory_v1_oas3.json') as Json).components.schemas as Json;
const keysOf = (name: string) => Object.keys(schemas[name].properties);

const mug: NewListing = {
  sku: 'MUG-1',
  title: 'Ceramic mug, 350 ml',
  description: 'A stoneware mug.',
  brand: 'Acme',
  gtin: '4006381333931',
  images: ['https://example.com/a.jpg'],
  attributes: { Color: 'Blue', Capacity: 350, ebayCategoryId: '20625', nested: { x: 1 } },
  price: { amount: '14.50', currency: 'USD' },
  quantity: 8,
};

describe('eBay: a new listing as inventory item and offer', () => {
  it('the inventory item uses only InventoryItem and Product fields of the definition', () => {
    const item = newInventoryItem(mug);
    expect(Object.keys(item).every((k) => keysOf('InventoryItem').includes(k))).toBe(true);
    expect(Object.keys(item.product!).every((k) => keysOf('Product').includes(k))).toBe(true);
    expect(item).toEqual({
      condition: 'NEW',
      product: { title: 'Ceramic mug, 350 ml', description: 'A stoneware mug.', brand: 'Acme', imageUrls: ['https://example.com/a.jpg'], ean: ['4006381333931'], aspects: { Color: ['Blue'], Capacity: ['350'], Brand: ['Acme'] } },
      availability: { shipToLocationAvailability: { quantity: 8 } },
    });
    expect(newInventoryItem({ ...mug, gtin: '036000291452' }).product).toMatchObject({ upc: ['036000291452'] });
  });

  it('the offer uses only EbayOfferDetailsWithKeys fields: fixed price, GTC, on eBay US, in the product’s category or the default', () => {
    const offer = newOffer(mug);
    expect(Object.keys(offer).every((k) => keysOf('EbayOfferDetailsWithKeys').includes(k))).toBe(true);
    expect(offer).toEqual({
      sku: 'MUG-1',
      marketplaceId: 'EBAY_US',
      format: 'FIXED_PRICE',
      availableQuantity: 8,
      categoryId: '20625',
      listingDescription: 'A stoneware mug.',
      listingDuration: 'GTC',
      merchantLocationKey: 'warehouse-1',
      pricingSummary: { price: { value: '14.50', currency: 'USD' } },
    });
    expect(newOffer({ ...mug, attributes: {} }).categoryId).toBe(DEFAULT_CATEGORY_ID);
  });
});
