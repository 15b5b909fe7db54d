import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketplaceError } from '../../../src/marketplaces/errors.ts';
import type { CancellationRequest, RefundRequest } from '../../../src/marketplaces/types.ts';
import type { WalmartAdapter } from '../../../src/marketplaces/walmart/walmart-adapter.ts';
import type { LoggedRequest } from '../../../src/sandbox/shared/sandbox-kit.ts';
import { OfficialContract, readOfficial } from '../../support/marketplace-contract.ts';
import { startWalmartSandbox, type WalmartSandboxHandle } from './walmart-test-kit.ts';

type Json = Record<string, any>;

let sb: WalmartSandboxHandle;
let seller: { sellerId: string; credentials: { clientId: string; clientSecret: string } };
let adapter: WalmartAdapter;
let skus: string[];
/** The adapter paces order calls at Walmart's 1/s; the sandbox's fast profile does not need it. */
const fastOrders = { rate: 100, burst: 100 };
const limits = { ordersRead: fastOrders, ordersUpdate: fastOrders, returnsRead: fastOrders };

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
const view = async (po: string) => (await sb.control('GET', `/sellers/${seller.sellerId}/orders/${po}`)).body as Json;
const calls = (method: string, path: string) =>
  sb.sandbox.requests().filter((r) => r.method === method && r.path === path);
const cancellation = (po: string, id: string, lines: Array<[string, number]>): CancellationRequest => ({
  marketplaceOrderId: po,
  cancellationId: id,
  reason: 'out of stock',
  wholeOrder: false,
  lines: lines.map(([lineId, quantity]) => ({ lineId, sku: 'unused by Walmart', quantity })),
});
const ship = async (po: string, lineId: string, quantity: number) =>
  expect(
    await adapter.confirmShipment({
      marketplaceOrderId: po,
      shipmentId: `ship-${po}-${lineId}`,
      carrier: 'UPS',
      trackingNumber: `1Z${po}${lineId}`,
      shippedAt: new Date().toISOString(),
      lines: [{ lineId, sku: 'any', quantity }],
    }),
  ).toEqual({ outcome: 'confirmed', marketplaceShipmentId: null });

