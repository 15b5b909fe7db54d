import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { OfficialContract, readOfficial } from '../../support/marketplace-contract.ts';
import { startWalmartSandbox, type WalmartSandboxHandle } from './walmart-test-kit.ts';

type Json = Record<string, any>;
const ordersSpec = readOfficial('walmart/orders.json') as Json;
const orders = new OfficialContract('walmart/orders.json', ordersSpec);
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema(ordersSpec, 'orders');
ajv.addSchema(readOfficial('walmart/inventory.json') as Json, 'inventory');
const orderLine = ajv.compile({ $ref: 'orders#/components/schemas/OrderLineType' });
const walmartErrorBody = ajv.compile({
  type: 'object',
  required: ['errors'],
  properties: { errors: { type: 'array', minItems: 1, items: { $ref: 'inventory#/components/schemas/Error' } } },
});
/** orders.json types the order's lines as RefundLinesType (its own example fails the same way; see contract.test.ts): lines are checked against OrderLineType. */
const refundLinesSlip = /^data\/order\/orderLines\/orderLine\/\d+ must have required property 'refunds'$/;

/** The 200 answer of acknowledgeOrders against orders.json: GetOrderResponse, each line an OrderLineType. */
function problemsOfAnswer(purchaseOrderId: string, body: Json): string[] {
  const problems = orders
    .check({ method: 'POST', path: `/v3/orders/${purchaseOrderId}/acknowledge`, status: 200, responseBody: body })
    .flatMap((p) =>
      p.replace(/^[^:]+: response 200 of POST \/v3\/orders\/\{purchaseOrderId\}\/acknowledge: /, '').split(', '),
    )
    .filter((p) => !refundLinesSlip.test(p));
  for (const line of body.order?.orderLines?.orderLine ?? [])
    if (!orderLine(line)) problems.push(ajv.errorsText(orderLine.errors));
  return problems;
}

const statusesOf = (body: Json) =>
  (body.order.orderLines.orderLine as Json[]).map((l) =>
    (l.orderLineStatuses.orderLineStatus as Json[]).map((s) => `${s.status} ${s.statusQuantity.amount}`),
  );

let sb: WalmartSandboxHandle;
let seller: { sellerId: string; credentials: { clientId: string; clientSecret: string } };
let token: string;
let skus: string[];

beforeAll(async () => {
  sb = await startWalmartSandbox('fast');
  seller = await sb.createSeller(6);
  const adapter = sb.adapter(seller.credentials);
  skus = await sb.skus(seller.credentials, 6);
  await adapter.updateListings(skus.map((sku) => ({ sku, quantity: 50 })));
  token = await adapter.client.accessToken();
});
afterAll(async () => {
  await sb.close();
});

const place = async (lines: Array<{ sku: string; quantity: number }>) => {
  const placed = await sb.control('POST', `/sellers/${seller.sellerId}/orders`, { lines });
  expect(placed.status).toBe(201);
  return placed.body.purchaseOrderId as string;
};
const acknowledge = (po: string) => sb.walmart(token, 'POST', `/v3/orders/${po}/acknowledge`);

