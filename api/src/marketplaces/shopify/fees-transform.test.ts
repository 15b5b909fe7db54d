import { describe, expect, it } from 'vitest';
import { checkAnswer } from '../../../test/marketplaces/shopify/schema-check.ts';
import { orderFeesFromShopifyTransactions, type ShopifyFeeTransaction } from './fees-transform.ts';
import { orderFeesQuery } from './order-actions-queries.ts';

/** Shaped as the Admin schema's OrderTransaction (2025-04): a Shopify Payments sale with its fee, and a refund. */
const sale: ShopifyFeeTransaction = {
  kind: 'SALE',
  status: 'SUCCESS',
  gateway: 'shopify_payments',
  fees: [{ amount: { amount: '1.75', currencyCode: 'USD' } }],
};
const refund: ShopifyFeeTransaction = { kind: 'REFUND', status: 'SUCCESS', gateway: 'shopify_payments', fees: [] };

describe("Shopify's fees on an order (its transactions' Shopify Payments fees)", () => {
  it('asks for them with a query the Admin schema takes, answered as these are shaped', () => {
    const id = 'gid://shopify/Order/5518740455702';
    expect(checkAnswer(orderFeesQuery, { id }, { order: { id, transactions: [sale, refund] } })).toEqual([]);
  });

  it("sums the fees of the order's successful payments; Shopify keeps its fee on a refund", () => {
    expect(orderFeesFromShopifyTransactions([sale, refund])).toEqual({
      status: 'reported',
      fees: { amount: '1.75', currency: 'USD' },
    });
    const capture = { ...sale, kind: 'CAPTURE', fees: [{ amount: { amount: '0.62', currencyCode: 'USD' } }] };
    const failed = { ...sale, status: 'FAILURE', fees: [{ amount: { amount: '9.99', currencyCode: 'USD' } }] };
    expect(orderFeesFromShopifyTransactions([sale, capture, failed])).toEqual({
      status: 'reported',
      fees: { amount: '2.37', currency: 'USD' },
    });
  });

  it('is pending while the order is not paid, or its fee not computed yet', () => {
    expect(orderFeesFromShopifyTransactions([{ ...sale, kind: 'AUTHORIZATION', fees: [] }])).toEqual({
      status: 'pending',
    });
    expect(orderFeesFromShopifyTransactions([{ ...sale, fees: [] }])).toEqual({ status: 'pending' });
  });

  it('leaves an order paid through another gateway to the fee table', () => {
    expect(orderFeesFromShopifyTransactions([{ ...sale, gateway: 'paypal', fees: [] }])).toEqual({
      status: 'unavailable',
      reason: "Paid through paypal: Shopify does not know that gateway's fees.",
    });
    expect(orderFeesFromShopifyTransactions(undefined)).toMatchObject({ status: 'unavailable' });
  });
});
