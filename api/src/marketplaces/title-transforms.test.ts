import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { buildClientSchema, parse, validate, type IntrospectionQuery } from 'graphql';
import { ADMIN_SCHEMA_FILE } from '../sandbox/shopify/admin-schema.ts';
import { titlePatch } from './amazon/title-transform.ts';
import { withTitle } from './ebay/title-transform.ts';
import { productTitleFor, productTitleMutation, productTitleVariables } from './shopify/title-transform.ts';
import type { EbayInventoryItem } from './ebay/types.ts';

describe('Amazon title patch', () => {
  it('replaces item_name for the marketplace, in the shape the Listings Items API takes', () => {
    expect(titlePatch('Ceramic mug, 350 ml', 'ATVPDKIKX0DER')).toEqual({
      op: 'replace',
      path: '/attributes/item_name',
      value: [{ value: 'Ceramic mug, 350 ml', language_tag: 'en_US', marketplace_id: 'ATVPDKIKX0DER' }],
    });
  });
});

describe('eBay title on the inventory item', () => {
  const current: EbayInventoryItem = {
    sku: 'MUG-1',
    locale: 'en_US',
    condition: 'NEW',
    product: { title: 'Mug', brand: 'Acme', imageUrls: ['https://example.com/a.jpg'], aspects: { Colour: ['Red'] } },
    availability: { shipToLocationAvailability: { quantity: 4 } },
  };

  it('keeps everything read and changes only the title (read-modify-write), the SKU left to the path', () => {
    const body = withTitle(current, 'Ceramic mug, 350 ml');
    expect(body).toEqual({
      locale: 'en_US',
      condition: 'NEW',
      product: {
        title: 'Ceramic mug, 350 ml',
        brand: 'Acme',
        imageUrls: ['https://example.com/a.jpg'],
        aspects: { Colour: ['Red'] },
      },
      availability: { shipToLocationAvailability: { quantity: 4 } },
    });
    expect(current.product!.title).toBe('Mug');
  });

  it('gives an item read without product facts a product with the title', () => {
    expect(withTitle({ sku: 'X' }, 'New')).toEqual({ product: { title: 'New' } });
  });
});

describe('Shopify productUpdate title', () => {
  const raw = JSON.parse(zlib.gunzipSync(fs.readFileSync(ADMIN_SCHEMA_FILE)).toString('utf8')) as {
    data?: IntrospectionQuery;
  } & IntrospectionQuery;
  const schema = buildClientSchema(raw.data ?? raw);

  it('is a valid document in the published 2025-01 Admin schema', () => {
    expect(validate(schema, parse(productTitleMutation)).map((e) => e.message)).toEqual([]);
  });

  it("sets the product's title without the variant's part that a listing title carries", () => {
    const variant = { displayName: 'Heritage Backpack - Terracotta, Large', product: { title: 'Heritage Backpack' } };
    expect(productTitleFor('Heritage Backpack, Waxed Canvas - Terracotta, Large', variant)).toBe(
      'Heritage Backpack, Waxed Canvas',
    );
    // A title without the variant's part, or a product with one variant, is the product's title as it is.
    expect(productTitleFor('Waxed Backpack', variant)).toBe('Waxed Backpack');
    expect(productTitleFor('Mug', { displayName: 'Mug', product: { title: 'Mug' } })).toBe('Mug');
  });

  it('sends the product id and the title as ProductUpdateInput', () => {
    expect(productTitleVariables('gid://shopify/Product/1', 'Ceramic mug')).toEqual({
      product: { id: 'gid://shopify/Product/1', title: 'Ceramic mug' },
    });
  });
});
