import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readOfficial } from '../../../test/support/marketplace-contract.ts';
import {
  catalogueItemFromWalmart,
  describeWalmartError,
  feedsOfSubmission,
  inventoryBody,
  inventoryFeed,
  isPoCreatedWithOrder,
  listingFromWalmart,
  listingStatusOf,
  moneyFromWalmart,
  orderFromPoCreated,
  orderFromWalmart,
  priceBody,
  stockFromWalmartInventories,
  submissionId,
  submissionStatusFromFeeds,
  walmartAmount,
} from './transform.ts';
import { invalidWalmartShipment, walmartShipmentRecorded, walmartShipmentRequest } from './shipments.ts';

type Json = Record<string, any>;
const spec = (file: string) => readOfficial(`walmart/${file}`) as Json;
const response = (file: string, path: string, method: string, name?: string) => {
  const content = spec(file).paths[path][method].responses['200'].content['application/json'];
  return name ? content.examples[name].value : (content.example ?? (Object.values(content.examples)[0] as Json).value);
};
const requestExample = (file: string, path: string, method: string, type = 'application/json', name?: string) => {
  const content = spec(file).paths[path][method].requestBody.content[type];
  return name ? content.examples[name].value : (content.example ?? (Object.values(content.examples)[0] as Json).value);
};

