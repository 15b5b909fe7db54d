/**
 * eBay shipments through real HTTP against the eBay sandbox: an order read with what the seller needs
 * to ship it, createShippingFulfillment for a whole or a partial shipment, a resend shipping once, a
 * carrier eBay does not take refused before any call, a 429 surfacing as rate_limited, and the
 * sandbox's refusals in eBay's words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketplaceError } from '../../../src/marketplaces/errors.ts';
import type { MarketplaceOrder, ShipmentConfirmation } from '../../../src/marketplaces/types.ts';
import type { EbayAdapterOptions } from '../../../src/marketplaces/ebay/ebay-adapter.ts';
import { startEbaySandbox, type EbayTestSandbox } from './ebay-test-sandbox.ts';

let env: EbayTestSandbox;
beforeAll(async () => {
  env = await startEbaySandbox('fast');
});
afterAll(async () => {
  await env.close();
});

const TRACKING = '9405509699937003457459';

/** A connected seller with an order of 2 units of one SKU and 1 of another, as the adapter reads it. */
async function sellerWithOrder(adapterOptions: Partial<EbayAdapterOptions> = {}) {
  const seller = await env.connectSeller(3, adapterOptions);
  const { adapter, sellerId } = seller;
  const skus = (await adapter.listCatalogue(undefined)).items.map((i) => i.sku);
  await adapter.updateListings(skus.map((sku) => ({ sku, quantity: 10, price: { amount: '12.50', currency: 'USD' } })));
  const since = new Date(Date.now() - 1000);
  const placed = await env.control('POST', `/sellers/${sellerId}/orders`, {
    lines: [
      { sku: skus[0]!, quantity: 2 },
      { sku: skus[1]!, quantity: 1 },
    ],
  });
  expect(placed.status).toBe(201);
  const order = (await adapter.ordersSince(since, undefined)).items.find(
    (o) => o.marketplaceOrderId === placed.body.orderId,
  )!;
  return { ...seller, order, since };
}

const shipmentOf = (
  order: MarketplaceOrder,
  lines: Array<{ line: number; quantity: number }>,
  tracking = TRACKING,
): ShipmentConfirmation => ({
  marketplaceOrderId: order.marketplaceOrderId,
  shipmentId: `shipment-${tracking}`,
  carrier: 'USPS',
  trackingNumber: tracking,
  shippedAt: new Date().toISOString(),
  lines: lines.map(({ line, quantity }) => ({
    lineId: order.lines[line]!.lineId!,
    sku: order.lines[line]!.sku,
    quantity,
  })),
});

const view = async (sellerId: string, orderId: string) =>
  (await env.control('GET', `/sellers/${sellerId}/orders/${orderId}`)).body;
const shipmentCalls = (orderId: string) =>
  env.sandbox.requests().filter((r) => r.path.includes(`/order/${orderId}/shipping_fulfillment`));

describe('an order read for shipping', () => {
  it('carries line ids and titles, the buyer, a US address, the ship-by date, total and fees', async () => {
    const { order } = await sellerWithOrder();
    expect(order.lines).toEqual([
      expect.objectContaining({
        quantity: 2,
        lineId: expect.any(String),
        title: expect.any(String),
        shippedQuantity: 0,
      }),
      expect.objectContaining({
        quantity: 1,
        lineId: expect.any(String),
        title: expect.any(String),
        shippedQuantity: 0,
      }),
    ]);
    const details = order.details!;
    expect(details).toMatchObject({
      orderNumber: order.marketplaceOrderId,
      buyerName: expect.stringMatching(/^[A-Z][a-z]+ [A-Z][a-z]+$/),
      total: { amount: '37.50', currency: 'USD' },
      fulfilment: 'unshipped',
      shipTo: {
        line1: expect.stringMatching(/^\d+ \w/),
        city: expect.any(String),
        region: expect.stringMatching(/^[A-Z]{2}$/),
        postalCode: expect.stringMatching(/^\d{5}$/),
        countryCode: 'US',
        phone: expect.stringMatching(/^\d{3}-555-01\d\d$/),
      },
    });
    expect(details.shipTo!.name).toBe(details.buyerName);
    expect(Number(details.fees!.amount)).toBeGreaterThan(0);
    // Two business days after the order: never a weekend, at least two days on.
    const shipBy = new Date(details.shipBy!);
    expect([0, 6]).not.toContain(shipBy.getUTCDay());
    expect(shipBy.getTime() - Date.parse(order.createdAt)).toBeGreaterThanOrEqual(2 * 86_400_000);
  });
  it('an order saved before the sandbox had shipping details gets the same ones when next read', async () => {
    const { adapter, sellerId, order, since } = await sellerWithOrder();
    const saved = env.sandbox.context.state().sellers[sellerId]!.orders[0]! as unknown as Record<string, any>;
    for (const field of ['fulfillmentStartInstructions', 'fulfillmentHrefs', 'paymentSummary', 'totalMarketplaceFee'])
      delete saved[field];
    saved.buyer = { username: saved.buyer.username };
    for (const line of saved.lineItems) delete line.lineItemFulfillmentInstructions;
    const [read] = (await adapter.ordersSince(since, undefined)).items;
    expect(read!.details).toEqual(order.details);
  });
});

