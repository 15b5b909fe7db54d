/**
 * One order as the shop holds it now, for the control API: exactly what the Admin API answers for
 * ORDER_VIEW_QUERY (the order, its buyer and address, lines, fulfillment order and fulfillments with
 * their tracking, its cancellation, refunds and returns), run against the shop like an app's query, so it is in Shopify's own shape.
 */
import { executeSync, parse } from 'graphql';
import { adminSchema } from './admin-schema.ts';
import { ShopGraph } from './nodes.ts';
import { fulfillmentResolvers } from './fulfillments.ts';
import { findOrder, orderResolvers } from './orders.ts';
import { findShop, gid, type ShopifyContext, type ShopifySandboxState } from './state.ts';

const money = 'shopMoney { amount currencyCode }';

export const ORDER_VIEW_QUERY = /* GraphQL */ `
query OrderView($id: ID!) {
  order(id: $id) {
    id name createdAt updatedAt cancelledAt cancelReason displayFinancialStatus displayFulfillmentStatus
    tags sourceName note
    totalPriceSet { ${money} } currentTotalPriceSet { ${money} }
    customer { id displayName email }
    shippingAddress { name address1 address2 city province provinceCode zip country countryCodeV2 phone }
    lineItems(first: 250) { nodes { id sku name quantity currentQuantity unfulfilledQuantity fulfillmentStatus } }
    fulfillmentOrders(first: 250) {
      nodes { id status fulfillBy lineItems(first: 250) { nodes { id totalQuantity remainingQuantity lineItem { id } } } }
    }
    fulfillments(first: 250) {
      id name status createdAt
      trackingInfo { company number url }
      fulfillmentLineItems(first: 250) { nodes { id quantity lineItem { id sku } } }
    }
    refunds(first: 250) {
      id createdAt note totalRefundedSet { ${money} }
      refundLineItems(first: 250) { nodes { quantity restockType lineItem { id sku } } }
    }
    returnStatus
    returns(first: 250) {
      nodes {
        id name status
        returnLineItems(first: 250) {
          nodes { id quantity returnReason ... on ReturnLineItem { fulfillmentLineItem { lineItem { id sku } } } }
        }
        reverseFulfillmentOrders(first: 5) {
          nodes { status lineItems(first: 250) { nodes { fulfillmentLineItem { lineItem { id } } dispositions { type quantity } } } }
        }
      }
    }
  }
}`;

/**
 * A view only reads, so its graph has no context to change or notify with: any use of it is a bug,
 * and says so.
 */
const readOnly = new Proxy({} as ShopifyContext, {
  get: (_target, name) => {
    throw new Error(`The order view only reads the shop: it has no ${String(name)}`);
  },
});

const document = parse(ORDER_VIEW_QUERY);

export function orderView(state: ShopifySandboxState, sellerId: string, orderId: string): unknown {
  const shop = findShop(state, sellerId);
  const order = shop && findOrder(shop, orderId);
  if (!shop || !order) return undefined;
  const graph = new ShopGraph(shop, readOnly);
  const result = executeSync({
    schema: adminSchema('2026-01')!,
    document,
    variableValues: { id: gid('Order', order.id) },
    rootValue: { ...orderResolvers(graph), ...fulfillmentResolvers(graph) },
  });
  if (result.errors?.length) throw new Error(result.errors.map((e) => e.message).join('; '));
  return (result.data as { order: unknown }).order;
}