describe('Walmart transforms on the official examples', () => {
  it('turns GET /v3/items items into catalogue entries', () => {
    const page = response('items.json', '/v3/items', 'get', 'Get All Items');
    const items = page.ItemResponse.map(catalogueItemFromWalmart);
    expect(items[0]).toMatchObject({
      sku: '2792005',
      marketplaceId: '0RE1TWYTKBKH',
      title: "Carhartt Men's Rugged Vest",
      gtin: '00886859944807',
      price: { amount: '59.99', currency: 'USD' },
      status: 'suppressed',
      quantity: null,
      attributes: {
        productType: 'Outerwear Coats, Jackets & Vests',
        shelf: ['Home Page', 'Clothing', 'Mens Clothing', 'Mens Jackets & Outerwear', 'Mens Jackets & Outerwear'],
      },
    });
    // 189 (a whole number in the JSON) keeps its cents.
    expect(items.find((i: Json) => i.sku === '4419464')!.price).toEqual({ amount: '189.00', currency: 'USD' });
    expect(items.find((i: Json) => i.sku === 'NIJDJuuyUKhQQei')!.status).toBe('inactive');
    expect(page.nextCursor).toBeTruthy();
  });

  it("reads each SKU's stock on a page of GET /v3/inventories as its input quantity over its ship nodes", () => {
    const page = response('inventory.json', '/v3/inventories', 'get');
    expect(stockFromWalmartInventories(page)).toEqual([
      // Two ship nodes: 93 + 436 put in stock (3 of them reserved by orders, which we count ourselves).
      { sku: 'AI-IGH4-5509', quantity: 529 },
      { sku: '06397309545443', quantity: 5 },
    ]);
    expect(page.meta.nextCursor).toBeTruthy();
    // A SKU without nodes says nothing of its stock: read on its own.
    expect(stockFromWalmartInventories({ elements: { inventories: [{ sku: 'EMPTY', nodes: [] }] } })).toEqual([]);
  });

  it('reads one item plus its inventory as a listing', () => {
    const item = response('items.json', '/v3/items/{id}', 'get').ItemResponse[0];
    const inventory = response('inventory.json', '/v3/inventory', 'get');
    expect(listingFromWalmart('30348_KFTest', item, inventory)).toEqual({
      sku: '30348_KFTest',
      marketplaceId: '0RCPILAXM0C1',
      quantity: 10,
      price: { amount: '3.00', currency: 'USD' },
      status: 'active',
      issues: [],
    });
    const unpublished = response('items.json', '/v3/items', 'get', 'Get All Items').ItemResponse[0];
    expect(listingFromWalmart(unpublished.sku, unpublished, undefined).issues[0]).toContain('No shipping information');
    expect(listingFromWalmart('X', undefined, undefined).status).toBe('not listed');
  });

  it('builds the single PUT bodies exactly as the official examples', () => {
    expect(inventoryBody('97964_KFTest', 10)).toEqual(requestExample('inventory.json', '/v3/inventory', 'put'));
    expect(priceBody('97964_KFTest', 10, 'USD')).toEqual(requestExample('price.json', '/v3/price', 'put'));
  });

  it('builds the inventory feed file as the official JSON example', () => {
    const example = requestExample('inventory.json', '/v3/feeds', 'post', 'multipart/form-data', 'json1');
    expect(
      inventoryFeed([
        { sku: 'test1', quantity: 10 },
        { sku: '894728', quantity: 20 },
        { sku: 'price-only', price: { amount: '1.00', currency: 'USD' } },
      ]),
    ).toEqual(example);
  });

  it('turns feed status with item details into per-SKU outcomes', () => {
    const processed = response('feeds.json', '/v3/feeds/{feedId}', 'get');
    const sku = processed.itemDetails.itemIngestionStatus[0].sku;
    expect(submissionStatusFromFeeds([sku], [processed])).toEqual({
      state: 'done',
      results: [{ sku, outcome: 'confirmed' }],
    });
    expect(submissionStatusFromFeeds([sku], [{ ...processed, feedStatus: 'INPROGRESS' }])).toEqual({
      state: 'processing',
    });
    const failed = {
      ...processed,
      itemsSucceeded: 0,
      itemsFailed: 1,
      itemDetails: {
        itemIngestionStatus: [
          {
            sku,
            ingestionStatus: 'DATA_ERROR',
            ingestionErrors: {
              ingestionError: [{ type: 'DATA_ERROR', code: 'ERR_EXT_DATA_0101002', description: 'Invalid quantity' }],
            },
          },
        ],
      },
    };
    expect(submissionStatusFromFeeds([sku, 'missing'], [failed])).toEqual({
      state: 'done',
      results: [
        { sku, outcome: 'rejected', message: 'Invalid quantity', code: 'ERR_EXT_DATA_0101002' },
        { sku: 'missing', outcome: 'unknown', message: 'Walmart reported no status for this SKU' },
      ],
    });
    expect(submissionStatusFromFeeds([sku], [{ feedId: 'F1', feedStatus: 'ERROR' }])).toMatchObject({
      state: 'failed',
      message: expect.stringContaining('F1'),
    });
  });

  it('takes every item as confirmed when the feed’s counts say all succeeded, without item details', () => {
    const processed = response('feeds.json', '/v3/feeds/{feedId}', 'get');
    const counted = {
      feedId: processed.feedId,
      feedStatus: 'PROCESSED' as const,
      itemsReceived: 2,
      itemsSucceeded: 2,
      itemsFailed: 0,
      itemsProcessing: 0,
    };
    expect(submissionStatusFromFeeds(['A', 'B'], [counted])).toEqual({
      state: 'done',
      results: [
        { sku: 'A', outcome: 'confirmed' },
        { sku: 'B', outcome: 'confirmed' },
      ],
    });
    // One failed: the item details are needed, and a SKU they do not name stays unknown.
    expect(submissionStatusFromFeeds(['A', 'B'], [{ ...counted, itemsSucceeded: 1, itemsFailed: 1 }])).toMatchObject({
      state: 'done',
      results: [
        { sku: 'A', outcome: 'unknown' },
        { sku: 'B', outcome: 'unknown' },
      ],
    });
  });

  it('names both feeds in one submission id and reads them back', () => {
    const id = submissionId({
      inventory: 'F129C19240844B97A3C6AD8F1A2C4997@AU8BAQA',
      price: '14066B6642344B76A8B77AC094F8C63B@AVMBAgA',
    });
    expect(feedsOfSubmission(id)).toEqual([
      { feedType: 'inventory', feedId: 'F129C19240844B97A3C6AD8F1A2C4997@AU8BAQA' },
      { feedType: 'price', feedId: '14066B6642344B76A8B77AC094F8C63B@AVMBAgA' },
    ]);
  });

  it('turns the official orders into hub orders, cancelled lines included', () => {
    const page = response('orders.json', '/v3/orders', 'get');
    const orders = page.list.elements.order.map(orderFromWalmart);
    expect(orders[0]).toEqual({
      marketplaceOrderId: '1796277083022',
      status: 'open',
      lines: [
        {
          sku: 'test1',
          quantity: 1,
          price: { amount: '10.00', currency: 'USD' },
          cancelledQuantity: 0,
          lineId: '4',
          title: 'Beba Bean Pee-pee Teepee Airplane - Blue - Laundry Bag',
          shippedQuantity: 0,
        },
      ],
      createdAt: new Date(1568466571000).toISOString(),
      updatedAt: new Date(1568466647000).toISOString(),
      details: {
        orderNumber: '5281956426648',
        buyerName: 'Kathryn Cole',
        shipTo: {
          name: 'Kathryn Cole',
          line1: '3258BWarners rd',
          line2: 'Garage',
          city: 'Warners',
          region: 'NY',
          postalCode: '13164',
          countryCode: 'US',
          phone: '3155598681',
        },
        // The item's 10.00 and its 0.80 tax.
        total: { amount: '10.80', currency: 'USD' },
        shipBy: new Date(1568700000000).toISOString(),
        fulfilment: 'unshipped',
        fees: null,
      },
    });
    expect(orders[1]).toMatchObject({
      marketplaceOrderId: '3796235970012',
      status: 'cancelled',
      lines: [{ sku: 'TEST-02', quantity: 1, cancelledQuantity: 1, shippedQuantity: 0, lineId: '1' }],
      details: {
        orderNumber: '5241952426446',
        fulfilment: 'cancelled',
        shipTo: { line2: null, city: 'San Francisco' },
      },
    });
    expect(page.list.meta.nextCursor).toMatch(/^\?limit=10&hasMoreElements=true/);
  });

  it('reads shipped orders: the official getAnOrder and shippingUpdates answers', () => {
    const one = response('orders.json', '/v3/orders/{purchaseOrderId}', 'get', 'ORDER').order;
    expect(orderFromWalmart(one)).toMatchObject({
      marketplaceOrderId: '1815367951431',
      status: 'shipped',
      lines: [{ lineId: '1', sku: 'YHY-FN25200B2', quantity: 1, shippedQuantity: 1, cancelledQuantity: 0 }],
      details: {
        orderNumber: '4372135469400',
        buyerName: 'Donald Ashley',
        total: { amount: '5.34', currency: 'USD' },
        shipBy: new Date(1623906000000).toISOString(),
        fulfilment: 'shipped',
      },
    });
    const shipped = response('orders.json', '/v3/orders/{purchaseOrderId}/shipping', 'post').order;
    expect(orderFromWalmart(shipped).details).toMatchObject({
      orderNumber: '9876543212345',
      shipTo: { name: 'Jane Doe', line1: '123 Main street', city: 'Sunnyvale', region: 'CA', postalCode: '94086' },
      total: { amount: '603.56', currency: 'USD' },
      fulfilment: 'shipped',
    });
  });

  it('reports a partly shipped order, and delivered, refunded and cancelled ones, in the seller’s words', () => {
    const shipped = response('orders.json', '/v3/orders/{purchaseOrderId}/shipping', 'post').order;
    const line = shipped.orderLines.orderLine[0];
    const status = (name: string, amount: number) => ({
      ...line.orderLineStatuses.orderLineStatus[0],
      status: name,
      statusQuantity: { unitOfMeasurement: 'EACH', amount: String(amount) },
    });
    const withStatuses = (quantity: number, ...statuses: Json[]) => ({
      ...shipped,
      orderLines: {
        orderLine: [
          {
            ...line,
            orderLineQuantity: { unitOfMeasurement: 'EACH', amount: String(quantity) },
            orderLineStatuses: { orderLineStatus: statuses },
          },
        ],
      },
    });
    const partly = orderFromWalmart(withStatuses(3, status('Acknowledged', 1), status('Shipped', 2)));
    expect(partly).toMatchObject({ status: 'open', lines: [{ quantity: 3, shippedQuantity: 2 }] });
    expect(partly.details!.fulfilment).toBe('partially shipped');
    expect(orderFromWalmart(withStatuses(2, status('Delivered', 2))).details!.fulfilment).toBe('delivered');
    expect(orderFromWalmart(withStatuses(2, status('Delivered', 1), status('Shipped', 1))).details!.fulfilment).toBe(
      'shipped',
    );
    expect(orderFromWalmart(withStatuses(1, status('Refund', 1))).details!.fulfilment).toBe('refunded');
    expect(orderFromWalmart(withStatuses(2, status('Cancelled', 1), status('Shipped', 1)))).toMatchObject({
      status: 'shipped',
      lines: [{ cancelledQuantity: 1, shippedQuantity: 1 }],
      details: { fulfilment: 'shipped' },
    });
  });

  it('builds the Ship order lines body as the official example has it, and finds a shipment the order holds', () => {
    const example = requestExample('orders.json', '/v3/orders/{purchaseOrderId}/shipping', 'post');
    const order = response('orders.json', '/v3/orders/{purchaseOrderId}', 'get', 'ORDER').order;
    const shipment = {
      marketplaceOrderId: order.purchaseOrderId,
      shipmentId: 'ours-1',
      carrier: 'USPS',
      trackingNumber: '435678956435467',
      shippedAt: new Date(1623835855000).toISOString(),
      lines: [{ lineId: '1', sku: 'YHY-FN25200B2', quantity: 1 }],
    };
    const body = walmartShipmentRequest(shipment, order);
    const sent = body.orderShipment.orderLines.orderLine[0]!;
    const official = example.orderShipment.orderLines.orderLine[0];
    const keys = (o: Json) => Object.keys(o).sort();
    expect(keys(sent).every((k) => keys(official).includes(k))).toBe(true);
    expect(keys(sent.orderLineStatuses.orderLineStatus[0]!)).toEqual(['status', 'statusQuantity', 'trackingInfo']);
    expect(sent.orderLineStatuses.orderLineStatus[0]!.trackingInfo).toEqual({
      shipDateTime: 1623835855000,
      carrierName: { carrier: 'USPS' },
      methodCode: 'Value',
      trackingNumber: '435678956435467',
    });
    expect(sent).toMatchObject({ lineNumber: '1', sellerOrderId: '4372135469400' });
    expect(walmartShipmentRecorded(shipment, order)).toBe(true);
    expect(walmartShipmentRecorded({ ...shipment, trackingNumber: 'OTHER' }, order)).toBe(false);
    expect(walmartShipmentRecorded({ ...shipment, lines: [{ ...shipment.lines[0]!, quantity: 2 }] }, order)).toBe(
      false,
    );
    expect(invalidWalmartShipment(shipment)).toBeUndefined();
    expect(invalidWalmartShipment({ ...shipment, carrier: 'Pony Express' })).toMatch(
      /^Pony Express is not a carrier Walmart accepts/,
    );
  });

  it('maps statuses, money and Walmart’s error wording', () => {
    expect(listingStatusOf({ publishedStatus: 'PUBLISHED', lifecycleStatus: 'ACTIVE' })).toBe('active');
    expect(listingStatusOf({ publishedStatus: 'SYSTEM_PROBLEM' })).toBe('error');
    expect(listingStatusOf({ publishedStatus: 'IN_PROGRESS' })).toBe('pending');
    expect(moneyFromWalmart({ currency: 'USD', amount: 4.5 })).toEqual({ amount: '4.50', currency: 'USD' });
    expect(moneyFromWalmart(undefined)).toBeNull();
    // items.json's schema types the item price amount as a string.
    expect(moneyFromWalmart({ currency: 'USD', amount: '59.9' })).toEqual({ amount: '59.90', currency: 'USD' });
    expect(moneyFromWalmart({ currency: 'USD', amount: 'n/a' })).toBeNull();
    expect(walmartAmount({ amount: '12.34', currency: 'USD' })).toBe(12.34);
    expect(walmartAmount({ amount: '12.345', currency: 'USD' })).toBeUndefined();
    expect(walmartAmount({ amount: '0', currency: 'USD' })).toBeUndefined();
    expect(
      describeWalmartError(429, {
        errors: [
          {
            code: 'REQUEST_THRESHOLD_VIOLATED.GMP_GATEWAY_API',
            description: 'Too Many Requests',
            severity: 'ERROR',
            category: 'REQUEST',
          },
        ],
      }),
    ).toEqual({
      message: 'Too Many Requests',
      code: 'REQUEST_THRESHOLD_VIOLATED.GMP_GATEWAY_API',
    });
    expect(describeWalmartError(502, '<html>Bad gateway</html>').message).toBe(
      'Walmart answered HTTP 502: <html>Bad gateway</html>',
    );
  });

  it('keeps every cent between Walmart numbers and hub decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_000 }), (cents) => {
        const money = moneyFromWalmart({ currency: 'USD', amount: cents / 100 })!;
        expect(money.amount).toMatch(/^\d+\.\d{2}$/);
        expect(Math.round(walmartAmount(money)! * 100)).toBe(cents);
      }),
    );
  });
});

