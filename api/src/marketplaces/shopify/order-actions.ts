/**
 * A seller's cancellations and refunds on Shopify (orderCancel, refundCreate), and buyers' returns read
 * with the orders they belong to.
 *
 * Sending again. orderCancel takes a whole order and refuses one cancelled already, so the order is read
 * first: cancelled already counts as confirmed (by us before, or by the buyer or Shopify, which releases
 * the units the same way). refundCreate carries our refundId as its `@idempotent` key: Shopify answers a
 * replay with the first refund instead of refunding twice.
 */
import { MarketplaceError } from '../errors.ts';
import type {
  CancellationOutcome,
  CancellationRequest,
  MarketplaceReturn,
  OrderFeesRead,
  Page,
  RefundOutcome,
  RefundRequest,
} from '../types.ts';
import {
  CANCEL_ORDER_QUERY_COST,
  ORDER_FEES_QUERY_COST,
  REFUND_ORDER_QUERY_COST,
  RETURNS_ORDER_PAGE_SIZE,
  RETURNS_QUERY_COST,
  cancelOrderQuery,
  orderCancelMutation,
  orderFeesQuery,
  refundCreateMutation,
  refundOrderQuery,
  returnsQuery,
} from './order-actions-queries.ts';
import {
  WHOLE_ORDERS_ONLY,
  cancelOutcome,
  invalidShopifyRefund,
  refundOutcome,
  returnsFromShopifyOrder,
  shopifyCancelReasonOf,
  shopifyRefundInput,
} from './order-actions-transform.ts';
import { SHOPIFY_MUTATION_COST, type ShopifyClient } from './shopify-client.ts';
import { orderFeesFromShopifyTransactions, type ShopifyFeeTransaction } from './fees-transform.ts';
import { updatedSinceQuery } from './transform.ts';
import type {
  ShopifyOrderCancelPayload,
  ShopifyOrderReturns,
  ShopifyRefundCreatePayload,
  ShopifyRefundOrder,
} from './types.ts';

/** A GraphQL error (an id that is not an order's, a scope missing) in Shopify's words; the rest thrown. */
function refusalOf(error: unknown): { outcome: 'rejected'; message: string; code?: string } {
  if (error instanceof MarketplaceError && error.kind === 'rejected')
    return { outcome: 'rejected', message: error.message, ...(error.details.code ? { code: error.details.code } : {}) };
  throw error;
}

export async function cancelShopifyOrder(
  client: ShopifyClient,
  request: CancellationRequest,
  signal?: AbortSignal,
): Promise<CancellationOutcome> {
  if (!request.wholeOrder) return { outcome: 'rejected', message: WHOLE_ORDERS_ONLY };
  try {
    const { order } = await client.graphql<{ order: { id: string; cancelledAt: string | null } | null }>(
      cancelOrderQuery,
      { id: request.marketplaceOrderId },
      { cost: CANCEL_ORDER_QUERY_COST, signal },
    );
    if (!order) return { outcome: 'rejected', message: `Shopify has no order ${request.marketplaceOrderId}.` };
    if (order.cancelledAt) return { outcome: 'confirmed' };
    const data = await client.graphql<ShopifyOrderCancelPayload>(
      orderCancelMutation,
      {
        orderId: order.id,
        reason: shopifyCancelReasonOf[request.reason],
        staffNote: `Cancelled from Marketplace Hub (${request.reason}; cancellation ${request.cancellationId})`,
      },
      { cost: SHOPIFY_MUTATION_COST, signal },
    );
    return cancelOutcome(data);
  } catch (error) {
    return refusalOf(error);
  }
}

export async function refundShopifyOrder(
  client: ShopifyClient,
  request: RefundRequest,
  signal?: AbortSignal,
): Promise<RefundOutcome> {
  const invalid = invalidShopifyRefund(request);
  if (invalid) return { outcome: 'rejected', message: invalid };
  try {
    const { order } = await client.graphql<{ order: ShopifyRefundOrder | null }>(
      refundOrderQuery,
      { id: request.marketplaceOrderId },
      { cost: REFUND_ORDER_QUERY_COST, signal },
    );
    if (!order) return { outcome: 'rejected', message: `Shopify has no order ${request.marketplaceOrderId}.` };
    const data = await client.graphql<ShopifyRefundCreatePayload>(
      refundCreateMutation,
      { input: shopifyRefundInput(request, order), idempotencyKey: request.refundId },
      { cost: SHOPIFY_MUTATION_COST, signal },
    );
    const outcome = refundOutcome(data);
    // Neither made nor refused: asked again under the same key, Shopify answers what it did.
    if (!outcome)
      throw new MarketplaceError('unavailable', 'Shopify answered refundCreate without a refund or an error');
    return outcome;
  } catch (error) {
    return refusalOf(error);
  }
}

/**
 * Returns of the orders changed since the time (a return moves its order's updated_at), a page of
 * orders at a time by Shopify's cursor; orders without returns give none.
 */
export async function shopifyReturnsSince(
  client: ShopifyClient,
  since: Date,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<MarketplaceReturn>> {
  const { orders } = await client.graphql<{
    orders: { nodes: ShopifyOrderReturns[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
  }>(
    returnsQuery,
    { first: RETURNS_ORDER_PAGE_SIZE, after: cursor ?? null, query: updatedSinceQuery(since) },
    { cost: RETURNS_QUERY_COST, signal },
  );
  return {
    items: orders.nodes.flatMap(returnsFromShopifyOrder),
    next: orders.pageInfo.hasNextPage && orders.pageInfo.endCursor ? orders.pageInfo.endCursor : undefined,
  };
}

/** The order's fees as Shopify Payments charged them (fees-transform.ts). */
export async function shopifyOrderFees(
  client: ShopifyClient,
  marketplaceOrderId: string,
  signal?: AbortSignal,
): Promise<OrderFeesRead> {
  const { order } = await client.graphql<{ order: { transactions: ShopifyFeeTransaction[] } | null }>(
    orderFeesQuery,
    { id: marketplaceOrderId },
    { cost: ORDER_FEES_QUERY_COST, signal },
  );
  return orderFeesFromShopifyTransactions(order?.transactions);
}
