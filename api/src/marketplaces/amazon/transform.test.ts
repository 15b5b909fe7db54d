import { describe, expect, test } from 'vitest';
import { Ajv } from 'ajv';
import { OfficialContract, readOfficial } from '../../../test/support/marketplace-contract.ts';
import {
  describeAmazonError,
  feedInterimStatus,
  fulfilledByAmazon,
  listingsFeedDocument,
  listingsItemToCatalogueItem,
  listingsItemToState,
  listingUpdatePatches,
  processingReportToOutcomes,
  submissionToOutcome,
} from './transform.ts';
import {
  EVENTBRIDGE_API_KEY_HEADER,
  AmazonNotificationError,
  orderOfDeliveredEvent,
  parseEventBridgeDelivery,
} from './webhooks.ts';
import type { ListingsFeedProcessingReport, ListingsItem, ListingsItemSubmissionResponse } from './types.ts';

const US = 'ATVPDKIKX0DER';
const CA = 'A2EUQ1WTGCTBG2';

const listings = readOfficial('amazon/listingsItems_2021-08-01.json') as any;
const itemPath = listings.paths['/listings/2021-08-01/items/{sellerId}/{sku}'];
const searchPath = listings.paths['/listings/2021-08-01/items/{sellerId}'];
const exampleItem = itemPath.get.responses['200'].examples['application/json'] as ListingsItem;
const exampleSearch = searchPath.get.responses['200'].examples['application/json'] as { items: ListingsItem[] };
const examplePatch = itemPath.patch.responses['200'].examples['application/json'] as ListingsItemSubmissionResponse;

