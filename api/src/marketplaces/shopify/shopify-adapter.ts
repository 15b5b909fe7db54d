/**
 * Shopify behind the MarketplaceAdapter contract: the Admin GraphQL API for the catalogue (product
 * variants at one location), stock and prices (shopify-updates.ts), products created with productSet,
 * orders changed since a time with what a seller ships by, shipments confirmed as fulfillments
 * (shipments.ts), cancellations, refunds and buyers' returns (order-actions.ts), and webhook subscriptions
 * (webhooks.ts). The variants it has seen are
 * kept (shopify-variants.ts), so a push need not look them up again.
 */
import { MarketplaceError } from '../errors.ts';
import type { MarketplaceAdapter, WriteCapabilities } from '../marketplace-adapter.ts';
import type {
  CatalogueItem,
  CreateOutcome,
  ListingState,
  MarketplaceOrder,
  NewListing,
  Page,
  UpdateOutcome,
} from '../types.ts';
import { SHOPIFY_TRACKING_COMPANIES } from './carriers.ts';
import {
  ORDERS_QUERY_COST,
  ORDER_PAGE_SIZE,
  VARIANT_PAGE_SIZE,
  catalogueQuery,
  orderLinesQuery,
  orderRefundsQuery,
  ORDER_REFUNDS_QUERY_COST,
  ordersQuery,
  PRODUCT_PAGE_SIZE,
  moreProductVariantSkusQuery,
  productSetMutation,
  productStatusMutation,
  productVariantSkusQuery,
  shopQuery,
} from './queries.ts';
import { cancelShopifyOrder, refundShopifyOrder, shopifyOrderFees, shopifyReturnsSince } from './order-actions.ts';
import { confirmShopifyShipment } from './shipments.ts';
import { COPY_TAG } from './order-copies.ts';
import { ShopifyClient, type ShopifyClientOptions } from './shopify-client.ts';
import { SHOPIFY_MAX_PER_MUTATION, shopifyUpdates, type ShopifyParts } from './shopify-updates.ts';
import { updateShopifyTitle } from './shopify-title.ts';
import { ShopifyVariants, type VariantPage } from './shopify-variants.ts';
import {
  notListed,
  orderToMarketplaceOrder,
  productSetInput,
  productSetOutcome,
  skuSearchQuery,
  updatedSinceQuery,
  variantToCatalogueItem,
  variantToListingState,
} from './transform.ts';
import type {
  ShopifyConnection,
  ShopifyOrder,
  ShopifyProductSetPayload,
  ShopifyProductUpdatePayload,
  ShopifyShop,
} from './types.ts';
import { isShopifyWebhookTopic, subscribeShopifyWebhook, type ShopifyWebhookTopic } from './webhooks.ts';

export { SHOPIFY_MAX_PER_MUTATION };

export const shopifyCapabilities: WriteCapabilities = {
  maxSkusPerCall: SHOPIFY_MAX_PER_MUTATION,
  // Shopify's bulk operations (JSONL) are not used: 250 quantities per call takes 10,000 SKUs in 40 calls.
  supportsBulkSubmission: false,
  maxSkusPerSubmission: 0,
  supportsIdempotentAdjustment: true,
  batchesItself: true,
};

export interface ShopifyAdapterOptions extends ShopifyClientOptions {
  /** The location whose `available` stock the hub reads and sets; the shop's first active one when absent. */
  locationId?: string;
}

export interface ShopifyAdapter extends MarketplaceAdapter {
  readonly kind: 'shopify';
  readonly client: ShopifyClient;
  productVariantSkus(skus: string[], signal?: AbortSignal): Promise<Map<string, string[]>>;
  /** Subscribes a callback URL to a topic (an address already subscribed counts as done). */
  subscribeWebhook(
    topic: ShopifyWebhookTopic,
    callbackUrl: string,
    signal?: AbortSignal,
  ): Promise<{ id: string | null }>;
}