describe('confirmShipment', () => {
  it('a whole shipment: confirmed, held by eBay with carrier and tracking, and the next read says shipped', async () => {
    const { adapter, sellerId, order } = await sellerWithOrder();
    const outcome = await adapter.confirmShipment(
      shipmentOf(order, [
        { line: 0, quantity: 2 },
        { line: 1, quantity: 1 },
      ]),
    );
    expect(outcome).toEqual({ outcome: 'confirmed', marketplaceShipmentId: TRACKING });
    const held = await view(sellerId, order.marketplaceOrderId);
    expect(held.order.orderFulfillmentStatus).toBe('FULFILLED');
    expect(held.order.fulfillmentHrefs).toEqual([
      expect.stringMatching(new RegExp(`/shipping_fulfillment/${TRACKING}$`)),
    ]);
    expect(held.fulfillments).toEqual([
      expect.objectContaining({
        fulfillmentId: TRACKING,
        shippingCarrierCode: 'USPS',
        shipmentTrackingNumber: TRACKING,
        lineItems: [
          { lineItemId: order.lines[0]!.lineId, quantity: 2 },
          { lineItemId: order.lines[1]!.lineId, quantity: 1 },
        ],
      }),
    ]);
    // Changed after the last read: an orders-since read from just after it picks the order up.
    const after = await adapter.ordersSince(new Date(Date.parse(order.updatedAt) + 1), undefined);
    expect(after.items).toEqual([
      expect.objectContaining({
        marketplaceOrderId: order.marketplaceOrderId,
        status: 'shipped',
        lines: [
          expect.objectContaining({ quantity: 2, shippedQuantity: 2 }),
          expect.objectContaining({ quantity: 1, shippedQuantity: 1 }),
        ],
        details: expect.objectContaining({ fulfilment: 'shipped' }),
      }),
    ]);
  });

  it('a partial shipment: partly shipped with units counted; the rest then ships the order', async () => {
    const { adapter, sellerId, order, since } = await sellerWithOrder();
    expect(await adapter.confirmShipment(shipmentOf(order, [{ line: 0, quantity: 1 }], '1Z999AA10123456784'))).toEqual({
      outcome: 'confirmed',
      marketplaceShipmentId: '1Z999AA10123456784',
    });
    const held = await view(sellerId, order.marketplaceOrderId);
    expect(held.order.orderFulfillmentStatus).toBe('IN_PROGRESS');
    expect(held.order.lineItems.map((l: any) => l.lineItemFulfillmentStatus)).toEqual(['IN_PROGRESS', 'NOT_STARTED']);
    const [partly] = (await adapter.ordersSince(since, undefined)).items;
    expect(partly).toMatchObject({
      status: 'open',
      lines: [{ shippedQuantity: 1 }, { shippedQuantity: 0 }],
      details: { fulfilment: 'partially shipped' },
    });
    // Already recorded as changed then: left out, without reading its packages again.
    const reads = shipmentCalls(order.marketplaceOrderId).length;
    const recorded = new Map([[order.marketplaceOrderId, Date.parse(partly!.updatedAt)]]);
    expect((await adapter.ordersSince(since, undefined, undefined, recorded)).items).toEqual([]);
    expect(shipmentCalls(order.marketplaceOrderId)).toHaveLength(reads);

    const rest = shipmentOf(
      order,
      [
        { line: 0, quantity: 1 },
        { line: 1, quantity: 1 },
      ],
      '1Z999AA10123456795',
    );
    expect(await adapter.confirmShipment(rest)).toMatchObject({ outcome: 'confirmed' });
    const [shipped] = (await adapter.ordersSince(since, undefined)).items;
    expect(shipped).toMatchObject({
      status: 'shipped',
      lines: [{ shippedQuantity: 2 }, { shippedQuantity: 1 }],
      details: { fulfilment: 'shipped' },
    });
    // Nothing is left: a further unit is refused in eBay's words.
    expect(await adapter.confirmShipment(shipmentOf(order, [{ line: 1, quantity: 1 }], 'EXTRA1'))).toEqual({
      outcome: 'rejected',
      message: expect.stringMatching(/has 0 of 1 units left to ship/),
      code: '32600',
    });
  });

  it('the same shipment sent twice ships once and is confirmed both times', async () => {
    const { adapter, sellerId, order } = await sellerWithOrder();
    const shipment = shipmentOf(order, [{ line: 0, quantity: 2 }]);
    const first = await adapter.confirmShipment(shipment);
    const again = await adapter.confirmShipment(shipment);
    expect(again).toEqual(first);
    expect((await view(sellerId, order.marketplaceOrderId)).fulfillments).toHaveLength(1);
    expect(shipmentCalls(order.marketplaceOrderId).map((r) => `${r.method} ${r.status}`)).toEqual([
      'POST 201',
      'POST 400',
      'GET 200',
    ]);
    // The same tracking number on other lines is not the same package: eBay's refusal stands.
    expect(await adapter.confirmShipment(shipmentOf(order, [{ line: 1, quantity: 1 }]))).toMatchObject({
      outcome: 'rejected',
      message: expect.stringContaining('already has a shipping fulfillment with tracking number'),
    });
  });

  it('a carrier eBay does not take is refused before any call', async () => {
    const { adapter, order } = await sellerWithOrder();
    const outcome = await adapter.confirmShipment({
      ...shipmentOf(order, [{ line: 0, quantity: 1 }]),
      carrier: 'PonyExpress',
    });
    expect(outcome).toEqual({
      outcome: 'rejected',
      message: expect.stringContaining('PonyExpress is not a carrier eBay accepts'),
    });
    expect(shipmentCalls(order.marketplaceOrderId)).toEqual([]);
  });

  it('a 429 surfaces as rate_limited; the retry then confirms, once', async () => {
    const { adapter, sellerId, order } = await sellerWithOrder({
      retry: { attempts: 1, baseDelayMs: 0, maxDelayMs: 0 },
    });
    await env.control('PUT', `/sellers/${sellerId}/faults`, { rateLimitBurst: 1 });
    const shipment = shipmentOf(order, [{ line: 0, quantity: 2 }]);
    const refused = await adapter.confirmShipment(shipment).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MarketplaceError);
    expect(refused).toMatchObject({ kind: 'rate_limited', retryable: true });
    expect(await adapter.confirmShipment(shipment)).toEqual({ outcome: 'confirmed', marketplaceShipmentId: TRACKING });
    expect((await view(sellerId, order.marketplaceOrderId)).fulfillments).toHaveLength(1);
    expect(shipmentCalls(order.marketplaceOrderId).map((r) => r.status)).toEqual([429, 201]);
  });

  it('a cancelled order is refused in eBay’s words', async () => {
    const { adapter, sellerId, order } = await sellerWithOrder();
    expect((await env.control('POST', `/sellers/${sellerId}/orders/${order.marketplaceOrderId}/cancel`)).status).toBe(
      200,
    );
    expect(await adapter.confirmShipment(shipmentOf(order, [{ line: 0, quantity: 2 }]))).toEqual({
      outcome: 'rejected',
      message: expect.stringContaining('has been cancelled'),
      code: '32600',
    });
    expect((await view(sellerId, order.marketplaceOrderId)).fulfillments).toEqual([]);
  });
});

