import { getResponse, type HttpHandler } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { orderActionRules } from './order-action-fixtures';
import { orderFixtures, returnBeforeConnection } from './order-fixtures';
import { orderHandlers, resetOrderMocks } from './orders';

async function call(handlers: HttpHandler[], method: string, path: string, body?: unknown) {
  const init: RequestInit =
    body === undefined
      ? { method }
      : { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
  const response = await getResponse(handlers, new Request(new URL(path, location.origin), init));
  if (!response) throw new Error(`No handler for ${method} ${path}`);
  return { status: response.status, body: (await response.json()) as any };
}

const handlers = orderHandlers.populated;
const { openWalmart, openShopify, lateEbay, deliveredAmazon, deliveredShopify, partialEbay } = orderFixtures;

beforeEach(() => resetOrderMocks());

describe('cancellations', () => {
  test('a marketplace without a cancellation API refuses with what to do instead', async () => {
    const { status, body } = await call(handlers, 'POST', `/api/orders/${lateEbay.id}/cancellations`, {
      reason: 'other',
    });
    expect(status).toBe(409);
    expect(body.message).toBe(orderActionRules.ebay.cancel.why);
  });

  test('units on their way to being cancelled leave what is cancellable', async () => {
    const lineId = openWalmart.lines[0]!.lineId;
    const sent = await call(handlers, 'POST', `/api/orders/${openWalmart.id}/cancellations`, {
      reason: 'out of stock',
      lines: [{ lineId, quantity: 2 }],
    });
    expect(sent).toMatchObject({ status: 202, body: { state: 'sending', wholeOrder: false } });
    const { body } = await call(handlers, 'GET', `/api/orders/${openWalmart.id}`);
    expect(body.actions.cancellableUnits).toBe(2);
    const again = await call(handlers, 'POST', `/api/orders/${openWalmart.id}/cancellations`, {
      reason: 'out of stock',
      lines: [{ lineId, quantity: 2 }],
    });
    expect(again).toMatchObject({
      status: 400,
      body: { message: `Line ${lineId} (CH-00011) has 1 unit that can be cancelled, not 2.` },
    });
  });

  test('a whole-order marketplace refuses part of an order', async () => {
    const part = await call(handlers, 'POST', `/api/orders/${openShopify.id}/cancellations`, {
      reason: 'buyer asked',
      lines: [{ lineId: openShopify.lines[0]!.lineId, quantity: 1 }],
    });
    expect(part).toMatchObject({
      status: 400,
      body: { message: 'Shopify cancels whole orders only: cancel every line of this order, or none.' },
    });
    const whole = await call(handlers, 'POST', `/api/orders/${openShopify.id}/cancellations`, {
      reason: 'buyer asked',
    });
    expect(whole).toMatchObject({ status: 202, body: { wholeOrder: true, lines: [{ quantity: 1 }, { quantity: 2 }] } });
    expect((await call(handlers, 'GET', `/api/orders/${partialEbay.id}`)).body.actions.cancellableUnits).toBe(4);
  });
});

describe('refunds', () => {
  test('are recorded only where the marketplace has no refund API, and never exceed what is left', async () => {
    const recorded = await call(handlers, 'POST', `/api/orders/${deliveredAmazon.id}/refunds`, { reason: 'damaged' });
    expect(recorded).toMatchObject({ status: 202, body: { state: 'recorded', total: { amount: '54.99' } } });
    const again = await call(handlers, 'POST', `/api/orders/${deliveredAmazon.id}/refunds`, { reason: 'damaged' });
    expect(again).toMatchObject({ status: 409, body: { message: 'This order has been refunded in full already.' } });
  });

  test('by line: the amount defaults to price × units and may not be more', async () => {
    const lineId = deliveredShopify.lines[1]!.lineId;
    const over = await call(handlers, 'POST', `/api/orders/${deliveredShopify.id}/refunds`, {
      reason: 'other',
      lines: [{ lineId, quantity: 1, amount: '64.01' }],
    });
    expect(over).toMatchObject({
      status: 400,
      body: { message: `Line ${lineId} (CH-00018) can be refunded at most 64.00 USD for 1 unit.` },
    });
    const sent = await call(handlers, 'POST', `/api/orders/${deliveredShopify.id}/refunds`, {
      reason: 'other',
      lines: [{ lineId, quantity: 1 }],
    });
    expect(sent).toMatchObject({ status: 202, body: { state: 'sending', total: { amount: '64.00' } } });
    const { body } = await call(handlers, 'GET', `/api/orders/${deliveredShopify.id}`);
    expect(body.actions.refundable).toEqual({ amount: '84.50', currency: 'USD' });
  });
});

describe('returns', () => {
  test('page by cursor, newest first, and filter by status', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const path: string = `/api/returns?pageSize=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const { body } = await call(handlers, 'GET', path);
      seen.push(...body.items.map((item: { createdAt: string }) => item.createdAt));
      cursor = body.next;
    } while (cursor);
    expect(seen).toEqual([...seen].sort().reverse());
    const { body } = await call(handlers, 'GET', '/api/returns?status=received&pageSize=200');
    expect(body.items.every((ret: { status: string }) => ret.status === 'received')).toBe(true);
    expect(body.items.some((ret: { id: string }) => ret.id === returnBeforeConnection.id)).toBe(true);
  });

  test('are restocked once', async () => {
    const returnId = deliveredAmazon.returns[0]!.id;
    const first = await call(handlers, 'POST', `/api/returns/${returnId}/restock`);
    expect(first).toMatchObject({ status: 200, body: { restockedBy: 'Alex Cooper' } });
    const second = await call(handlers, 'POST', `/api/returns/${returnId}/restock`);
    expect(second).toMatchObject({ status: 409, body: { message: 'This return was restocked already.' } });
  });
});
