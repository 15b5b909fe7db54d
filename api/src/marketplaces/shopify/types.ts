/** The Admin GraphQL (2025-01) payload shapes the adapter reads and sends. */

export interface ShopifyPageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

export interface ShopifyConnection<T> {
  nodes: T[];
  pageInfo: ShopifyPageInfo;
}

export interface ShopifyShop {
  id: string;
  name: string;
  myshopifyDomain: string;
  currencyCode: string;
}

export interface ShopifyInventoryQuantity {
  name: string;
  quantity: number;
}

export interface ShopifyVariant {
  id: string;
  sku: string | null;
  price: string;
  barcode: string | null;
  displayName: string;
  inventoryQuantity: number | null;
  product: {
    id: string;
    title: string;
    descriptionHtml: string;
    vendor: string;
    /** The product's tags (absent where a query did not ask for them). */
    tags?: string[];
    status: 'ACTIVE' | 'ARCHIVED' | 'DRAFT';
    images?: { nodes: Array<{ url: string }> };
  };
  inventoryItem: {
    id: string;
    inventoryLevel?: { quantities: ShopifyInventoryQuantity[] } | null;
  };
}

export interface ShopifyMoneyBag {
  shopMoney: { amount: string; currencyCode: string };
}

/** MailingAddress, as much of it as a shipment needs. */
export interface ShopifyMailingAddress {
  name: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  provinceCode: string | null;
  zip: string | null;
  countryCodeV2: string | null;
  phone: string | null;
}

export interface ShopifyOrderLine {
  id: string;
  name: string;
  sku: string | null;
  quantity: number;
  currentQuantity: number;
  unfulfilledQuantity: number;
  originalUnitPriceSet: ShopifyMoneyBag;
}

export interface ShopifyOrder {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  displayFulfillmentStatus: string;
  displayFinancialStatus: string | null;
  totalPriceSet: ShopifyMoneyBag;
  shippingAddress: ShopifyMailingAddress | null;
  fulfillmentOrders: { nodes: Array<{ fulfillBy: string | null }> };
  lineItems: ShopifyConnection<ShopifyOrderLine>;
  /** Read apart (orderRefundsQuery) for an order some of whose units were removed. */
  refunds?: ShopifyOrderRefund[];
}

/** RefundLineItemRestockType: CANCEL (unshipped units put back), RETURN, NO_RESTOCK, LEGACY_RESTOCK. */
export interface ShopifyOrderRefund {
  refundLineItems: { nodes: Array<{ quantity: number; restockType: string; lineItem: { id: string } }> };
}

/** An order as a shipment reads it first (shipmentOrderQuery). */
export interface ShopifyShipmentOrder {
  id: string;
  name: string;
  fulfillmentOrders: {
    nodes: Array<{
      id: string;
      status: string;
      lineItems: {
        nodes: Array<{ id: string; remainingQuantity: number; lineItem: { id: string; sku: string | null } }>;
      };
    }>;
  };
  fulfillments: Array<{
    id: string;
    status: string;
    trackingInfo: Array<{ company: string | null; number: string | null }>;
  }>;
}

/** FulfillmentInput as the adapter sends it. */
export interface ShopifyFulfillmentInput {
  lineItemsByFulfillmentOrder: Array<{
    fulfillmentOrderId: string;
    fulfillmentOrderLineItems: Array<{ id: string; quantity: number }>;
  }>;
  trackingInfo: { company: string; number: string };
  notifyCustomer: boolean;
}

/** fulfillmentCreate's answer (FulfillmentCreatePayload). */
export interface ShopifyFulfillmentCreatePayload {
  fulfillmentCreate: {
    fulfillment: { id: string; name: string; status: string } | null;
    userErrors: Array<{ field: string[] | null; message: string }>;
  } | null;
}

export interface ShopifyUserError {
  code?: string | null;
  field: string[] | null;
  message: string;
}

export interface ShopifyThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

export interface ShopifyCost {
  requestedQueryCost: number;
  actualQueryCost: number | null;
  throttleStatus: ShopifyThrottleStatus;
}

export interface ShopifyGraphqlResponse<T> {
  data?: T;
  errors?: Array<{ message: string; extensions?: { code?: string } & Record<string, unknown> }>;
  extensions?: { cost?: ShopifyCost };
}

/**
 * The token endpoint's answer: expiring offline tokens carry expires_in and refresh_token
 * (https://shopify.dev/changelog/offline-access-tokens-now-support-expiry-and-refresh).
 */
export interface ShopifyTokenResponse {
  access_token: string;
  scope: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
}

/** Tokens as the app stores them (encrypted at rest). */
export interface ShopifyTokens {
  accessToken: string;
  scope: string;
  /** Epoch ms; undefined for a legacy non-expiring token. */
  expiresAt?: number;
  refreshToken?: string;
}

