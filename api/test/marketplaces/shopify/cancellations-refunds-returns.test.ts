import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, validate } from 'graphql';
import { MarketplaceError } from '../../../src/marketplaces/errors.ts';
import { SHOPIFY_API_VERSION } from '../../../src/marketplaces/shopify/endpoints.ts';
import { orderActionDocuments } from '../../../src/marketplaces/shopify/order-actions-queries.ts';
import type { ShopifyAdapter } from '../../../src/marketplaces/shopify/shopify-adapter.ts';
import type { CancellationRequest, MarketplaceOrder, RefundRequest } from '../../../src/marketplaces/types.ts';
import { adminSchema } from '../../../src/sandbox/shopify/admin-schema.ts';
import { startSandbox } from './harness.ts';
import { checkAnswer, officialSchema, stripIdempotent, validateDocument } from './schema-check.ts';

/** Through real HTTP: orders placed on the sandbox, cancelled with orderCancel, refunded with refundCreate, returned. */
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
  await adapter.updateListings(skus.map((sku) => ({ sku, quantity: 50 })));
});
afterAll(async () => {
  await h.close();
});

async function place(lines: Array<{ sku: string; quantity: number }>): Promise<MarketplaceOrder> {
  const since = new Date(Date.now() - 1000);
  const placed = await h.control('POST', `sellers/${sellerId}/orders`, { lines });
  expect(placed.status).toBe(201);
  const orders: MarketplaceOrder[] = [];
  let cursor: string | undefined;
  do {
    const page = await adapter.ordersSince(since, cursor);
    orders.push(...page.items);
    cursor = page.next;
  } while (cursor);
  const order = orders.find((o) => o.marketplaceOrderId === placed.body.id);
  expect(order).toBeDefined();
  return order!;
}
const view = async (orderId: string) =>
  (await h.control('GET', `sellers/${sellerId}/orders/${encodeURIComponent(orderId)}`)).body;
const sentOperation = (name: string) =>
  h.sandbox.requests().filter((r) => JSON.stringify(r.body ?? '').includes(name) && r.status === 200);
const cancellation = (order: MarketplaceOrder, id: string, wholeOrder = true): CancellationRequest => ({
  marketplaceOrderId: order.marketplaceOrderId,
  cancellationId: id,
  reason: 'out of stock',
  wholeOrder,
  lines: order.lines.map((l) => ({ lineId: l.lineId!, sku: l.sku, quantity: l.quantity })),
});
let tracking = 0;
async function ship(order: MarketplaceOrder) {
  tracking++;
  const outcome = await adapter.confirmShipment({
    marketplaceOrderId: order.marketplaceOrderId,
    shipmentId: `ship-${tracking}`,
    carrier: 'UPS',
    trackingNumber: `1Z999AA10123456${String(tracking).padStart(3, '0')}`,
    shippedAt: new Date().toISOString(),
    lines: order.lines.map((l) => ({ lineId: l.lineId!, sku: l.sku, quantity: l.quantity })),
  });
  expect(outcome.outcome).toBe('confirmed');
}

