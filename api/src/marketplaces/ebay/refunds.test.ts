/** The pure parts of eBay refunds: issueRefund's body, and the refunds an order read shows, told apart by amount. */
import { describe, expect, it } from 'vitest';
import { ebayContracts } from '../../../test/marketplaces/ebay/ebay-contracts.ts';
import type { RefundRequest } from '../types.ts';
import {
  EBAY_REFUND_COMMENT_MAX,
  findSameRefund,
  heldBefore,
  heldRefunds,
  isSameRefund,
  toIssueRefundRequest,
} from './refunds.ts';
import type { EbayOrder } from './types.ts';

const contracts = ebayContracts();
const issueRefundPath = '/sell/fulfillment/v1/order/01-03955-36441/issue_refund';

const usd = (amount: string) => ({ amount, currency: 'USD' });
const byLine: RefundRequest = {
  marketplaceOrderId: '01-03955-36441',
  refundId: '0b9d6a51-8f6e-4a53-9d5c-2c0f1d6e2a11',
  reason: 'damaged',
  wholeOrder: false,
  lines: [
    { lineId: '10040966890130', sku: 'MUG-1', quantity: 1, amount: usd('12.50') },
    { lineId: '10040966890131', sku: 'CAP-1', quantity: 1, amount: usd('4.99') },
    { lineId: '10040966890130', sku: 'MUG-1', quantity: 1, amount: usd('12.50') },
  ],
  total: usd('29.99'),
  note: 'Sorry the mug arrived chipped.',
};

/** A getOrder answer after one order-level refund and one by line (sell_fulfillment_v1 Order, trimmed to what is read). */
const refundedOrder: EbayOrder = {
  orderId: '01-03955-36441',
  orderPaymentStatus: 'PARTIALLY_REFUNDED',
  pricingSummary: { total: { value: '54.98', currency: 'USD' } },
  paymentSummary: {
    refunds: [
      {
        refundId: '500000000041',
        refundDate: '2025-03-08T09:00:00.000Z',
        refundStatus: 'REFUNDED',
        amount: { value: '5.00', currency: 'USD' },
      },
      {
        refundId: '500000000042',
        refundDate: '2025-03-09T09:00:00.000Z',
        refundStatus: 'REFUNDED',
        amount: { value: '29.99', currency: 'USD' },
      },
      { refundId: '500000000043', refundStatus: 'FAILED', amount: { value: '1.00', currency: 'USD' } },
    ],
    totalDueSeller: { value: '19.99', currency: 'USD' },
  },
  lineItems: [
    {
      lineItemId: '10040966890130',
      lineItemCost: { value: '25.00', currency: 'USD' },
      refunds: [
        {
          refundId: '500000000042',
          amount: { value: '25.00', currency: 'USD' },
          refundDate: '2025-03-09T09:00:00.000Z',
        },
      ],
    },
    {
      lineItemId: '10040966890131',
      lineItemCost: { value: '29.98', currency: 'USD' },
      refunds: [
        {
          refundId: '500000000042',
          amount: { value: '4.99', currency: 'USD' },
          refundDate: '2025-03-09T09:00:00.000Z',
        },
      ],
    },
  ],
};

