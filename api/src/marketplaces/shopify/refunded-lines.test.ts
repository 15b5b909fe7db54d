import { describe, expect, it } from 'vitest';
import { orderRefundsQuery } from './queries.ts';
import { orderToMarketplaceOrder, orderWebhookToMarketplaceOrder } from './transform.ts';
import type { ShopifyOrder, ShopifyOrderWebhook } from './types.ts';
import { checkAnswer } from '../../../test/marketplaces/shopify/schema-check.ts';

/** An order of 3 + 2 units: one mug refunded and kept by the buyer, one cap cancelled before shipping. */
const order: ShopifyOrder = {
  id: 'gid://shopify/Order/4504812716300',
  name: '#1030',
  createdAt: '2025-03-01T10:00:00Z',
  updatedAt: '2025-03-03T09:00:00Z',
  cancelledAt: null,
  displayFulfillmentStatus: 'PARTIALLY_FULFILLED',
  displayFinancialStatus: 'PARTIALLY_REFUNDED',
  totalPriceSet: { shopMoney: { amount: '78.50', currencyCode: 'USD' } },
  shippingAddress: null,
  fulfillmentOrders: { nodes: [{ fulfillBy: null }] },
  lineItems: {
    nodes: [
      {
        id: 'gid://shopify/LineItem/11880600',
        name: 'Classic Mug - Black',
        sku: 'MUG-BLK',
        quantity: 3,
        currentQuantity: 2,
        unfulfilledQuantity: 0,
        originalUnitPriceSet: { shopMoney: { amount: '19.50', currencyCode: 'USD' } },
      },
      {
        id: 'gid://shopify/LineItem/11880601',
        name: 'Cap - Red',
        sku: 'CAP-RED',
        quantity: 2,
        currentQuantity: 1,
        unfulfilledQuantity: 1,
        originalUnitPriceSet: { shopMoney: { amount: '10.00', currencyCode: 'USD' } },
      },
    ],
    pageInfo: { hasNextPage: false, endCursor: null },
  },
};

const refundsAnswer = {
  order: {
    refunds: [
      {
        refundLineItems: {
          nodes: [{ quantity: 1, restockType: 'NO_RESTOCK', lineItem: { id: 'gid://shopify/LineItem/11880600' } }],
        },
      },
      {
        refundLineItems: {
          nodes: [{ quantity: 1, restockType: 'CANCEL', lineItem: { id: 'gid://shopify/LineItem/11880601' } }],
        },
      },
    ],
  },
};

describe('Shopify refunded lines', () => {
  it('reads refunds with a query and an answer shaped as the Admin schema says', () => {
    expect(checkAnswer(orderRefundsQuery, { id: order.id }, refundsAnswer)).toEqual([]);
  });

  it('keeps units refunded without restock as sold, and cancels units refunded with CANCEL', () => {
    const read = orderToMarketplaceOrder({ ...order, refunds: refundsAnswer.order.refunds });
    expect(read.lines.map((l) => [l.sku, l.quantity, l.cancelledQuantity, l.shippedQuantity])).toEqual([
      ['MUG-BLK', 3, 0, 2],
      ['CAP-RED', 2, 1, 0],
    ]);
    expect(read.status).toBe('open');
  });

  it('without its refunds read, a lowered current quantity still reads as removed units', () => {
    const read = orderToMarketplaceOrder(order);
    expect(read.lines.map((l) => l.cancelledQuantity)).toEqual([1, 1]);
  });

  it('reads the refunds of an orders/updated webhook body the same way', () => {
    const body: ShopifyOrderWebhook = {
      id: 4504812716300,
      admin_graphql_api_id: order.id,
      name: '#1030',
      created_at: order.createdAt,
      updated_at: order.updatedAt,
      cancelled_at: null,
      currency: 'USD',
      line_items: [
        { id: 11880600, sku: 'MUG-BLK', quantity: 3, current_quantity: 2, price: '19.50', fulfillable_quantity: 0 },
        { id: 11880601, sku: 'CAP-RED', quantity: 2, current_quantity: 1, price: '10.00', fulfillable_quantity: 1 },
      ],
      refunds: [
        { refund_line_items: [{ line_item_id: 11880600, quantity: 1, restock_type: 'no_restock' }] },
        { refund_line_items: [{ line_item_id: 11880601, quantity: 1, restock_type: 'cancel' }] },
      ],
    };
    const read = orderWebhookToMarketplaceOrder(body);
    expect(read.lines.map((l) => [l.sku, l.cancelledQuantity])).toEqual([
      ['MUG-BLK', 0],
      ['CAP-RED', 1],
    ]);
  });
});
