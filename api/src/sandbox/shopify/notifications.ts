/**
 * Webhooks as Shopify sends them: subscriptions made with webhookSubscriptionCreate, and the REST-style
 * payloads and headers of each delivery, HMAC-signed with our app's secret
 * (https://shopify.dev/docs/apps/build/webhooks/verify-deliveries).
 */
import { buyerOfOrder, orderNumberOf } from './buyers.ts';
import crypto from 'node:crypto';
import { financialStatus, webhookSubscriptionFields } from './admin-fields.ts';
import { SHOPIFY_SANDBOX_APP } from './auth.ts';
import { displayFulfillmentStatus } from './fulfillment-nodes.ts';
import type { ShopGraph } from './nodes.ts';
import {
  fulfilledOf,
  gid,
  nextId,
  unfulfilledOf,
  nowIso,
  type Order,
  type Product,
  type Shop,
  type ShopifyContext,
  type Variant,
  type Webhook,
} from './state.ts';

export function notificationResolvers(graph: ShopGraph) {
  return {
    webhookSubscriptionCreate: (args: WebhookSubscriptionCreateArgs) => webhookSubscriptionCreate(graph, args),
  };
}

const topicHeader: Record<string, string> = {
  ORDERS_CREATE: 'orders/create',
  INVENTORY_LEVELS_UPDATE: 'inventory_levels/update',
  PRODUCTS_UPDATE: 'products/update',
  ORDERS_UPDATED: 'orders/updated',
  ORDERS_CANCELLED: 'orders/cancelled',
  ORDERS_FULFILLED: 'orders/fulfilled',
  ORDERS_PARTIALLY_FULFILLED: 'orders/partially_fulfilled',
};

/** The REST names of displayFulfillmentStatus: null until something ships. */
const fulfillmentStatusWords = { UNFULFILLED: null, PARTIALLY_FULFILLED: 'partial', FULFILLED: 'fulfilled' } as const;

/** Sends a webhook of this topic to each of the shop's subscriptions to it, signed with our app's secret. */
export function emit(shop: Shop, topic: string, payload: unknown, context: ShopifyContext): void {
  for (const hook of shop.webhooks.filter((w) => w.topic === topic)) {
    const body = JSON.stringify(payload);
    const headers = {
      'X-Shopify-Topic': topicHeader[topic] ?? topic.toLowerCase(),
      'X-Shopify-Hmac-Sha256': crypto
        .createHmac('sha256', context.application.clientSecret)
        .update(body, 'utf8')
        .digest('base64'),
      'X-Shopify-Shop-Domain': shop.domain,
      // One id per event: the kit's retries resend the same headers, so a retry keeps it.
      'X-Shopify-Webhook-Id': crypto.randomUUID(),
      'X-Shopify-Event-Id': crypto.randomUUID(),
      'X-Shopify-API-Version': SHOPIFY_SANDBOX_APP.apiVersion,
      'X-Shopify-Triggered-At': nowIso(),
    };
    void context.deliver(hook.callbackUrl, body, headers);
  }
}

function inventoryLevelPayload(shop: Shop, variant: Variant) {
  return {
    inventory_item_id: variant.inventoryItemId,
    location_id: shop.location.id,
    available: variant.available,
    updated_at: variant.updatedAt,
    admin_graphql_api_id: `${gid('InventoryLevel', shop.location.id)}?inventory_item_id=${variant.inventoryItemId}`,
  };
}

