import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketplaceError } from '../../../src/marketplaces/errors.ts';
import type { MarketplaceOrder, ShipmentConfirmation } from '../../../src/marketplaces/types.ts';
import type { ShopifyAdapter } from '../../../src/marketplaces/shopify/shopify-adapter.ts';
import { shipmentOrderQuery } from '../../../src/marketplaces/shopify/queries.ts';
import { fulfillmentInput, fulfillmentOutcome, holdsLines } from '../../../src/marketplaces/shopify/shipments.ts';
import type { ShopifyShipmentOrder } from '../../../src/marketplaces/shopify/types.ts';
import { startSandbox } from './harness.ts';
import { checkAnswer } from './schema-check.ts';

/** Through real HTTP: orders placed on the sandbox, read with what shipping needs, shipped with fulfillmentCreate. */
let h: Awaited<ReturnType<typeof startSandbox>>;
let sellerId: string;
let adapter: ShopifyAdapter;
let skus: string[];

beforeAll(async () => {
  h = await startSandbox('fast');
  const seller = await h.createSeller(6);
  sellerId = seller.sellerId;
  const tokens = await h.connect(seller.credentials.shopDomain);
  adapter = h.adapter(seller.credentials.shopDomain, tokens);
  skus = h.sandbox.context
    .state()
    .sellers[sellerId]!.products.flatMap((p) => p.variants.map((v) => v.sku))
    .slice(0, 3);
  // Enough stock for every order below, whatever the generated catalogue holds.
  await adapter.updateListings(skus.map((sku) => ({ sku, quantity: 50 })));
});
afterAll(async () => {
  await h.close();
});

/** An order placed as a buyer would, as the adapter reads it back. */
async function placeAndRead(lines: Array<{ sku: string; quantity: number }>): Promise<MarketplaceOrder> {
  const since = new Date(Date.now() - 1000);
  const placed = await h.control('POST', `sellers/${sellerId}/orders`, { lines });
  expect(placed.status).toBe(201);
  return readOrder(placed.body.id, since);
}

async function readOrder(id: string, since: Date): Promise<MarketplaceOrder> {
  const order = (await adapter.ordersSince(since, undefined)).items.find((o) => o.marketplaceOrderId === id);
  expect(order).toBeDefined();
  return order!;
}

const view = async (orderId: string) =>
  (await h.control('GET', `sellers/${sellerId}/orders/${encodeURIComponent(orderId)}`)).body;

let tracking = 0;
/** A shipment of these units of the order's lines (all of each line when no quantities are given). */
function shipmentOf(order: MarketplaceOrder, quantities?: number[], carrier = 'UPS'): ShipmentConfirmation {
  tracking++;
  return {
    marketplaceOrderId: order.marketplaceOrderId,
    shipmentId: `shp-${tracking}`,
    carrier,
    trackingNumber: `1Z999AA1012345${String(tracking).padStart(4, '0')}`,
    shippedAt: new Date().toISOString(),
    lines: order.lines
      .map((l, i) => ({ lineId: l.lineId!, sku: l.sku, quantity: quantities?.[i] ?? l.quantity }))
      .filter((l) => l.quantity > 0),
  };
}

const fulfillmentCreates = () =>
  h.sandbox.requests().filter((r) => JSON.stringify(r.body ?? '').includes('HubFulfillmentCreate'));

