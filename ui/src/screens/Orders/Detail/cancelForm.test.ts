import { describe, expect, test } from 'vitest';
import { orderFixtures } from '@hub/mocks';
import { cancelBlocked, cancellableLines, cancellationRequestOf, initialCancelForm, openUnits } from './cancelForm';

const { openWalmart, openShopify, partialEbay, dueTodayShopify, cancellationFailedWalmart } = orderFixtures;
const [first, second] = openWalmart.lines.map((line) => line.lineId!);

describe('cancelling by line (Walmart)', () => {
  test('offers every line with open units, none chosen', () => {
    expect(initialCancelForm(openWalmart)).toEqual({ reason: '', quantities: { [first!]: '0', [second!]: '0' } });
    expect(cancelBlocked(openWalmart)).toBeNull();
  });

  test('sends the lines with at least one unit', () => {
    const values = { reason: 'out of stock' as const, quantities: { [first!]: '2', [second!]: '0' } };
    expect(cancellationRequestOf(openWalmart, values)).toEqual({
      request: { reason: 'out of stock', lines: [{ lineId: first, quantity: 2 }] },
      units: 2,
    });
  });

  test('refuses more units than are open, a missing reason, or nothing chosen', () => {
    expect(cancellationRequestOf(openWalmart, { reason: '', quantities: { [first!]: '4', [second!]: '1' } })).toEqual({
      errors: { reason: 'Choose a reason.', quantities: { [first!]: 'Between 0 and 3.' } },
    });
    expect(
      cancellationRequestOf(openWalmart, { reason: 'other', quantities: { [first!]: '0', [second!]: '' } }),
    ).toEqual({ errors: { quantities: { [second!]: 'Between 0 and 1.' } } });
    expect(
      cancellationRequestOf(openWalmart, { reason: 'other', quantities: { [first!]: '0', [second!]: '0' } }),
    ).toEqual({ errors: { lines: 'Choose at least one unit to cancel.' } });
  });

  test('units on their way to being cancelled are not open any more', () => {
    const sending = {
      ...cancellationFailedWalmart,
      cancellations: [
        ...cancellationFailedWalmart.cancellations,
        { ...cancellationFailedWalmart.cancellations[0]!, id: 'x', state: 'sending' as const },
      ],
    };
    // The failed cancellation left its units open; the one on its way holds them.
    expect(openUnits(cancellationFailedWalmart, cancellationFailedWalmart.lines[0]!)).toBe(2);
    expect(cancellableLines(sending).map(({ line }) => line.sku)).toEqual(['CH-00014']);
  });
});

describe('whole orders only (Shopify, eBay)', () => {
  test('sends no lines: every open unit is cancelled', () => {
    expect(cancellationRequestOf(openShopify, { reason: 'buyer asked', quantities: {} })).toEqual({
      request: { reason: 'buyer asked' },
      units: 3,
    });
  });

  test('is blocked once part of the order is shipped, or while a line has no id', () => {
    expect(cancelBlocked(partialEbay)).toBe(
      'eBay cancels whole orders only, and part of this one is shipped or cancelled already: cancel the rest on eBay.',
    );
    expect(cancelBlocked(dueTodayShopify)).toBe(
      "Shopify has not told us this order's line ids yet; the next orders read brings them.",
    );
  });
});
