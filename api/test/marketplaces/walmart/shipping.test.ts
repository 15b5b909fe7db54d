import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { readOfficial } from '../../support/marketplace-contract.ts';
import { startWalmartSandbox, type WalmartSandboxHandle } from './walmart-test-kit.ts';

type Json = Record<string, any>;
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema(readOfficial('walmart/inventory.json') as Json, 'inventory');
const walmartErrorBody = ajv.compile({
  type: 'object',
  required: ['errors'],
  properties: { errors: { type: 'array', minItems: 1, items: { $ref: 'inventory#/components/schemas/Error' } } },
});

let sb: WalmartSandboxHandle;
let seller: { sellerId: string; credentials: { clientId: string; clientSecret: string } };
let token: string;
let skus: string[];

beforeAll(async () => {
  sb = await startWalmartSandbox('fast');
  seller = await sb.createSeller(4);
  const adapter = sb.adapter(seller.credentials);
  skus = await sb.skus(seller.credentials, 4);
  await adapter.updateListings(skus.map((sku) => ({ sku, quantity: 50 })));
  token = await adapter.client.accessToken();
});
afterAll(async () => {
  await sb.close();
});

const place = async (lines: Array<{ sku: string; quantity: number }>, acknowledged = true) => {
  const po = (await sb.control('POST', `/sellers/${seller.sellerId}/orders`, { lines })).body.purchaseOrderId as string;
  if (acknowledged) expect((await sb.walmart(token, 'POST', `/v3/orders/${po}/acknowledge`)).status).toBe(200);
  return po;
};
const tracking = (overrides: Json = {}) => ({
  shipDateTime: Date.now(),
  carrierName: { carrier: 'FedEx' },
  methodCode: 'Standard',
  trackingNumber: '781234567890',
  ...overrides,
});
const line = (lineNumber: string, amount: number, trackingInfo: Json = tracking()) => ({
  lineNumber,
  sellerOrderId: 'S-1',
  orderLineStatuses: {
    orderLineStatus: [
      { status: 'Shipped', statusQuantity: { unitOfMeasurement: 'EACH', amount: String(amount) }, trackingInfo },
    ],
  },
});
const ship = (po: string, ...orderLine: Json[]) =>
  sb.walmart(token, 'POST', `/v3/orders/${po}/shipping`, { orderShipment: { orderLines: { orderLine } } });
const statuses = (order: Json) =>
  (order.orderLines.orderLine as Json[]).map((l) =>
    (l.orderLineStatuses.orderLineStatus as Json[]).map((s) => `${s.status} ${s.statusQuantity.amount}`),
  );

