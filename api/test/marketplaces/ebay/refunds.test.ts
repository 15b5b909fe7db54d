/**
 * eBay refunds through real HTTP against the eBay sandbox: a whole order and by line, the same refund
 * sent again giving back once (by the same adapter, and by one without its memory, as after a restart),
 * a refusal in eBay's words, a 429 thrown retryable, a channel without the refund grant, and the
 * exchanges checked against sell_fulfillment_v1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketplaceError } from '../../../src/marketplaces/errors.ts';
import { ebayEarlierSellerScopes } from '../../../src/marketplaces/ebay/endpoints.ts';
import { createEbayAdapter, type EbayAdapterOptions } from '../../../src/marketplaces/ebay/ebay-adapter.ts';
import type { MarketplaceOrder, RefundRequest } from '../../../src/marketplaces/types.ts';
import { ebayContracts } from './ebay-contracts.ts';
import { startEbaySandbox, type EbayTestSandbox } from './ebay-test-sandbox.ts';

let env: EbayTestSandbox;
beforeAll(async () => {
  env = await startEbaySandbox('fast');
});
afterAll(async () => {
  await env.close();
});

/** A connected seller with an order of 2 units at 12.50 and 1 at 12.50 (37.50), as the adapter reads it. */
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

const usd = (amount: string) => ({ amount, currency: 'USD' });

function refundOf(
  order: MarketplaceOrder,
  refundId: string,
  lines: Array<[index: number, amount: string]>,
): RefundRequest {
  const refunded = lines.map(([index, amount]) => ({
    lineId: order.lines[index]!.lineId!,
    sku: order.lines[index]!.sku,
    quantity: order.lines[index]!.quantity,
    amount: usd(amount),
  }));
  const total = refunded.reduce((sum, l) => sum + Math.round(Number(l.amount.amount) * 100), 0);
  return {
    marketplaceOrderId: order.marketplaceOrderId,
    refundId,
    reason: 'buyer returned',
    wholeOrder: false,
    lines: refunded,
    total: usd((total / 100).toFixed(2)),
    note: 'Refunded on return.',
  };
}

const wholeRefundOf = (order: MarketplaceOrder, refundId: string): RefundRequest => ({
  ...refundOf(order, refundId, [
    [0, '25.00'],
    [1, '12.50'],
  ]),
  wholeOrder: true,
  reason: 'buyer cancelled',
});

const heldOrder = async (sellerId: string, orderId: string) =>
  (await env.control('GET', `/sellers/${sellerId}/orders/${orderId}`)).body.order;
const refundCalls = (orderId: string) =>
  env.sandbox.requests().filter((r) => r.path.endsWith(`/order/${orderId}/issue_refund`));

