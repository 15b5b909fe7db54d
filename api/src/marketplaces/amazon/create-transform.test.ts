import { describe, expect, it } from 'vitest';
import { readOfficial } from '../../../test/support/marketplace-contract.ts';
import {
  activationPatches,
  gtinType,
  newListingPutRequest,
  productTypeKeywords,
  productTypeOf,
  productTypeOptions,
  putSubmissionToCreateOutcome,
} from './transform.ts';
import type { ListingsItemSubmissionResponse, ProductTypeList } from './types.ts';
import type { NewListing } from '../types.ts';

type Json = Record<string, any>;
const m = 'ATVPDKIKX0DER';
const listingsItems = readOfficial('amazon/listingsItems_2021-08-01.json') as Json;
const put = listingsItems.paths['/listings/2021-08-01/items/{sellerId}/{sku}'].put;
/** The official sandbox answers of putListingsItem: ACCEPTED, and INVALID with a missing attribute. */
const putAnswer = (sku: string) =>
  (put.responses['200']['x-amzn-api-sandbox'].static as Json[]).find((s) => s.response.sku === sku)!
    .response as ListingsItemSubmissionResponse;
const feedExample = readOfficial('amazon/listings-feed-schema-v2.example.json') as Json;

const mug: NewListing = {
  sku: 'GM-ZDPI-9B4E',
  title: 'Ceramic mug, 350 ml',
  description: 'A stoneware mug.',
  brand: 'Acme',
  gtin: '036000291452',
  images: ['https://example.com/a.jpg', 'https://example.com/b.jpg'],
  attributes: {
    productType: 'drinking_cup',
    color: 'Blue',
    // As a seller names it in the drawer: Amazon's metal_type.
    'Metal Type': 'stainless-steel',
    nested: { no: 1 },
    // Another marketplace's id, none of Amazon's attributes.
    inventoryItemId: 'gid://shopify/InventoryItem/1',
    'bad/name': 'x',
  },
  price: { amount: '14.50', currency: 'USD' },
  quantity: 8,
  choices: { productType: 'drinking_cup' },
};

describe('Amazon: a new listing as putListingsItem’s body', () => {
  it('carries the product facts, the GTIN, the offer and the MFN quantity as the feed example’s UPDATE message does', () => {
    const body = newListingPutRequest(mug, productTypeOf(mug)!, m);
    const example = (feedExample.messages as Json[]).find((message) => message.operationType === 'UPDATE')!;
    expect(body.requirements).toBe(example.requirements);
    expect(Object.keys(body.attributes.item_name![0]!).sort()).toEqual(
      Object.keys(example.attributes.item_name[0]).sort(),
    );
    expect(body).toEqual({
      productType: 'DRINKING_CUP',
      requirements: 'LISTING',
      attributes: {
        color: [{ value: 'Blue', marketplace_id: m }],
        metal_type: [{ value: 'stainless-steel', marketplace_id: m }],
        item_name: [{ value: 'Ceramic mug, 350 ml', language_tag: 'en_US', marketplace_id: m }],
        brand: [{ value: 'Acme', language_tag: 'en_US', marketplace_id: m }],
        product_description: [{ value: 'A stoneware mug.', language_tag: 'en_US', marketplace_id: m }],
        externally_assigned_product_identifier: [{ type: 'upc', value: '036000291452', marketplace_id: m }],
        main_product_image_locator: [{ media_location: 'https://example.com/a.jpg', marketplace_id: m }],
        other_product_image_locator_1: [{ media_location: 'https://example.com/b.jpg', marketplace_id: m }],
        condition_type: [{ value: 'new_new', marketplace_id: m }],
        purchasable_offer: [
          { marketplace_id: m, currency: 'USD', our_price: [{ schedule: [{ value_with_tax: 14.5 }] }] },
        ],
        fulfillment_availability: [{ fulfillment_channel_code: 'DEFAULT', quantity: 8 }],
      },
    });
  });

  it('matches by a suggested ASIN when the product has one; the product type is the seller’s choice, never assumed', () => {
    const body = newListingPutRequest(
      { ...mug, gtin: null, brand: null, description: null, attributes: { asin: 'B07N4M94X4' } },
      'HOME',
      m,
    );
    expect(body.productType).toBe('HOME');
    expect(body.attributes.merchant_suggested_asin).toEqual([{ value: 'B07N4M94X4', marketplace_id: m }]);
    expect(body.attributes).not.toHaveProperty('externally_assigned_product_identifier');
    expect(body.attributes).not.toHaveProperty('brand');
    expect(productTypeOf({})).toBeUndefined();
    expect(productTypeOf({ choices: { productType: 'not a type!' } })).toBeUndefined();
    expect(productTypeOf({ choices: { productType: ' luggage ' } })).toBe('LUGGAGE');
    expect(['036000291452', '4006381333931', '10036000291459', '96385074'].map(gtinType)).toEqual([
      'upc',
      'ean',
      'gtin',
      'gtin',
    ]);
  });

  it('the product type search: the official example as options; a seller’s words as Amazon’s keywords list', () => {
    const definitions = readOfficial('amazon/definitionsProductTypes_2020-09-01.json') as Json;
    const example = definitions.paths['/definitions/2020-09-01/productTypes'].get.responses['200'].examples[
      'application/json'
    ] as ProductTypeList;
    expect(productTypeOptions(example, m)).toEqual([{ id: 'LUGGAGE', name: 'Luggage' }]);
    expect(productTypeOptions(example, 'A1F83G8C2ARO7P')).toEqual([]);
    expect(productTypeKeywords('  Coffee mug, coffee  ')).toEqual(['coffee', 'mug']);
    expect(productTypeKeywords('')).toEqual([]);
  });

  it('ACCEPTED is checked by reading back; INVALID is refused with Amazon’s words', () => {
    expect(putSubmissionToCreateOutcome(putAnswer('GM-ZDPI-9B4E'))).toEqual({
      sku: 'GM-ZDPI-9B4E',
      outcome: 'accepted',
      submissionId: 'f1dc2914-75dd-11ea-bc55-0242ac130003',
      checkBy: 'read',
    });
    expect(putSubmissionToCreateOutcome(putAnswer('VALIDATION_INVALID'))).toEqual({
      sku: 'VALIDATION_INVALID',
      outcome: 'rejected',
      message: "'condition_type' is required but not supplied.; The attributes are invalid.",
      code: '90220',
    });
  });

  it('off sale is the offer deleted for the marketplace; on sale is the offer set again, which needs a price', () => {
    expect(activationPatches(false, undefined, m)).toEqual([
      { op: 'delete', path: '/attributes/purchasable_offer', value: [{ marketplace_id: m }] },
    ]);
    expect(activationPatches(true, { amount: '9.99', currency: 'USD' }, m)).toEqual([
      {
        op: 'replace',
        path: '/attributes/purchasable_offer',
        value: [{ marketplace_id: m, currency: 'USD', our_price: [{ schedule: [{ value_with_tax: 9.99 }] }] }],
      },
    ]);
    expect(activationPatches(true, undefined, m)).toEqual([]);
  });
});
