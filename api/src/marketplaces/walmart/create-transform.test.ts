import { describe, expect, it } from 'vitest';
import { readOfficial } from '../../../test/support/marketplace-contract.ts';
import { DEFAULT_ITEM_CATEGORY, itemFeedOutcomes, mpItemFeed } from './item-feed-transform.ts';
import { feedsOfSubmission, submissionId } from './transform.ts';
import type { NewListing } from '../types.ts';

type Json = Record<string, any>;
const items = readOfficial('walmart/items.json') as Json;
/** The official "V4.8 MP_ITEM" example of POST /v3/feeds (Bulk Item Setup). */
const example = items.paths['/v3/feeds'].post.requestBody.content['multipart/form-data'].examples['V4.8 MP_ITEM']
  .value as Json;

const mug: NewListing = {
  sku: 'testCardSku',
  title: 'Ceramic mug, 350 ml',
  description: 'A stoneware mug.',
  brand: 'Acme',
  gtin: '036000291452',
  images: ['https://example.com/a.jpg', 'https://example.com/b.jpg'],
  attributes: {},
  price: { amount: '14.50', currency: 'USD' },
  quantity: 8,
};

describe('Walmart: item setup as an MP_ITEM feed', () => {
  it('has the official example’s header and the Orderable and Visible parts it fills', () => {
    const feed = mpItemFeed([mug]);
    const { subCategory: _ignored, ...exampleHeader } = example.MPItemFeedHeader;
    expect(feed.MPItemFeedHeader).toEqual(exampleHeader);
    const exampleItem = example.MPItem[0];
    const item = feed.MPItem[0]!;
    for (const key of ['sku', 'productIdentifiers', 'productName', 'brand', 'price'])
      expect(item.Orderable).toHaveProperty(key);
    expect(Object.keys(item.Orderable.productIdentifiers)).toEqual(
      Object.keys(exampleItem.Orderable.productIdentifiers),
    );
    expect(item.Orderable).toEqual({
      sku: 'testCardSku',
      productIdentifiers: { productIdType: 'GTIN', productId: '00036000291452' },
      productName: 'Ceramic mug, 350 ml',
      brand: 'Acme',
      price: 14.5,
    });
    // The example's GTIN is 14 digits: shorter ones are padded as Walmart keeps them.
    expect(exampleItem.Orderable.productIdentifiers.productId).toHaveLength(14);
    expect(Object.keys(item.Visible)).toEqual([DEFAULT_ITEM_CATEGORY]);
    expect(Object.keys(example.MPItem[0].Visible)).toEqual([DEFAULT_ITEM_CATEGORY]);
    expect(item.Visible[DEFAULT_ITEM_CATEGORY]).toEqual({
      shortDescription: 'A stoneware mug.',
      mainImageUrl: 'https://example.com/a.jpg',
      productSecondaryImageURL: ['https://example.com/b.jpg'],
    });
  });

  it('takes the category from the product and sends what the product lacks as it is (Walmart reports it per item)', () => {
    const [item] = mpItemFeed([
      { ...mug, brand: null, gtin: null, images: [], description: null, attributes: { walmartCategory: 'Kitchen' } },
    ]).MPItem;
    expect(item!.Orderable).toMatchObject({ brand: '', productIdentifiers: { productId: '' } });
    expect(item!.Visible).toEqual({ Kitchen: {} });
  });

  it('each SKU is accepted under the item feed’s submission, which the feed status settles', () => {
    expect(itemFeedOutcomes([mug, { ...mug, sku: 'B' }], 'F1@AQMBAQA')).toEqual([
      { sku: 'testCardSku', outcome: 'accepted', submissionId: 'item:F1@AQMBAQA', checkBy: 'submission' },
      { sku: 'B', outcome: 'accepted', submissionId: 'item:F1@AQMBAQA', checkBy: 'submission' },
    ]);
    expect(submissionId({ item: 'F1' })).toBe('item:F1');
    expect(feedsOfSubmission('item:F1')).toEqual([{ feedType: 'item', feedId: 'F1' }]);
    expect(feedsOfSubmission('item:')).toEqual([]);
  });
});
