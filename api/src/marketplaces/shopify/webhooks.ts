import crypto from 'node:crypto';
import { shopDomainPattern } from './endpoints.ts';

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
 */
export function verifyShopifyWebhook(
  rawBody: Buffer | string,
  headers: Headers,
  clientSecret: string,
): ShopifyWebhookCheck {
  const given = header(headers, 'x-shopify-hmac-sha256');
  if (!given) return { ok: false, reason: 'X-Shopify-Hmac-Sha256 is missing' };
  const expected = crypto
    .createHmac('sha256', clientSecret)
    .update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody)
    .digest();
  const actual = Buffer.from(given, 'base64');
  if (actual.length !== expected.length || !crypto.timingSafeEqual(actual, expected))
    return { ok: false, reason: 'The webhook signature does not match' };
  const topic = header(headers, 'x-shopify-topic');
  const shopDomain = header(headers, 'x-shopify-shop-domain');
  const webhookId = header(headers, 'x-shopify-webhook-id');
  if (!topic || !webhookId) return { ok: false, reason: 'X-Shopify-Topic or X-Shopify-Webhook-Id is missing' };
  if (!shopDomain || !shopDomainPattern.test(shopDomain))
    return { ok: false, reason: 'X-Shopify-Shop-Domain is not a shop domain' };
  return { ok: true, topic, shopDomain, webhookId };
}
