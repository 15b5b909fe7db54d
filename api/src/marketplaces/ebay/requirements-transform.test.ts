import { describe, expect, it } from 'vitest';
import { categoryAspectRequirements } from './requirements-transform.ts';
import type { EbayAspectMetadata } from './types.ts';

// getItemAspectsForCategory's answer as commerce_taxonomy_v1's AspectMetadata describes it: aspectUsage says
// RECOMMENDED even for a required aspect (the definition's own note); aspectRequired is what counts.
const blankets: EbayAspectMetadata = {
  aspects: [
    {
      localizedAspectName: 'Brand',
      aspectConstraint: { aspectRequired: true, aspectMode: 'FREE_TEXT', itemToAspectCardinality: 'SINGLE' },
    },
    {
      localizedAspectName: 'Type',
      aspectConstraint: { aspectRequired: true, aspectMode: 'SELECTION_ONLY', itemToAspectCardinality: 'SINGLE' },
      aspectValues: [{ localizedValue: 'Blanket' }, { localizedValue: 'Throw' }],
    },
    {
      localizedAspectName: 'Color',
      aspectConstraint: { aspectRequired: true, aspectMode: 'FREE_TEXT', itemToAspectCardinality: 'MULTI' },
      aspectValues: [{ localizedValue: 'Blue' }, { localizedValue: '' }],
    },
    { localizedAspectName: 'Material', aspectConstraint: { aspectRequired: false, aspectMode: 'FREE_TEXT' } },
  ],
};

describe('eBay: what a leaf category asks of a listing', () => {
  it('keeps the required aspects, with their values, taken only from the list when SELECTION_ONLY', () => {
    expect(categoryAspectRequirements('45476', blankets)).toEqual({
      category: '45476',
      categoryName: null,
      attributes: [
        { name: 'Brand', label: 'Brand', fromProduct: 'brand' },
        { name: 'Type', label: 'Type', values: ['Blanket', 'Throw'], valuesOnly: true },
        { name: 'Color', label: 'Color', values: ['Blue'] },
      ],
    });
  });
  it('204 (no aspects) asks nothing', () => {
    expect(categoryAspectRequirements('20625', undefined).attributes).toEqual([]);
  });
});