describe('Walmart cancellations, refunds and returns through the adapter, against the sandbox', () => {
  it('cancels units of a line once, however often it is sent, and reads them back cancelled', async () => {
    const since = new Date(Date.now() - 1000);
    const po = (await place([{ sku: skus[0]!, quantity: 3 }])).purchaseOrderId as string;
    const request = cancellation(po, 'cancel-1', [['1', 2]]);
    expect(await adapter.cancelOrder!(request)).toEqual({ outcome: 'confirmed' });
    expect(await adapter.cancelOrder!(request)).toEqual({ outcome: 'confirmed' });
    expect(calls('POST', `/v3/orders/${po}/cancel`)).toHaveLength(1);
    const order = (await adapter.ordersSince(since, undefined)).items.find((o) => o.marketplaceOrderId === po)!;
    expect(order.lines[0]).toMatchObject({ quantity: 3, cancelledQuantity: 2 });
    expect((await view(po)).cancellations).toEqual([
      { lineNumber: '1', sku: skus[0], quantity: 2, cancellationReason: 'SELLER_CANCEL_OUT_OF_STOCK' },
    ]);
  });

  it('cancels a whole order: every open unit of every line', async () => {
    const po = (
      await place([
        { sku: skus[1]!, quantity: 2 },
        { sku: skus[2]!, quantity: 1 },
      ])
    ).purchaseOrderId as string;
    expect(
      await adapter.cancelOrder!({ ...cancellation(po, 'cancel-whole', []), wholeOrder: true, reason: 'buyer asked' }),
    ).toEqual({
      outcome: 'confirmed',
    });
    const statuses = (await view(po)).order.orderLines.orderLine.map((l: Json) => l.orderLineStatuses.orderLineStatus);
    expect(statuses).toEqual([
      [expect.objectContaining({ status: 'Cancelled', statusQuantity: { unitOfMeasurement: 'EACH', amount: '2' } })],
      [expect.objectContaining({ status: 'Cancelled', statusQuantity: { unitOfMeasurement: 'EACH', amount: '1' } })],
    ]);
  });

  it('answers a cancellation Walmart refuses (more units than are open) with Walmart’s words', async () => {
    const po = (await place([{ sku: skus[3]!, quantity: 2 }])).purchaseOrderId as string;
    const outcome = await adapter.cancelOrder!(cancellation(po, 'cancel-too-many', [['1', 3]]));
    expect(outcome).toMatchObject({ outcome: 'rejected', code: 'INVALID_REQUEST_CONTENT.GMP_ORDER_API' });
    expect((outcome as { message: string }).message).toMatch(/from 1 to 2 units/);
    expect((await view(po)).cancellations).toEqual([]);
  });

  it('refunds a shipped line once under its refundId, and refuses more than was charged', async () => {
    const placed = await place([{ sku: skus[4]!, quantity: 2 }]);
    const po = placed.purchaseOrderId as string;
    const unitPrice = placed.orderLines.orderLine[0].charges.charge[0].chargeAmount.amount as number;
    await ship(po, '1', 2);
    const refund: RefundRequest = {
      marketplaceOrderId: po,
      refundId: 'refund-1',
      reason: 'damaged',
      wholeOrder: false,
      lines: [{ lineId: '1', sku: skus[4]!, quantity: 1, amount: { amount: unitPrice.toFixed(2), currency: 'USD' } }],
      total: { amount: unitPrice.toFixed(2), currency: 'USD' },
      note: 'Sorry about the dent',
    };
    expect(await adapter.refundOrder!(refund)).toEqual({ outcome: 'confirmed', marketplaceRefundId: 'refund-1' });
    expect(await adapter.refundOrder!(refund)).toEqual({ outcome: 'confirmed', marketplaceRefundId: 'refund-1' });
    expect(calls('POST', `/v3/orders/${po}/refund`)).toHaveLength(1);
    expect((await view(po)).refunds).toEqual([
      expect.objectContaining({
        lineNumber: '1',
        refundId: 'refund-1',
        refundComments: 'Sorry about the dent',
        refundCharges: {
          refundCharge: [
            {
              refundReason: 'DamagedItem',
              charge: {
                chargeType: 'PRODUCT',
                chargeName: 'ItemPrice',
                chargeAmount: { currency: 'USD', amount: -unitPrice },
              },
            },
          ],
        },
      }),
    ]);
    const tooMuch = { amount: (unitPrice * 2).toFixed(2), currency: 'USD' };
    const refused = await adapter.refundOrder!({
      ...refund,
      refundId: 'refund-2',
      lines: [{ ...refund.lines[0]!, amount: tooMuch }],
      total: tooMuch,
    });
    expect(refused).toMatchObject({ outcome: 'rejected', message: expect.stringMatching(/exceeds/) });
  });

  it('reads a buyer’s return as requested, then received with the restock flag it was received with', async () => {
    const since = new Date(Date.now() - 1000);
    const placed = await place([
      { sku: skus[5]!, quantity: 2 },
      { sku: skus[0]!, quantity: 1 },
    ]);
    const po = placed.purchaseOrderId as string;
    await ship(po, '1', 2);
    await ship(po, '2', 1);
    const returned = async (lines: Array<{ sku: string; quantity: number }>, reason: string) => {
      const made = await sb.control('POST', `/sellers/${seller.sellerId}/orders/${po}/returns`, { lines, reason });
      expect(made.status).toBe(201);
      return made.body.returnId as string;
    };
    const kept = await returned([{ sku: skus[5]!, quantity: 2 }], 'DAMAGED');
    const back = await returned([{ sku: skus[0]!, quantity: 1 }], 'NO_LONGER_WANTED');
    expect(
      (
        await sb.control('POST', `/sellers/${seller.sellerId}/orders/${po}/returns`, {
          lines: [{ sku: skus[0]!, quantity: 1 }],
        })
      ).status,
    ).toBe(409);

    const requested = (await adapter.returnsSince!(since, undefined)).items.find((r) => r.marketplaceReturnId === kept);
    expect(requested).toMatchObject({
      marketplaceOrderId: po,
      status: 'requested',
      reason: 'DAMAGED',
      lines: [{ lineId: '1', sku: skus[5], quantity: 2, restock: false }],
      refunded: null,
    });

    expect(
      (await sb.control('POST', `/sellers/${seller.sellerId}/returns/${kept}/receive`, { restock: false })).status,
    ).toBe(200);
    expect(
      (await sb.control('POST', `/sellers/${seller.sellerId}/returns/${back}/receive`, { restock: true })).status,
    ).toBe(200);
    expect(
      (await sb.control('POST', `/sellers/${seller.sellerId}/returns/${back}/receive`, { restock: true })).status,
    ).toBe(409);

    const all = [];
    let cursor: string | undefined;
    do {
      const page = await adapter.returnsSince!(since, cursor);
      all.push(...page.items);
      cursor = page.next;
    } while (cursor);
    expect(all.find((r) => r.marketplaceReturnId === kept)).toMatchObject({
      status: 'received',
      lines: [{ sku: skus[5], quantity: 2, restock: false }],
    });
    expect(all.find((r) => r.marketplaceReturnId === back)).toMatchObject({
      status: 'received',
      reason: 'NO_LONGER_WANTED',
      lines: [{ lineId: '2', sku: skus[0], quantity: 1, restock: true }],
    });
    // Paged by nextCursor when a page holds fewer than all of them.
    const token = await adapter.client.accessToken();
    const first = await sb.walmart(
      token,
      'GET',
      `/v3/returns?limit=1&returnLastModifiedStartDate=${since.toISOString()}`,
    );
    expect(first.body.returnOrders).toHaveLength(1);
    const second = (await adapter.returnsSince!(since, first.body.meta.nextCursor)).items;
    // The two returns may share their last-modified millisecond, so either may come first: the next
    // page holds the other one, and together they are both, once each.
    const onFirst: string = first.body.returnOrders[0].returnOrderId;
    expect([onFirst, ...second.map((r) => r.marketplaceReturnId)].sort()).toEqual([kept, back].sort());
  });

  it('throws a 429 as a retryable MarketplaceError', async () => {
    const po = (await place([{ sku: skus[1]!, quantity: 1 }])).purchaseOrderId as string;
    const impatient = sb.adapter(seller.credentials, { limits, retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    await sb.control('PUT', `/sellers/${seller.sellerId}/faults`, { rateLimitProfile: 'realistic' });
    try {
      const token = await impatient.client.accessToken();
      // Spend the realistic buckets of order and return reads (burst 5), so the adapter's reads meet Walmart's 429.
      await Promise.all(
        Array.from({ length: 6 }, () => [
          sb.walmart(token, 'GET', `/v3/orders/${po}`),
          sb.walmart(token, 'GET', '/v3/returns'),
        ]).flat(),
      );
      const error = await impatient.cancelOrder!(cancellation(po, 'cancel-throttled', [['1', 1]])).catch((e) => e);
      expect(error).toBeInstanceOf(MarketplaceError);
      expect(error).toMatchObject({ retryable: true, details: { status: 429 } });
      const readError = await impatient.returnsSince!(new Date(), undefined).catch((e) => e);
      expect(readError).toMatchObject({ retryable: true, details: { status: 429 } });
    } finally {
      await sb.control('PUT', `/sellers/${seller.sellerId}/faults`, { rateLimitProfile: 'fast' });
    }
  });
});

describe('the exchanges of cancellations, refunds and returns against the official definitions', () => {
  const orders = new OfficialContract('walmart/orders.json', readOfficial('walmart/orders.json') as Json);
  const returns = new OfficialContract('walmart/returns.json', readOfficial('walmart/returns.json') as Json);
  /** Where the 2023-08 definitions and Walmart's behaviour differ (as in contract.test.ts). */
  const allowances = [
    // Only 200 is declared; Walmart answers errors with its GatewayError body.
    /does not declare status (400|429)$/,
    // orders.json types GetOrderResponseRecord.orderLines as RefundLinesType (a generator slip; its own examples fail so).
    /^data(\/list\/elements)?\/order(\/\d+)?\/orderLines\/orderLine\/\d+ must have required property 'refunds'$/,
    // getAnOrder's schema is the bare Order; its examples, as Walmart answers, are { order }.
    /^data must have required property '(customerEmailId|customerOrderId|orderDate|orderLines|purchaseOrderId|shippingInfo)'$/,
  ];
  const allowed = (problem: string) =>
    allowances[0]!.test(problem) ||
    problem
      .replace(/^[^:]+: (request|response \d+) of \w+ [^:]*: /, '')
      .split(', ')
      .every((detail) => allowances.slice(1).some((a) => a.test(detail)));

  it('every request the adapter sent and every answer the sandbox gave follows orders.json and returns.json', () => {
    const log: LoggedRequest[] = sb.sandbox
      .requests()
      .filter((r) => /^\/v3\/(orders\/\d+(\/(cancel|refund))?|returns)$/.test(r.path));
    for (const op of ['POST /cancel', 'POST /refund', 'GET /v3/returns'])
      expect(
        log.some((r) => `${r.method} ${r.path}`.endsWith(op.replace('POST ', '')) && r.status === 200),
        op,
      ).toBe(true);
    const unexpected = log.flatMap((entry) =>
      (entry.path.startsWith('/v3/returns') ? returns : orders)
        .check({
          method: entry.method,
          path: entry.path,
          requestBody: entry.body,
          status: entry.status,
          responseBody: entry.response,
        })
        .filter((problem) => !allowed(problem))
        .map((problem) => `${entry.method} ${entry.path} ${entry.status}: ${problem}`),
    );
    expect(unexpected).toEqual([]);
    expect(log.some((r) => r.status === 429)).toBe(true);
    expect(log.some((r) => r.status === 400)).toBe(true);
  });
});