describe('an order read with what shipping needs, then shipped', () => {
  it('reads the buyer, address, total and lines, ships the whole order, and reads it back shipped', async () => {
    const order = await placeAndRead([
      { sku: skus[0]!, quantity: 2 },
      { sku: skus[1]!, quantity: 1 },
    ]);
    expect(order.details).toEqual({
      orderNumber: expect.stringMatching(/^#\d{4,}$/),
      buyerName: expect.stringMatching(/^\S+ \S+$/),
      shipTo: {
        name: order.details!.buyerName,
        line1: expect.stringMatching(/^\d+ \S/),
        line2: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string'),
        city: expect.any(String),
        region: expect.stringMatching(/^[A-Z]{2}$/),
        postalCode: expect.stringMatching(/^\d{5}$/),
        countryCode: 'US',
        phone: expect.stringMatching(/^\+1 \d{3}-555-01\d{2}$/),
      },
      total: { amount: expect.stringMatching(/^\d+\.\d{2}$/), currency: 'USD' },
      shipBy: null,
      fulfilment: 'unshipped',
      fees: null,
    });
    expect(order.lines).toEqual([
      expect.objectContaining({
        sku: skus[0],
        quantity: 2,
        lineId: expect.stringMatching(/^gid:\/\/shopify\/LineItem\/\d+$/),
        title: expect.stringContaining(' - '),
        shippedQuantity: 0,
      }),
      expect.objectContaining({ sku: skus[1], quantity: 1, shippedQuantity: 0 }),
    ]);

    const shipment = shipmentOf(order);
    const outcome = await adapter.confirmShipment(shipment);
    expect(outcome).toEqual({
      outcome: 'confirmed',
      marketplaceShipmentId: expect.stringMatching(/^gid:\/\/shopify\/Fulfillment\/\d+$/),
    });

    const held = await view(order.marketplaceOrderId);
    expect(held).toMatchObject({
      displayFulfillmentStatus: 'FULFILLED',
      fulfillmentOrders: { nodes: [{ status: 'CLOSED' }] },
      fulfillments: [
        {
          id: (outcome as { marketplaceShipmentId: string }).marketplaceShipmentId,
          status: 'SUCCESS',
          trackingInfo: [{ company: 'UPS', number: shipment.trackingNumber, url: null }],
        },
      ],
    });
    expect(held.fulfillments[0].fulfillmentLineItems.nodes.map((n: any) => [n.lineItem.id, n.quantity]).sort()).toEqual(
      shipment.lines.map((l) => [l.lineId, l.quantity]).sort(),
    );

    // The shipment moved the order's last change on: a read since its last change picks it up.
    const again = await readOrder(order.marketplaceOrderId, new Date(order.updatedAt));
    expect(Date.parse(again.updatedAt)).toBeGreaterThan(Date.parse(order.updatedAt));
    expect(again.status).toBe('shipped');
    expect(again.details!.fulfilment).toBe('shipped');
    expect(again.lines.map((l) => l.shippedQuantity)).toEqual([2, 1]);
  });

  it('ships part of an order, then the rest', async () => {
    const order = await placeAndRead([
      { sku: skus[0]!, quantity: 3 },
      { sku: skus[2]!, quantity: 2 },
    ]);
    const first = await adapter.confirmShipment(shipmentOf(order, [1, 0]));
    expect(first.outcome).toBe('confirmed');
    expect(await view(order.marketplaceOrderId)).toMatchObject({
      displayFulfillmentStatus: 'PARTIALLY_FULFILLED',
      lineItems: { nodes: [{ unfulfilledQuantity: 2, fulfillmentStatus: 'partial' }, { unfulfilledQuantity: 2 }] },
      fulfillmentOrders: { nodes: [{ status: 'IN_PROGRESS', lineItems: { nodes: [{ remainingQuantity: 2 }, {}] } }] },
    });
    const partly = await readOrder(order.marketplaceOrderId, new Date(order.updatedAt));
    expect(partly.status).toBe('open');
    expect(partly.details!.fulfilment).toBe('partially shipped');
    expect(partly.lines.map((l) => l.shippedQuantity)).toEqual([1, 0]);

    const rest = await adapter.confirmShipment(shipmentOf(order, [2, 2], 'USPS'));
    expect(rest.outcome).toBe('confirmed');
    const done = await view(order.marketplaceOrderId);
    expect(done.displayFulfillmentStatus).toBe('FULFILLED');
    expect(done.fulfillments.map((f: any) => f.trackingInfo[0].company)).toEqual(['UPS', 'USPS']);
    const shipped = await readOrder(order.marketplaceOrderId, new Date(partly.updatedAt));
    expect(shipped.details!.fulfilment).toBe('shipped');
    expect(shipped.lines.map((l) => l.shippedQuantity)).toEqual([3, 2]);
  });

  it('ships the same shipment sent twice once, and answers the second with the first fulfillment', async () => {
    const order = await placeAndRead([{ sku: skus[1]!, quantity: 2 }]);
    const shipment = shipmentOf(order, [1]);
    const before = fulfillmentCreates().length;
    const first = await adapter.confirmShipment(shipment);
    const second = await adapter.confirmShipment(shipment);
    expect(second).toEqual(first);
    expect(fulfillmentCreates().length - before).toBe(1);
    const held = await view(order.marketplaceOrderId);
    expect(held.fulfillments).toHaveLength(1);
    expect(held.lineItems.nodes[0].unfulfilledQuantity).toBe(1);
    // The line's other unit in a parcel of its own (its own tracking number) ships.
    const other = await adapter.confirmShipment(shipmentOf(order, [1]));
    expect(other).toMatchObject({ outcome: 'confirmed' });
    expect(other).not.toEqual(first);
    expect((await view(order.marketplaceOrderId)).fulfillments).toHaveLength(2);
  });
});

describe('refusals', () => {
  it('refuses a carrier Shopify does not list before sending anything', async () => {
    const order = await placeAndRead([{ sku: skus[0]!, quantity: 1 }]);
    const sent = h.sandbox.requests().length;
    const outcome = await adapter.confirmShipment(shipmentOf(order, undefined, 'Speedy Pete Couriers'));
    expect(outcome).toEqual({
      outcome: 'rejected',
      message: expect.stringMatching(/"Speedy Pete Couriers" is not a tracking company Shopify accepts/),
    });
    expect(h.sandbox.requests().length).toBe(sent);
    // Capitalization matters to Shopify: its list has "UPS", not "ups".
    expect((await adapter.confirmShipment(shipmentOf(order, undefined, 'ups'))).outcome).toBe('rejected');
    expect(h.sandbox.requests().length).toBe(sent);
  });

  it('answers more than remains, a cancelled order and a line not on the order in Shopify’s words or ours', async () => {
    const order = await placeAndRead([{ sku: skus[2]!, quantity: 2 }]);
    expect(await adapter.confirmShipment(shipmentOf(order, [3]))).toEqual({
      outcome: 'rejected',
      message: 'Invalid fulfillment order line item quantity requested.',
    });
    const stranger = { ...shipmentOf(order), lines: [{ lineId: 'gid://shopify/LineItem/1', sku: 'X', quantity: 1 }] };
    expect(await adapter.confirmShipment(stranger)).toEqual({
      outcome: 'rejected',
      message: expect.stringMatching(/has no line gid:\/\/shopify\/LineItem\/1 \(SKU X\)/),
    });
    expect(
      (await h.control('POST', `sellers/${sellerId}/orders/${encodeURIComponent(order.marketplaceOrderId)}/cancel`))
        .status,
    ).toBe(200);
    expect(await adapter.confirmShipment(shipmentOf(order))).toEqual({
      outcome: 'rejected',
      message: expect.stringMatching(/has an unfulfillable status= closed/),
    });
    expect((await view(order.marketplaceOrderId)).fulfillments).toEqual([]);
    expect(
      await adapter.confirmShipment({ ...shipmentOf(order), marketplaceOrderId: 'gid://shopify/Order/1' }),
    ).toEqual({
      outcome: 'rejected',
      message: 'Shopify has no order gid://shopify/Order/1.',
    });
  });
});

describe('throttled', () => {
  it('surfaces a 429 as rate_limited, and the retry then ships once', async () => {
    const order = await placeAndRead([{ sku: skus[0]!, quantity: 1 }]);
    const shipment = shipmentOf(order);
    expect((await h.control('PUT', `sellers/${sellerId}/faults`, { rateLimitBurst: 1 })).status).toBe(200);
    const refused = await adapter.confirmShipment(shipment).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MarketplaceError);
    expect(refused).toMatchObject({ kind: 'rate_limited', retryable: true, details: { status: 429 } });
    expect(h.sandbox.requests().at(-1)).toMatchObject({ status: 429, sellerId });

    const retried = await adapter.confirmShipment(shipment);
    expect(retried.outcome).toBe('confirmed');
    expect(await adapter.confirmShipment(shipment)).toEqual(retried);
    expect((await view(order.marketplaceOrderId)).fulfillments).toHaveLength(1);
  });
});

