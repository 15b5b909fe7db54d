import { describe, expect, it } from 'vitest';
import { checkAnswer } from '../../../test/marketplaces/shopify/schema-check.ts';
import type { RefundRequest } from '../types.ts';
import { cancelOrderQuery, refundOrderQuery, returnsQuery } from './order-actions-queries.ts';
import {
  WHOLE_ORDERS_ONLY,
  cancelOutcome,
  invalidShopifyRefund,
  refundOutcome,
  returnsFromShopifyOrder,
  shopifyCancelReasonOf,
  shopifyRefundInput,
  shopifyReturnStatus,
} from './order-actions-transform.ts';
import type { ShopifyOrderReturns, ShopifyRefundOrder, ShopifyReturn } from './types.ts';

const money = (amount: string) => ({ shopMoney: { amount, currencyCode: 'USD' } });

/** An order's payments as refundOrderQuery answers them (checked against the schema below). */
const paidOrder: ShopifyRefundOrder = {
  id: 'gid://shopify/Order/5001',
  name: '#1042',
  transactions: [
    {
      id: 'gid://shopify/OrderTransaction/61',
      kind: 'AUTHORIZATION',
      status: 'SUCCESS',
      gateway: 'shopify_payments',
      amountSet: money('40.00'),
    },
    {
      id: 'gid://shopify/OrderTransaction/62',
      kind: 'CAPTURE',
      status: 'SUCCESS',
      gateway: 'shopify_payments',
      amountSet: money('40.00'),
    },
  ],
};

/** A return as returnsQuery answers it: received, one line restocked, one not. */
const receivedReturn = (): ShopifyReturn => ({
  id: 'gid://shopify/Return/91',
  name: '#1042-R1',
  status: 'OPEN',
  returnLineItems: {
    nodes: [
      {
        __typename: 'ReturnLineItem',
        id: 'gid://shopify/ReturnLineItem/92',
        quantity: 1,
        returnReason: 'DEFECTIVE',
        returnReasonNote: 'Stopped working after a day',
        fulfillmentLineItem: { lineItem: { id: 'gid://shopify/LineItem/9', sku: 'A-1' } },
      },
      {
        __typename: 'ReturnLineItem',
        id: 'gid://shopify/ReturnLineItem/93',
        quantity: 2,
        returnReason: 'UNWANTED',
        returnReasonNote: '',
        fulfillmentLineItem: { lineItem: { id: 'gid://shopify/LineItem/10', sku: 'B-2' } },
      },
    ],
  },
  reverseFulfillmentOrders: {
    nodes: [
      {
        status: 'CLOSED',
        lineItems: {
          nodes: [
            {
              fulfillmentLineItem: { lineItem: { id: 'gid://shopify/LineItem/9' } },
              dispositions: [{ type: 'RESTOCKED', quantity: 1 }],
            },
            {
              fulfillmentLineItem: { lineItem: { id: 'gid://shopify/LineItem/10' } },
              dispositions: [{ type: 'NOT_RESTOCKED', quantity: 2 }],
            },
          ],
        },
        reverseDeliveries: { nodes: [{ id: 'gid://shopify/ReverseDelivery/94' }] },
      },
    ],
  },
  refunds: { nodes: [] },
});
const orderWith = (...returns: ShopifyReturn[]): ShopifyOrderReturns => ({
  id: 'gid://shopify/Order/5001',
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-27T08:30:00Z',
  returns: { nodes: returns },
});

describe('the payloads of these tests follow the Admin schema', () => {
  it('as the documents ask for them', () => {
    expect(checkAnswer(refundOrderQuery, { id: paidOrder.id }, { order: paidOrder })).toEqual([]);
    expect(
      checkAnswer(
        cancelOrderQuery,
        { id: paidOrder.id },
        { order: { id: paidOrder.id, name: '#1042', cancelledAt: null } },
      ),
    ).toEqual([]);
    const orders = { nodes: [orderWith(receivedReturn())], pageInfo: { hasNextPage: false, endCursor: null } };
    expect(checkAnswer(returnsQuery, { first: 5, query: "updated_at:>'2026-11-01T00:00:00Z'" }, { orders })).toEqual(
      [],
    );
  });
});

describe('Shopify cancellations', () => {
  it('maps every reason of ours to an OrderCancelReason', () => {
    expect(
      Object.values(shopifyCancelReasonOf).every((r) =>
        ['CUSTOMER', 'DECLINED', 'FRAUD', 'INVENTORY', 'STAFF', 'OTHER'].includes(r),
      ),
    ).toBe(true);
    expect(shopifyCancelReasonOf['buyer asked']).toBe('CUSTOMER');
    expect(shopifyCancelReasonOf['out of stock']).toBe('INVENTORY');
    expect(WHOLE_ORDERS_ONLY).toMatch(/orderCancel/);
  });

  it('a job is confirmed; user errors of either list are Shopify’s refusal in its words', () => {
    const job = { id: 'gid://shopify/Job/1', done: false };
    expect(cancelOutcome({ orderCancel: { job, orderCancelUserErrors: [], userErrors: [] } })).toEqual({
      outcome: 'confirmed',
    });
    expect(
      cancelOutcome({
        orderCancel: {
          job: null,
          orderCancelUserErrors: [{ code: 'INVALID', field: ['orderId'], message: 'Order has already been cancelled' }],
          userErrors: [],
        },
      }),
    ).toEqual({ outcome: 'rejected', message: 'Order has already been cancelled', code: 'INVALID' });
    expect(
      cancelOutcome({
        orderCancel: { job: null, orderCancelUserErrors: [], userErrors: [{ field: null, message: 'Access denied' }] },
      }),
    ).toEqual({ outcome: 'rejected', message: 'Access denied' });
  });
});