type ProductVariantSkusPage = {
  products: ShopifyConnection<{ id: string; variants: ShopifyConnection<{ sku: string | null }> }>;
};

/** The SKUs of each SKU's product (products found by SKU, their variants paged through). */
async function productVariantSkus(
  { client }: ShopifyParts,
  skus: string[],
  signal?: AbortSignal,
): Promise<Map<string, string[]>> {
  const wanted = [...new Set(skus)];
  const productsOf = new Map<string, string[]>();
  for (let i = 0; i < wanted.length; i += VARIANT_PAGE_SIZE) {
    let after: string | null = null;
    do {
      const data: ProductVariantSkusPage = await client.graphql<ProductVariantSkusPage>(
        productVariantSkusQuery,
        { first: PRODUCT_PAGE_SIZE, after, query: skuSearchQuery(wanted.slice(i, i + VARIANT_PAGE_SIZE)) },
        { cost: 2 + PRODUCT_PAGE_SIZE * 101, signal },
      );
      for (const product of data.products.nodes) {
        const variantSkus = product.variants.nodes.map((v) => v.sku ?? '');
        let page = product.variants.pageInfo;
        while (page.hasNextPage) {
          const more: { product: { variants: ShopifyConnection<{ sku: string | null }> } | null } =
            await client.graphql(
              moreProductVariantSkusQuery,
              { id: product.id, after: page.endCursor },
              { cost: 102, signal },
            );
          if (!more.product) break;
          variantSkus.push(...more.product.variants.nodes.map((v) => v.sku ?? ''));
          page = more.product.variants.pageInfo;
        }
        productsOf.set(product.id, variantSkus.filter(Boolean));
      }
      after = data.products.pageInfo.hasNextPage ? data.products.pageInfo.endCursor : null;
    } while (after);
  }
  const bySku = new Map<string, string[]>();
  for (const variantSkus of productsOf.values())
    for (const sku of variantSkus) if (wanted.includes(sku)) bySku.set(sku, variantSkus);
  return bySku;
}

/** Who the shop is, its catalogue a page of variants at a time, and what it holds now for some SKUs. */
function shopifyCatalogue(
  parts: ShopifyParts,
): Pick<ShopifyAdapter, 'verifyCredentials' | 'listCatalogue' | 'readListings' | 'productVariantSkus'> {
  const { client, variants } = parts;
  return {
    async verifyCredentials(signal) {
      const data = await client.graphql<{ shop: ShopifyShop }>(shopQuery, {}, { cost: 1, signal });
      return { sellerId: data.shop.myshopifyDomain, displayName: data.shop.name };
    },

    async listCatalogue(cursor, signal): Promise<Page<CatalogueItem>> {
      const loc = await variants.location(signal);
      const data = await client.graphql<VariantPage>(
        catalogueQuery,
        { first: VARIANT_PAGE_SIZE, after: cursor ?? null, locationId: loc },
        { cost: 603, signal },
      );
      const page = data.productVariants;
      // The variants read here serve the pushes that follow (no lookup of a variant just read).
      variants.rememberPage(data);
      return {
        items: page.nodes.filter((v) => v.sku).map((v) => variantToCatalogueItem(v, data.shop.currencyCode)),
        next: page.pageInfo.hasNextPage && page.pageInfo.endCursor ? page.pageInfo.endCursor : undefined,
      };
    },

    async readListings(skus, signal): Promise<ListingState[]> {
      // What the shop holds now (reconciliation, read-backs): never what was kept.
      const { currency, variants: found } = await variants.lookup([...new Set(skus)], signal, { fresh: true });
      return skus.map((sku) => {
        const variant = found.get(sku);
        return variant ? variantToListingState(variant, currency) : notListed(sku);
      });
    },

    productVariantSkus: (skus, signal) => productVariantSkus(parts, skus, signal),
  };
}

