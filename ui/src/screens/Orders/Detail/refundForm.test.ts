import { describe, expect, test } from 'vitest';
import { orderFixtures } from '@hub/mocks';
import {
  amountText,
  initialRefundForm,
  refundRequestOf,
  refundTotalCents,
  refundableLines,
  unitsLeftToRefund,
  wholeOrderRefundable,
  type RefundFormValues,
} from './refundForm';

const { deliveredShopify, returnedWalmart, deliveredAmazon } = orderFixtures;
const [first, second, third] = deliveredShopify.lines.map((line) => line.lineId!);

const byLine = (changes: Partial<RefundFormValues>): RefundFormValues => ({
  ...initialRefundForm(deliveredShopify),
  scope: 'lines',
  reason: 'damaged',
  ...changes,
});

describe('a refund by line', () => {
  test('defaults each amount to the price times the units, until one is typed', () => {
    const values = byLine({ units: { [first!]: '2', [second!]: '0', [third!]: '0' } });
    const line = refundableLines(deliveredShopify)[0]!;
    expect(amountText(values, line)).toBe('56.00');
    expect(amountText({ ...values, amounts: { [first!]: '10' } }, line)).toBe('10');
    // More units than are left count as all of them.
    expect(amountText({ ...values, units: { [first!]: '9' } }, line)).toBe('56.00');
    expect(refundTotalCents(deliveredShopify, values)).toBe(5600);
  });

  test('sends the amount only where it differs from the price times the units', () => {
    const values = byLine({
      units: { [first!]: '1', [second!]: '1', [third!]: '0' },
      amounts: { [second!]: '32.5' },
      note: '  Half back.  ',
    });
    expect(refundRequestOf(deliveredShopify, values)).toEqual({
      request: {
        reason: 'damaged',
        note: 'Half back.',
        lines: [
          { lineId: first, quantity: 1 },
          { lineId: second, quantity: 1, amount: '32.50' },
        ],
      },
      totalCents: 6050,
    });
  });

  test('refuses more units than are left, an amount above the price, zero, or nothing', () => {
    const checked = refundRequestOf(
      deliveredShopify,
      byLine({
        units: { [first!]: '3', [second!]: '1', [third!]: '1' },
        amounts: { [second!]: '64.01', [third!]: '0' },
      }),
    );
    expect(checked).toEqual({
      errors: {
        units: { [first!]: 'Between 0 and 2.' },
        amounts: { [second!]: 'At most $64.00 for 1 unit.', [third!]: 'More than zero.' },
      },
    });
    expect(
      refundRequestOf(
        deliveredShopify,
        byLine({ amounts: { [first!]: '1,5' }, units: { [first!]: '1', [second!]: '0', [third!]: '0' } }),
      ),
    ).toEqual({
      errors: { amounts: { [first!]: 'Write an amount such as 12.50.' } },
    });
    expect(refundRequestOf(deliveredShopify, byLine({ reason: '' }))).toEqual({
      errors: { reason: 'Choose a reason.', lines: 'Choose at least one unit to refund.' },
    });
  });

  test('counts the refunds given already (not the failed ones) against the units and the total', () => {
    const [returned, cancelled] = returnedWalmart.lines;
    // CH-00021's two units were refunded; CH-00022's refund failed, so its units are still to refund.
    expect(unitsLeftToRefund(returnedWalmart, returned!)).toBe(0);
    expect(unitsLeftToRefund(returnedWalmart, cancelled!)).toBe(2);
    expect(refundableLines(returnedWalmart).map((line) => line.line.sku)).toEqual(['CH-00022']);
    expect(wholeOrderRefundable(returnedWalmart)).toBe(false);
    expect(initialRefundForm(returnedWalmart).scope).toBe('lines');
  });
});

describe('a refund of the whole order', () => {
  test('is what is left to refund, and only while nothing was refunded', () => {
    const values = { ...initialRefundForm(deliveredAmazon), reason: 'damaged' as const };
    expect(values.scope).toBe('order');
    expect(refundRequestOf(deliveredAmazon, values)).toEqual({ request: { reason: 'damaged' }, totalCents: 5499 });
    expect(refundRequestOf(returnedWalmart, { ...values, scope: 'order' })).toEqual({
      errors: { lines: 'Part of this order is refunded already: refund the rest by line.' },
    });
  });

  test('may not take more than is left, all lines together', () => {
    const partly = {
      ...deliveredShopify,
      actions: { ...deliveredShopify.actions, refundable: { amount: '50.00', currency: 'USD' } },
    };
    expect(refundRequestOf(partly, byLine({ units: { [first!]: '2', [second!]: '0', [third!]: '0' } }))).toEqual({
      errors: { lines: 'That is $56.00, more than the $50.00 left to refund.' },
    });
  });
});
