/**
 * Shopify's webhooks: checking a delivery's signature (https://shopify.dev/docs/apps/build/webhooks/verify-deliveries),
 * reading what it says changed (an order's body, an inventory level), and subscribing a channel to
 * the topics the hub uses (webhookSubscriptionCreate).
 */
import crypto from 'node:crypto';
import { MarketplaceError } from '../errors.ts';
import type { MarketplaceEvents, WebhookChange, WebhookDelivery, WebhookReading } from '../marketplace-events.ts';
import { shopDomainPattern } from './endpoints.ts';
import { webhookSubscribeMutation } from './queries.ts';
import type { ShopifyClient } from './shopify-client.ts';
import { isOrderWebhook, orderWebhookToMarketplaceOrder } from './transform.ts';
import { COPY_TAG } from './order-copies.ts';
import type { ShopifyUserError } from './types.ts';

/**
 * The topics the hub subscribes to (GraphQL's WebhookSubscriptionTopic); deliveries name them REST-style
 * (orders/create).
 */
export const shopifyWebhookTopics = [
  'ORDERS_CREATE',
  'ORDERS_UPDATED',
  'INVENTORY_LEVELS_UPDATE',
  'PRODUCTS_UPDATE',
] as const;
export type ShopifyWebhookTopic = (typeof shopifyWebhookTopics)[number];

export const isShopifyWebhookTopic = (topic: string): topic is ShopifyWebhookTopic =>
  (shopifyWebhookTopics as readonly string[]).includes(topic);

export type ShopifyWebhookCheck =
  { ok: true; topic: string; shopDomain: string; webhookId: string } | { ok: false; reason: string };

type Headers = Record<string, string | string[] | undefined> | { get(name: string): string | null };

function header(headers: Headers, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function')
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/**
 * A webhook is Shopify's when X-Shopify-Hmac-Sha256 is the base64 HMAC-SHA256 of the raw body keyed
 * with the app's client secret (compared in constant time). Verify the raw bytes, before JSON
 * parsing. Deliveries repeat: the app drops duplicates by `webhookId` (X-Shopify-Webhook-Id).
 * While a new client secret is rolled out, Shopify may still sign with the old one: any of `clientSecrets`
 * is accepted.
 */
export function verifyShopifyWebhook(
  rawBody: Buffer | string,
  headers: Headers,
  clientSecrets: string | readonly string[],
): ShopifyWebhookCheck {
  const given = header(headers, 'x-shopify-hmac-sha256');
  if (!given) return { ok: false, reason: 'X-Shopify-Hmac-Sha256 is missing' };
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  const actual = Buffer.from(given, 'base64');
  const signedWith = (secret: string) => {
    const expected = crypto.createHmac('sha256', secret).update(body).digest();
    return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
  };
  if (!(typeof clientSecrets === 'string' ? [clientSecrets] : clientSecrets).some(signedWith))
    return { ok: false, reason: 'The webhook signature does not match' };
  const topic = header(headers, 'x-shopify-topic');
  const shopDomain = header(headers, 'x-shopify-shop-domain');
  const webhookId = header(headers, 'x-shopify-webhook-id');
  if (!topic || !webhookId) return { ok: false, reason: 'X-Shopify-Topic or X-Shopify-Webhook-Id is missing' };
  if (!shopDomain || !shopDomainPattern.test(shopDomain))
    return { ok: false, reason: 'X-Shopify-Shop-Domain is not a shop domain' };
  return { ok: true, topic, shopDomain, webhookId };
}

/** Subscribes a callback URL to a topic (an address already subscribed counts as done). */
export async function subscribeShopifyWebhook(
  client: ShopifyClient,
  topic: ShopifyWebhookTopic,
  callbackUrl: string,
  signal?: AbortSignal,
): Promise<{ id: string | null }> {
  const data = await client.graphql<{
    webhookSubscriptionCreate: { webhookSubscription: { id: string } | null; userErrors: ShopifyUserError[] };
  }>(webhookSubscribeMutation, { topic, callbackUrl }, { cost: 10, signal });
  const result = data.webhookSubscriptionCreate;
  if (result.webhookSubscription) return { id: result.webhookSubscription.id };
  const error = result.userErrors[0];
  if (error && /already been taken/i.test(error.message)) return { id: null };
  throw new MarketplaceError('rejected', error?.message ?? 'Shopify did not create the webhook subscription');
}

/** A delivery to a channel's endpoint: signed with our application's secret, for the channel's own shop. */
function readShopifyDelivery(
  { raw, headers, json }: WebhookDelivery,
  secrets: { sellerId: string; applicationSecrets: readonly string[] },
): WebhookReading {
  if (secrets.applicationSecrets.length === 0) return { ok: false, status: 401, message: 'Shopify is not configured' };
  const verdict = verifyShopifyWebhook(raw, headers, secrets.applicationSecrets);
  if (!verdict.ok) return { ok: false, status: 401, message: verdict.reason };
  if (verdict.shopDomain !== secrets.sellerId)
    return { ok: false, status: 401, message: 'The webhook is for another shop' };
  const payload = json();
  if (payload === undefined) return { ok: false, status: 400, message: 'The body is not JSON' };
  const { inventory_item_id: item, available } = (payload ?? {}) as {
    inventory_item_id?: number | string;
    available?: unknown;
  };
  // An inventory level names its inventory item; a product's update (its title, a variant's price) is read
  // again from the store; every other topic the hub subscribes to is an order's.
  const change: WebhookChange =
    verdict.topic === 'inventory_levels/update' && item !== undefined
      ? {
          kind: 'stock',
          inventoryItemId: `gid://shopify/InventoryItem/${item}`,
          ...(typeof available === 'number' ? { quantity: available } : {}),
        }
      : verdict.topic === 'products/update'
        ? { kind: 'listing' }
        : { kind: 'orders' };
  return { ok: true, topic: verdict.topic, deliveryId: verdict.webhookId, payload, change };
}

/** Whether an order webhook's body is one of our copies (REST tags: one comma-separated string). */
function isOrderCopy(payload: unknown): boolean {
  const tags = (payload as { tags?: unknown }).tags;
  return typeof tags === 'string' && tags.split(',').some((t) => t.trim() === COPY_TAG);
}

/**
 * Shopify's events: orders and product edits (a title or price set in the admin: the main channel's new
 * truth, or a target's drift) for every channel, stock levels for the main one; each delivery holds its order whole.
 */
export const shopifyEvents: MarketplaceEvents = {
  topics: { channel: ['ORDERS_CREATE', 'ORDERS_UPDATED', 'PRODUCTS_UPDATE'], main: ['INVENTORY_LEVELS_UPDATE'] },
  readDelivery: readShopifyDelivery,
  // A marketplace's order we created in the store is that marketplace's sale, recorded on its channel.
  orderInDelivery: (topic, payload) =>
    isOrderWebhook(topic, payload) && !isOrderCopy(payload)
      ? { order: orderWebhookToMarketplaceOrder(payload), pricesLater: false }
      : undefined,
};