/**
 * A SKU no variant holds becomes a product of its own (productSet, synchronous); a SKU a variant
 * holds already (created before, or the seller's own) is not created again: its price and stock
 * are set, so a second call changes nothing.
 */
async function createListings(
  parts: ShopifyParts,
  updateListings: MarketplaceAdapter['updateListings'],
  items: NewListing[],
  signal?: AbortSignal,
): Promise<CreateOutcome[]> {
  if (items.length === 0) return [];
  const loc = await parts.variants.location(signal);
  const { variants } = await parts.variants.lookup(
    items.map((i) => i.sku),
    signal,
  );
  const outcomes: CreateOutcome[] = [];
  for (const item of items) {
    const existing = variants.get(item.sku);
    if (existing) {
      const [update] = await updateListings([{ sku: item.sku, quantity: item.quantity, price: item.price }], signal);
      outcomes.push(
        update!.outcome === 'confirmed'
          ? { sku: item.sku, outcome: 'created', marketplaceId: existing.id }
          : (update as CreateOutcome),
      );
      continue;
    }
    try {
      const data = await parts.client.graphql<ShopifyProductSetPayload>(
        productSetMutation,
        { input: productSetInput(item, loc) },
        { cost: 10, signal },
      );
      outcomes.push(productSetOutcome(item.sku, data));
    } catch (error) {
      if (!(error instanceof MarketplaceError) || (error.kind !== 'rejected' && error.kind !== 'outcome_unknown'))
        throw error;
      outcomes.push(
        error.kind === 'rejected'
          ? { sku: item.sku, outcome: 'rejected', message: error.message }
          : { sku: item.sku, outcome: 'unknown', message: error.message },
      );
    }
  }
  return outcomes;
}

/** New products, and products put on sale or taken off. */
function shopifyPublishing(
  parts: ShopifyParts,
  updateListings: MarketplaceAdapter['updateListings'],
): Pick<ShopifyAdapter, 'createListings' | 'setListingActive'> {
  return {
    createListings: (items, signal) => createListings(parts, updateListings, items, signal),

    /**
     * Shopify's status is the product's, for all its variants: DRAFT takes it off every sales
     * channel, ACTIVE puts it back. A variant going off sale while others of its product stay on sale
     * (productOffSale false) leaves the product as it is: it is offered 0 units, which the push sends.
     */
    async setListingActive(change, signal): Promise<UpdateOutcome> {
      const { variants } = await parts.variants.lookup([change.sku], signal);
      const variant = variants.get(change.sku);
      if (!variant)
        return { sku: change.sku, outcome: 'rejected', message: `No product variant has the SKU ${change.sku}` };
      if (!change.active && !change.productOffSale) return { sku: change.sku, outcome: 'confirmed' };
      try {
        const data = await parts.client.graphql<ShopifyProductUpdatePayload>(
          productStatusMutation,
          { product: { id: variant.product.id, status: change.active ? 'ACTIVE' : 'DRAFT' } },
          { cost: 10, signal },
        );
        const errors = data.productUpdate?.userErrors ?? [];
        if (errors.length > 0)
          return { sku: change.sku, outcome: 'rejected', message: errors.map((e) => e.message).join('; ') };
        return { sku: change.sku, outcome: 'confirmed' };
      } catch (error) {
        if (!(error instanceof MarketplaceError) || (error.kind !== 'rejected' && error.kind !== 'outcome_unknown'))
          throw error;
        return error.kind === 'rejected'
          ? { sku: change.sku, outcome: 'rejected', message: error.message }
          : { sku: change.sku, outcome: 'unknown', message: error.message };
      }
    },
  };
}