export function orderPayload(shop: Shop, order: Order) {
  const buyer = buyerOfOrder(orderNumberOf(order.name));
  const total = order.lines.reduce((sum, l) => sum + Math.round(Number(l.price) * 100) * l.quantity, 0) / 100;
  return {
    id: order.id,
    total_price: total.toFixed(2),
    // The REST order's shipping_address (https://shopify.dev/docs/api/admin-rest/2025-01/resources/order).
    shipping_address: {
      first_name: buyer.firstName,
      last_name: buyer.lastName,
      name: `${buyer.firstName} ${buyer.lastName}`,
      address1: buyer.address1,
      address2: buyer.address2,
      city: buyer.city,
      province: buyer.province,
      province_code: buyer.provinceCode,
      zip: buyer.zip,
      country: buyer.country,
      country_code: buyer.countryCode,
      phone: buyer.phone,
    },
    admin_graphql_api_id: gid('Order', order.id),
    name: order.name,
    created_at: order.createdAt,
    updated_at: order.updatedAt,
    cancelled_at: order.cancelledAt,
    cancel_reason: order.cancelReason ? order.cancelReason.toLowerCase() : null,
    currency: shop.currency,
    // The REST name of displayFinancialStatus: paid, then refunded once a cancellation gave it back.
    financial_status: financialStatus(order).toLowerCase(),
    tags: (order.tags ?? []).join(', '),
    source_name: order.sourceName ?? 'web',
    fulfillment_status: fulfillmentStatusWords[displayFulfillmentStatus(order)],
    line_items: order.lines.map((l) => ({
      id: l.id,
      admin_graphql_api_id: gid('LineItem', l.id),
      variant_id: l.variantId,
      sku: l.sku,
      title: l.title,
      quantity: l.quantity,
      current_quantity: l.currentQuantity,
      fulfillable_quantity: unfulfilledOf(l),
      fulfillment_status: fulfilledOf(l) === 0 ? null : unfulfilledOf(l) === 0 ? 'fulfilled' : 'partial',
      price: l.price,
    })),
  };
}

/** PRODUCTS_UPDATE for a product edited (its title, a variant's price): the REST product, its variants in it. */
export function productChanged(shop: Shop, product: Product, context: ShopifyContext) {
  emit(
    shop,
    'PRODUCTS_UPDATE',
    {
      id: product.id,
      admin_graphql_api_id: gid('Product', product.id),
      title: product.title,
      status: product.status.toLowerCase(),
      updated_at: product.updatedAt,
      variants: product.variants.map((v) => ({
        id: v.id,
        admin_graphql_api_id: gid('ProductVariant', v.id),
        product_id: product.id,
        sku: v.sku,
        price: v.price,
        inventory_item_id: v.inventoryItemId,
        updated_at: v.updatedAt,
      })),
    },
    context,
  );
}

/** INVENTORY_LEVELS_UPDATE for a variant whose available quantity changed. */
export function inventoryLevelChanged(shop: Shop, variant: Variant, context: ShopifyContext) {
  emit(shop, 'INVENTORY_LEVELS_UPDATE', inventoryLevelPayload(shop, variant), context);
}

interface WebhookSubscriptionCreateArgs {
  topic: string;
  webhookSubscription: { callbackUrl?: string | null; format?: string | null };
}

function webhookSubscriptionCreate(
  { shop, context }: ShopGraph,
  { topic, webhookSubscription }: WebhookSubscriptionCreateArgs,
) {
  const url = webhookSubscription.callbackUrl;
  const field = ['webhookSubscription', 'callbackUrl'];
  if (!url) return { webhookSubscription: null, userErrors: [{ field, message: "Address can't be blank" }] };
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !['https:', 'http:'].includes(parsed.protocol))
    return { webhookSubscription: null, userErrors: [{ field, message: 'Address is invalid' }] };
  if (shop.webhooks.some((w) => w.topic === topic && w.callbackUrl === url))
    return {
      webhookSubscription: null,
      userErrors: [{ field, message: 'Address for this topic has already been taken' }],
    };
  const hook: Webhook = {
    id: nextId(shop),
    topic,
    callbackUrl: url,
    format: webhookSubscription.format ?? 'JSON',
    createdAt: nowIso(),
  };
  shop.webhooks.push(hook);
  context.changed(shop.domain);
  return {
    userErrors: [],
    webhookSubscription: {
      ...webhookSubscriptionFields(hook.id, SHOPIFY_SANDBOX_APP.apiVersion),
      id: gid('WebhookSubscription', hook.id),
      topic,
      format: hook.format,
      createdAt: hook.createdAt,
      updatedAt: hook.createdAt,
      callbackUrl: url,
      endpoint: { __typename: 'WebhookHttpEndpoint', callbackUrl: url },
    },
  };
}
