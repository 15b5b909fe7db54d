import { describe, expect, it } from 'vitest';
import { orderFeesFromTransactions, type FinancesTransactions } from './fees-transform.ts';

/** Shaped as sell_finances_v1's Transactions: the SALE of order 03-03620-33763, with its line items' fees. */
const answer: FinancesTransactions = {
  total: 1,
  transactions: [
    {
      transactionId: '03-03620-33763-S',
      orderId: '03-03620-33763',
      transactionType: 'SALE',
      bookingEntry: 'CREDIT',
      amount: { value: '42.76', currency: 'USD' },
      totalFeeAmount: { value: '7.22', currency: 'USD' },
      orderLineItems: [
        {
          lineItemId: '10039288112301',
          feeBasisAmount: { value: '49.98', currency: 'USD' },
          marketplaceFees: [
            { feeType: 'FINAL_VALUE_FEE', amount: { value: '6.82', currency: 'USD' } },
            { feeType: 'FINAL_VALUE_FEE_FIXED_PER_ORDER', amount: { value: '0.40', currency: 'USD' } },
          ],
        },
      ],
    },
  ],
};

describe("eBay's fees on an order (sell_finances_v1 getTransactions, filter=orderId)", () => {
  it("reads the SALE transaction's totalFeeAmount", () => {
    expect(orderFeesFromTransactions('03-03620-33763', answer)).toEqual({
      status: 'reported',
      fees: { amount: '7.22', currency: 'USD' },
    });
  });

  it("sums the line items' marketplaceFees where eBay leaves the total out", () => {
    const withoutTotal = { transactions: [{ ...answer.transactions![0]!, totalFeeAmount: undefined }] };
    expect(orderFeesFromTransactions('03-03620-33763', withoutTotal)).toEqual({
      status: 'reported',
      fees: { amount: '7.22', currency: 'USD' },
    });
  });

  it('is pending until eBay lists a sale of the order (a refund or another order is not one)', () => {
    expect(orderFeesFromTransactions('03-03620-33763', { total: 0, transactions: [] })).toEqual({ status: 'pending' });
    const refund = { transactions: [{ ...answer.transactions![0]!, transactionType: 'REFUND' }] };
    expect(orderFeesFromTransactions('03-03620-33763', refund)).toEqual({ status: 'pending' });
    expect(orderFeesFromTransactions('04-00000-00000', answer)).toEqual({ status: 'pending' });
  });
});
