/** The MP_ITEM item feed (items.json) as pure translations: the hub's new listings in, each SKU's outcome out. */
import type { CreateOutcome, NewListing } from '../types.ts';
import { submissionId, walmartAmount } from './transform.ts';
import type { WalmartMpItemFeed } from './types.ts';

/** The MP_ITEM category (Visible) a new item is set up in when the product names none. */
export const DEFAULT_ITEM_CATEGORY = 'Home Decor, Kitchen, & Other';

/** The MP_ITEM category (Visible) a new item of the product is set up in: its attribute `walmartCategory`, else the default. */
export function walmartCategoryOf(attributes: Readonly<Record<string, unknown>>): string {
  const named = attributes.walmartCategory;
  return typeof named === 'string' && named.trim() ? named.trim() : DEFAULT_ITEM_CATEGORY;
}

/**
 * A product attribute's name as Walmart's item spec names its attributes (camelCase: `color`, `clothingSize`):
 * one already, or words as a seller writes them ("Clothing Size"). Ids (another marketplace's `inventoryItemId`,
 * `productId`) and the category's own name are none of Walmart's attributes.
 */
export function walmartAttributeName(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === 'walmartCategory' || /Id$/.test(trimmed)) return null;
  if (/^[a-z][A-Za-z0-9]*$/.test(trimmed)) return trimmed;
  if (/^[A-Z][a-z0-9]*(?:[ -][A-Za-z][a-z0-9]*)*$/.test(trimmed))
    return trimmed
      .split(/[ -]+/)
      .map((word, i) => (i === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase()))
      .join('');
  return null;
}

/** The product's attributes as Walmart's Visible attributes: text and number values under Walmart's names. */
function visibleAttributes(attributes: Readonly<Record<string, unknown>>): Record<string, string | number> {
  const found: Record<string, string | number> = {};
  for (const [given, value] of Object.entries(attributes)) {
    const name = walmartAttributeName(given);
    if (name && (typeof value === 'number' || (typeof value === 'string' && value.trim())))
      found[name] = typeof value === 'string' ? value.trim() : value;
  }
  return found;
}

/**
 * An MP_ITEM (4.8) feed that sets the items up: identifiers, name, brand and price in Orderable,
 * description and images in Visible under the product's category (attribute `walmartCategory`).
 * Walmart rejects a row without its required fields item by item in the feed status, so rows are
 * sent as the product has them. processMode REPLACE: sending an item again replaces it.
 */
export function mpItemFeed(items: NewListing[]): WalmartMpItemFeed {
  return {
    MPItemFeedHeader: {
      sellingChannel: 'marketplace',
      processMode: 'REPLACE',
      subset: 'EXTERNAL',
      locale: 'en',
      version: '4.8',
    },
    MPItem: items.map((item) => {
      const category = walmartCategoryOf(item.attributes);
      const gtin = item.gtin?.trim() ?? '';
      return {
        Orderable: {
          sku: item.sku,
          // Walmart's GTIN is 14 digits: shorter GTINs are padded with leading zeros.
          productIdentifiers: { productIdType: 'GTIN' as const, productId: gtin ? gtin.padStart(14, '0') : '' },
          productName: item.title,
          brand: item.brand ?? '',
          price: walmartAmount(item.price) ?? Number(item.price.amount),
        },
        Visible: {
          [category]: {
            ...visibleAttributes(item.attributes),
            ...(item.description ? { shortDescription: item.description } : {}),
            ...(item.images[0] ? { mainImageUrl: item.images[0] } : {}),
            ...(item.images.length > 1 ? { productSecondaryImageURL: item.images.slice(1) } : {}),
          },
        },
      };
    }),
  };
}

/** The item feed's acceptance as each SKU's outcome: the feed status tells later how each item went. */
export function itemFeedOutcomes(items: NewListing[], feedId: string): CreateOutcome[] {
  const id = submissionId({ item: feedId });
  return items.map((item) => ({ sku: item.sku, outcome: 'accepted', submissionId: id, checkBy: 'submission' }));
}
