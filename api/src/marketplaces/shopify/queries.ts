/**
 * Every Admin GraphQL document the adapter sends (to Admin API 2026-01, SHOPIFY_API_VERSION), in one
 * place, so the contract test validates each one against the official 2025-01 schema plus the one
 * 2026-01 addition they use, `@idempotent`. Page sizes keep each query's requested cost under the
 * 1,000-point single-query maximum (cost noted beside each).
 */

/** Cost 12 per variant: node 1, product 1 + images 2 + 5, inventory item 1 + level 1 + quantities 1. */
const variantFragment = /* GraphQL */ `
  fragment HubVariant on ProductVariant {
    id
    sku
    price
    barcode
    displayName
    inventoryQuantity
    product {
      id
      title
      descriptionHtml
      vendor
      tags
      status
      images(first: 5) {
        nodes {
          url
        }
      }
    }
    inventoryItem {
      id
      inventoryLevel(locationId: $locationId) {
        quantities(names: ["available"]) {
          name
          quantity
        }
      }
    }
  }
`;

export const VARIANT_PAGE_SIZE = 50; // 2 + 50 × 12 = 602 points

export const shopQuery = /* GraphQL */ `
  query HubShop {
    shop {
      id
      name
      myshopifyDomain
      currencyCode
    }
  }
`;

export const locationsQuery = /* GraphQL */ `
  query HubLocations {
    locations(first: 10) {
      nodes {
        id
        name
        isActive
      }
    }
  }
`;

export const catalogueQuery = /* GraphQL */ `
  query HubCatalogue($first: Int!, $after: String, $locationId: ID!) {
    shop {
      currencyCode
    }
    productVariants(first: $first, after: $after, sortKey: ID) {
      nodes {
        ...HubVariant
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
  ${variantFragment}
`;

export const variantsBySkuQuery = /* GraphQL */ `
  query HubVariantsBySku($first: Int!, $after: String, $query: String!, $locationId: ID!) {
    shop {
      currencyCode
    }
    productVariants(first: $first, after: $after, query: $query) {
      nodes {
        ...HubVariant
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
  ${variantFragment}
`;

/**
 * An order with what a seller ships by: 1 + address 1 + total 2 + fulfillment orders (2 + 5) + lines
 * (2 + 25 × 3) = 88 points; 10 orders and the connection, 882.
 */
export const ORDER_PAGE_SIZE = 10;
export const ORDER_LINES_PAGE_SIZE = 25;
export const ORDERS_QUERY_COST = 2 + ORDER_PAGE_SIZE * (1 + 1 + 2 + 7 + 2 + ORDER_LINES_PAGE_SIZE * 3);
const lineFields =
  'id name sku quantity currentQuantity unfulfilledQuantity originalUnitPriceSet { shopMoney { amount currencyCode } }';

export const ordersQuery = /* GraphQL */ `
query HubOrders($first: Int!, $after: String, $query: String!) {
  orders(first: $first, after: $after, sortKey: UPDATED_AT, query: $query) {
    nodes {
      id name createdAt updatedAt cancelledAt displayFulfillmentStatus displayFinancialStatus
      totalPriceSet { shopMoney { amount currencyCode } }
      shippingAddress { name address1 address2 city provinceCode zip countryCodeV2 phone }
      fulfillmentOrders(first: 5) { nodes { fulfillBy } }
      lineItems(first: ${ORDER_LINES_PAGE_SIZE}) { nodes { ${lineFields} } pageInfo { hasNextPage endCursor } }
    }
    pageInfo { hasNextPage endCursor }
  }
}`;

/** The rest of an order's lines when it has more than one page: 2 + 100 × 3 = 302 points. */
export const orderLinesQuery = /* GraphQL */ `
query HubOrderLines($id: ID!, $after: String) {
  order(id: $id) {
    lineItems(first: 100, after: $after) { nodes { ${lineFields} } pageInfo { hasNextPage endCursor } }
  }
}`;

/**
 * An order's refunds, read for an order some of whose units were removed, to tell units refunded
 * and kept sold from units cancelled: 1 + 10 × (2 + 25 × 2) = 521 points at most.
 */
export const ORDER_REFUNDS_QUERY_COST = 1 + 10 * (2 + 25 * 2);
export const orderRefundsQuery = /* GraphQL */ `
  query HubOrderRefunds($id: ID!) {
    order(id: $id) {
      refunds(first: 10) {
        refundLineItems(first: 25) {
          nodes {
            quantity
            restockType
            lineItem {
              id
            }
          }
        }
      }
    }
  }
`;

export const setQuantitiesMutation = /* GraphQL */ `
  mutation HubSetQuantities($input: InventorySetQuantitiesInput!) {
    inventorySetQuantities(input: $input) {
      inventoryAdjustmentGroup {
        id
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`;