describe('PO_CREATED deliveries', () => {
  // As Walmart's event page describes it: { source, payload } with the purchase order's lines.
  const event = {
    source: { eventType: 'PO_CREATED', eventTime: '2025-03-01T10:00:00.000Z', eventId: 'evt-1' },
    payload: {
      partnerId: '10000000359',
      purchaseOrderId: '108829089017',
      customerOrderId: '5381720034651',
      orderDate: '2025-03-01T10:00:00.000Z',
      orderLines: [
        {
          lineNumber: '1',
          sku: 'MUG-BLK-S',
          quantity: { unitOfMeasure: 'EACH', measurementValue: 2 },
          orderLineStatus: 'Created',
          charges: [
            { chargeType: 'PRODUCT', chargeName: 'ItemPrice', chargeAmount: { currency: 'USD', amount: 19.5 } },
          ],
        },
        {
          lineNumber: '2',
          sku: 'VASE-01',
          quantity: { unitOfMeasure: 'EACH', measurementValue: 1 },
          orderLineStatus: 'Created',
        },
      ],
    },
  };

  it('is the whole new order: every line open, at the unit price of its PRODUCT charge where there is one', () => {
    expect(isPoCreatedWithOrder(event)).toBe(true);
    expect(orderFromPoCreated(event)).toEqual({
      marketplaceOrderId: '108829089017',
      status: 'open',
      lines: [
        {
          sku: 'MUG-BLK-S',
          quantity: 2,
          price: { amount: '19.50', currency: 'USD' },
          cancelledQuantity: 0,
          lineId: '1',
          shippedQuantity: 0,
        },
        { sku: 'VASE-01', quantity: 1, price: null, cancelledQuantity: 0, lineId: '2', shippedQuantity: 0 },
      ],
      createdAt: '2025-03-01T10:00:00.000Z',
      updatedAt: '2025-03-01T10:00:00.000Z',
      // The event's customer order number; no buyer or address (the next read adds them), and no total
      // while a line has no price.
      details: {
        orderNumber: '5381720034651',
        buyerName: null,
        shipTo: null,
        total: null,
        shipBy: null,
        fulfilment: 'unshipped',
        fees: null,
      },
    });
  });

  it('is not taken as an order when it is another event or its lines are not whole', () => {
    expect(isPoCreatedWithOrder({ ...event, source: { ...event.source, eventType: 'PO_LINE_AUTOCANCELLED' } })).toBe(
      false,
    );
    expect(isPoCreatedWithOrder({ ...event, payload: { ...event.payload, orderLines: [] } })).toBe(false);
    expect(isPoCreatedWithOrder({ ...event, payload: { ...event.payload, orderDate: 'yesterday' } })).toBe(false);
    expect(
      isPoCreatedWithOrder({
        ...event,
        payload: {
          ...event.payload,
          orderLines: [{ ...event.payload.orderLines[0], quantity: { measurementValue: 0 } }],
        },
      }),
    ).toBe(false);
    expect(isPoCreatedWithOrder({ eventType: 'OFFER_UNPUBLISHED' })).toBe(false);
  });
});
