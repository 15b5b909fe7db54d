import { describe, expect, it } from 'vitest';
import { attributeValuesText } from '../../../shared/listings/changeTexts';
import { attributeFields, attributeKey } from './DrawerEdit';

describe("the drawer's attributes", () => {
  const asked = (channelKind: 'amazon' | 'ebay', name: string, label: string, values: string[] = []) => ({
    channelId: channelKind === 'amazon' ? 'a' : 'e',
    channelKind,
    category: channelKind === 'amazon' ? 'BLANKET' : '45476',
    categoryName: channelKind === 'amazon' ? 'Blanket' : null,
    name,
    label,
    values,
    valuesOnly: channelKind === 'ebay' && values.length > 0,
    given: false,
  });
  const product = {
    description: null,
    price: '20.00',
    currency: 'USD',
    cost: null,
    tags: [],
    images: [],
    attributes: { color: 'Blue', 'Gift wrap': 'Yes' },
    sellerAttributes: { 'Gift wrap': 'Yes' },
    requiredAttributes: [
      asked('amazon', 'color', 'Colour'),
      asked('ebay', 'Color', 'Color', ['Blue', 'Red']),
      asked('amazon', 'metal_type', 'Metal Type'),
    ],
  };

  it('one field per attribute, whichever marketplaces ask for it, with their values and what the product holds', () => {
    expect(attributeKey(' Metal-Type ')).toBe('metal_type');
    expect(attributeFields(product)).toEqual([
      {
        key: 'color',
        name: 'color',
        label: 'Colour',
        askedBy: ['Amazon Blanket', 'eBay 45476'],
        values: ['Blue', 'Red'],
        valuesOnly: true,
        current: 'Blue',
      },
      {
        key: 'metal_type',
        name: 'metal_type',
        label: 'Metal Type',
        askedBy: ['Amazon Blanket'],
        values: [],
        valuesOnly: false,
        current: '',
      },
      {
        key: 'gift_wrap',
        name: 'Gift wrap',
        label: 'Gift wrap',
        askedBy: [],
        values: [],
        valuesOnly: false,
        current: 'Yes',
      },
    ]);
  });

  it("a change's values read as the seller wrote them", () => {
    expect(attributeValuesText('{"Color":"Navy","Size":null}')).toBe('Color: Navy, Size: not given');
    expect(attributeValuesText('{}')).toBe('none');
    expect(attributeValuesText(null)).toBe('none');
  });
});