/** The REST-style bodies of the webhooks the adapter subscribes to. */
export interface ShopifyOrderWebhook {
  id: number;
  admin_graphql_api_id: string;
  name: string;
  created_at: string;
  updated_at: string;
  cancelled_at: string | null;
  currency: string;
  total_price?: string;
  shipping_address?: {
    name?: string | null;
    address1?: string | null;
    address2?: string | null;
    city?: string | null;
    province_code?: string | null;
    zip?: string | null;
    country_code?: string | null;
    phone?: string | null;
  } | null;
  line_items: Array<{
    sku: string | null;
    quantity: number;
    current_quantity?: number;
    price: string;
    admin_graphql_api_id?: string;
    title?: string;
    fulfillable_quantity?: number;
    id?: number;
  }>;
  refunds?: Array<{
    refund_line_items?: Array<{ line_item_id: number; quantity: number; restock_type?: string | null }>;
  }>;
}

/** ProductSetInput (2025-01) as the adapter sends it: one product with one default variant holding the SKU. */
export interface ShopifyProductSetInput {
  id?: string;
  title: string;
  descriptionHtml?: string;
  vendor?: string;
  status: 'ACTIVE' | 'DRAFT';
  productOptions: Array<{ name: string; values: Array<{ name: string }> }>;
  files?: Array<{ originalSource: string; contentType: 'IMAGE' }>;
  variants: Array<{
    id?: string;
    optionValues: Array<{ optionName: string; name: string }>;
    sku: string;
    price: string;
    barcode?: string;
    inventoryItem: { sku: string; tracked: boolean };
    inventoryQuantities: Array<{ locationId: string; name: 'available'; quantity: number }>;
  }>;
}

/** productSet's answer (ProductSetPayload), as the adapter asks for it. */
export interface ShopifyProductSetPayload {
  productSet: {
    product: { id: string; status: string; variants: { nodes: Array<{ id: string; sku: string | null }> } } | null;
    userErrors: ShopifyUserError[];
  } | null;
}

/** productUpdate's answer (ProductUpdatePayload). */
export interface ShopifyProductUpdatePayload {
  productUpdate: {
    product: { id: string; status: string } | null;
    userErrors: Array<{ field: string[] | null; message: string }>;
  } | null;
}

/** A MoneyBag's shop money, as the order-action documents ask for it. */
export interface ShopifyShopMoney {
  shopMoney: { amount: string; currencyCode: string };
}

/** orderCancel's answer (OrderCancelPayload): a job, or why not. */
export interface ShopifyOrderCancelPayload {
  orderCancel: {
    job: { id: string; done: boolean } | null;
    orderCancelUserErrors: Array<{ code: string | null; field: string[] | null; message: string }>;
    userErrors: Array<{ field: string[] | null; message: string }>;
  } | null;
}

/** An order's payments (OrderTransaction), read before a refund to name the one refunded. */
export interface ShopifyRefundOrder {
  id: string;
  name: string;
  transactions: Array<{
    id: string;
    kind: string;
    status: string;
    gateway: string | null;
    amountSet: ShopifyShopMoney;
  }>;
}

/** refundCreate's input (RefundInput), as the adapter sends it. */
export interface ShopifyRefundInput {
  orderId: string;
  note?: string;
  notify: boolean;
  refundLineItems: Array<{ lineItemId: string; quantity: number; restockType: 'NO_RESTOCK' }>;
  transactions?: Array<{ orderId: string; parentId: string; gateway: string; kind: 'REFUND'; amount: string }>;
}

/** refundCreate's answer (RefundCreatePayload). */
export interface ShopifyRefundCreatePayload {
  refundCreate: {
    refund: { id: string; totalRefundedSet: ShopifyShopMoney } | null;
    userErrors: Array<{ field: string[] | null; message: string }>;
  } | null;
}

/** A Return on an order, as the returns query asks for it. */
export interface ShopifyReturn {
  id: string;
  name: string;
  status: 'CANCELED' | 'CLOSED' | 'OPEN' | 'REQUESTED' | 'DECLINED';
  returnLineItems: {
    nodes: Array<{
      __typename?: string;
      id: string;
      quantity: number;
      returnReason: string;
      returnReasonNote: string;
      fulfillmentLineItem?: { lineItem: { id: string; sku: string | null } };
    }>;
  };
  reverseFulfillmentOrders: {
    nodes: Array<{
      status: string;
      lineItems: {
        nodes: Array<{
          fulfillmentLineItem: { lineItem: { id: string } } | null;
          dispositions: Array<{ type: string; quantity: number }>;
        }>;
      };
      reverseDeliveries: { nodes: Array<{ id: string }> };
    }>;
  };
  refunds: { nodes: Array<{ totalRefundedSet: ShopifyShopMoney }> };
}

/** An order with its returns (the returns query's node). */
export interface ShopifyOrderReturns {
  id: string;
  createdAt: string;
  updatedAt: string;
  returns: { nodes: ShopifyReturn[] };
}
