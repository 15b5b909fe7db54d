import { describe, expect, it } from 'vitest';
import { readOfficial } from '../../../test/support/marketplace-contract.ts';
import { handlingTerms, locationOptions, newInventoryItem, newOffer, policyOptions, returnTerms } from './transform.ts';
import type { NewListing } from '../types.ts';

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
  choices: {
    categoryId: '20625',
    merchantLocationKey: 'wh-columbus-1',
    fulfillmentPolicyId: '6196932000',
    paymentPolicyId: '6196933000',
    returnPolicyId: '6196934000',
  },
};

describe('eBay: a new listing as inventory item and offer', () => {
  it('the inventory item uses only InventoryItem and Product fields of the definition', () => {
    const item = newInventoryItem(mug);
    expect(Object.keys(item).every((k) => keysOf('InventoryItem').includes(k))).toBe(true);
    expect(Object.keys(item.product!).every((k) => keysOf('Product').includes(k))).toBe(true);
    expect(item).toEqual({
      condition: 'NEW',
      product: {
        title: 'Ceramic mug, 350 ml',
        description: 'A stoneware mug.',
        brand: 'Acme',
        imageUrls: ['https://example.com/a.jpg'],
        ean: ['4006381333931'],
        aspects: { Color: ['Blue'], Capacity: ['350'], Brand: ['Acme'] },
      },
      availability: { shipToLocationAvailability: { quantity: 8 } },
    });
    expect(newInventoryItem({ ...mug, gtin: '036000291452' }).product).toMatchObject({ upc: ['036000291452'] });
  });

  it('the offer uses only EbayOfferDetailsWithKeys fields: fixed price, GTC, on eBay US, in the seller’s category, location and business policies', () => {
    const offer = newOffer(mug);
    expect(Object.keys(offer).every((k) => keysOf('EbayOfferDetailsWithKeys').includes(k))).toBe(true);
    expect(Object.keys(offer.listingPolicies!).every((k) => keysOf('ListingPolicies').includes(k))).toBe(true);
    expect(offer).toEqual({
      sku: 'MUG-1',
      marketplaceId: 'EBAY_US',
      format: 'FIXED_PRICE',
      availableQuantity: 8,
      categoryId: '20625',
      listingDescription: 'A stoneware mug.',
      listingDuration: 'GTC',
      merchantLocationKey: 'wh-columbus-1',
      listingPolicies: {
        fulfillmentPolicyId: '6196932000',
        paymentPolicyId: '6196933000',
        returnPolicyId: '6196934000',
      },
      pricingSummary: { price: { value: '14.50', currency: 'USD' } },
    });
  });

  it('nothing the seller must choose is assumed: without choices the offer has no category, location or policies', () => {
    const { choices: _choices, ...bare } = mug;
    const offer = newOffer(bare);
    expect(offer).not.toHaveProperty('categoryId');
    expect(offer).not.toHaveProperty('merchantLocationKey');
    expect(offer).not.toHaveProperty('listingPolicies');
  });

  it('locations and business policies as the seller chooses among them (disabled locations and vehicle-only policies left out)', () => {
    const address = {
      addressLine1: '4400 Lockbourne Rd',
      city: 'Columbus',
      stateOrProvince: 'OH',
      postalCode: '43228',
      country: 'US',
    };
    expect(
      locationOptions([
        {
          merchantLocationKey: 'wh-columbus-1',
          name: 'Columbus warehouse',
          merchantLocationStatus: 'ENABLED',
          location: { address },
        },
        { merchantLocationKey: 'store-reno', name: 'Reno store', merchantLocationStatus: 'DISABLED' },
        { merchantLocationKey: 'bare' },
      ]),
    ).toEqual([
      { id: 'wh-columbus-1', name: 'Columbus warehouse', detail: '4400 Lockbourne Rd, Columbus, OH, 43228, US' },
      { id: 'bare', name: 'bare' },
    ]);
    const returns = [
      { returnPolicyId: '1', name: '30-day returns', returnsAccepted: true, returnPeriod: { unit: 'DAY', value: 30 } },
      { returnPolicyId: '2', name: 'No returns', returnsAccepted: false },
      { returnPolicyId: '3', name: 'Vehicles', categoryTypes: [{ name: 'MOTORS_VEHICLES' }] },
    ];
    expect(policyOptions(returns, (p) => p.returnPolicyId, returnTerms)).toEqual([
      { id: '1', name: '30-day returns', detail: 'Returns within 30 days' },
      { id: '2', name: 'No returns', detail: 'No returns' },
    ]);
    expect(
      policyOptions(
        [{ fulfillmentPolicyId: '9', name: 'Free shipping', handlingTime: { unit: 'DAY', value: 1 } }],
        (p) => p.fulfillmentPolicyId,
        handlingTerms,
      ),
    ).toEqual([{ id: '9', name: 'Free shipping', detail: 'Ships within 1 business day' }]);
  });
});
