import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Ajv } from 'ajv';
import { OfficialContract, readOfficial } from '../../support/marketplace-contract.ts';
import type { LoggedRequest } from '../../../src/sandbox/shared/sandbox-kit.ts';
import type { WalmartAdapter } from '../../../src/marketplaces/walmart/walmart-adapter.ts';
import { startReceiver, startWalmartSandbox, type WalmartSandboxHandle } from './walmart-test-kit.ts';

type Json = Record<string, any>;
const files = ['auth', 'items', 'inventory', 'price', 'feeds', 'orders', 'notifications'] as const;
const contracts = Object.fromEntries(
  files.map((f) => [f, new OfficialContract(`walmart/${f}.json`, readOfficial(`walmart/${f}.json`) as Json)]),
) as Record<(typeof files)[number], OfficialContract>;

/** The definition an exchange belongs to. POST /v3/feeds is defined per feed type (inventory.json, price.json). */
function contractFor(entry: LoggedRequest): OfficialContract {
  const p = entry.path;
  if (p.startsWith('/v3/token')) return contracts.auth;
  if (p.startsWith('/v3/items')) return contracts.items;
  if (p === '/v3/inventory' || p === '/v3/inventories') return contracts.inventory;
  if (p === '/v3/price') return contracts.price;
  if (p === '/v3/feeds' && entry.method === 'POST')
    return entry.query?.feedType === 'price' ? contracts.price : contracts.inventory;
  if (p.startsWith('/v3/feeds')) return contracts.feeds;
  if (p.startsWith('/v3/orders')) return contracts.orders;
  if (p.startsWith('/v3/webhooks')) return contracts.notifications;
  throw new Error(`no definition for ${entry.method} ${p}`);
}

let sb: WalmartSandboxHandle;
let log: LoggedRequest[];

/**
 * Orders acknowledged and shipped (orders.json acknowledgeOrders, getAnOrder, shippingUpdates): one in
 * two parcels, and one refused (more units than remain), so answers carry Shipped statuses and an error.
 */
async function shipSome(adapter: WalmartAdapter, twoLinePo: string, partlyCancelledPo: string) {
  const parcel = (po: string, carrier: string, trackingNumber: string, lineId: string, quantity: number) => ({
    marketplaceOrderId: po,
    shipmentId: `contract-${trackingNumber}`,
    carrier,
    trackingNumber,
    shippedAt: new Date().toISOString(),
    lines: [{ lineId, sku: 'any', quantity }],
  });
  await adapter.acknowledgeOrder!(twoLinePo);
  expect(await adapter.confirmShipment(parcel(twoLinePo, 'FedEx', '781234567890', '1', 1))).toMatchObject({
    outcome: 'confirmed',
  });
  expect(await adapter.confirmShipment(parcel(twoLinePo, 'USPS', '9400100000000000000009', '2', 1))).toMatchObject({
    outcome: 'confirmed',
  });
  expect(await adapter.confirmShipment(parcel(partlyCancelledPo, 'UPS', '1Z999AA1', '1', 2))).toMatchObject({
    outcome: 'rejected',
  });
}