describe('refundOrder', () => {
  it('a whole order: confirmed with eBay’s refund id, held in paymentSummary.refunds, and read as refunded', async () => {
    const { adapter, sellerId, order, since } = await sellerWithOrder();
    const outcome = await adapter.refundOrder!(wholeRefundOf(order, 'refund-whole-1'));
    expect(outcome).toEqual({ outcome: 'confirmed', marketplaceRefundId: expect.stringMatching(/^5\d{11}$/) });
    const held = await heldOrder(sellerId, order.marketplaceOrderId);
    expect(held.orderPaymentStatus).toBe('FULLY_REFUNDED');
    expect(held.paymentSummary.refunds).toEqual([
      expect.objectContaining({
        refundId: (outcome as { marketplaceRefundId: string }).marketplaceRefundId,
        amount: { value: '37.50', currency: 'USD' },
      }),
    ]);
    expect(held.paymentSummary.totalDueSeller).toEqual({ value: '0.00', currency: 'USD' });
    expect(refundCalls(order.marketplaceOrderId)[0]!.body).toEqual({
      reasonForRefund: 'BUYER_CANCEL',
      comment: 'Refunded on return.',
      orderLevelRefundAmount: { value: '37.50', currency: 'USD' },
    });
    const [read] = (await adapter.ordersSince(since, undefined)).items;
    expect(read!.details!.fulfilment).toBe('refunded');
  });

  it('by line: the line’s amount given back, the order partly refunded', async () => {
    const { adapter, sellerId, order } = await sellerWithOrder();
    const outcome = await adapter.refundOrder!(refundOf(order, 'refund-line-1', [[0, '10.00']]));
    expect(outcome).toMatchObject({ outcome: 'confirmed' });
    const held = await heldOrder(sellerId, order.marketplaceOrderId);
    expect(held.orderPaymentStatus).toBe('PARTIALLY_REFUNDED');
    expect(held.lineItems[0].refunds).toEqual([
      expect.objectContaining({ amount: { value: '10.00', currency: 'USD' } }),
    ]);
    expect(held.lineItems[1].refunds).toEqual([]);
    expect(held.paymentSummary.totalDueSeller).toEqual({ value: '27.50', currency: 'USD' });
    expect(refundCalls(order.marketplaceOrderId)[0]!.body).toMatchObject({
      reasonForRefund: 'BUYER_RETURN',
      refundItems: [{ lineItemId: order.lines[0]!.lineId, refundAmount: { value: '10.00', currency: 'USD' } }],
    });
  });

  it('the same refund sent again is confirmed with the same id and gives back once', async () => {
    const { adapter, sellerId, order } = await sellerWithOrder();
    const refund = refundOf(order, 'refund-again-1', [[1, '5.00']]);
    const first = await adapter.refundOrder!(refund);
    expect(await adapter.refundOrder!(refund)).toEqual(first);
    expect((await heldOrder(sellerId, order.marketplaceOrderId)).paymentSummary.refunds).toHaveLength(1);
    expect(refundCalls(order.marketplaceOrderId)).toHaveLength(1);
  });

  it('after a restart, a whole-order refund sent again: eBay’s "already refunded" with it held counts as confirmed', async () => {
    const { adapter, sellerId, order, tokens } = await sellerWithOrder();
    const refund = wholeRefundOf(order, 'refund-restart-1');
    const first = await adapter.refundOrder!(refund);
    const restarted = createEbayAdapter({
      endpoints: env.endpoints,
      application: env.application,
      refreshToken: tokens.refreshToken,
      sellerKey: `${sellerId}-restarted`,
    });
    expect(await restarted.refundOrder!(refund)).toEqual(first);
    expect((await heldOrder(sellerId, order.marketplaceOrderId)).paymentSummary.refunds).toHaveLength(1);
    expect(
      refundCalls(order.marketplaceOrderId).map(
        (r) => `${r.status} ${(r.response as any)?.errors?.[0]?.errorId ?? ''}`,
      ),
    ).toEqual(['200 ', '400 34917']);
  });

  it('a refund eBay refuses comes back rejected in eBay’s words', async () => {
    const { adapter, sellerId, order } = await sellerWithOrder();
    expect(await adapter.refundOrder!(refundOf(order, 'refund-too-much', [[1, '20.00']]))).toEqual({
      outcome: 'rejected',
      message: 'The item refund amount exceeds the item remaining amount.',
      code: '34924',
    });
    expect(await adapter.refundOrder!({ ...wholeRefundOf(order, 'refund-too-much-2'), total: usd('99.00') })).toEqual({
      outcome: 'rejected',
      message: 'The refund amount exceeds order amount.',
      code: '34915',
    });
    expect((await heldOrder(sellerId, order.marketplaceOrderId)).paymentSummary.refunds).toEqual([]);
  });

  it('a 429 is thrown retryable; the retry then refunds, once', async () => {
    const { adapter, sellerId, order } = await sellerWithOrder({
      retry: { attempts: 1, baseDelayMs: 0, maxDelayMs: 0 },
    });
    const refund = refundOf(order, 'refund-throttled', [[0, '25.00']]);
    await env.control('PUT', `/sellers/${sellerId}/faults`, { rateLimitBurst: 1 });
    const refused = await adapter.refundOrder!(refund).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MarketplaceError);
    expect(refused).toMatchObject({ kind: 'rate_limited', retryable: true });
    expect(await adapter.refundOrder!(refund)).toMatchObject({ outcome: 'confirmed' });
    expect((await heldOrder(sellerId, order.marketplaceOrderId)).paymentSummary.refunds).toHaveLength(1);
  });

  it('a channel connected without the refund grant is told to reconnect, before any call', async () => {
    const { sellerId, order, tokens } = await sellerWithOrder();
    const earlier = createEbayAdapter({
      endpoints: env.endpoints,
      application: env.application,
      refreshToken: tokens.refreshToken,
      scopes: ebayEarlierSellerScopes,
      sellerKey: `${sellerId}-earlier`,
    });
    expect(await earlier.refundOrder!(wholeRefundOf(order, 'refund-no-grant'))).toEqual({
      outcome: 'rejected',
      message: expect.stringContaining('reconnect it to eBay'),
    });
    expect(refundCalls(order.marketplaceOrderId)).toEqual([]);
  });
});

describe('the refund exchanges follow sell_fulfillment_v1', () => {
  it('requests, answers and errors of issueRefund and getOrder pass the definition', async () => {
    const { adapter, sellerId, order } = await sellerWithOrder();
    await adapter.refundOrder!(refundOf(order, 'contract-1', [[0, '3.00']]));
    await adapter.refundOrder!(refundOf(order, 'contract-2', [[1, '20.00']]));
    await adapter.refundOrder!({ ...wholeRefundOf(order, 'contract-3'), total: usd('34.50') });
    // Refunded in full: eBay's "already refunded" (400), and no refund of this amount held.
    expect(await adapter.refundOrder!({ ...wholeRefundOf(order, 'contract-4'), total: usd('1.00') })).toMatchObject({
      outcome: 'rejected',
      code: '34917',
    });
    const contract = ebayContracts().fulfillment;
    const exchanges = env.sandbox
      .requests()
      .filter((r) => r.path.startsWith(`/sell/fulfillment/v1/order/${order.marketplaceOrderId}`));
    expect(
      new Set(exchanges.map((r) => `${r.method} ${contract.operation(r.method, r.path)?.template} ${r.status}`)),
    ).toEqual(
      new Set([
        'GET /sell/fulfillment/v1/order/{orderId} 200',
        'POST /sell/fulfillment/v1/order/{order_id}/issue_refund 200',
        'POST /sell/fulfillment/v1/order/{order_id}/issue_refund 409',
        'POST /sell/fulfillment/v1/order/{order_id}/issue_refund 400',
      ]),
    );
    const problems = exchanges.flatMap((r) =>
      contract.check({
        method: r.method,
        path: r.path,
        requestBody: r.body,
        status: r.status,
        responseBody: r.response,
      }),
    );
    expect(problems).toEqual([]);
    const held = await heldOrder(sellerId, order.marketplaceOrderId);
    expect(held.paymentSummary.refunds.map((r: any) => r.amount.value)).toEqual(['3.00', '34.50']);
  });
});
