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

/** 10 orders × (1 + 2 + 25 lines × 3) = 780 points. */
export const ORDER_PAGE_SIZE = 10;
export const ORDER_LINES_PAGE_SIZE = 25;
const lineFields = 'sku quantity currentQuantity originalUnitPriceSet { shopMoney { amount currencyCode } }';

export const ordersQuery = /* GraphQL */ `
query HubOrders($first: Int!, $after: String, $query: String!) {
  orders(first: $first, after: $after, sortKey: UPDATED_AT, query: $query) {
    nodes {
      id name createdAt updatedAt cancelledAt displayFulfillmentStatus
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
  setQuantitiesMutation,
  adjustQuantityMutation,
  updatePricesMutation,
  webhookSubscribeMutation,
} as const;