describe('Walmart POST /v3/orders/{purchaseOrderId}/shipping in the sandbox', () => {
  it('ships units of acknowledged lines, one Shipped status per shipment, and GET /v3/orders/{id} shows them', async () => {
    const po = await place([
      { sku: skus[0]!, quantity: 3 },
      { sku: skus[1]!, quantity: 1 },
    ]);
    const first = await ship(po, line('1', 2));
    expect(first.status).toBe(200);
    expect(statuses(first.body.order)).toEqual([['Acknowledged 1', 'Shipped 2'], ['Acknowledged 1']]);
    const other = tracking({
      carrierName: { otherCarrier: 'Local Courier' },
      trackingURL: 'https://courier.example/t/9',
      trackingNumber: 'LC-9',
    });
    const rest = await ship(po, line('1', 1, other), line('2', 1, tracking({ trackingNumber: '781234567891' })));
    expect(rest.status).toBe(200);
    const read = await sb.walmart(token, 'GET', `/v3/orders/${po}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(rest.body);
    expect(statuses(read.body.order)).toEqual([['Shipped 2', 'Shipped 1'], ['Shipped 1']]);
    expect(read.body.order.orderLines.orderLine[0].orderLineStatuses.orderLineStatus[1].trackingInfo).toMatchObject({
      carrierName: { otherCarrier: 'Local Courier' },
      trackingURL: 'https://courier.example/t/9',
    });
    // A shipped line is no longer cancellable, nor its order acknowledgeable.
    const cancel = await sb.walmart(token, 'POST', `/v3/orders/${po}/cancel`, {
      orderCancellation: {
        orderLines: {
          orderLine: [
            {
              lineNumber: '2',
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
    expect(cancel.body.errors[0].description).toBe('Line 2 has shipped and cannot be cancelled');
  });

  it('refuses what Walmart refuses, in its error body, and ships nothing then', async () => {
    const created = await place([{ sku: skus[2]!, quantity: 2 }], false);
    const po = await place([{ sku: skus[3]!, quantity: 2 }]);
    const refusals: Array<[Promise<{ status: number; body: any }>, string]> = [
      [ship(created, line('1', 1)), 'is not acknowledged: acknowledge the order before shipping it'],
      [
        ship(po, line('1', 1, tracking({ carrierName: { carrier: 'Pony Express' } }))),
        'is not a supported carrier name',
      ],
      [
        ship(po, line('1', 1, tracking({ carrierName: { otherCarrier: 'Local' } }))),
        'trackingURL is required with otherCarrier',
      ],
      [ship(po, line('1', 1, tracking({ methodCode: 'Overnight' }))), 'methodCode must be one of'],
      [ship(po, line('1', 1, tracking({ shipDateTime: '2020-01-01' }))), 'shipDateTime must be'],
      [ship(po, line('1', 0)), 'a whole amount of 1 or more'],
      [ship(po, line('1', 3)), '3 units to ship but 2 remain unshipped'],
      [ship(po, line('1', 1), line('1', 2, tracking({ trackingNumber: 'B' }))), '3 units to ship but 2 remain'],
      [ship(po, line('7', 1)), `No line 7 in purchase order ${po}`],
      [ship(po), 'must list the lines to ship'],
      [sb.walmart(token, 'POST', `/v3/orders/${po}/shipping`, {}), 'must list the lines to ship'],
    ];
    for (const [answer, words] of refusals) {
      const { status, body } = await answer;
      expect(status, words).toBe(400);
      expect(body.errors[0].code).toBe('INVALID_REQUEST_CONTENT.GMP_ORDER_API');
      expect(body.errors[0].description).toContain(words);
      expect(walmartErrorBody(body), ajv.errorsText(walmartErrorBody.errors)).toBe(true);
    }
    expect((await sb.control('GET', `/sellers/${seller.sellerId}/orders/${po}`)).body.shipments).toEqual([]);

    expect((await ship(po, line('1', 1))).status).toBe(200);
    const again = await ship(po, line('1', 1));
    expect(again.status).toBe(400);
    expect(again.body.errors[0].description).toContain('has already shipped with tracking number 781234567890');
    expect((await sb.control('GET', `/sellers/${seller.sellerId}/orders/${po}`)).body.shipments).toHaveLength(1);

    expect((await sb.control('POST', `/sellers/${seller.sellerId}/orders/${created}/cancel`)).status).toBe(200);
    expect((await ship(created, line('1', 1))).body.errors[0].description).toContain(
      'is cancelled and cannot be shipped',
    );
    const unknown = await ship('1234567890123', line('1', 1));
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].code).toBe('CONTENT_NOT_FOUND.GMP_ORDER_API');
    expect((await sb.walmart(token, 'GET', '/v3/orders/1234567890123')).status).toBe(404);
  });

  it('cancels only the unshipped units of a partly shipped line', async () => {
    const po = await place([{ sku: skus[0]!, quantity: 3 }]);
    expect((await ship(po, line('1', 1))).status).toBe(200);
    const cancel = (amount: number) =>
      sb.walmart(token, 'POST', `/v3/orders/${po}/cancel`, {
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
                      statusQuantity: { unitOfMeasurement: 'EA', amount: String(amount) },
                    },
                  ],
                },
              },
            ],
          },
        },
      });
    expect((await cancel(3)).status).toBe(400);
    const cancelled = await cancel(2);
    expect(cancelled.status).toBe(200);
    expect(statuses(cancelled.body.order)).toEqual([['Shipped 1', 'Cancelled 2']]);
  });

  it('gives each order its own buyer and address, the same on every read, and a ship-by two business days on', async () => {
    const [a, b] = [await place([{ sku: skus[1]!, quantity: 1 }]), await place([{ sku: skus[1]!, quantity: 1 }])];
    const infoOf = async (po: string) => (await sb.walmart(token, 'GET', `/v3/orders/${po}`)).body.order;
    const [first, second] = [await infoOf(a), await infoOf(b)];
    expect(first.shippingInfo.postalAddress).not.toEqual(second.shippingInfo.postalAddress);
    expect((await infoOf(a)).shippingInfo).toEqual(first.shippingInfo);
    const weekday = new Date(first.shippingInfo.estimatedShipDate).getUTCDay();
    expect([1, 2, 3, 4, 5]).toContain(weekday);
    expect(first.shippingInfo.estimatedDeliveryDate).toBeGreaterThan(first.shippingInfo.estimatedShipDate);
  });

  it('is throttled with the other order updates, and goes through the seller’s faults', async () => {
    const po = await place([{ sku: skus[2]!, quantity: 1 }]);
    const faults = (body: Json) => sb.control('PUT', `/sellers/${seller.sellerId}/faults`, body);
    try {
      await faults({ rateLimitBurst: 1 });
      const burst = await ship(po, line('1', 1));
      expect(burst.status).toBe(429);
      expect(burst.body.errors[0].code).toBe('REQUEST_THRESHOLD_VIOLATED.GMP_GATEWAY_API');
      await faults({ rateLimitProfile: 'realistic' });
      const answers = await Promise.all(
        Array.from({ length: 7 }, () => sb.walmart(token, 'POST', `/v3/orders/${po}/acknowledge`)),
      );
      expect(answers.some((a) => a.status === 429)).toBe(true);
      expect((await ship(po, line('1', 1))).status).toBe(429);
    } finally {
      await faults({ rateLimitBurst: 0, rateLimitProfile: 'fast' });
    }
    expect((await sb.control('GET', `/sellers/${seller.sellerId}/orders/${po}`)).body.shipments).toEqual([]);
    expect(
      sb.sandbox
        .requests()
        .filter((r) => r.path === `/v3/orders/${po}/shipping`)
        .map((r) => r.status),
    ).toEqual([429, 429]);
  });
});
