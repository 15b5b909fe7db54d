import { describe, expect, test } from 'vitest';
import { readOfficial } from '../../../test/support/marketplace-contract.ts';
import { marketplaceStockFromSummaries, marketplaceStockOfFbaNotification } from './fba-transform.ts';
import { orderOfChangeNotification, orderToMarketplaceOrder } from './order-transform.ts';
import { EVENTBRIDGE_API_KEY_HEADER, parseEventBridgeDelivery } from './webhooks.ts';
import type {
  AmazonOrder,
  FbaInventoryAvailabilityChangePayload,
  GetInventorySummariesResponse,
  OrderChangePayload,
} from './types.ts';

// Amazon's own stock of the offers it fulfils (FBA) and its orders (AFN), on the official payloads:
// FBAInventoryAvailabilityChangeNotification.json's example, ordersV0.json's getOrder examples (one AFN), and
// an inventory summaries answer in fbaInventory.json's GetInventorySummariesResponse shape (the model has no example).

const US = 'ATVPDKIKX0DER';
const notification = readOfficial('amazon/FBAInventoryAvailabilityChangeNotification.json') as {
  properties: { Payload: { examples: FbaInventoryAvailabilityChangePayload[] } };
};
const ordersV0 = readOfficial('amazon/ordersV0.json') as any;

describe('FBA stock', () => {
  test("FBA_INVENTORY_AVAILABILITY_CHANGES: the SKU and what Amazon can ship in our marketplace (Fulfillable), not another's", () => {
    const payload = notification.properties.Payload.examples[0]!;
    expect(marketplaceStockOfFbaNotification(payload, US)).toEqual({ sku: 'SELLERSKU-1', quantity: 50 });
    expect(marketplaceStockOfFbaNotification(payload, 'A2EUQ1WTGCTBG2')).toEqual({ sku: 'SELLERSKU-1', quantity: 40 });
    expect(marketplaceStockOfFbaNotification(payload, 'A1PA6795UKMFR9')).toBeUndefined();
    expect(marketplaceStockOfFbaNotification({ ...payload, SKU: '' }, US)).toBeUndefined();
  });

  test("inventory summaries: each SKU's fulfillable units (inbound and reserved ones are not for sale); a summary without a SKU is left out", () => {
    const answer: GetInventorySummariesResponse = {
      payload: {
        granularity: { granularityType: 'Marketplace', granularityId: US },
        inventorySummaries: [
          {
            asin: 'B0ABCDEF12',
            fnSku: 'X001ABCDEF',
            sellerSku: 'SKU-A',
            condition: 'NewItem',
            inventoryDetails: { fulfillableQuantity: 12 },
            totalQuantity: 30,
          },
          { asin: 'B0ABCDEF13', sellerSku: 'SKU-B', totalQuantity: 4 },
          { asin: 'B0ABCDEF14', fnSku: 'X001NOSKU', inventoryDetails: { fulfillableQuantity: 3 } },
          { sellerSku: 'SKU-C', inventoryDetails: { fulfillableQuantity: -2 } },
        ],
      },
    };
    expect(marketplaceStockFromSummaries(answer)).toEqual([
      { sku: 'SKU-A', quantity: 12 },
      { sku: 'SKU-B', quantity: 4 },
      { sku: 'SKU-C', quantity: 0 },
    ]);
    expect(marketplaceStockFromSummaries({})).toEqual([]);
  });
});

