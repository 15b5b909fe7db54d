import { describe, expect, it } from 'vitest';
import { productTypeSchema } from '../../sandbox/amazon/product-type-schemas.ts';
import { productTypeRequirements } from './requirements-transform.ts';

// A product type definition's schema as Amazon writes one (the meta-schema's vocabulary: each attribute an array
// of value objects, `enum` and `enumNames` on the value), trimmed to a few attributes of LUGGAGE.
const luggageSchema = {
  $schema: 'https://schemas.amazon.com/selling-partners/definitions/product-types/meta-schema/v1',
  type: 'object',
  required: [
    'item_name',
    'brand',
    'externally_assigned_product_identifier',
    'purchasable_offer',
    'other_product_image_locator_1',
    'color',
    'department',
  ],
  properties: {
    brand: { title: 'Brand Name', items: { properties: { value: { title: 'Brand Name' } } } },
    color: { title: 'Colour', items: { properties: { value: { title: 'Colour' } } } },
    department: {
      title: 'Department',
      items: { properties: { value: { enum: ['mens', 'womens', 'unisex-adult'], enumNames: ["Men's", "Women's"] } } },
    },
  },
};

describe('Amazon: what a product type asks of a listing', () => {
  it("keeps the schema's required attributes the product's own fields do not make, with titles and values", () => {
    expect(productTypeRequirements({ productType: 'LUGGAGE', displayName: 'Luggage' }, luggageSchema)).toEqual({
      category: 'LUGGAGE',
      categoryName: 'Luggage',
      attributes: [
        { name: 'color', label: 'Colour' },
        { name: 'department', label: 'Department', values: ['mens', 'womens', 'unisex-adult'], valuesOnly: true },
      ],
    });
  });
  it('reads the sandbox’s schema documents the same way', () => {
    const found = productTypeRequirements(
      { productType: 'JEWELRY', displayName: 'Jewelry' },
      productTypeSchema('JEWELRY', 'LISTING'),
    );
    expect(found.attributes.map((a) => a.name)).toEqual(['metal_type']);
    expect(
      productTypeRequirements({ productType: 'HOME', displayName: 'Home' }, productTypeSchema('HOME', 'LISTING'))
        .attributes,
    ).toEqual([]);
  });
  it('a schema without `required` asks nothing', () => {
    expect(productTypeRequirements({ productType: 'PRODUCT', displayName: '' }, {}).attributes).toEqual([]);
  });
});