beforeAll(async () => {
  sb = await startWalmartSandbox('fast');
  const seller = await sb.createSeller(60);
  const adapter = sb.adapter(seller.credentials);
  const receiver = await startReceiver();
  try {
    await expect(
      sb.adapter({ ...seller.credentials, clientSecret: 'wrong' }).verifyCredentials(),
    ).rejects.toMatchObject({ kind: 'auth' });
    await adapter.verifyCredentials();
    const skus: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await adapter.listCatalogue(cursor);
      skus.push(...page.items.map((i) => i.sku));
      cursor = page.next;
    } while (cursor);
    await adapter.readListings([skus[0]!, 'NOT-LISTED']);
    for (let stock = await adapter.listStock!(undefined); stock.next;) stock = await adapter.listStock!(stock.next);
    await adapter.updateListings([
      { sku: skus[0]!, quantity: 9, price: { amount: '12.99', currency: 'USD' } },
      { sku: 'NOT-LISTED', quantity: 1 },
      { sku: 'NOT-LISTED-EITHER', price: { amount: '3.00', currency: 'USD' } },
    ]);
    await adapter.adjustQuantity!(skus[1]!, -1, 'k');
    const submission = await adapter.submitBulk!(
      skus
        .slice(2)
        .map((sku, i) => ({ sku, quantity: i, price: { amount: '5.25', currency: 'USD' } }))
        .concat([{ sku: 'GHOST', quantity: 1, price: { amount: '1.00', currency: 'USD' } }]),
    );
    await vi.waitFor(
      async () => {
        if ((await adapter.submissionStatus!(submission)).state !== 'done') throw new Error('processing');
      },
      { timeout: 5000, interval: 50 },
    );
    await adapter.subscribeOrderWebhook(receiver.url);
    const delivered = receiver.next();
    const since = new Date(Date.now() - 1000);
    const { body: twoLines } = await sb.control('POST', `/sellers/${seller.sellerId}/orders`, {
      lines: [
        { sku: skus[5], quantity: 1 },
        { sku: skus[6], quantity: 1 },
      ],
    });
    await sb.control('POST', `/sellers/${seller.sellerId}/orders`, { lines: [{ sku: skus[7], quantity: 1 }] });
    const { body: order } = await sb.control('POST', `/sellers/${seller.sellerId}/orders`, {
      lines: [{ sku: skus[8], quantity: 2 }],
    });
    await delivered;
    // A seller cancels a unit (orders.json cancelOrderLines), so answers carry a Cancelled status line.
    const sellerToken = await adapter.client.accessToken();
    await sb.walmart(sellerToken, 'POST', `/v3/orders/${order.purchaseOrderId}/cancel`, {
      orderCancellation: {
        orderLines: {
          orderLine: [
            {
              lineNumber: '1',
              orderLineStatuses: {
                orderLineStatus: [
                  {
                    status: 'Cancelled',
                    cancellationReason: 'CUSTOMER_REQUESTED_SELLER_TO_CANCEL',
                    statusQuantity: { unitOfMeasurement: 'EA', amount: '1' },
                  },
                ],
              },
            },
          ],
        },
      },
    });
    await shipSome(adapter, twoLines.purchaseOrderId, order.purchaseOrderId);
    await adapter.ordersSince(since, undefined);
    // One throttled answer, for the 429 body.
    await sb.control('PUT', '/faults', { rateLimitProfile: 'realistic' });
    const token = await adapter.client.accessToken();
    await Promise.all(
      Array.from({ length: 8 }, () =>
        fetch(`${sb.baseUrl}/v3/orders?lastModifiedStartDate=${since.toISOString()}`, {
          headers: {
            'WM_SEC.ACCESS_TOKEN': token,
            'WM_QOS.CORRELATION_ID': crypto.randomUUID(),
            'WM_SVC.NAME': 'contract',
          },
        }),
      ),
    );
  } finally {
    await receiver.close();
  }
  log = [...sb.sandbox.requests()];
});
afterAll(async () => {
  await sb.close();
});