describe('orders Amazon fulfils', () => {
  test('an AFN order (getOrder’s example) is fulfilled by the marketplace; an MFN one is not', () => {
    const examples = ordersV0.paths['/orders/v0/orders/{orderId}'].get.responses['200'][
      'x-amzn-api-sandbox'
    ].static.map((e: any) => e.response.payload as AmazonOrder);
    const afn = examples.find((o: AmazonOrder) => o.FulfillmentChannel === 'AFN')!;
    const mfn = examples.find((o: AmazonOrder) => o.FulfillmentChannel === 'MFN')!;
    expect(orderToMarketplaceOrder(afn, []).fulfilledByMarketplace).toBe(true);
    expect(orderToMarketplaceOrder(mfn, []).fulfilledByMarketplace).toBeUndefined();
  });

  test("ORDER_CHANGE's FulfillmentType AFN marks the order it describes", () => {
    const change = {
      NotificationLevel: 'OrderLevel',
      SellerId: 'A3TH9S8BH6GOGM',
      AmazonOrderId: '902-3159896-1390916',
      OrderChangeType: 'OrderStatusChange',
      OrderChangeTrigger: { TimeOfOrderChange: '2022-11-29T19:42:04.284Z', ChangeReason: 'Order status changed' },
      Summary: {
        MarketplaceId: US,
        OrderStatus: 'Unshipped',
        PurchaseDate: '2022-11-29T19:42:04.284Z',
        FulfillmentType: 'AFN',
        OrderType: 'StandardOrder',
        NumberOfItemsShipped: 0,
        NumberOfItemsUnshipped: 1,
        OrderItems: [{ OrderItemId: '1', SellerSKU: 'SKU-A', Quantity: 1 }],
      },
    } as unknown as OrderChangePayload['OrderChangeNotification'];
    expect(orderOfChangeNotification(change, change.OrderChangeTrigger!.TimeOfOrderChange)).toMatchObject({
      fulfilledByMarketplace: true,
    });
    const mfn = { ...change, Summary: { ...change.Summary, FulfillmentType: 'MFN' } } as typeof change;
    expect(orderOfChangeNotification(mfn, '2022-11-29T19:42:04.284Z')?.fulfilledByMarketplace).toBeUndefined();
  });
});

describe('FBA_INVENTORY_AVAILABILITY_CHANGES as delivered (EventBridge)', () => {
  const detail = (payload: unknown) => ({
    NotificationVersion: '1.0',
    NotificationType: 'FBA_INVENTORY_AVAILABILITY_CHANGES',
    PayloadVersion: '1.0',
    EventTime: '2020-07-13T19:42:04.284Z',
    Payload: payload,
    NotificationMetadata: {
      ApplicationId: 'amzn1.sellerapps.app.aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee',
      SubscriptionId: 'subscription-1',
      PublishTime: '2020-07-13T19:42:04.284Z',
      NotificationId: 'd0e9e693-c3ad-4373-979f-ed4ec98dd746',
    },
  });
  const event = (payload: unknown) => ({
    version: '0',
    id: 'event-1',
    'detail-type': 'FBA_INVENTORY_AVAILABILITY_CHANGES',
    source: 'aws.partner/sellingpartnerapi.amazon.com/000000000000/amzn1.sp.solution.x',
    account: '000000000000',
    time: '2020-07-13T19:42:04Z',
    region: 'us-east-1',
    resources: [],
    detail: detail(payload),
  });
  const headers = { [EVENTBRIDGE_API_KEY_HEADER]: 'key' };

  test("names the SKU and Amazon's fulfillable units in the US marketplace", () => {
    const payload = notification.properties.Payload.examples[0]!;
    expect(parseEventBridgeDelivery(headers, event(payload), 'key').notification).toEqual({
      kind: 'fba_stock_changed',
      sellerId: 'A3TH9S8BH6GOGM',
      stock: { sku: 'SELLERSKU-1', quantity: 50 },
      notificationId: 'd0e9e693-c3ad-4373-979f-ed4ec98dd746',
    });
  });

  test('refuses one without the US marketplace or a SKU', () => {
    const payload = notification.properties.Payload.examples[0]!;
    const elsewhere = {
      ...payload,
      FulfillmentInventoryByMarketplace: payload.FulfillmentInventoryByMarketplace.slice(1),
    };
    expect(() => parseEventBridgeDelivery(headers, event(elsewhere), 'key')).toThrow(
      /FBA_INVENTORY_AVAILABILITY_CHANGES without SellerId, SKU/,
    );
    expect(() => parseEventBridgeDelivery(headers, event({ ...payload, SKU: undefined }), 'key')).toThrow(
      /FBA_INVENTORY_AVAILABILITY_CHANGES without/,
    );
  });
});
