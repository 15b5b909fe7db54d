import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MarketplaceError } from '../../../src/marketplaces/errors.ts';
import type { AmazonAdapter } from '../../../src/marketplaces/amazon/amazon-adapter.ts';
import { packageReferenceId } from '../../../src/marketplaces/amazon/order-transform.ts';
import type { MarketplaceOrder, ShipmentConfirmation } from '../../../src/marketplaces/types.ts';
import { startAmazonSandbox, type AmazonTestEnv, type SandboxSeller } from './amazon-test-env.ts';

let env: AmazonTestEnv;
let seller: SandboxSeller;
let adapter: AmazonAdapter;
let skus: string[] = [];
let nextSku = 0;

beforeAll(async () => {
  env = await startAmazonSandbox('fast');
  seller = await env.createSeller(40);
  adapter = env.adapter(seller);
  const catalogue = [];
  let cursor: string | undefined;
  do {
    const page = await adapter.listCatalogue(cursor);
    catalogue.push(...page.items);
    cursor = page.next;
  } while (cursor);
  skus = catalogue.filter((item) => (item.quantity ?? 0) > 3 && item.price).map((item) => item.sku);
});

afterAll(async () => {
  await env?.close();
});

const placed: string[] = [];

/** A buyer's order of fresh SKUs, each in these quantities; answers its id. */
async function placeOrder(...quantities: number[]): Promise<string> {
  const lines = quantities.map((quantity) => ({ sku: skus[nextSku++]!, quantity }));
  const answer = await env.control('POST', `/sellers/${seller.sellerId}/orders`, { lines });
  expect(answer.status).toBe(201);
  placed.push(answer.body.AmazonOrderId);
  return answer.body.AmazonOrderId as string;
}

/**
 * The order as the adapter reads it now: changed since `known` was read, when given. The other orders
 * count as recorded already, so the read asks for no one else's items (getOrderItems allows 0.5 a second).
 */
async function readOrder(orderId: string, known?: MarketplaceOrder): Promise<MarketplaceOrder> {
  const since = known ? new Date(known.updatedAt) : new Date(Date.now() - 60_000);
  const seen = new Map(placed.filter((id) => id !== orderId).map((id) => [id, Infinity]));
  if (known) seen.set(orderId, Date.parse(known.updatedAt));
  const page = await adapter.ordersSince(since, undefined, undefined, seen);
  const order = page.items.find((o) => o.marketplaceOrderId === orderId);
  if (!order) throw new Error(`order ${orderId} is not in the read`);
  return order;
}

const orderView = async (orderId: string) =>
  (await env.control('GET', `/sellers/${seller.sellerId}/orders/${encodeURIComponent(orderId)}`)).body;

const shipmentCalls = () => env.sandbox.requests().filter((r) => r.path.endsWith('/shipmentConfirmation'));

function shipment(order: MarketplaceOrder, units: Array<[lineIndex: number, quantity: number]>): ShipmentConfirmation {
  return {
    marketplaceOrderId: order.marketplaceOrderId,
    shipmentId: crypto.randomUUID(),
    carrier: 'USPS',
    trackingNumber: `9400${crypto.randomInt(10 ** 9, 10 ** 10)}`,
    shippedAt: new Date().toISOString(),
    lines: units.map(([index, quantity]) => ({
      lineId: order.lines[index]!.lineId!,
      sku: order.lines[index]!.sku,
      quantity,
    })),
  };
}

/** Business days (Monday to Friday, UTC) stepped over from one time to a later one at the same time of day. */
function businessDaysBetween(from: string, to: string): number {
  let days = 0;
  const day = new Date(from);
  while (day < new Date(to)) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (![0, 6].includes(day.getUTCDay())) days++;
  }
  return day.getTime() === new Date(to).getTime() ? days : -1;
}

