import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { ADMIN_SCHEMA_FILE } from '../../sandbox/shopify/admin-schema.ts';
import { productSetInput, productSetOutcome } from './transform.ts';
import type { NewListing } from '../types.ts';

type Json = Record<string, any>;
const schema = JSON.parse(zlib.gunzipSync(fs.readFileSync(ADMIN_SCHEMA_FILE)).toString('utf8')) as Json;
const types = new Map(((schema.data ?? schema).__schema.types as Json[]).map((t) => [t.name as string, t]));
const inputFields = (name: string) => (types.get(name)!.inputFields as Json[]).map((f) => f.name as string);

const mug: NewListing = {
  sku: 'MUG-1',
  title: 'Ceramic mug, 350 ml',
  description: 'Mug & <saucer>',
  brand: 'Acme',
  gtin: '036000291452',
  images: ['https://example.com/a.jpg'],
  attributes: {},
  price: { amount: '14.50', currency: 'USD' },
  quantity: 8,
};
const location = 'gid://shopify/Location/1';

describe('Shopify: a new listing as productSet', () => {
  it('sends only fields ProductSetInput and its variant, inventory and option inputs declare', () => {
    const input = productSetInput(mug, location);
    expect(Object.keys(input).every((k) => inputFields('ProductSetInput').includes(k))).toBe(true);
    const variant = input.variants[0]!;
    expect(Object.keys(variant).every((k) => inputFields('ProductVariantSetInput').includes(k))).toBe(true);
    expect(
      Object.keys(variant.inventoryQuantities[0]!).every((k) => inputFields('ProductSetInventoryInput').includes(k)),
    ).toBe(true);
    expect(Object.keys(variant.inventoryItem).every((k) => inputFields('InventoryItemInput').includes(k))).toBe(true);
    expect(Object.keys(input.files![0]!).every((k) => inputFields('FileSetInput').includes(k))).toBe(true);
    expect(input).toEqual({
      title: 'Ceramic mug, 350 ml',
      descriptionHtml: '<p>Mug &amp; &lt;saucer&gt;</p>',
      vendor: 'Acme',
      status: 'ACTIVE',
      productOptions: [{ name: 'Title', values: [{ name: 'Default Title' }] }],
      files: [{ originalSource: 'https://example.com/a.jpg', contentType: 'IMAGE' }],
      variants: [
        {
          optionValues: [{ optionName: 'Title', name: 'Default Title' }],
          sku: 'MUG-1',
          price: '14.50',
          barcode: '036000291452',
          inventoryItem: { sku: 'MUG-1', tracked: true },
          inventoryQuantities: [{ locationId: location, name: 'available', quantity: 8 }],
        },
      ],
    });
    expect(
      productSetInput(mug, location, {
        productId: 'gid://shopify/Product/1',
        variantId: 'gid://shopify/ProductVariant/2',
      }),
    ).toMatchObject({ id: 'gid://shopify/Product/1', variants: [{ id: 'gid://shopify/ProductVariant/2' }] });
  });

  it('the answer: the variant’s GID when set, Shopify’s user errors when not', () => {
    expect(
      productSetOutcome('MUG-1', {
        productSet: {
          product: {
            id: 'gid://shopify/Product/1',
            status: 'ACTIVE',
            variants: { nodes: [{ id: 'gid://shopify/ProductVariant/2', sku: 'MUG-1' }] },
          },
          userErrors: [],
        },
      }),
    ).toEqual({
      sku: 'MUG-1',
      outcome: 'created',
      marketplaceId: 'gid://shopify/ProductVariant/2',
    });
    expect(
      productSetOutcome('MUG-1', {
        productSet: {
          product: null,
          userErrors: [{ code: 'INVALID_PRODUCT', field: ['input', 'title'], message: "Title can't be blank" }],
        },
      }),
    ).toEqual({
      sku: 'MUG-1',
      outcome: 'rejected',
      message: "Title can't be blank",
      code: 'INVALID_PRODUCT',
    });
    expect(productSetOutcome('MUG-1', { productSet: null })).toMatchObject({ outcome: 'unknown' });
  });
});