describe('mapping our lines to fulfillment order line items (pure)', () => {
  // Two fulfillment orders holding the same line (Shopify splits one when, say, part of a line moves
  // to another location), as shipmentOrderQuery answers them.
  const order: ShopifyShipmentOrder = {
    id: 'gid://shopify/Order/5001',
    name: '#1042',
    fulfillmentOrders: {
      nodes: [
        {
          id: 'gid://shopify/FulfillmentOrder/71',
          status: 'CLOSED',
          lineItems: {
            nodes: [
              {
                id: 'gid://shopify/FulfillmentOrderLineItem/710',
                remainingQuantity: 0,
                lineItem: { id: 'gid://shopify/LineItem/9', sku: 'A' },
              },
            ],
          },
        },
        {
          id: 'gid://shopify/FulfillmentOrder/72',
          status: 'IN_PROGRESS',
          lineItems: {
            nodes: [
              {
                id: 'gid://shopify/FulfillmentOrderLineItem/720',
                remainingQuantity: 2,
                lineItem: { id: 'gid://shopify/LineItem/9', sku: 'A' },
              },
              {
                id: 'gid://shopify/FulfillmentOrderLineItem/721',
                remainingQuantity: 1,
                lineItem: { id: 'gid://shopify/LineItem/8', sku: 'B' },
              },
            ],
          },
        },
      ],
    },
    fulfillments: [
      { id: 'gid://shopify/Fulfillment/3', status: 'SUCCESS', trackingInfo: [{ company: 'UPS', number: '1Z1' }] },
    ],
  };
  const shipment = (lines: ShipmentConfirmation['lines']): ShipmentConfirmation => ({
    marketplaceOrderId: order.id,
    shipmentId: 's',
    carrier: 'UPS',
    trackingNumber: '1Z2',
    shippedAt: '2025-03-02T10:00:00Z',
    lines,
  });

  it('is an answer the official schema allows', () => {
    expect(checkAnswer(shipmentOrderQuery, { id: order.id }, { order })).toEqual([]);
  });

  it('names the open fulfillment order line items that remain of each line, and leaves excess for Shopify to refuse', () => {
    expect(
      fulfillmentInput(
        order,
        shipment([
          { lineId: 'gid://shopify/LineItem/9', sku: 'A', quantity: 2 },
          { lineId: 'gid://shopify/LineItem/8', sku: 'B', quantity: 1 },
        ]),
      ),
    ).toEqual({
      lineItemsByFulfillmentOrder: [
        {
          fulfillmentOrderId: 'gid://shopify/FulfillmentOrder/72',
          fulfillmentOrderLineItems: [
            { id: 'gid://shopify/FulfillmentOrderLineItem/720', quantity: 2 },
            { id: 'gid://shopify/FulfillmentOrderLineItem/721', quantity: 1 },
          ],
        },
      ],
      trackingInfo: { company: 'UPS', number: '1Z2' },
      notifyCustomer: true,
    });
    const tooMany = fulfillmentInput(order, shipment([{ lineId: 'gid://shopify/LineItem/8', sku: 'B', quantity: 4 }]));
    expect(tooMany).toMatchObject({ lineItemsByFulfillmentOrder: [{ fulfillmentOrderLineItems: [{ quantity: 4 }] }] });
    expect(fulfillmentInput(order, shipment([{ lineId: 'gid://shopify/LineItem/7', sku: 'C', quantity: 1 }]))).toEqual({
      message: 'Shopify order #1042 has no line gid://shopify/LineItem/7 (SKU C) to ship.',
    });
    expect(fulfillmentInput({ ...order, fulfillmentOrders: { nodes: [] } }, shipment([]))).toMatchObject({
      message: expect.stringMatching(/no fulfillment orders .* access scopes/),
    });
  });

  it('finds a shipment made before by its lines, and reads fulfillmentCreate’s answer', () => {
    const shipped = [{ quantity: 2, lineItem: { id: 'gid://shopify/LineItem/9' } }];
    expect(holdsLines(shipped, [{ lineId: 'gid://shopify/LineItem/9', sku: 'A', quantity: 2 }])).toBe(true);
    expect(holdsLines(shipped, [{ lineId: 'gid://shopify/LineItem/9', sku: 'A', quantity: 3 }])).toBe(false);
    expect(holdsLines(shipped, [{ lineId: 'gid://shopify/LineItem/8', sku: 'B', quantity: 1 }])).toBe(false);
    expect(
      fulfillmentOutcome({
        fulfillmentCreate: {
          fulfillment: { id: 'gid://shopify/Fulfillment/4', name: '#1042.2', status: 'SUCCESS' },
          userErrors: [],
        },
      }),
    ).toEqual({ outcome: 'confirmed', marketplaceShipmentId: 'gid://shopify/Fulfillment/4' });
    expect(
      fulfillmentOutcome({
        fulfillmentCreate: {
          fulfillment: null,
          userErrors: [{ field: ['fulfillment'], message: 'Fulfillment order does not exist.' }],
        },
      }),
    ).toEqual({ outcome: 'rejected', message: 'Fulfillment order does not exist.' });
    expect(() => fulfillmentOutcome({ fulfillmentCreate: { fulfillment: null, userErrors: [] } })).toThrow(
      MarketplaceError,
    );
  });
});
