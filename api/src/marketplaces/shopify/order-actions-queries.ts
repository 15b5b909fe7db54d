/**
 * The Admin GraphQL documents of a seller's cancellations and refunds and of buyers' returns. Costs are
 * Shopify's calculated costs (an object 1, a connection 2 + `first` × an item, a mutation 10;
 * https://shopify.dev/docs/apps/build/apis/graphql-admin/rate-limits).
 */

/** Whether the order is cancelled already: 1 point. */
export const CANCEL_ORDER_QUERY_COST = 1;
export const cancelOrderQuery = /* GraphQL */ `
  query HubOrderCancelled($id: ID!) {
    order(id: $id) {
      id
      name
      cancelledAt
    }
  }
`;

/**
 * orderCancel: the whole order, its units restocked, no refund (the seller refunds on their own, by
 * refundCreate), the buyer not notified. It answers a job: the cancellation is done in the background.
 */
export const orderCancelMutation = /* GraphQL */ `
  mutation HubCancelOrder($orderId: ID!, $reason: OrderCancelReason!, $staffNote: String) {
    orderCancel(
      orderId: $orderId
      reason: $reason
      refund: false
      restock: true
      notifyCustomer: false
      staffNote: $staffNote
    ) {
      job {
        id
        done
      }
      orderCancelUserErrors {
        code
        field
        message
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** The order's payments, to name the one a refund gives back: 4 points as Shopify calculates it. */
export const REFUND_ORDER_QUERY_COST = 4;
export const refundOrderQuery = /* GraphQL */ `
  query HubOrderPayments($id: ID!) {
    order(id: $id) {
      id
      name
      transactions(first: 10) {
        id
        kind
        status
        gateway
        amountSet {
          shopMoney {
            amount
            currencyCode
          }
        }
      }
    }
  }
`;

/** refundCreate under our refundId as its idempotency key (2026-01's `@idempotent`, as the inventory adjustments). */
export const refundCreateMutation = /* GraphQL */ `
  mutation HubRefund($input: RefundInput!, $idempotencyKey: String!) {
    refundCreate(input: $input) @idempotent(key: $idempotencyKey) {
      refund {
        id
        totalRefundedSet {
          shopMoney {
            amount
            currencyCode
          }
        }
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/**
 * Orders changed since a time with their returns: each return's lines (the line item they return), its
 * reverse fulfillment orders' dispositions (RESTOCKED: back to stock) and deliveries, and its refunds.
 * 111 points an order: 5 orders and the connection, 557, under Shopify's 1,000-point single-query ceiling.
 */
export const RETURNS_ORDER_PAGE_SIZE = 5;
export const RETURNS_QUERY_COST = 2 + RETURNS_ORDER_PAGE_SIZE * 111;
export const returnsQuery = /* GraphQL */ `
  query HubReturns($first: Int!, $after: String, $query: String!) {
    orders(first: $first, after: $after, sortKey: UPDATED_AT, query: $query) {
      nodes {
        id
        createdAt
        updatedAt
        returns(first: 2) {
          nodes {
            id
            name
            status
            returnLineItems(first: 5) {
              nodes {
                __typename
                id
                quantity
                returnReason
                returnReasonNote
                ... on ReturnLineItem {
                  fulfillmentLineItem {
                    lineItem {
                      id
                      sku
                    }
                  }
                }
              }
            }
            reverseFulfillmentOrders(first: 1) {
              nodes {
                status
                lineItems(first: 5) {
                  nodes {
                    fulfillmentLineItem {
                      lineItem {
                        id
                      }
                    }
                    dispositions {
                      type
                      quantity
                    }
                  }
                }
                reverseDeliveries(first: 1) {
                  nodes {
                    id
                  }
                }
              }
            }
            refunds(first: 2) {
              nodes {
                totalRefundedSet {
                  shopMoney {
                    amount
                    currencyCode
                  }
                }
              }
            }
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

export const orderActionDocuments = {
  cancelOrderQuery,
  orderCancelMutation,
  refundOrderQuery,
  refundCreateMutation,
  returnsQuery,
} as const;

/** The order's payments with the processing fees Shopify Payments charged on them: 4 points as Shopify calculates it. */
export const ORDER_FEES_QUERY_COST = 4;
export const orderFeesQuery = /* GraphQL */ `
  query HubOrderFees($id: ID!) {
    order(id: $id) {
      id
      transactions(first: 50) {
        kind
        status
        gateway
        fees {
          amount {
            amount
            currencyCode
          }
        }
      }
    }
  }
`;
