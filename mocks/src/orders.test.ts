import { getResponse, type HttpHandler } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { generateOrders } from './generated-orders';
import { orderFixtures } from './order-fixtures';
import { orderHandlers, queryOrders, resetOrderMocks } from './orders';

async function call(handlers: HttpHandler[], method: string, path: string, body?: unknown) {
  const init: RequestInit =
    body === undefined
      ? { method }
      : { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
  const response = await getResponse(handlers, new Request(new URL(path, location.origin), init));
  if (!response) throw new Error(`No handler for ${method} ${path}`);
  return { status: response.status, body: (await response.json()) as any };
}

const { lateAmazon, partialEbay, erasedShopify } = orderFixtures;

beforeEach(() => resetOrderMocks());
afterEach(() => vi.useRealTimers());

describe('orders due today', () => {
  test('are due on the day a story runs, even when the mocks loaded the day before', async () => {
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    tomorrow.setHours(0, 1, 0, 0);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(tomorrow);
    resetOrderMocks();
    const { body } = await call(orderHandlers.populated, 'GET', `/api/orders/${partialEbay.id}`);
    const dueAt = new Date(body.shipBy);
    expect(dueAt.toDateString()).toBe(tomorrow.toDateString());
    expect(dueAt.getHours()).toBe(23);
    expect(body.late).toBe(false);
    // An order due on another day keeps its date.
    const late = await call(orderHandlers.populated, 'GET', `/api/orders/${lateAmazon.id}`);
    expect(late.body.shipBy).toBe(lateAmazon.shipBy);
  });
});

describe('the orders list', () => {
  test('pages by cursor until `next` is null, every order once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const path: string = `/api/orders?pageSize=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const { body } = await call(orderHandlers.populated, 'GET', path);
      expect(body).toMatchObject({ total: 120, totalCapped: false });
      seen.push(...body.items.map((item: { id: string }) => item.id));
      cursor = body.next;
    } while (cursor);
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
  });

  test('matches an order number, a buyer or a SKU, and filters combine', () => {
    const orders = generateOrders();
    expect(queryOrders(orders, { q: 'ch-00006' }).items.map((o) => o.id)).toEqual([partialEbay.id]);
    expect(queryOrders(orders, { q: lateAmazon.orderNumber.slice(4, 11) }).items[0]?.id).toBe(lateAmazon.id);
    const late = queryOrders(orders, { late: true, sort: 'shipBy', order: 'asc' });
    expect(late.total).toBe(6);
    expect(late.items.every((o) => o.late)).toBe(true);
    // Orders without a total or ship-by date come last, either way.
    const byTotal = queryOrders(orders, { sort: 'total', order: 'desc', pageSize: 200 }).items;
    expect(byTotal.map((o) => Number(o.total?.amount))).toEqual(
      [...byTotal.map((o) => Number(o.total?.amount))].sort((a, b) => b - a),
    );
  });
});

describe('shipments', () => {
  test('a carrier the marketplace does not take is refused with the reason, the others sent', async () => {
    const { body } = await call(orderHandlers.populated, 'POST', '/api/orders/shipments', {
      dryRun: false,
      shipments: [
        { orderId: lateAmazon.id, carrier: 'RoyalMail', trackingNumber: 'RM1' },
        { orderId: partialEbay.id, carrier: 'RoyalMail', trackingNumber: 'RM2' },
      ],
    });
    expect(body).toMatchObject({ sending: 1, refused: 1 });
    expect(body.results[0]).toMatchObject({
      outcome: 'refused',
      message: expect.stringContaining('Amazon does not take'),
    });
    const { body: shipped } = await call(orderHandlers.populated, 'GET', `/api/orders/${partialEbay.id}`);
    expect(shipped).toMatchObject({ status: 'shipped', lastShipment: { state: 'sending' } });
  });

  test('the CSV preview answers every row and sends nothing', async () => {
    const csv = [
      'order_number,carrier,tracking,sku,quantity',
      `${partialEbay.orderNumber},USPS,9400,CH-00006,2`,
      `${erasedShopify.orderNumber},UPS,1Z1,,`,
      'nope,UPS,1Z2,,',
    ].join('\n');
    const { body } = await call(orderHandlers.populated, 'POST', '/api/orders/shipments/csv', { csv, dryRun: true });
    expect(body).toMatchObject({ ready: 1, sending: 0, refused: 2 });
    expect(body.rows.map((row: { line: number }) => row.line)).toEqual([2, 3, 4]);
    const { body: unchanged } = await call(orderHandlers.populated, 'GET', `/api/orders/${partialEbay.id}`);
    expect(unchanged.shipments).toHaveLength(1);
    const { status } = await call(orderHandlers.populated, 'POST', '/api/orders/shipments/csv', {
      csv: 'order,carrier\n1,UPS',
      dryRun: true,
    });
    expect(status).toBe(400);
  });
});
