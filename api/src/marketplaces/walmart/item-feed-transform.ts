/** The MP_ITEM item feed (items.json) as pure translations: the hub's new listings in, each SKU's outcome out. */
import type { CreateOutcome, NewListing } from '../types.ts';
import { submissionId, walmartAmount } from './transform.ts';
import type { WalmartMpItemFeed } from './types.ts';

/** The MP_ITEM category (Visible) a new item is set up in when the product names none. */
export const DEFAULT_ITEM_CATEGORY = 'Home Decor, Kitchen, & Other';

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
      const category =
        typeof item.attributes.walmartCategory === 'string' && item.attributes.walmartCategory.trim()
          ? item.attributes.walmartCategory.trim()
          : DEFAULT_ITEM_CATEGORY;
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