/** Orders changed since a time, each with all its lines (an order's lines past the first page read on). */
async function ordersSince(
  { client }: ShopifyParts,
  since: Date,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<MarketplaceOrder>> {
  const data = await client.graphql<{ orders: ShopifyConnection<ShopifyOrder> }>(
    ordersQuery,
    // The store's own sales only: the marketplaces' orders we created in it (tagged) are recorded on
    // their own channel, and counted there once.
    { first: ORDER_PAGE_SIZE, after: cursor ?? null, query: `${updatedSinceQuery(since)} -tag:'${COPY_TAG}'` },
    { cost: ORDERS_QUERY_COST, signal },
  );
  for (const order of data.orders.nodes) {
    let lines = order.lineItems;
    while (lines.pageInfo.hasNextPage) {
      const more: { order: { lineItems: ShopifyOrder['lineItems'] } | null } = await client.graphql(
        orderLinesQuery,
        { id: order.id, after: lines.pageInfo.endCursor },
        { cost: 303, signal },
      );
      if (!more.order) break;
      order.lineItems = {
        nodes: [...order.lineItems.nodes, ...more.order.lineItems.nodes],
        pageInfo: more.order.lineItems.pageInfo,
      };
      lines = more.order.lineItems;
    }
    // Units gone from a line: cancelled, or refunded and kept sold; the refunds tell which.
    if (!order.cancelledAt && order.lineItems.nodes.some((l) => l.currentQuantity < l.quantity)) {
      const refunds: { order: { refunds: NonNullable<ShopifyOrder['refunds']> } | null } = await client.graphql(
        orderRefundsQuery,
        { id: order.id },
        { cost: ORDER_REFUNDS_QUERY_COST, signal },
      );
      if (refunds.order) order.refunds = refunds.order.refunds;
    }
  }
  const page = data.orders;
  return {
    items: page.nodes.map(orderToMarketplaceOrder),
    next: page.pageInfo.hasNextPage && page.pageInfo.endCursor ? page.pageInfo.endCursor : undefined,
  };
}

/** Webhook subscriptions, one topic at a time or the channel's topics (webhooks.ts). */
function shopifySubscriptions({
  client,
}: ShopifyParts): Pick<ShopifyAdapter, 'subscribeWebhook' | 'subscribeToEvents'> {
  return {
    subscribeWebhook: (topic, callbackUrl, signal) => subscribeShopifyWebhook(client, topic, callbackUrl, signal),
    async subscribeToEvents(topics, destination, signal) {
      for (const topic of topics) {
        if (!isShopifyWebhookTopic(topic))
          throw new MarketplaceError('rejected', `Not a Shopify webhook topic: ${topic}`);
        await subscribeShopifyWebhook(client, topic, destination.callbackUrl, signal);
      }
    },
  };
}

export function createShopifyAdapter(options: ShopifyAdapterOptions): ShopifyAdapter {
  const client = new ShopifyClient(options);
  const parts: ShopifyParts = { client, variants: new ShopifyVariants(client, options.locationId) };
  const updates = shopifyUpdates(parts);
  return {
    kind: 'shopify',
    capabilities: shopifyCapabilities,
    client,
    rateLimitUse: () => client.rateLimitUse(),
    ...shopifyCatalogue(parts),
    ...updates,
    ...shopifyPublishing(parts, updates.updateListings),
    updateTitle: (sku, title, signal) => updateShopifyTitle(parts, sku, title, signal),
    ordersSince: (since, cursor, signal) => ordersSince(parts, since, cursor, signal),
    shippingCarriers: SHOPIFY_TRACKING_COMPANIES,
    confirmShipment: (shipment, signal) => confirmShopifyShipment(client, shipment, signal),
    cancelOrder: (request, signal) => cancelShopifyOrder(client, request, signal),
    refundOrder: (request, signal) => refundShopifyOrder(client, request, signal),
    returnsSince: (since, cursor, signal) => shopifyReturnsSince(client, since, cursor, signal),
    orderFees: (marketplaceOrderId, signal) => shopifyOrderFees(client, marketplaceOrderId, signal),
    ...shopifySubscriptions(parts),
  };
}