describe('Shopify refunds', () => {
  const request: RefundRequest = {
    marketplaceOrderId: paidOrder.id,
    refundId: 'ours-1',
    reason: 'damaged',
    wholeOrder: false,
    lines: [
      { lineId: 'gid://shopify/LineItem/9', sku: 'A-1', quantity: 1, amount: { amount: '10.00', currency: 'USD' } },
      { lineId: 'gid://shopify/LineItem/9', sku: 'A-1', quantity: 1, amount: { amount: '10.00', currency: 'USD' } },
      { lineId: 'gid://shopify/LineItem/10', sku: 'B-2', quantity: 0, amount: { amount: '2.50', currency: 'USD' } },
    ],
    total: { amount: '22.50', currency: 'USD' },
    note: ' Scratched ',
  };

  it('refunds the units without restock and the money from the captured payment', () => {
    expect(shopifyRefundInput(request, paidOrder)).toEqual({
      orderId: paidOrder.id,
      note: 'Scratched',
      notify: false,
      refundLineItems: [{ lineItemId: 'gid://shopify/LineItem/9', quantity: 2, restockType: 'NO_RESTOCK' }],
      transactions: [
        {
          orderId: paidOrder.id,
          parentId: 'gid://shopify/OrderTransaction/62',
          gateway: 'shopify_payments',
          kind: 'REFUND',
          amount: '22.50',
        },
      ],
    });
  });

  it('refunds the lines alone when the order has no payment to give back', () => {
    const input = shopifyRefundInput({ ...request, note: null }, { ...paidOrder, transactions: [] });
    expect(input.transactions).toBeUndefined();
    expect(input.note).toBeUndefined();
  });

  it('refuses before any call a refund of nothing, or of units that are not whole', () => {
    expect(invalidShopifyRefund({ ...request, lines: [], total: { amount: '0', currency: 'USD' } })).toMatch(/above 0/);
    expect(invalidShopifyRefund({ ...request, lines: [{ ...request.lines[0]!, quantity: 1.5 }] })).toMatch(
      /whole number/,
    );
    expect(invalidShopifyRefund(request)).toBeUndefined();
  });

  it('reads the refund made, the user errors, or neither', () => {
    expect(
      refundOutcome({
        refundCreate: { refund: { id: 'gid://shopify/Refund/7', totalRefundedSet: money('22.50') }, userErrors: [] },
      }),
    ).toEqual({
      outcome: 'confirmed',
      marketplaceRefundId: 'gid://shopify/Refund/7',
    });
    expect(
      refundOutcome({
        refundCreate: {
          refund: null,
          userErrors: [
            { field: ['transactions'], message: 'Refund amount $90.00 is greater than net payment received $40.00' },
          ],
        },
      }),
    ).toEqual({
      outcome: 'rejected',
      message: 'Refund amount $90.00 is greater than net payment received $40.00',
    });
    expect(refundOutcome({ refundCreate: { refund: null, userErrors: [] } })).toBeUndefined();
  });
});

describe('Shopify returns', () => {
  it('reads a received return: the buyer’s reason with their words, restock from the RESTOCKED disposition', () => {
    expect(returnsFromShopifyOrder(orderWith(receivedReturn()))).toEqual([
      {
        marketplaceReturnId: 'gid://shopify/Return/91',
        marketplaceOrderId: 'gid://shopify/Order/5001',
        status: 'received',
        reason: 'DEFECTIVE: Stopped working after a day',
        lines: [
          { lineId: 'gid://shopify/LineItem/9', sku: 'A-1', quantity: 1, restock: true },
          { lineId: 'gid://shopify/LineItem/10', sku: 'B-2', quantity: 2, restock: false },
        ],
        refunded: null,
        createdAt: '2026-11-27T08:30:00Z',
        updatedAt: '2026-11-27T08:30:00Z',
      },
    ]);
  });

  it('follows a return from requested to closed', () => {
    const base = receivedReturn();
    const notYet = { ...base, reverseFulfillmentOrders: { nodes: [] } };
    expect(shopifyReturnStatus({ ...notYet, status: 'REQUESTED' })).toBe('requested');
    expect(shopifyReturnStatus({ ...notYet, status: 'OPEN' })).toBe('requested');
    const shipping = { ...base.reverseFulfillmentOrders.nodes[0]!, lineItems: { nodes: [] } };
    expect(shopifyReturnStatus({ ...base, reverseFulfillmentOrders: { nodes: [shipping] } })).toBe('in transit');
    expect(shopifyReturnStatus(base)).toBe('received');
    const refunded = {
      ...base,
      refunds: { nodes: [{ totalRefundedSet: money('12.50') }, { totalRefundedSet: money('7.50') }] },
    };
    expect(shopifyReturnStatus(refunded)).toBe('refunded');
    expect(returnsFromShopifyOrder(orderWith(refunded))[0]!.refunded).toEqual({ amount: '20.00', currency: 'USD' });
    expect(shopifyReturnStatus({ ...notYet, status: 'CLOSED' })).toBe('closed');
    expect(shopifyReturnStatus({ ...base, status: 'DECLINED' })).toBe('closed');
    expect(shopifyReturnStatus({ ...base, status: 'CANCELED' })).toBe('closed');
  });
});