/** `@idempotent` is 2026-01 and later (the reason the adapter targets 2026-01); the 2025-01 schema lacks it. */
export const adjustQuantityMutation = /* GraphQL */ `
  mutation HubAdjustQuantity($input: InventoryAdjustQuantitiesInput!, $idempotencyKey: String!) {
    inventoryAdjustQuantities(input: $input) @idempotent(key: $idempotencyKey) {
      inventoryAdjustmentGroup {
        id
        changes(quantityNames: ["available"]) {
          name
          delta
          quantityAfterChange
        }
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`;

export const updatePricesMutation = /* GraphQL */ `
  mutation HubUpdatePrices($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {
    productVariantsBulkUpdate(productId: $productId, variants: $variants, allowPartialUpdates: true) {
      productVariants {
        id
        price
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`;

export const webhookSubscribeMutation = /* GraphQL */ `
  mutation HubSubscribeWebhook($topic: WebhookSubscriptionTopic!, $callbackUrl: URL!) {
    webhookSubscriptionCreate(topic: $topic, webhookSubscription: { callbackUrl: $callbackUrl, format: JSON }) {
      webhookSubscription {
        id
        topic
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/**
 * Creates a product, or replaces the one given by `id`, synchronously (productSet, 2025-01): one
 * variant carrying the SKU, its price and available stock at the location.
 */
export const productSetMutation = /* GraphQL */ `
  mutation HubProductSet($input: ProductSetInput!) {
    productSet(input: $input, synchronous: true) {
      product {
        id
        status
        variants(first: 1) {
          nodes {
            id
            sku
          }
        }
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`;

/** A product's status: ACTIVE (on sale) or DRAFT (hidden from every sales channel). */
export const productStatusMutation = /* GraphQL */ `
  mutation HubProductStatus($product: ProductUpdateInput!) {
    productUpdate(product: $product) {
      product {
        id
        status
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** Products holding these SKUs with their variants' SKUs: 5 products × (1 + 100 variants) + 2 = 507 points. */
export const PRODUCT_PAGE_SIZE = 5;
export const PRODUCT_VARIANTS_PAGE_SIZE = 100;
export const productVariantSkusQuery = /* GraphQL */ `
query HubProductVariantSkus($first: Int!, $after: String, $query: String!) {
  products(first: $first, after: $after, query: $query) {
    nodes { id variants(first: ${PRODUCT_VARIANTS_PAGE_SIZE}) { nodes { sku } pageInfo { hasNextPage endCursor } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

/** The rest of a product's variants when it has more than a page: 1 + 100 = 102 points. */
export const moreProductVariantSkusQuery = /* GraphQL */ `
query HubMoreProductVariantSkus($id: ID!, $after: String) {
  product(id: $id) {
    variants(first: ${PRODUCT_VARIANTS_PAGE_SIZE}, after: $after) { nodes { sku } pageInfo { hasNextPage endCursor } }
  }
}`;

/**
 * What a shipment needs first: the order's fulfillment orders with their line items (what remains of
 * each order line), and its fulfillments' tracking (a shipment sent before). 1 + (2 + 5 × (1 + 2 + 50 × 2))
 * + fulfillments and their tracking = 520 points.
 */
export const SHIPMENT_ORDER_QUERY_COST = 520;
export const shipmentOrderQuery = /* GraphQL */ `
  query HubShipmentOrder($id: ID!) {
    order(id: $id) {
      id
      name
      fulfillmentOrders(first: 5) {
        nodes {
          id
          status
          lineItems(first: 50) {
            nodes {
              id
              remainingQuantity
              lineItem {
                id
                sku
              }
            }
          }
        }
      }
      fulfillments(first: 20) {
        id
        status
        trackingInfo(first: 5) {
          company
          number
        }
      }
    }
  }
`;

/** The lines a fulfillment shipped (the first 100: a parcel holds fewer): 1 + 2 + 100 × 2 = 203 points. */
export const SHIPMENT_FULFILLMENT_QUERY_COST = 203;
export const shipmentFulfillmentQuery = /* GraphQL */ `
  query HubShipmentFulfillment($id: ID!) {
    fulfillment(id: $id) {
      id
      status
      fulfillmentLineItems(first: 100) {
        nodes {
          quantity
          lineItem {
            id
          }
        }
      }
    }
  }
`;

/** A shipment of fulfillment order line items, with its carrier and tracking number. */
export const fulfillmentCreateMutation = /* GraphQL */ `
  mutation HubFulfillmentCreate($fulfillment: FulfillmentInput!) {
    fulfillmentCreate(fulfillment: $fulfillment) {
      fulfillment {
        id
        name
        status
      }
      userErrors {
        field
        message
      }
    }
  }
`;

export const allDocuments = {
  productVariantSkusQuery,
  moreProductVariantSkusQuery,
  productSetMutation,
  productStatusMutation,
  shopQuery,
  locationsQuery,
  catalogueQuery,
  variantsBySkuQuery,
  ordersQuery,
  orderLinesQuery,
  orderRefundsQuery,
  setQuantitiesMutation,
  adjustQuantityMutation,
  updatePricesMutation,
  webhookSubscribeMutation,
  shipmentOrderQuery,
  shipmentFulfillmentQuery,
  fulfillmentCreateMutation,
} as const;