describe('listings payloads', () => {
  test('getListingsItem example → ListingState', () => {
    const state = listingsItemToState(exampleItem, US);
    expect(state).toMatchObject({
      sku: 'GM-ZDPI-9B4E',
      marketplaceId: 'B071VG5N9D',
      quantity: 100,
      price: { amount: '100.00', currency: 'USD' },
    });
    // Issue 18155 suppresses the US listing (LISTING_SUPPRESSED, NOT_EXEMPT) even though the summary says BUYABLE.
    expect(state.status).toBe('suppressed');
    expect(state.issues).toHaveLength(5);
    expect(state.issues[0]).toBe("'size' is required but not supplied.");
  });

  test('the same item in Canada is priced in CAD and not suppressed by a US-only issue', () => {
    const state = listingsItemToState(exampleItem, CA);
    expect(state.price).toEqual({ amount: '130.00', currency: 'CAD' });
    expect(state.issues).not.toContain("'size' is required but not supplied.");
    // The CA summary is not BUYABLE and its suppressing issues are exempt: an error, not a suppression.
    expect(state.status).toBe('error');
    expect(state.issues).toHaveLength(2);
  });

  test('searchListingsItems example → CatalogueItem', () => {
    const item = listingsItemToCatalogueItem(exampleSearch.items[0]!, US);
    // The seller's own item_name attribute wins over the catalogue summary's itemName.
    expect(item).toMatchObject({
      sku: 'GM-ZDPI-9B4E',
      marketplaceId: 'B071VG5N9D',
      brand: 'SAMSUNG',
      gtin: null,
      quantity: 100,
      images: ['https://www.example.com/luggage.png'],
    });
    expect(item.title).toMatch(/^Samsung QN82Q60RAFXZA Flat 82-Inch QLED 4K/);
    expect(item.price).toEqual({ amount: '100.00', currency: 'USD' });
    expect(item.attributes.total_hdmi_ports).toBe(4);
    expect(item.attributes).not.toHaveProperty('brand');
    expect(item.attributes.resolution).toBe('4K');
  });

  test('a listing without offers or fulfillmentAvailability reads quantity and price from its attributes', () => {
    const state = listingsItemToState(
      {
        sku: 'A',
        summaries: [
          {
            marketplaceId: US,
            productType: 'HOME',
            status: ['BUYABLE'],
            createdDate: '2024-01-01T00:00:00Z',
            lastUpdatedDate: '2024-01-01T00:00:00Z',
          },
        ],
        attributes: {
          fulfillment_availability: [{ fulfillment_channel_code: 'DEFAULT', quantity: 3 }],
          purchasable_offer: [
            { marketplace_id: US, currency: 'USD', our_price: [{ schedule: [{ value_with_tax: 12.5 }] }] },
          ],
        },
      },
      US,
    );
    expect(state).toMatchObject({ quantity: 3, price: { amount: '12.50', currency: 'USD' }, status: 'active' });
  });

  test("who fulfils the offer is the listing's fulfilment channel: DEFAULT the seller, a network's code Amazon", () => {
    // Amazon's own example: a seller-fulfilled offer.
    expect(exampleItem.fulfillmentAvailability?.[0]?.fulfillmentChannelCode).toBe('DEFAULT');
    expect(fulfilledByAmazon(exampleItem)).toBe(false);
    expect(listingsItemToCatalogueItem(exampleItem, US).fulfilledByMarketplace).toBe(false);
    const fba: ListingsItem = { ...exampleItem, fulfillmentAvailability: [{ fulfillmentChannelCode: 'AMAZON_NA' }] };
    expect(fulfilledByAmazon(fba)).toBe(true);
    expect(listingsItemToCatalogueItem(fba, US).fulfilledByMarketplace).toBe(true);
    // Only the attribute says it (a read without fulfillmentAvailability).
    const byAttribute: ListingsItem = {
      sku: 'B',
      attributes: { fulfillment_availability: [{ fulfillment_channel_code: 'AMAZON_NA' }] },
    };
    expect(fulfilledByAmazon(byAttribute)).toBe(true);
    // Nothing said: left to the marketplace's stock records.
    const silent: ListingsItem = { sku: 'C' };
    expect(fulfilledByAmazon(silent)).toBeUndefined();
    expect(listingsItemToCatalogueItem(silent, US)).not.toHaveProperty('fulfilledByMarketplace');
  });

  test('patch example → accepted with its submission id; INVALID → rejected with Amazon’s words', () => {
    expect(submissionToOutcome(examplePatch)).toEqual({
      sku: 'GM-ZDPI-9B4E',
      outcome: 'accepted',
      submissionId: 'f1dc2914-75dd-11ea-bc55-0242ac130003',
    });
    const invalid = submissionToOutcome({
      ...examplePatch,
      status: 'INVALID',
      issues: [exampleItem.issues![0]!, { ...exampleItem.issues![1]!, severity: 'WARNING' }],
    });
    expect(invalid).toEqual({
      sku: 'GM-ZDPI-9B4E',
      outcome: 'rejected',
      message: "'size' is required but not supplied.",
      code: '90220',
    });
  });

  test('update patches are a valid ListingsItemPatchRequest and set absolute values', () => {
    const contract = new OfficialContract('listingsItems', listings);
    const patches = listingUpdatePatches({ sku: 'A', quantity: 0, price: { amount: '19.99', currency: 'USD' } }, US);
    expect(
      contract.check({
        method: 'PATCH',
        path: '/listings/2021-08-01/items/A1/A',
        requestBody: { productType: 'HOME', patches },
      }),
    ).toEqual([]);
    expect(patches).toEqual([
      {
        op: 'replace',
        path: '/attributes/fulfillment_availability',
        value: [{ fulfillment_channel_code: 'DEFAULT', quantity: 0 }],
      },
      {
        op: 'replace',
        path: '/attributes/purchasable_offer',
        value: [{ marketplace_id: US, currency: 'USD', our_price: [{ schedule: [{ value_with_tax: 19.99 }] }] }],
      },
    ]);
    expect(listingUpdatePatches({ sku: 'A' }, US)).toEqual([]);
  });
});

