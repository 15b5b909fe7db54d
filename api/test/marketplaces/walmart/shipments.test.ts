import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketplaceError } from '../../../src/marketplaces/errors.ts';
import type { MarketplaceOrder, ShipmentConfirmation } from '../../../src/marketplaces/types.ts';
import type { WalmartAdapter } from '../../../src/marketplaces/walmart/walmart-adapter.ts';
import { startWalmartSandbox, type WalmartSandboxHandle } from './walmart-test-kit.ts';

type Json = Record<string, any>;

let sb: WalmartSandboxHandle;
let seller: { sellerId: string; credentials: { clientId: string; clientSecret: string } };
let adapter: WalmartAdapter;
let skus: string[];
/** The adapter paces order calls at Walmart's 1/s; the sandbox's fast profile does not need it. */
const limits = { ordersRead: { rate: 100, burst: 100 }, ordersUpdate: { rate: 100, burst: 100 } };

beforeAll(async () => {
  sb = await startWalmartSandbox('fast');
  seller = await sb.createSeller(6);
  adapter = sb.adapter(seller.credentials, { limits });
  skus = await sb.skus(seller.credentials, 6);
  await adapter.updateListings(skus.map((sku) => ({ sku, quantity: 100 })));
});
afterAll(async () => {
  await sb.close();
});

const place = async (lines: Array<{ sku: string; quantity: number }>) => {
  const placed = await sb.control('POST', `/sellers/${seller.sellerId}/orders`, { lines });
  expect(placed.status).toBe(201);
  return placed.body as Json;
};
const read = async (po: string, since: Date): Promise<MarketplaceOrder> => {
  const found = (await adapter.ordersSince(since, undefined)).items.find((o) => o.marketplaceOrderId === po);
  expect(found).toBeDefined();
  return found!;
};
const view = async (po: string) => (await sb.control('GET', `/sellers/${seller.sellerId}/orders/${po}`)).body as Json;
const shipment = (po: string, trackingNumber: string, lines: Array<[lineId: string, quantity: number]>) =>
  ({
    marketplaceOrderId: po,
    shipmentId: `ours-${trackingNumber}`,
    carrier: 'UPS',
    trackingNumber,
    shippedAt: new Date().toISOString(),
    lines: lines.map(([lineId, quantity]) => ({ lineId, sku: 'unused by Walmart', quantity })),
  }) satisfies ShipmentConfirmation;
const shippingCalls = (po: string) =>
  sb.sandbox.requests().filter((r) => r.method === 'POST' && r.path === `/v3/orders/${po}/shipping`);

