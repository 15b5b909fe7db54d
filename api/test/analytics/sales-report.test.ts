/**
 * The sales report (issue 25, Analytics): a seeded month of orders against figures computed by hand,
 * in the seller's time zone (an order at 22:30 in New York counts on that day, not on the next UTC one);
 * cancelled orders and units count for nothing, a line in another currency counts its order and units
 * but not its revenue; the previous period is the same number of days just before; a channel filter
 * narrows every figure; another account's orders and channels never show. Rows are written directly:
 * these tests are about the sums, not how orders arrive.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { addChannelRow, addOrderRow, orderLine } from '../support/seeded-rows.ts';
import { orderRefunds, orderReturns, products, type OrderLineRecord } from '../../src/db/schema/index.ts';

let t: TestProduct;
let seller: Browser;
let neighbour: Browser;
let accountId: string;
let neighbourAccountId: string;
const ids: Record<string, string> = {};

const db = () => t.database.handle.db;
const line = orderLine;
const addChannel = (account: string, kind: 'amazon' | 'ebay' | 'shopify', role: 'main' | 'target') =>
  addChannelRow(db(), account, kind, role);
const addOrder = (
  account: string,
  channelId: string,
  orderedAt: string,
  lines: OrderLineRecord[],
  status: 'open' | 'cancelled' = 'open',
) => addOrderRow(db(), account, channelId, orderedAt, lines, status);

const report = (query: string, as: Browser = seller) => as.get(`/api/analytics/sales?${query}`);
const NEW_YORK_WEEK = 'from=2026-11-01&to=2026-11-07&timeZone=America%2FNew_York';

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller());
  ({ browser: neighbour, accountId: neighbourAccountId } = await t.signedInSeller());
  ids.shopify = await addChannel(accountId, 'shopify', 'main');
  ids.ebay = await addChannel(accountId, 'ebay', 'target');
  ids.amazon = await addChannel(accountId, 'amazon', 'target');
  ids.theirs = await addChannel(neighbourAccountId, 'shopify', 'main');
  await db()
    .insert(products)
    .values([
      { accountId, sku: 'SKU-A', title: 'Mug', currency: 'USD', price: '10.00', onHand: 10, committed: 0 },
      { accountId, sku: 'SKU-B', title: 'Bowl', currency: 'USD', price: '5.00', onHand: 6, committed: 1 },
      { accountId, sku: 'SKU-C', title: 'Plate', currency: 'USD', price: '4.00', onHand: 3, committed: 0 },
      { accountId, sku: 'SKU-D', title: 'Cup', currency: 'USD', price: '3.00', onHand: 0, committed: 0 },
    ]);
  await addOrder(accountId, ids.shopify, '2026-11-02T15:00:00Z', [line('SKU-A', 2, '10.00')]);
  // 22:30 on 2 November in New York (3 November in UTC); one of its three bowls cancelled.
  ids.late = await addOrder(accountId, ids.ebay, '2026-11-03T03:30:00Z', [
    line('SKU-A', 1, '10.00'),
    line('SKU-B', 3, '5.00', 'USD', 1),
  ]);
  await addOrder(accountId, ids.ebay, '2026-11-04T12:00:00Z', [line('SKU-A', 4, '10.00')], 'cancelled');
  await addOrder(accountId, ids.amazon, '2026-11-05T12:00:00Z', [line('SKU-B', 1, '7.00', 'EUR')]);
  // 23:00 on 7 November in New York: the range's last day.
  await addOrder(accountId, ids.shopify, '2026-11-08T04:00:00Z', [line('SKU-B', 1, '5.00')]);
  // 8 November in New York: after the range.
  await addOrder(accountId, ids.shopify, '2026-11-08T06:00:00Z', [line('SKU-C', 1, '4.00')]);
  // The previous seven days (25 to 31 October).
  await addOrder(accountId, ids.shopify, '2026-10-25T16:00:00Z', [line('SKU-A', 1, '10.00')]);
  // Another account's sale in the range.
  await addOrder(neighbourAccountId, ids.theirs, '2026-11-02T15:00:00Z', [line('SKU-A', 9, '99.00')]);
  await db()
    .insert(orderRefunds)
    .values([
      {
        accountId,
        orderId: ids.late,
        channelId: ids.ebay,
        reason: 'damaged',
        wholeOrder: false,
        lines: [],
        totalAmount: '5.00',
        currency: 'USD',
        state: 'confirmed',
        createdAt: new Date('2026-11-04T10:00:00Z'),
      },
      {
        accountId,
        orderId: ids.late,
        channelId: ids.ebay,
        reason: 'damaged',
        wholeOrder: false,
        lines: [],
        totalAmount: '5.00',
        currency: 'USD',
        state: 'failed',
        createdAt: new Date('2026-11-04T11:00:00Z'),
      },
    ]);
  await db()
    .insert(orderReturns)
    .values({
      accountId,
      channelId: ids.ebay,
      orderId: ids.late,
      marketplaceOrderId: 'order-2',
      marketplaceReturnId: 'return-1',
      status: 'requested',
      lines: [{ lineId: null, sku: 'SKU-A', quantity: 1, restock: true }],
      marketplaceCreatedAt: new Date('2026-11-06T10:00:00Z'),
      marketplaceUpdatedAt: new Date('2026-11-06T10:00:00Z'),
    });
}, 60_000);
afterAll(() => t?.stop());

describe('the sales report', () => {
  it('asks to be signed in', async () => {
    expect((await t.browser().get(`/api/analytics/sales?${NEW_YORK_WEEK}`)).status).toBe(401);
  });

  it('sums a week in New York by hand: totals, each day, each channel, against the week before', async () => {
    const answer = await report(NEW_YORK_WEEK);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const body = answer.body;
    expect(body).toMatchObject({ from: '2026-11-01', to: '2026-11-07', timeZone: 'America/New_York', currency: 'USD' });
    // Orders 1, 2, 4 and 5: 2 + (1 + 2) + 1 + 1 units; 20 + 20 + 0 (EUR) + 5 dollars.
    expect(body.totals).toEqual({ revenue: '45.00', orders: 4, units: 7, averageOrderValue: '11.25' });
    expect(body.previous).toMatchObject({
      from: '2026-10-25',
      to: '2026-10-31',
      revenue: '10.00',
      orders: 1,
      units: 1,
      averageOrderValue: '10.00',
    });
    // The week before, each day and channel too (the charts draw each day against the same day before).
    const before = body.previous as {
      byDay: Array<{ date: string; orders: number }>;
      byChannel: Array<{ channelId: string; revenue: string }>;
    };
    expect(before.byDay.map((d) => d.date)).toEqual([
      '2026-10-25',
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
    ]);
    expect(before.byDay.map((d) => d.orders)).toEqual([1, 0, 0, 0, 0, 0, 0]);
    // Channels connected in the same instant come in no set order: compared as a set.
    expect(new Map(before.byChannel.map((c) => [c.channelId, c.revenue]))).toEqual(
      new Map([
        [ids.shopify, '10.00'],
        [ids.ebay, '0.00'],
        [ids.amazon, '0.00'],
      ]),
    );
    const day = (date: string) => body.byDay.find((d: { date: string }) => d.date === date);
    expect(body.byDay).toHaveLength(7);
    expect(day('2026-11-02')).toEqual({
      date: '2026-11-02',
      revenue: '40.00',
      orders: 2,
      units: 5,
      averageOrderValue: '20.00',
    });
    expect(day('2026-11-03')).toEqual({
      date: '2026-11-03',
      revenue: '0.00',
      orders: 0,
      units: 0,
      averageOrderValue: null,
    });
    expect(day('2026-11-05')).toMatchObject({ revenue: '0.00', orders: 1, units: 1 });
    expect(day('2026-11-07')).toMatchObject({ revenue: '5.00', orders: 1, units: 1 });
    // Channels connected in the same instant come in no set order (as in the previous period's check above).
    expect(body.byChannel).toHaveLength(3);
    expect(body.byChannel).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ channelId: ids.shopify, kind: 'shopify', revenue: '25.00', orders: 2, units: 3 }),
        expect.objectContaining({ channelId: ids.ebay, kind: 'ebay', revenue: '20.00', orders: 1, units: 3 }),
        expect.objectContaining({ channelId: ids.amazon, kind: 'amazon', revenue: '0.00', orders: 1, units: 1 }),
      ]),
    );
    // The products were added after the range: no stock history of theirs covers it (stock-history.test.ts).
    const noHistory = { sellThrough: null, daysOutOfStock: null };
    expect(body.topSkus).toEqual([
      { sku: 'SKU-B', title: 'Bowl', units: 4, revenue: '15.00', ...noHistory },
      { sku: 'SKU-A', title: 'Mug', units: 3, revenue: '30.00', ...noHistory },
    ]);
    // In stock and selling least: the plate sold nothing this week; the cup has nothing to sell.
    expect(body.slowestSkus).toEqual([
      { sku: 'SKU-C', title: 'Plate', units: 0, available: 3, ...noHistory },
      { sku: 'SKU-A', title: 'Mug', units: 3, available: 10, ...noHistory },
      { sku: 'SKU-B', title: 'Bowl', units: 4, available: 5, ...noHistory },
    ]);
    expect(body.refunds).toEqual({ refunds: 1, refunded: '5.00', returns: 1 });
  });

  it('counts the late New York order on the next day in UTC', async () => {
    const body = (await report('from=2026-11-01&to=2026-11-07')).body;
    expect(body.byDay.find((d: { date: string }) => d.date === '2026-11-03')).toMatchObject({ orders: 1, units: 3 });
    // 04:00 UTC on 8 November is after a UTC week.
    expect(body.totals).toMatchObject({ orders: 3, units: 6, revenue: '40.00' });
  });

  it('narrows every figure to the channels chosen', async () => {
    const body = (await report(`${NEW_YORK_WEEK}&channelIds=${ids.ebay}`)).body;
    expect(body.totals).toEqual({ revenue: '20.00', orders: 1, units: 3, averageOrderValue: '20.00' });
    expect(body.byChannel.map((c: { channelId: string }) => c.channelId)).toEqual([ids.ebay]);
    expect(body.topSkus.map((s: { sku: string }) => s.sku)).toEqual(['SKU-B', 'SKU-A']);
    expect(body.refunds).toEqual({ refunds: 1, refunded: '5.00', returns: 1 });
    const shopifyOnly = (await report(`${NEW_YORK_WEEK}&channelIds=${ids.shopify}`)).body;
    expect(shopifyOnly.refunds).toEqual({ refunds: 0, refunded: '0.00', returns: 0 });
  });

  it('keeps to the account: another account sees none of these, and naming its channel is refused', async () => {
    const theirs = (await report(NEW_YORK_WEEK, neighbour)).body;
    expect(theirs.totals).toEqual({ revenue: '891.00', orders: 1, units: 9, averageOrderValue: '891.00' });
    expect(theirs.byChannel.map((c: { channelId: string }) => c.channelId)).toEqual([ids.theirs]);
    const refused = await report(`${NEW_YORK_WEEK}&channelIds=${ids.theirs}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('No such channel.');
  });

  it('refuses a range it cannot cover, with a message', async () => {
    const cases: Array<[string, string | RegExp]> = [
      ['from=2026-11-07&to=2026-11-01', 'The range must start on or before the day it ends.'],
      ['from=2025-01-01&to=2026-11-01', 'A report covers at most 366 days: choose a shorter range.'],
      ['from=2026-11-01&to=2026-11-07&timeZone=Mars%2FOlympus', 'Mars/Olympus is not a time zone we know.'],
      ['to=2026-11-07', /from/i],
      ['from=2026-11-01&to=yesterday', 'To must be a date.'],
    ];
    for (const [query, message] of cases) {
      const answer = await report(query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message, query).toMatch(message);
    }
  });
});