describe('JSON_LISTINGS_FEED', () => {
  test('the feed we build follows listings-feed-schema-v2, like the official example', () => {
    const ajv = new Ajv({ strict: false });
    const validate = ajv.compile(readOfficial('amazon/listings-feed-schema-v2.json') as object);
    expect(validate(readOfficial('amazon/listings-feed-schema-v2.example.json'))).toBe(true);
    const feed = listingsFeedDocument(
      'A1SELLER',
      [
        { update: { sku: 'A', quantity: 5, price: { amount: '1.00', currency: 'USD' } }, productType: 'HOME' },
        { update: { sku: 'B', quantity: 0 }, productType: 'PRODUCT' },
      ],
      US,
    );
    expect(validate(feed), ajv.errorsText(validate.errors)).toBe(true);
    expect(feed.messages.map((m) => [m.messageId, m.sku, m.operationType])).toEqual([
      [1, 'A', 'PATCH'],
      [2, 'B', 'PATCH'],
    ]);
  });

  test('the processing-report example → per-SKU outcomes by messageId', () => {
    const report = readOfficial(
      'amazon/listings-feed-processing-report-schema-v2.example.json',
    ) as ListingsFeedProcessingReport;
    const outcomes = processingReportToOutcomes(report, ['S1', 'S2', 'S3', 'S4', 'S5']);
    expect(outcomes.slice(0, 3)).toEqual([
      { sku: 'S1', outcome: 'confirmed' },
      { sku: 'S2', outcome: 'confirmed' },
      { sku: 'S3', outcome: 'confirmed' },
    ]);
    expect(outcomes[3]).toEqual({
      sku: 'S4',
      outcome: 'rejected',
      code: '90220',
      message:
        "'[batteries_required]' is required but not supplied.; '[supplier_declared_dg_hz_regulation]' is required but not supplied.",
    });
    expect(outcomes[4]).toMatchObject({ sku: 'S5', outcome: 'rejected', code: '99022' });
  });

  test('feed statuses: queued and running are processing; FATAL and CANCELLED fail; DONE needs the report', () => {
    const feed = { feedId: 'F1', feedType: 'JSON_LISTINGS_FEED', createdTime: '2024-01-01T00:00:00Z' };
    expect(feedInterimStatus({ ...feed, processingStatus: 'IN_QUEUE' })).toEqual({ state: 'processing' });
    expect(feedInterimStatus({ ...feed, processingStatus: 'IN_PROGRESS' })).toEqual({ state: 'processing' });
    expect(feedInterimStatus({ ...feed, processingStatus: 'FATAL' })).toMatchObject({ state: 'failed' });
    expect(feedInterimStatus({ ...feed, processingStatus: 'CANCELLED' })).toMatchObject({ state: 'failed' });
    expect(feedInterimStatus({ ...feed, processingStatus: 'DONE' })).toBeUndefined();
  });
});