describe('Walmart shipments through the adapter, against the sandbox', () => {
  it('reads an order with what the seller needs, confirms a whole shipment, and reads it back shipped', async () => {
    const since = new Date(Date.now() - 1000);
    const placed = await place([
      { sku: skus[0]!, quantity: 2 },
      { sku: skus[1]!, quantity: 1 },
    ]);
    const po = placed.purchaseOrderId as string;
    const before = await read(po, since);
    const unitPrices = placed.orderLines.orderLine.map((l: Json) => l.charges.charge[0].chargeAmount.amount);
    expect(before).toMatchObject({
      status: 'open',
      lines: [
        {
          lineId: '1',
          sku: skus[0],
          quantity: 2,
          shippedQuantity: 0,
          title: placed.orderLines.orderLine[0].item.productName,
        },
        { lineId: '2', sku: skus[1], quantity: 1, shippedQuantity: 0 },
      ],
      details: {
        orderNumber: placed.customerOrderId,
        buyerName: placed.shippingInfo.postalAddress.name,
        fulfilment: 'unshipped',
        fees: null,
        total: { amount: (unitPrices[0] * 2 + unitPrices[1]).toFixed(2), currency: 'USD' },
      },
    });
    const { shipTo, shipBy } = before.details!;
    expect(shipTo).toMatchObject({ countryCode: 'US', name: before.details!.buyerName });
    expect(shipTo!.line1).toMatch(/^\d+ \w/);
    expect(shipTo!.region).toMatch(/^[A-Z]{2}$/);
    expect(shipTo!.postalCode).toMatch(/^\d{5}$/);
    expect(shipTo!.phone).toMatch(/^\d{10}$/);
    // Two business days after the order: at least two days, at most four (over a weekend).
    const days = (Date.parse(shipBy!) - Date.parse(before.createdAt)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(2);
    expect(days).toBeLessThanOrEqual(4);

    await adapter.acknowledgeOrder!(po);
    await adapter.acknowledgeOrder!(po);
    const outcome = await adapter.confirmShipment(
      shipment(po, '1Z999AA10123456784', [
        ['1', 2],
        ['2', 1],
      ]),
    );
    expect(outcome).toEqual({ outcome: 'confirmed', marketplaceShipmentId: null });

    const held = await view(po);
    expect(held.shipments).toEqual([
      expect.objectContaining({
        lineNumber: '1',
        quantity: 2,
        carrierName: { carrier: 'UPS' },
        trackingNumber: '1Z999AA10123456784',
      }),
      expect.objectContaining({
        lineNumber: '2',
        quantity: 1,
        carrierName: { carrier: 'UPS' },
        trackingNumber: '1Z999AA10123456784',
      }),
    ]);
    expect(held.order.orderLines.orderLine.map((l: Json) => l.orderLineStatuses.orderLineStatus[0].status)).toEqual([
      'Shipped',
      'Shipped',
    ]);
    const after = await read(po, new Date(before.updatedAt));
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect(after).toMatchObject({
      status: 'shipped',
      lines: [{ shippedQuantity: 2 }, { shippedQuantity: 1 }],
      details: { fulfilment: 'shipped' },
    });
  });

  it('ships part of an order, then the rest, acknowledging a Created order first', async () => {
    const since = new Date(Date.now() - 1000);
    const po = (
      await place([
        { sku: skus[2]!, quantity: 3 },
        { sku: skus[3]!, quantity: 1 },
      ])
    ).purchaseOrderId as string;
    expect(await adapter.confirmShipment(shipment(po, '9400100000000000000001', [['1', 2]]))).toMatchObject({
      outcome: 'confirmed',
    });
    expect(sb.sandbox.requests().some((r) => r.path === `/v3/orders/${po}/acknowledge` && r.status === 200)).toBe(true);
    const partly = await read(po, since);
    expect(partly).toMatchObject({
      status: 'open',
      lines: [{ quantity: 3, shippedQuantity: 2 }, { shippedQuantity: 0 }],
      details: { fulfilment: 'partially shipped' },
    });
    expect(
      await adapter.confirmShipment({
        ...shipment(po, '9400100000000000000002', [
          ['1', 1],
          ['2', 1],
        ]),
        carrier: 'USPS',
      }),
    ).toMatchObject({ outcome: 'confirmed' });
    expect((await read(po, since)).details!.fulfilment).toBe('shipped');
    expect((await view(po)).shipments.map((s: Json) => [s.lineNumber, s.quantity, s.carrierName.carrier])).toEqual([
      ['1', 2, 'UPS'],
      ['1', 1, 'USPS'],
      ['2', 1, 'USPS'],
    ]);
  });

  it('ships once when the same shipment is sent twice', async () => {
    const po = (await place([{ sku: skus[4]!, quantity: 2 }])).purchaseOrderId as string;
    const parcel = shipment(po, '781234567890', [['1', 1]]);
    expect(await adapter.confirmShipment(parcel)).toMatchObject({ outcome: 'confirmed' });
    expect(await adapter.confirmShipment(parcel)).toMatchObject({ outcome: 'confirmed' });
    expect(shippingCalls(po)).toHaveLength(1);
    expect((await view(po)).shipments).toHaveLength(1);
  });

  it('refuses a carrier Walmart does not list before sending anything', async () => {
    const po = (await place([{ sku: skus[5]!, quantity: 1 }])).purchaseOrderId as string;
    const logged = sb.sandbox.requests().length;
    const outcome = await adapter.confirmShipment({ ...shipment(po, 'PX1', [['1', 1]]), carrier: 'Pony Express' });
    expect(outcome).toEqual({
      outcome: 'rejected',
      message: expect.stringMatching(/^Pony Express is not a carrier Walmart accepts/),
    });
    expect(sb.sandbox.requests()).toHaveLength(logged);
    expect(adapter.shippingCarriers.map((c) => c.code)).toEqual(
      expect.arrayContaining(['UPS', 'USPS', 'FedEx', 'DHL']),
    );
  });

  it('answers Walmart’s refusal in its words: too many units, a cancelled order, an unknown order', async () => {
    const po = (await place([{ sku: skus[0]!, quantity: 1 }])).purchaseOrderId as string;
    expect(await adapter.confirmShipment(shipment(po, 'T-MANY', [['1', 5]]))).toMatchObject({
      outcome: 'rejected',
      message: 'Line 1: 5 units to ship but 1 remain unshipped',
      code: 'INVALID_REQUEST_CONTENT.GMP_ORDER_API',
    });
    expect((await sb.control('POST', `/sellers/${seller.sellerId}/orders/${po}/cancel`)).status).toBe(200);
    expect(await adapter.confirmShipment(shipment(po, 'T-CANCELLED', [['1', 1]]))).toMatchObject({
      outcome: 'rejected',
      message: expect.stringContaining('is cancelled and cannot be shipped'),
    });
    // Nothing awaits acknowledgement in a cancelled order: acknowledging it again is done.
    await expect(adapter.acknowledgeOrder!(po)).resolves.toBeUndefined();
    expect(await adapter.confirmShipment(shipment('1234567890123', 'T-NONE', [['1', 1]]))).toMatchObject({
      outcome: 'rejected',
      message: 'Purchase order 1234567890123 not found',
    });
    await expect(adapter.acknowledgeOrder!('1234567890123')).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('surfaces a 429 as rate_limited and a 5xx as unavailable; a retry then confirms once', async () => {
    const po = (await place([{ sku: skus[1]!, quantity: 1 }])).purchaseOrderId as string;
    const once = sb.adapter(seller.credentials, { limits, retry: { attempts: 1, baseDelayMs: 10, maxDelayMs: 10 } });
    await once.client.accessToken();
    const parcel = shipment(po, '1Z-RETRY', [['1', 1]]);
    const faults = (body: Json) => sb.control('PUT', `/sellers/${seller.sellerId}/faults`, body);
    try {
      await faults({ rateLimitBurst: 1 });
      const limited = await once.confirmShipment(parcel).catch((error: unknown) => error);
      expect(limited).toBeInstanceOf(MarketplaceError);
      expect(limited).toMatchObject({ kind: 'rate_limited', retryable: true });
      await faults({ errorRate: 1 });
      await expect(once.confirmShipment(parcel)).rejects.toMatchObject({ kind: 'unavailable' });
      await faults({ errorRate: 0 });
      expect(await once.confirmShipment(parcel)).toMatchObject({ outcome: 'confirmed' });
      expect(await once.confirmShipment(parcel)).toMatchObject({ outcome: 'confirmed' });
    } finally {
      await faults({ rateLimitBurst: 0, errorRate: 0 });
    }
    expect(shippingCalls(po).filter((r) => r.status === 200)).toHaveLength(1);
    expect((await view(po)).shipments).toHaveLength(1);
  });
});