describe('Amazon shipments through the sandbox', () => {
  test('an order is read with what the seller needs, shipped whole, held by the sandbox, then read as shipped', async () => {
    const orderId = await placeOrder(2, 1);
    const order = await readOrder(orderId);
    const [first, second] = order.lines;
    expect(order.details).toMatchObject({ orderNumber: orderId, fulfilment: 'unshipped', fees: null });
    const { buyerName, shipTo, total, shipBy } = order.details!;
    expect(buyerName).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    expect(shipTo).toMatchObject({ name: buyerName, countryCode: 'US' });
    expect(shipTo!.line1).toMatch(/^\d+ \w+/);
    expect(shipTo!.postalCode).toMatch(/^\d{5}$/);
    expect(shipTo!.region).toMatch(/^[A-Z]{2}$/);
    expect(shipTo!.phone).toMatch(/^\+1 \d{3}-555-01\d{2}$/);
    const cents = order.lines.reduce((sum, l) => sum + Math.round(Number(l.price!.amount) * 100) * l.quantity, 0);
    expect(total).toEqual({ amount: (cents / 100).toFixed(2), currency: 'USD' });
    // Two business days to ship, counted from the order.
    expect(businessDaysBetween(order.createdAt, shipBy!)).toBe(2);
    for (const line of [first!, second!]) {
      expect(line.lineId).toMatch(/^\d{14}$/);
      expect(line.title).toBeTruthy();
      expect(line.shippedQuantity).toBe(0);
    }

    const parcel = shipment(order, [
      [0, 2],
      [1, 1],
    ]);
    expect(await adapter.confirmShipment(parcel)).toEqual({
      outcome: 'confirmed',
      marketplaceShipmentId: packageReferenceId(parcel.shipmentId),
    });

    const held = await orderView(orderId);
    expect(held).toMatchObject({ AmazonOrderId: orderId, OrderStatus: 'Shipped', NumberOfItemsUnshipped: 0 });
    expect(held.packages).toEqual([
      expect.objectContaining({
        packageReferenceId: packageReferenceId(parcel.shipmentId),
        carrierCode: 'USPS',
        trackingNumber: parcel.trackingNumber,
        shipDate: parcel.shippedAt,
        orderItems: [
          { orderItemId: first!.lineId, quantity: 2 },
          { orderItemId: second!.lineId, quantity: 1 },
        ],
      }),
    ]);
    expect(held.OrderItems.map((i: any) => i.QuantityShipped)).toEqual([2, 1]);

    // Its last update moved on, so a read of changes since the first one picks it up.
    const after = await readOrder(orderId, order);
    expect(after.updatedAt > order.updatedAt).toBe(true);
    expect(after.status).toBe('shipped');
    expect(after.details!.fulfilment).toBe('shipped');
    expect(after.lines.map((l) => l.shippedQuantity)).toEqual([2, 1]);
  });

  test('a partial shipment leaves the order partially shipped until the rest goes; more than remains is refused', async () => {
    const orderId = await placeOrder(3);
    const order = await readOrder(orderId);
    expect(await adapter.confirmShipment(shipment(order, [[0, 1]]))).toMatchObject({ outcome: 'confirmed' });
    const partly = await readOrder(orderId, order);
    expect([partly.status, partly.details!.fulfilment, partly.lines[0]!.shippedQuantity]).toEqual([
      'open',
      'partially shipped',
      1,
    ]);
    expect((await orderView(orderId)).OrderStatus).toBe('PartiallyShipped');

    const tooMany = await adapter.confirmShipment(shipment(order, [[0, 3]]));
    expect(tooMany).toMatchObject({ outcome: 'rejected', code: 'InvalidInput' });
    expect((tooMany as { message: string }).message).toContain('exceeds the 2 unshipped unit(s)');

    expect(await adapter.confirmShipment(shipment(order, [[0, 2]]))).toMatchObject({ outcome: 'confirmed' });
    const whole = await readOrder(orderId, partly);
    expect([whole.status, whole.details!.fulfilment, whole.lines[0]!.shippedQuantity]).toEqual([
      'shipped',
      'shipped',
      3,
    ]);
    expect((await orderView(orderId)).packages).toHaveLength(2);
  });

  test('the same shipment sent twice ships once', async () => {
    const orderId = await placeOrder(2);
    const order = await readOrder(orderId);
    const parcel = shipment(order, [[0, 1]]);
    const calls = shipmentCalls().length;
    const once = await adapter.confirmShipment(parcel);
    const twice = await adapter.confirmShipment(parcel);
    expect(twice).toEqual(once);
    expect(once).toMatchObject({ outcome: 'confirmed' });
    const held = await orderView(orderId);
    expect(held.packages).toHaveLength(1);
    expect(held.OrderItems[0].QuantityShipped).toBe(1);
    expect(held.OrderStatus).toBe('PartiallyShipped');
    expect(
      shipmentCalls()
        .slice(calls)
        .map((r) => r.status),
    ).toEqual([204, 204]);
  });

  test('a refused parcel whose units Amazon already reports shipped counts as confirmed (a resend Amazon does not match)', async () => {
    const orderId = await placeOrder(1);
    const order = await readOrder(orderId);
    const first = shipment(order, [[0, 1]]);
    expect(await adapter.confirmShipment(first)).toMatchObject({ outcome: 'confirmed' });
    // Amazon publishes no idempotency for confirmShipment: a resend under a reference it does not match is refused.
    const resent = { ...first, shipmentId: crypto.randomUUID() };
    const mark = env.sandbox.requests().length;
    expect(await adapter.confirmShipment(resent)).toEqual({
      outcome: 'confirmed',
      marketplaceShipmentId: packageReferenceId(resent.shipmentId),
    });
    const calls = env.sandbox.requests().slice(mark);
    expect(calls.map((r) => [r.path.split('/').at(-1), r.status])).toEqual([
      ['shipmentConfirmation', 400],
      ['orderItems', 200],
    ]);
    expect((await orderView(orderId)).packages).toHaveLength(1);
  });

  test('a carrier Amazon does not list is refused before anything is sent', async () => {
    const orderId = await placeOrder(1);
    const order = await readOrder(orderId);
    const calls = shipmentCalls().length;
    const outcome = await adapter.confirmShipment({ ...shipment(order, [[0, 1]]), carrier: 'Pigeon Post' });
    expect(outcome.outcome).toBe('rejected');
    expect((outcome as { message: string }).message).toMatch(/"Pigeon Post" is not one Amazon accepts/);
    expect(shipmentCalls()).toHaveLength(calls);
    expect(adapter.shippingCarriers.map((c) => c.code)).toEqual(expect.arrayContaining(['USPS', 'UPS', 'FedEx']));
  });

  test('a canceled order is refused in Amazon’s words, and a shipped order cannot be canceled', async () => {
    const canceledId = await placeOrder(1);
    const order = await readOrder(canceledId);
    expect((await env.control('POST', `/sellers/${seller.sellerId}/orders/${canceledId}/cancel`, {})).status).toBe(200);
    const outcome = await adapter.confirmShipment(shipment(order, [[0, 1]]));
    expect(outcome).toMatchObject({ outcome: 'rejected', code: 'InvalidInput' });
    expect((outcome as { message: string }).message).toContain('is canceled');

    const shippedId = await placeOrder(1);
    await adapter.confirmShipment(shipment(await readOrder(shippedId), [[0, 1]]));
    const cancel = await env.control('POST', `/sellers/${seller.sellerId}/orders/${shippedId}/cancel`, {});
    expect(cancel.status).toBe(409);
  });

  test('a 429 (rateLimitBurst) is thrown as rate_limited; the retry confirms once', async () => {
    const orderId = await placeOrder(1);
    const order = await readOrder(orderId);
    const once = env.adapter(seller, { retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    await once.client.accessToken();
    const parcel = shipment(order, [[0, 1]]);
    const calls = shipmentCalls().length;
    await env.control('PUT', '/faults', { rateLimitBurst: 1 });
    try {
      const error = await once.confirmShipment(parcel).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MarketplaceError);
      expect((error as MarketplaceError).kind).toBe('rate_limited');
    } finally {
      await env.control('PUT', '/faults', { rateLimitBurst: 0 });
    }
    expect(await once.confirmShipment(parcel)).toMatchObject({ outcome: 'confirmed' });
    expect(
      shipmentCalls()
        .slice(calls)
        .map((r) => r.status),
    ).toEqual([429, 204]);
    expect((await orderView(orderId)).packages).toHaveLength(1);
  });
});

describe('the sandbox’s confirmShipment', () => {
  test('bad packages are refused with 400 InvalidInput in Amazon’s ErrorList', async () => {
    const orderId = await placeOrder(1);
    const order = await readOrder(orderId);
    const token = await adapter.client.accessToken();
    const good = {
      marketplaceId: 'ATVPDKIKX0DER',
      packageDetail: {
        packageReferenceId: '7',
        carrierCode: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        shipDate: '2026-03-02T10:00:00Z',
        orderItems: [{ orderItemId: order.lines[0]!.lineId, quantity: 1 }],
      },
    };
    const post = async (body: unknown, id = orderId) => {
      const response = await fetch(`${env.baseUrl}/orders/v0/orders/${id}/shipmentConfirmation`, {
        method: 'POST',
        headers: { 'x-amz-access-token': token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: response.status === 204 ? undefined : await response.json() };
    };
    const detail = (change: Record<string, unknown>) => ({
      ...good,
      packageDetail: { ...good.packageDetail, ...change },
    });
    const cases: Array<[unknown, RegExp]> = [
      [{ marketplaceId: 'ATVPDKIKX0DER' }, /invalid type \[packageDetail\]/],
      [detail({ packageReferenceId: 7 }), /invalid type \[packageDetail\.packageReferenceId\]/],
      [detail({ packageReferenceId: 'PKG-1' }), /must be a positive numeric value/],
      [detail({ carrierCode: 'Pigeon Post' }), /CarrierCode Pigeon Post is invalid/],
      [detail({ carrierCode: 'Other' }), /CarrierName is required/],
      [detail({ trackingNumber: '' }), /packageDetail\.trackingNumber/],
      [detail({ shipDate: '03/02/2026' }), /packageDetail\.shipDate/],
      [detail({ orderItems: [] }), /packageDetail\.orderItems/],
      [
        detail({ orderItems: [{ orderItemId: '00000000000000', quantity: 1 }] }),
        /OrderItemId 00000000000000 is invalid/,
      ],
    ];
    for (const [body, words] of cases) {
      const answer = await post(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors[0].code).toBe('InvalidInput');
      expect(answer.body.errors[0].message).toMatch(words);
    }
    expect((await post(good, '111-0000000-0000000')).status).toBe(404);
    expect((await post(detail({ carrierCode: 'Other', carrierName: 'Local Courier' }))).status).toBe(204);
    // Its reference now names that package: another package under it is refused.
    const reused = await post(detail({ orderItems: [{ orderItemId: order.lines[0]!.lineId, quantity: 2 }] }));
    expect(reused.status).toBe(400);
    expect(reused.body.errors[0].message).toContain('already names another package');
  });
});