describe('Shopify cancellations, refunds and returns through the adapter, against the sandbox', () => {
  it('cancels a whole order once with orderCancel (restocked, not refunded), however often it is sent', async () => {
    const order = await place([{ sku: skus[0]!, quantity: 2 }]);
    const before = (await h.item(sellerId, skus[0]!)).quantity;
    expect(await adapter.cancelOrder!(cancellation(order, 'cancel-1'))).toEqual({ outcome: 'confirmed' });
    expect(await adapter.cancelOrder!(cancellation(order, 'cancel-1'))).toEqual({ outcome: 'confirmed' });
    expect(sentOperation('HubCancelOrder')).toHaveLength(1);
    const sent = sentOperation('HubCancelOrder')[0]!.body as { variables: Record<string, unknown> };
    expect(sent.variables).toMatchObject({ orderId: order.marketplaceOrderId, reason: 'INVENTORY' });
    expect(await view(order.marketplaceOrderId)).toMatchObject({
      cancelledAt: expect.any(String),
      cancelReason: 'INVENTORY',
    });
    expect((await h.item(sellerId, skus[0]!)).quantity).toBe(before + 2);
  });

  it('answers part of an order as rejected before any call, and Shopify’s refusal in its words', async () => {
    const order = await place([{ sku: skus[1]!, quantity: 1 }]);
    const calls = h.sandbox.requests().length;
    expect(await adapter.cancelOrder!(cancellation(order, 'cancel-part', false))).toEqual({
      outcome: 'rejected',
      message: expect.stringMatching(/whole orders only/),
    });
    expect(h.sandbox.requests()).toHaveLength(calls);
    await ship(order);
    // Shipped in full: orderCancel refuses it (orderCancelUserErrors), answered in Shopify's words.
    expect(await adapter.cancelOrder!(cancellation(order, 'cancel-shipped'))).toEqual({
      outcome: 'rejected',
      message: expect.stringMatching(/nothing left to cancel/),
      code: 'INVALID',
    });
  });

  it('refunds lines once under the refundId as its idempotency key, and refuses more than was paid', async () => {
    const order = await place([{ sku: skus[2]!, quantity: 2 }]);
    await ship(order);
    const line = order.lines[0]!;
    const refund: RefundRequest = {
      marketplaceOrderId: order.marketplaceOrderId,
      refundId: 'refund-key-1',
      reason: 'damaged',
      wholeOrder: false,
      lines: [{ lineId: line.lineId!, sku: line.sku, quantity: 1, amount: line.price! }],
      total: line.price!,
      note: 'Arrived scratched',
    };
    const first = await adapter.refundOrder!(refund);
    expect(first).toEqual({
      outcome: 'confirmed',
      marketplaceRefundId: expect.stringMatching(/^gid:\/\/shopify\/Refund\/\d+$/),
    });
    expect(await adapter.refundOrder!(refund)).toEqual(first);
    expect(sentOperation('HubRefund')).toHaveLength(2);
    const refunds = (await view(order.marketplaceOrderId)).refunds;
    expect(refunds).toEqual([
      expect.objectContaining({
        note: 'Arrived scratched',
        totalRefundedSet: { shopMoney: { amount: line.price!.amount, currencyCode: line.price!.currency } },
        refundLineItems: {
          nodes: [{ quantity: 1, restockType: 'NO_RESTOCK', lineItem: { id: line.lineId, sku: line.sku } }],
        },
      }),
    ]);
    const tooMuch = { amount: (Number(line.price!.amount) * 5).toFixed(2), currency: line.price!.currency };
    const refused = await adapter.refundOrder!({ ...refund, refundId: 'refund-key-2', lines: [], total: tooMuch });
    expect(refused).toEqual({
      outcome: 'rejected',
      message: expect.stringMatching(/greater than net payment received/),
    });
  });

  it('reads a buyer’s return as requested, then received with the restock flag it was received with', async () => {
    const since = new Date(Date.now() - 1000);
    const order = await place([
      { sku: skus[0]!, quantity: 1 },
      { sku: skus[1]!, quantity: 1 },
    ]);
    await ship(order);
    const requestReturn = async (sku: string, reason: string) => {
      const made = await h.control(
        'POST',
        `sellers/${sellerId}/orders/${encodeURIComponent(order.marketplaceOrderId)}/returns`,
        {
          lines: [{ sku, quantity: 1 }],
          reason,
        },
      );
      expect(made.status).toBe(201);
      return made.body.returnId as string;
    };
    const back = await requestReturn(skus[0]!, 'DEFECTIVE');
    const kept = await requestReturn(skus[1]!, 'UNWANTED');
    expect(
      (
        await h.control('POST', `sellers/${sellerId}/orders/${encodeURIComponent(order.marketplaceOrderId)}/returns`, {
          lines: [{ sku: skus[1]!, quantity: 1 }],
        })
      ).status,
    ).toBe(409);
    const read = async () => {
      const all = [];
      let cursor: string | undefined;
      do {
        const page = await adapter.returnsSince!(since, cursor);
        all.push(...page.items);
        cursor = page.next;
      } while (cursor);
      return all;
    };
    expect((await read()).find((r) => r.marketplaceReturnId === back)).toEqual({
      marketplaceReturnId: back,
      marketplaceOrderId: order.marketplaceOrderId,
      status: 'requested',
      reason: 'DEFECTIVE',
      lines: [{ lineId: order.lines[0]!.lineId, sku: skus[0], quantity: 1, restock: false }],
      refunded: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const available = (await h.item(sellerId, skus[0]!)).quantity;
    expect(
      (await h.control('POST', `sellers/${sellerId}/returns/${encodeURIComponent(back)}/receive`, { restock: true }))
        .status,
    ).toBe(200);
    expect(
      (await h.control('POST', `sellers/${sellerId}/returns/${encodeURIComponent(kept)}/receive`, { restock: false }))
        .status,
    ).toBe(200);
    expect(
      (await h.control('POST', `sellers/${sellerId}/returns/${encodeURIComponent(kept)}/receive`, { restock: false }))
        .status,
    ).toBe(409);
    expect((await h.item(sellerId, skus[0]!)).quantity).toBe(available + 1);
    const received = await read();
    expect(received.find((r) => r.marketplaceReturnId === back)).toMatchObject({
      status: 'received',
      lines: [{ sku: skus[0], quantity: 1, restock: true }],
    });
    expect(received.find((r) => r.marketplaceReturnId === kept)).toMatchObject({
      status: 'received',
      reason: 'UNWANTED',
      lines: [{ lineId: order.lines[1]!.lineId, sku: skus[1], quantity: 1, restock: false }],
    });
    expect((await view(order.marketplaceOrderId)).returnStatus).toBe('RETURNED');
  });

  it('pages the returns by the orders’ cursor', async () => {
    const since = new Date(Date.now() - 1000);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const order = await place([{ sku: skus[2]!, quantity: 1 }]);
      await ship(order);
      const made = await h.control(
        'POST',
        `sellers/${sellerId}/orders/${encodeURIComponent(order.marketplaceOrderId)}/returns`,
        {
          lines: [{ sku: skus[2]!, quantity: 1 }],
        },
      );
      ids.push(made.body.returnId);
    }
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await adapter.returnsSince!(since, cursor);
      pages.push(page.items.map((r) => r.marketplaceReturnId));
      cursor = page.next;
    } while (cursor);
    // Five orders a page: the six returns (and any of the orders just before) take two pages at least.
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.flat().filter((id) => ids.includes(id))).toEqual(ids);
  });

  it('throws a 429 as a retryable MarketplaceError', async () => {
    const order = await place([{ sku: skus[0]!, quantity: 1 }]);
    expect((await h.control('PUT', `sellers/${sellerId}/faults`, { rateLimitBurst: 1 })).status).toBe(200);
    try {
      const refused = await adapter.cancelOrder!(cancellation(order, 'cancel-throttled')).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(MarketplaceError);
      expect(refused).toMatchObject({ kind: 'rate_limited', retryable: true, details: { status: 429 } });
    } finally {
      await h.control('PUT', `sellers/${sellerId}/faults`, {});
    }
  });
});

