import { describe, expect, it } from 'vitest';
import { itemSpec } from '../../sandbox/walmart/item-spec.ts';
import { walmartAttributeName, walmartCategoryOf } from './item-feed-transform.ts';
import { walmartSpecRequirements } from './spec-transform.ts';

describe('Walmart: what a product type’s item spec requires', () => {
  it('Orderable’s and the type’s Visible required attributes, less what the feed makes from the product', () => {
    expect(walmartSpecRequirements('Jewelry', { schema: itemSpec(['Jewelry'], '4.8') })).toEqual({
      category: 'Jewelry',
      categoryName: null,
      attributes: [
        {
          name: 'metal',
          label: 'Metal Type',
          values: ['Gold', 'Silver', 'Platinum', 'Stainless Steel', 'Brass'],
          valuesOnly: true,
        },
      ],
    });
    expect(
      walmartSpecRequirements('Home Decor, Kitchen, & Other', {
        schema: itemSpec(['Home Decor, Kitchen, & Other'], '4.8'),
      }).attributes,
    ).toEqual([]);
    // A type the answer does not hold asks only what Orderable does (all made from the product); an empty answer, nothing.
    expect(walmartSpecRequirements('Clothing', { schema: itemSpec(['Jewelry'], '4.8') }).attributes).toEqual([]);
    expect(walmartSpecRequirements('Clothing', {}).attributes).toEqual([]);
  });

  it('names a product attribute as Walmart does, and the category from the product', () => {
    expect(
      ['color', 'Clothing Size', 'Metal-type', 'inventoryItemId', 'walmartCategory', 'bad/name'].map(
        walmartAttributeName,
      ),
    ).toEqual(['color', 'clothingSize', 'metalType', null, null, null]);
    expect(walmartCategoryOf({ walmartCategory: ' Clothing ' })).toBe('Clothing');
    expect(walmartCategoryOf({})).toBe('Home Decor, Kitchen, & Other');
  });
});