describe('the sandbox’s createShippingFulfillment refuses bad input with eBay’s errors', () => {
  it('answers 400 with the Fulfillment API’s errorIds', async () => {
    const { tokens, order } = await sellerWithOrder();
    const lineItemId = order.lines[0]!.lineId!;
    const post = async (orderId: string, body: unknown) => {
      const response = await fetch(`${env.endpoints.fulfillment}/order/${orderId}/shipping_fulfillment`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, errorId: ((await response.json()) as any).errors?.[0]?.errorId };
    };
    const line = [{ lineItemId, quantity: 1 }];
    const id = order.marketplaceOrderId;
    expect(await post('99-99999-99999', { lineItems: line })).toEqual({ status: 400, errorId: 32100 });
    expect(await post(id, { lineItems: [] })).toEqual({ status: 400, errorId: 32600 });
    expect(await post(id, { lineItems: [{ lineItemId: '123', quantity: 1 }] })).toEqual({
      status: 400,
      errorId: 32200,
    });
    expect(await post(id, { lineItems: [...line, ...line] })).toEqual({ status: 400, errorId: 32210 });
    expect(await post(id, { lineItems: line, shippingCarrierCode: 'USPS' })).toEqual({ status: 400, errorId: 32300 });
    expect(await post(id, { lineItems: line, shippingCarrierCode: 'Pony', trackingNumber: 'A1' })).toEqual({
      status: 400,
      errorId: 32300,
    });
    expect(await post(id, { lineItems: line, shippingCarrierCode: 'UPS', trackingNumber: '1Z 999' })).toEqual({
      status: 400,
      errorId: 32300,
    });
    expect(await post(id, { lineItems: line, shippedDate: '2999-01-01T00:00:00.000Z' })).toEqual({
      status: 400,
      errorId: 32500,
    });
    expect(await post(id, { lineItems: [{ lineItemId, quantity: 3 }] })).toEqual({ status: 400, errorId: 32600 });
    // Without tracking eBay still records the package, under an id of its own.
    expect(await post(id, { lineItems: line })).toEqual({ status: 201, errorId: undefined });
  });
});