describe('the documents and exchanges against the official Admin schema', () => {
  for (const [name, query] of Object.entries(orderActionDocuments)) {
    it(`${name} validates on 2026-01, and on 2025-01 with @idempotent as its only difference`, () => {
      expect(validate(adminSchema(SHOPIFY_API_VERSION)!, parse(query)).map((e) => e.message)).toEqual([]);
      expect(validate(officialSchema(), stripIdempotent(parse(query))).map((e) => e.message)).toEqual([]);
      expect(validateDocument(query)).toEqual(
        name === 'refundCreateMutation' ? ['Unknown directive "@idempotent".'] : [],
      );
    });
  }

  it('every request the adapter sent and every answer the sandbox gave follows the schema', () => {
    const ours = new Set(Object.values(orderActionDocuments).map((d) => parse(d).definitions[0]!.loc!.source.body));
    const exchanges = h.sandbox
      .requests()
      .filter((r) => r.status === 200 && ours.has((r.body as { query?: string } | undefined)?.query ?? ''));
    const operations = new Set(
      exchanges.map((r) => /(query|mutation) (\w+)/.exec((r.body as { query: string }).query)![2]),
    );
    expect(operations).toEqual(
      new Set(['HubOrderCancelled', 'HubCancelOrder', 'HubOrderPayments', 'HubRefund', 'HubReturns']),
    );
    for (const exchange of exchanges) {
      const { query, variables } = exchange.body as { query: string; variables: Record<string, unknown> };
      const answer = exchange.response as { data?: unknown; errors?: unknown };
      expect(answer.errors, query).toBeUndefined();
      expect(checkAnswer(query, variables, answer.data), query).toEqual([]);
    }
  });
});
