import { describe, expect, it } from 'vitest';
import {
  cancellableUnits,
  checkCancellation,
  checkRefund,
  refundableCents,
} from '../../src/modules/orders/order-action-checks.ts';
import type { OrderLineRecord } from '../../src/db/schema/index.ts';

const usd = (amount: string) => ({ amount, currency: 'USD' });
const line = (
  lineId: string,
  sku: string,
  quantity: number,
  price = '10.00',
  extra: Partial<OrderLineRecord> = {},
) => ({
  lineId,
  sku,
  quantity,
  price: usd(price),
  cancelledQuantity: 0,
  ...extra,
});
const order = (lines: OrderLineRecord[], totalAmount: string | null = '40.00') => ({
  fulfilment: 'unshipped' as const,
  lines,
  totalAmount,
  currency: totalAmount ? 'USD' : null,
});
const byLine = { cancelByLine: true };
const wholeOnly = { cancelByLine: false };

describe('cancellableUnits', () => {
  it('leaves out units shipped (ours or the marketplace’s), cancelled, or on their way to being cancelled', () => {
    const lines = [line('1', 'A', 5, '10.00', { cancelledQuantity: 1, shippedQuantity: 1 }), line('2', 'B', 3)];
    const sent = [{ state: 'confirmed' as const, lines: [{ lineId: '2', sku: 'B', quantity: 1 }] }];
    const cancellations = [
      { state: 'sending' as const, lines: [{ lineId: '1', sku: 'A', quantity: 2 }] },
      { state: 'failed' as const, lines: [{ lineId: '2', sku: 'B', quantity: 2 }] },
    ];
    expect(cancellableUnits(lines, sent, cancellations)).toEqual([1, 2]);
  });
});

describe('checkCancellation', () => {
  const lines = [line('1', 'A', 3), line('2', 'B', 1)];

  it('takes every open unit when no lines are named, as the whole order', () => {
    expect(checkCancellation(order(lines), byLine, 'Walmart', [], [], {})).toEqual({
      ok: true,
      wholeOrder: true,
      lines: [
        { lineId: '1', sku: 'A', quantity: 3 },
        { lineId: '2', sku: 'B', quantity: 1 },
      ],
    });
  });

  it('takes some units of a line where the marketplace cancels by line', () => {
    const check = checkCancellation(order(lines), byLine, 'Walmart', [], [], { lines: [{ lineId: '1', quantity: 2 }] });
    expect(check).toEqual({ ok: true, wholeOrder: false, lines: [{ lineId: '1', sku: 'A', quantity: 2 }] });
  });

  it('refuses more units than are open, a line not of the order, and a cancelled order', () => {
    expect(
      checkCancellation(order(lines), byLine, 'Walmart', [], [], { lines: [{ lineId: '1', quantity: 4 }] }),
    ).toEqual({
      ok: false,
      status: 400,
      message: 'Line 1 (A) has 3 units that can be cancelled, not 4.',
    });
    expect(
      checkCancellation(order(lines), byLine, 'Walmart', [], [], { lines: [{ lineId: '9', quantity: 1 }] }),
    ).toMatchObject({
      ok: false,
      status: 400,
      message: 'Line 9 is not a line of this order.',
    });
    expect(
      checkCancellation({ ...order(lines), fulfilment: 'cancelled' }, byLine, 'Walmart', [], [], {}),
    ).toMatchObject({ ok: false, status: 409 });
  });

  it('where the marketplace cancels whole orders only, refuses part of one', () => {
    expect(
      checkCancellation(order(lines), wholeOnly, 'Shopify', [], [], { lines: [{ lineId: '1', quantity: 1 }] }),
    ).toEqual({
      ok: false,
      status: 400,
      message: 'Shopify cancels whole orders only: cancel every line of this order, or none.',
    });
    const partlyShipped = [line('1', 'A', 3, '10.00', { shippedQuantity: 1 }), line('2', 'B', 1)];
    expect(checkCancellation(order(partlyShipped), wholeOnly, 'Shopify', [], [], {})).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(checkCancellation(order(lines), wholeOnly, 'Shopify', [], [], {})).toMatchObject({
      ok: true,
      wholeOrder: true,
    });
  });

  it('says nothing is left once every unit is shipped or cancelled', () => {
    const done = [line('1', 'A', 2, '10.00', { shippedQuantity: 1, cancelledQuantity: 1 })];
    expect(checkCancellation(order(done), byLine, 'Walmart', [], [], {})).toEqual({
      ok: false,
      status: 409,
      message: 'Nothing is left to cancel: every unit is shipped or cancelled.',
    });
  });
});

describe('checkRefund', () => {
  const lines = [line('1', 'A', 3, '10.00'), line('2', 'B', 1, '10.00')];

  it('refunds the whole order for its total', () => {
    const check = checkRefund(order(lines), [], {});
    expect(check).toMatchObject({ ok: true, wholeOrder: true, total: usd('40.00') });
  });

  it('refunds by line at the price times the units, or a smaller amount given', () => {
    expect(checkRefund(order(lines), [], { lines: [{ lineId: '1', quantity: 2 }] })).toEqual({
      ok: true,
      wholeOrder: false,
      lines: [{ lineId: '1', sku: 'A', quantity: 2, amount: usd('20.00') }],
      total: usd('20.00'),
    });
    expect(checkRefund(order(lines), [], { lines: [{ lineId: '2', quantity: 1, amount: '4.50' }] })).toMatchObject({
      ok: true,
      total: usd('4.50'),
    });
  });

  it('refuses an amount above the line’s price, units already refunded, and more than is left', () => {
    expect(checkRefund(order(lines), [], { lines: [{ lineId: '2', quantity: 1, amount: '10.01' }] })).toEqual({
      ok: false,
      status: 400,
      message: 'Line 2 (B) can be refunded at most 10.00 USD for 1 unit.',
    });
    const earlier = [
      {
        state: 'confirmed' as const,
        totalAmount: '30.00',
        lines: [{ lineId: '1', sku: 'A', quantity: 3, amount: usd('30.00') }],
      },
    ];
    expect(checkRefund(order(lines), earlier, { lines: [{ lineId: '1', quantity: 1 }] })).toMatchObject({
      ok: false,
      message: 'Line 1 (A) has 0 units left to refund, not 1.',
    });
    expect(checkRefund(order(lines, '35.00'), earlier, { lines: [{ lineId: '2', quantity: 1 }] })).toEqual({
      ok: false,
      status: 400,
      message: 'That is 10.00 USD, more than the 5.00 USD left to refund on this order.',
    });
    expect(checkRefund(order(lines), earlier, {})).toMatchObject({ ok: false, status: 409 });
  });

  it('a failed refund gives its money back to what may be refunded', () => {
    const failed = [{ state: 'failed' as const, totalAmount: '40.00', lines: [] }];
    expect(refundableCents(order(lines), failed)).toBe(4000);
    expect(checkRefund(order(lines), failed, {})).toMatchObject({ ok: true, total: usd('40.00') });
  });

  it('an order without a total from its marketplace cannot be refunded here', () => {
    expect(checkRefund(order(lines, null), [], {})).toMatchObject({ ok: false, status: 409 });
  });
});