describe('errors and notifications', () => {
  test('Amazon’s error bodies keep their own words', () => {
    const badRequest = itemPath.get.responses['400']['x-amzn-api-sandbox'].static[0].response;
    expect(describeAmazonError(400, badRequest)).toEqual({
      message: 'Invalid input — Invalid input',
      code: 'BAD_REQUEST',
    });
    expect(
      describeAmazonError(400, {
        error: 'invalid_grant',
        error_description: 'The request has an invalid grant parameter : refresh_token',
      }),
    ).toEqual({
      message: 'The request has an invalid grant parameter : refresh_token',
      code: 'invalid_grant',
    });
    expect(describeAmazonError(502, '<html>Bad gateway</html>').message).toBe('HTTP 502: <html>Bad gateway</html>');
  });

  const wrap = (detail: any) => ({
    version: '0',
    id: 'e1',
    'detail-type': detail.NotificationType,
    source: 'aws.partner/sellingpartnerapi.amazon.com/123456789012/amzn1.sp.solution.x',
    account: '123456789012',
    time: '2024-01-01T00:00:00Z',
    region: 'us-east-1',
    resources: [],
    detail,
  });
  const headers = { [EVENTBRIDGE_API_KEY_HEADER]: 'k' };

  test('the official ORDER_CHANGE and MFN quantity examples, wrapped by EventBridge, parse to engine events', () => {
    const orderChange = (readOfficial('amazon/OrderChangeNotification.json') as any).examples[0];
    expect(parseEventBridgeDelivery(headers, JSON.stringify(wrap(orderChange)), 'k').notification).toEqual({
      kind: 'order_changed',
      sellerId: 'A3TH9S8BH6GOGM',
      orderId: '903-8868176-2219830',
      orderStatus: 'Unshipped',
      notificationId: 'd0e9e693-c3ad-4373-979f-ed4ec98dd746',
    });
    const quantity = (readOfficial('amazon/ListingsItemMfnQuantityChange.json') as any).examples[0];
    expect(parseEventBridgeDelivery(headers, wrap(quantity), 'k').notification).toEqual({
      kind: 'quantity_changed',
      sellerId: 'AXXXXXXXXXXXXX',
      sku: 'NLS-SHOES-03',
      quantity: 99,
      notificationId: '8e009934-da2c-4f9c-9bc7-93f23b7e1f60',
    });
  });

  test('the official OrderLevel ORDER_CHANGE is the whole order: each item’s SKU and quantity, no prices, as of the change', () => {
    const orderChange = (readOfficial('amazon/OrderChangeNotification.json') as any).examples[0];
    expect(orderOfDeliveredEvent(wrap(orderChange))).toEqual({
      marketplaceOrderId: '903-8868176-2219830',
      status: 'open',
      lines: [{ sku: 'SellerSKUID1', quantity: 10, price: null, cancelledQuantity: 0 }],
      createdAt: '2022-07-13T19:42:04.284Z',
      updatedAt: '2022-11-29T19:42:04.284Z',
    });
  });

  test('an ORDER_CHANGE stands for the order only when it can: OrderItemLevel, an item without a SKU, or another notification give none; a cancellation cancels every unit', () => {
    const orderChange = (readOfficial('amazon/OrderChangeNotification.json') as any).examples[0];
    const withChange = (change: (c: any) => any) =>
      wrap({
        ...orderChange,
        Payload: { OrderChangeNotification: change(structuredClone(orderChange.Payload.OrderChangeNotification)) },
      });
    expect(orderOfDeliveredEvent(withChange((c) => ({ ...c, NotificationLevel: 'OrderItemLevel' })))).toBeUndefined();
    expect(
      orderOfDeliveredEvent(
        withChange((c) => ({
          ...c,
          Summary: { ...c.Summary, OrderItems: [{ ...c.Summary.OrderItems[0], SellerSKU: undefined }] },
        })),
      ),
    ).toBeUndefined();
    expect(
      orderOfDeliveredEvent(withChange((c) => ({ ...c, Summary: { ...c.Summary, OrderItems: [] } }))),
    ).toBeUndefined();
    expect(
      orderOfDeliveredEvent(wrap((readOfficial('amazon/ListingsItemMfnQuantityChange.json') as any).examples[0])),
    ).toBeUndefined();
    expect(orderOfDeliveredEvent({ detail: 'not an event' })).toBeUndefined();
    const cancelled = orderOfDeliveredEvent(
      withChange((c) => ({ ...c, Summary: { ...c.Summary, OrderStatus: 'Canceled' } })),
    );
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      lines: [{ sku: 'SellerSKUID1', quantity: 10, cancelledQuantity: 10 }],
    });
  });

  test('a wrong key is 401; a body that is not an SP-API event is 400', () => {
    const quantity = (readOfficial('amazon/ListingsItemMfnQuantityChange.json') as any).examples[0];
    const status = (fn: () => unknown) => {
      try {
        fn();
        return 0;
      } catch (error) {
        return error instanceof AmazonNotificationError ? error.status : -1;
      }
    };
    expect(status(() => parseEventBridgeDelivery({}, wrap(quantity), 'k'))).toBe(401);
    expect(status(() => parseEventBridgeDelivery(headers, wrap(quantity), 'other'))).toBe(401);
    expect(status(() => parseEventBridgeDelivery(headers, '{not json', 'k'))).toBe(400);
    expect(status(() => parseEventBridgeDelivery(headers, { ...wrap(quantity), source: 'aws.s3' }, 'k'))).toBe(400);
    expect(
      status(() =>
        parseEventBridgeDelivery(
          headers,
          wrap({ ...quantity, Payload: { ...quantity.Payload, Quantity: 'many' } }),
          'k',
        ),
      ),
    ).toBe(400);
  });
});