describe('Walmart POST /v3/orders/{purchaseOrderId}/acknowledge', () => {
  it('acknowledges the whole order: every line Acknowledged, answered as orders.json defines it', async () => {
    const po = await place([
      { sku: skus[0]!, quantity: 2 },
      { sku: skus[1]!, quantity: 1 },
    ]);
    const since = new Date(Date.now() - 1000).toISOString();
    const before = await sb.walmart(token, 'GET', `/v3/orders?lastModifiedStartDate=${since}`);
    const placedModified = before.body.list.elements.order.find((o: Json) => o.purchaseOrderId === po).orderLines
      .orderLine[0].statusDate;
    const answer = await acknowledge(po);
    expect(answer.status).toBe(200);
    expect(answer.body.order.purchaseOrderId).toBe(po);
    expect(statusesOf(answer.body)).toEqual([['Acknowledged 2'], ['Acknowledged 1']]);
    expect(problemsOfAnswer(po, answer.body)).toEqual([]);
    // The order reads back acknowledged, changed since it was placed, and still open for the product.
    const read = await sb.walmart(token, 'GET', `/v3/orders?lastModifiedStartDate=${since}`);
    const order = read.body.list.elements.order.find((o: Json) => o.purchaseOrderId === po);
    expect(statusesOf({ order })).toEqual([['Acknowledged 2'], ['Acknowledged 1']]);
    expect(order.orderLines.orderLine[0].statusDate).toBeGreaterThan(placedModified);
    const seen = (await sb.adapter(seller.credentials).ordersSince(new Date(since), undefined)).items.find(
      (o) => o.marketplaceOrderId === po,
    );
    expect(seen).toMatchObject({
      status: 'open',
      lines: [
        { quantity: 2, cancelledQuantity: 0 },
        { quantity: 1, cancelledQuantity: 0 },
      ],
    });
  });

  it('answers the same order when acknowledged again, as Walmart allows', async () => {
    const po = await place([{ sku: skus[2]!, quantity: 1 }]);
    const first = await acknowledge(po);
    const again = await acknowledge(po);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it('acknowledges the open units of a partly cancelled line and leaves the cancelled ones', async () => {
    const po = await place([{ sku: skus[3]!, quantity: 3 }]);
    const cancel = await sb.walmart(token, 'POST', `/v3/orders/${po}/cancel`, {
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
    expect(cancel.status).toBe(200);
    const answer = await acknowledge(po);
    expect(answer.status).toBe(200);
    expect(statusesOf(answer.body)).toEqual([['Acknowledged 2', 'Cancelled 1']]);
    expect(problemsOfAnswer(po, answer.body)).toEqual([]);
  });

  it('answers Walmart’s errors: an unknown PO, a PO cancelled or shipped, missing headers or token', async () => {
    const unknown = await acknowledge('1234567890123');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0]).toMatchObject({ code: 'CONTENT_NOT_FOUND.GMP_ORDER_API', field: 'purchaseOrderId' });

    const cancelledPo = await place([{ sku: skus[4]!, quantity: 1 }]);
    expect((await sb.control('POST', `/sellers/${seller.sellerId}/orders/${cancelledPo}/cancel`)).status).toBe(200);
    const cancelled = await acknowledge(cancelledPo);
    expect(cancelled.status).toBe(400);
    expect(cancelled.body.errors[0]).toMatchObject({
      code: 'INVALID_REQUEST_CONTENT.GMP_ORDER_API',
      description: expect.stringContaining('is cancelled'),
    });

    const shippedPo = await place([{ sku: skus[5]!, quantity: 1 }]);
    expect((await acknowledge(shippedPo)).status).toBe(200);
    const shipping = await sb.walmart(token, 'POST', `/v3/orders/${shippedPo}/shipping`, {
      orderShipment: {
        orderLines: {
          orderLine: [
            {
              lineNumber: '1',
              sellerOrderId: 'S-1',
              orderLineStatuses: {
                orderLineStatus: [
                  {
                    status: 'Shipped',
                    statusQuantity: { unitOfMeasurement: 'EACH', amount: '1' },
                    trackingInfo: {
                      shipDateTime: Date.now(),
                      carrierName: { carrier: 'UPS' },
                      methodCode: 'Standard',
                      trackingNumber: '1Z999AA10123456784',
                    },
                  },
                ],
              },
            },
          ],
        },
      },
    });
    expect(shipping.status).toBe(200);
    const shipped = await acknowledge(shippedPo);
    expect(shipped.status).toBe(400);
    expect(shipped.body.errors[0]).toMatchObject({
      code: 'INVALID_REQUEST_CONTENT.GMP_ORDER_API',
      description: expect.stringContaining('has shipped lines'),
    });

    const noCorrelation = await fetch(`${sb.baseUrl}/v3/orders/${shippedPo}/acknowledge`, {
      method: 'POST',
      headers: { 'WM_SEC.ACCESS_TOKEN': token, 'WM_SVC.NAME': 'test' },
    });
    expect(noCorrelation.status).toBe(400);
    expect((await noCorrelation.json()).errors[0]).toMatchObject({
      code: 'INVALID_REQUEST_HEADER.GMP_GATEWAY_API',
      field: 'WM_QOS.CORRELATION_ID',
    });
    const noToken = await sb.walmart('', 'POST', `/v3/orders/${shippedPo}/acknowledge`);
    expect(noToken.status).toBe(401);

    for (const body of [unknown.body, cancelled.body, shipped.body, noToken.body])
      expect(walmartErrorBody(body), ajv.errorsText(walmartErrorBody.errors)).toBe(true);
  });

  it('is throttled with the other order updates (orders.update: 1/s, burst 5 when realistic)', async () => {
    const po = await place([{ sku: skus[0]!, quantity: 1 }]);
    expect(
      (await sb.control('PUT', `/sellers/${seller.sellerId}/faults`, { rateLimitProfile: 'realistic' })).status,
    ).toBe(200);
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, () => acknowledge(po)));
      const refused = answers.filter((a) => a.status === 429);
      expect(refused.length).toBeGreaterThanOrEqual(2);
      expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(6);
      expect(refused[0]!.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(refused[0]!.body.errors[0]).toMatchObject({ code: 'REQUEST_THRESHOLD_VIOLATED.GMP_GATEWAY_API' });
      // The same bucket as the seller's cancellations.
      const cancel = await sb.walmart(token, 'POST', `/v3/orders/${po}/cancel`, {
        orderCancellation: { orderLines: { orderLine: [] } },
      });
      expect(cancel.status).toBe(429);
    } finally {
      await sb.control('PUT', `/sellers/${seller.sellerId}/faults`, { rateLimitProfile: 'fast' });
    }
  });
});