describe('issueRefund’s body', () => {
  it('by line: each line once with its amounts summed, eBay’s reason, the note as comment; valid IssueRefundRequest', () => {
    const body = toIssueRefundRequest(byLine);
    expect(body).toEqual({
      reasonForRefund: 'ITEM_NOT_AS_DESCRIBED',
      comment: 'Sorry the mug arrived chipped.',
      refundItems: [
        { lineItemId: '10040966890130', refundAmount: { value: '25.00', currency: 'USD' } },
        { lineItemId: '10040966890131', refundAmount: { value: '4.99', currency: 'USD' } },
      ],
    });
    expect(contracts.fulfillment.check({ method: 'POST', path: issueRefundPath, requestBody: body })).toEqual([]);
  });

  it('a whole order: the total as orderLevelRefundAmount; no comment without a note; a long note cut to 100', () => {
    const whole = toIssueRefundRequest({ ...byLine, wholeOrder: true, reason: 'buyer cancelled', note: null });
    expect(whole).toEqual({
      reasonForRefund: 'BUYER_CANCEL',
      orderLevelRefundAmount: { value: '29.99', currency: 'USD' },
    });
    expect(contracts.fulfillment.check({ method: 'POST', path: issueRefundPath, requestBody: whole })).toEqual([]);
    const long = toIssueRefundRequest({ ...byLine, note: 'x'.repeat(300) });
    expect(long.comment).toHaveLength(EBAY_REFUND_COMMENT_MAX);
  });

  it('maps every reason of ours to one of eBay’s', () => {
    const reasons = [
      'buyer returned',
      'damaged',
      'not as described',
      'buyer cancelled',
      'shipping delay',
      'other',
    ] as const;
    expect(reasons.map((reason) => toIssueRefundRequest({ ...byLine, reason }).reasonForRefund)).toEqual([
      'BUYER_RETURN',
      'ITEM_NOT_AS_DESCRIBED',
      'ITEM_NOT_AS_DESCRIBED',
      'BUYER_CANCEL',
      'OTHER_ADJUSTMENT',
      'OTHER_ADJUSTMENT',
    ]);
  });
});

describe('the refunds an order read shows', () => {
  it('is a valid Order, and holds each refund once under eBay’s id, FAILED ones left out', () => {
    expect(
      contracts.fulfillment.check({
        method: 'GET',
        path: '/sell/fulfillment/v1/order/01-03955-36441',
        status: 200,
        responseBody: refundedOrder,
      }),
    ).toEqual([]);
    const held = heldRefunds(refundedOrder);
    expect([...held.keys()]).toEqual(['500000000041', '500000000042']);
    expect(held.get('500000000041')).toEqual({
      totalCents: 500,
      currency: 'USD',
      lines: new Map(),
      at: '2025-03-08T09:00:00.000Z',
    });
    expect(held.get('500000000042')).toEqual({
      totalCents: 2999,
      currency: 'USD',
      at: '2025-03-09T09:00:00.000Z',
      lines: new Map([
        ['10040966890130', 2500],
        ['10040966890131', 499],
      ]),
    });
  });

  it('recognises a refund by its amounts, by line or for the order, among those not held before', () => {
    const held = heldRefunds(refundedOrder);
    const lines = toIssueRefundRequest(byLine);
    expect(findSameRefund(held, lines, new Set(['500000000041']))).toBe('500000000042');
    // Held before it was sent: another refund of the same amounts, not this one.
    expect(findSameRefund(held, lines, new Set(['500000000041', '500000000042']))).toBeUndefined();
    const otherAmount = toIssueRefundRequest({ ...byLine, lines: [byLine.lines[1]!] });
    expect(findSameRefund(held, otherAmount, new Set())).toBeUndefined();
    const fiveDollars = toIssueRefundRequest({ ...byLine, wholeOrder: true, total: usd('5.00') });
    expect(isSameRefund(held.get('500000000041')!, fiveDollars)).toBe(true);
    expect(
      isSameRefund(held.get('500000000041')!, {
        ...fiveDollars,
        orderLevelRefundAmount: { value: '5.00', currency: 'EUR' },
      }),
    ).toBe(false);
  });

  it('after a lost answer, counts as held before only the refunds eBay dated before the request was recorded', () => {
    const held = heldRefunds(refundedOrder);
    // A first attempt: every refund eBay holds was there before.
    expect([...heldBefore(held, undefined)]).toEqual(['500000000041', '500000000042']);
    // Recorded between the two: the later one may be ours (a lost answer), and is recognised by its amounts.
    const between = heldBefore(held, '2025-03-08T12:00:00.000Z');
    expect([...between]).toEqual(['500000000041']);
    expect(findSameRefund(held, toIssueRefundRequest(byLine), between)).toBe('500000000042');
    // A minute of leeway for the two clocks: a refund dated seconds before the record may be ours.
    expect([...heldBefore(held, '2025-03-09T09:00:30.000Z')]).toEqual(['500000000041']);
    expect([...heldBefore(held, '2025-03-09T09:05:00.000Z')]).toEqual(['500000000041', '500000000042']);
  });
});