describe('every Walmart exchange against the official definitions', () => {
  it('exercised every operation the adapter uses', () => {
    const seen = new Set(
      log.map((r) => `${r.method} ${r.path.replace(/^\/v3\/(items|feeds|orders)\/[^/]+/, '/v3/$1/{id}')}`),
    );
    for (const op of [
      'POST /v3/orders/{id}/cancel',
      'POST /v3/token',
      'GET /v3/token/detail',
      'GET /v3/items',
      'GET /v3/items/{id}',
      'GET /v3/inventory',
      'GET /v3/inventories',
      'PUT /v3/inventory',
      'PUT /v3/price',
      'POST /v3/feeds',
      'GET /v3/feeds/{id}',
      'GET /v3/orders',
      'GET /v3/orders/{id}',
      'POST /v3/orders/{id}/acknowledge',
      'POST /v3/orders/{id}/shipping',
      'POST /v3/webhooks/subscriptions',
    ]) {
      expect(seen, op).toContain(op);
    }
    expect(log.some((r) => r.status === 429)).toBe(true);
    expect(log.some((r) => r.status === 404)).toBe(true);
    expect(log.some((r) => r.status === 401)).toBe(true);
  });

  /** Where the 2023-08 definitions and Walmart's behaviour differ, named and asserted, not ignored. */
  const allowances = {
    // The definitions declare only 200 for these operations; Walmart answers errors with its GatewayError body.
    undeclaredErrorStatus: /^walmart\/\w+\.json: \w+ \S+ does not declare status (400|401|404|429|503)$/,
    // orders.json types GetOrderResponseRecord.orderLines (and Order.orderLines) as RefundLinesType (a
    // generator slip): its own example fails the same way, so order lines are checked against
    // OrderLineType separately below.
    orderLinesAsRefundLines:
      /^data(\/list\/elements)?\/order(\/\d+)?\/orderLines\/orderLine\/\d+ must have required property 'refunds'$/,
    // The same slip in OrderShipmentRecord.orderLines: each line is a ShippingLineType (checked below).
    shipmentLinesAsRefundLines:
      /^data\/orderShipment\/orderLines\/orderLine\/\d+ must have required property 'refunds'$/,
    // getAnOrder's schema is the bare Order (orderDate a date-time string); its own examples, as Walmart
    // answers, are a GetOrderResponse ({ order }, epoch milliseconds), checked as such below.
    getAnOrderUnwrapped:
      /^data must have required property '(customerEmailId|customerOrderId|orderDate|orderLines|purchaseOrderId|shippingInfo)'$/,
    // inventory.json types GET /v3/inventories' elements.inventories as one UpdateInventoriesRequestDTO; its
    // own example (as Walmart's guide) is a list of them, each with its sku: each is checked as one below.
    inventoriesAsOneObject:
      /^[^:]+: response 200 of GET \/v3\/inventories: data\/elements\/inventories must be object$/,
  };
  const orderSlips = ['orderLinesAsRefundLines', 'shipmentLinesAsRefundLines', 'getAnOrderUnwrapped'] as const;
  /** The allowance every part of an orders.json problem falls under, if one does. */
  const orderSlipOf = (problem: string) => {
    const detail = problem.replace(/^[^:]+: (request|response 200) of (GET|POST) \/v3\/orders[^:]*: /, '');
    if (detail === problem) return undefined;
    return orderSlips.find((slip) => detail.split(', ').every((d) => allowances[slip].test(d)));
  };

  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema(readOfficial('walmart/inventory.json') as Json, 'inventory');
  ajv.addSchema(readOfficial('walmart/price.json') as Json, 'price');
  ajv.addSchema(readOfficial('walmart/orders.json') as Json, 'orders');
  const walmartErrorBody = ajv.compile({
    type: 'object',
    required: ['errors'],
    properties: { errors: { type: 'array', minItems: 1, items: { $ref: 'inventory#/components/schemas/Error' } } },
  });
  const inventoryRow = ajv.compile({ $ref: 'inventory#/components/schemas/Inventory' });
  const inventoriesRow = ajv.compile({ $ref: 'inventory#/components/schemas/UpdateInventoriesRequestDTO' });
  const priceRow = ajv.compile({ $ref: 'price#/components/schemas/Price' });
  const orderLine = ajv.compile({ $ref: 'orders#/components/schemas/OrderLineType' });
  const shippingLine = ajv.compile({ $ref: 'orders#/components/schemas/ShippingLineType' });
  const shipLineStatus = ajv.compile({ $ref: 'orders#/components/schemas/ShipLineStatusType' });
  const getOrderResponse = ajv.compile({ $ref: 'orders#/components/schemas/GetOrderResponse' });

  it('every request the adapter sent and every answer the sandbox gave follows the definitions, allowances aside', () => {
    const unexpected: string[] = [];
    let allowedErrors = 0;
    let allowedInventoryPages = 0;
    const allowedOrderSlips = new Map<string, number>();
    for (const entry of log) {
      const problems = contractFor(entry).check({
        method: entry.method,
        path: entry.path,
        requestBody: entry.body,
        status: entry.status,
        responseBody: entry.response,
      });
      for (const problem of problems) {
        if (allowances.undeclaredErrorStatus.test(problem)) {
          allowedErrors++;
          if (!walmartErrorBody(entry.response))
            unexpected.push(
              `${entry.method} ${entry.path} ${entry.status}: not Walmart's error body: ${ajv.errorsText(walmartErrorBody.errors)}`,
            );
          continue;
        }
        if (allowances.inventoriesAsOneObject.test(problem)) {
          allowedInventoryPages++;
          for (const inventory of (entry.response as Json).elements.inventories as Json[]) {
            const sku: unknown = inventory.sku;
            if (typeof sku !== 'string' || !inventoriesRow(inventory))
              unexpected.push(`GET /v3/inventories: ${String(sku)}: ${ajv.errorsText(inventoriesRow.errors)}`);
          }
          continue;
        }
        const slip = orderSlipOf(problem);
        if (slip) {
          allowedOrderSlips.set(slip, (allowedOrderSlips.get(slip) ?? 0) + 1);
          continue;
        }
        unexpected.push(`${entry.method} ${entry.path} ${entry.status}: ${problem}`);
      }
    }
    expect(unexpected).toEqual([]);
    // The allowances were needed (they are not dead code) and no more than that.
    expect(allowedErrors).toBeGreaterThanOrEqual(4);
    for (const slip of orderSlips) expect(allowedOrderSlips.get(slip), slip).toBeGreaterThanOrEqual(1);
    expect(allowedInventoryPages).toBeGreaterThanOrEqual(1);
  });

  it('the inventories allowance is the definition’s own slip: its example fails the same way', () => {
    const spec = readOfficial('walmart/inventory.json') as Json;
    const example = spec.paths['/v3/inventories'].get.responses['200'].content['application/json'].example;
    const problems = contracts.inventory.check({
      method: 'GET',
      path: '/v3/inventories',
      status: 200,
      responseBody: example,
    });
    expect(problems).toHaveLength(1);
    expect(allowances.inventoriesAsOneObject.test(problems[0]!)).toBe(true);
    for (const inventory of example.elements.inventories) expect(inventoriesRow(inventory)).toBe(true);
  });

  it('the orders allowance is the definition’s own slip: its example fails the same way, and our lines follow OrderLineType', () => {
    const spec = readOfficial('walmart/orders.json') as Json;
    const example = spec.paths['/v3/orders'].get.responses['200'].content['application/json'].example;
    const problems = contracts.orders.check({ method: 'GET', path: '/v3/orders', status: 200, responseBody: example });
    expect(problems).toHaveLength(1);
    expect(
      problems[0]!
        .replace(/^[^:]+: response 200 of GET \/v3\/orders: /, '')
        .split(', ')
        .every((d) => allowances.orderLinesAsRefundLines.test(d)),
    ).toBe(true);
    const answered = log
      .filter((r) => r.path.startsWith('/v3/orders') && r.status === 200)
      .flatMap((r) =>
        (r.response as Json).list ? (r.response as Json).list.elements.order : [(r.response as Json).order],
      );
    expect(answered.length).toBeGreaterThanOrEqual(4);
    expect(
      answered.some((o) =>
        o.orderLines.orderLine.some((l: Json) =>
          l.orderLineStatuses.orderLineStatus.some((s: Json) => s.status === 'Cancelled'),
        ),
      ),
    ).toBe(true);
    for (const order of answered)
      for (const line of order.orderLines.orderLine)
        expect(orderLine(line), ajv.errorsText(orderLine.errors)).toBe(true);
  });

  it('the shipping and getAnOrder allowances are the definition’s own slips, and the shipments follow its types', () => {
    const spec = readOfficial('walmart/orders.json') as Json;
    const example = spec.paths['/v3/orders/{purchaseOrderId}/shipping'].post.requestBody.content['application/json'];
    const requestSlips = contracts.orders.check({
      method: 'POST',
      path: '/v3/orders/1/shipping',
      requestBody: example.example,
    });
    expect(requestSlips.map(orderSlipOf)).toEqual(['shipmentLinesAsRefundLines']);
    const one = spec.paths['/v3/orders/{purchaseOrderId}'].get.responses['200'].content['application/json'].examples;
    const readSlips = contracts.orders.check({
      method: 'GET',
      path: '/v3/orders/1',
      status: 200,
      responseBody: one.ORDER.value,
    });
    expect(readSlips.map(orderSlipOf)).toEqual(['getAnOrderUnwrapped']);

    // Each line the adapter sent is a ShippingLineType, each status a ShipLineStatusType (tracking included).
    const shipping = log.filter((r) => r.method === 'POST' && r.path.endsWith('/shipping'));
    expect(shipping.map((r) => r.status).sort()).toEqual([200, 200, 400]);
    for (const entry of shipping) {
      for (const line of (entry.body as Json).orderShipment.orderLines.orderLine) {
        expect(shippingLine(line), ajv.errorsText(shippingLine.errors)).toBe(true);
        for (const status of line.orderLineStatuses.orderLineStatus)
          expect(shipLineStatus(status), ajv.errorsText(shipLineStatus.errors)).toBe(true);
      }
    }
    // The order answers of shipping and getAnOrder are GetOrderResponse (the refund-lines slip aside).
    const orderAnswers = log.filter(
      (r) => r.status === 200 && (r.path.endsWith('/shipping') || /^\/v3\/orders\/\d+$/.test(r.path)),
    );
    expect(orderAnswers.length).toBeGreaterThanOrEqual(5);
    for (const entry of orderAnswers) {
      getOrderResponse(entry.response);
      const problems = (getOrderResponse.errors ?? [])
        .map((e) => `data${e.instancePath} ${e.message}`)
        .filter((p) => !allowances.orderLinesAsRefundLines.test(p));
      expect(problems, `${entry.method} ${entry.path}`).toEqual([]);
    }
    // The shipped statuses carry the tracking sent, and every order its buyer's address and ship-by.
    const last = shipping.filter((r) => r.status === 200).at(-1)!.response as Json;
    expect(last.order.orderLines.orderLine.flatMap((l: Json) => l.orderLineStatuses.orderLineStatus)).toEqual([
      expect.objectContaining({
        status: 'Shipped',
        trackingInfo: expect.objectContaining({ carrierName: { carrier: 'FedEx' } }),
      }),
      expect.objectContaining({
        status: 'Shipped',
        trackingInfo: expect.objectContaining({ carrierName: { carrier: 'USPS' } }),
      }),
    ]);
    expect(last.order.shippingInfo).toMatchObject({
      estimatedShipDate: expect.any(Number),
      postalAddress: {
        name: expect.any(String),
        address1: expect.any(String),
        postalCode: expect.stringMatching(/^\d{5}$/),
      },
    });
  });

  it('the feed files (multipart, so outside the check) follow the definitions’ row schemas and examples', () => {
    const feeds = log.filter((r) => r.method === 'POST' && r.path === '/v3/feeds' && r.status === 200);
    const inventory = feeds.find((r) => r.query?.feedType === 'inventory')!.body as Json;
    const price = feeds.find((r) => r.query?.feedType === 'price')!.body as Json;
    expect(inventory.InventoryHeader).toEqual({ version: '1.4' });
    expect(price.PriceHeader).toEqual({ version: '1.7' });
    for (const row of inventory.Inventory) expect(inventoryRow(row), ajv.errorsText(inventoryRow.errors)).toBe(true);
    for (const row of price.Price) expect(priceRow(row), ajv.errorsText(priceRow.errors)).toBe(true);
    // Each submission went as multipart/form-data, as the definitions' requestBody says.
    expect(
      Object.keys((readOfficial('walmart/inventory.json') as Json).paths['/v3/feeds'].post.requestBody.content),
    ).toEqual(['multipart/form-data']);
  });

  it('secrets stay out of the request log', () => {
    const text = JSON.stringify(log);
    expect(text).not.toMatch(/"clientSecret":"(?!\[redacted\])/);
    expect(log.find((r) => r.path === '/v3/webhooks/subscriptions' && r.method === 'POST')!.body).toMatchObject({
      events: [{ authDetails: { clientSecret: '[redacted]' } }],
    });
  });
});
