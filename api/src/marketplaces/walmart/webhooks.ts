/**
 * Walmart's webhooks (the Notifications API, notifications.json): subscribing a seller's PO_CREATED
 * events to our endpoint, signed with HMAC; checking a delivery's signature; and reading the order a
 * PO_CREATED event holds (transform.ts).
 */
import crypto from 'node:crypto';
import { MarketplaceError } from '../errors.ts';
import type { MarketplaceEvents, WebhookDelivery, WebhookReading } from '../marketplace-events.ts';
import { isPoCreatedWithOrder, orderFromPoCreated } from './transform.ts';
import type { WalmartSubscriptionRequest, WalmartSubscriptionResponse } from './types.ts';
import type { WalmartClient } from './walmart-client.ts';

/** The header our subscriptions ask Walmart to sign with (authDetails.authHeaderName). */
export const WALMART_WEBHOOK_HEADER = 'WM_SEC.SIGNATURE';

/**
 * Checks a Walmart webhook delivery signed with authMethod HMAC: HMAC-SHA256 of the complete raw
 * payload keyed with the secret given in the subscription (the app's clientSecret, as Walmart's
 * Notifications API definition describes authDetails), in the header named by authHeaderName.
 * Walmart does not publish the encoding, so base64 and hex are both accepted. Pass the raw body bytes
 * as received, before any JSON parsing.
 */
export function verifyWalmartWebhook(
  rawBody: string | Buffer,
  headers: Record<string, string | string[] | undefined> | Headers,
  secret: string,
  headerName: string = WALMART_WEBHOOK_HEADER,
): boolean {
  const value =
    headers instanceof Headers ? headers.get(headerName) : (headers[headerName] ?? headers[headerName.toLowerCase()]);
  const signature = Array.isArray(value) ? value[0] : value;
  if (!signature || !secret) return false;
  const digest = crypto.createHmac('sha256', secret).update(rawBody).digest();
  const candidates = [
    Buffer.from(signature, 'base64'),
    /^[0-9a-f]+$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0),
  ];
  return candidates.some(
    (candidate) => candidate.length === digest.length && crypto.timingSafeEqual(candidate, digest),
  );
}

/**
 * Subscribes `eventUrl` to PO_CREATED, signed with HMAC (header `headerName`, keyed with `secret`: the
 * seller's Client Secret unless another is given). Verify deliveries with verifyWalmartWebhook.
 */
export async function subscribeWalmartOrderWebhook(
  client: WalmartClient,
  subscription: { eventUrl: string; secret: string; headerName?: string; eventTypes?: readonly WalmartOrderEvent[] },
  signal?: AbortSignal,
): Promise<{ subscriptionId: string }> {
  const request: WalmartSubscriptionRequest = {
    events: (subscription.eventTypes ?? ['PO_CREATED']).map((eventType) => ({
      eventType,
      eventVersion: 'V1',
      resourceName: 'ORDER',
      eventUrl: subscription.eventUrl,
      status: 'ACTIVE',
      authDetails: {
        authMethod: 'HMAC',
        clientSecret: subscription.secret,
        authHeaderName: subscription.headerName ?? WALMART_WEBHOOK_HEADER,
      },
      headers: { 'content-type': 'application/json' },
    })),
  };
  const body = (
    await client.call<WalmartSubscriptionResponse>(
      'webhooks',
      { method: 'POST', url: client.endpoints.subscriptions(), body: request },
      signal,
    )
  ).body;
  const created = (body.events ?? body.event ?? []).find((e) => e.eventType === 'PO_CREATED');
  if (!created?.subscriptionId)
    throw new MarketplaceError('unavailable', 'Walmart did not answer a subscription id for PO_CREATED');
  return { subscriptionId: created.subscriptionId };
}

type WalmartEventBody = { eventType?: string; eventId?: string; source?: { eventType?: string; eventId?: string } };

/**
 * A delivery to a channel's endpoint, signed with the seller's client secret; every event the hub subscribes to is
 * an order's.
 */
function readWalmartDelivery(
  { raw, headers, json }: WebhookDelivery,
  secrets: { credentials: Record<string, string> },
): WebhookReading {
  if (!verifyWalmartWebhook(raw, headers, secrets.credentials.clientSecret ?? '', WALMART_WEBHOOK_HEADER))
    return { ok: false, status: 401, message: 'The webhook signature does not match' };
  const payload = json() as WalmartEventBody | null | undefined;
  if (payload === undefined) return { ok: false, status: 400, message: 'The body is not JSON' };
  // Walmart names its events; where a delivery carries no id, the body itself identifies it.
  const deliveryId =
    payload?.source?.eventId ?? payload?.eventId ?? crypto.createHash('sha256').update(raw).digest('hex');
  return {
    ok: true,
    topic: payload?.source?.eventType ?? payload?.eventType ?? 'PO_CREATED',
    deliveryId,
    payload,
    change: { kind: 'orders' },
  };
}

/**
 * The order events the hub takes: PO_CREATED (a new purchase order, held whole) and PO_LINE_AUTOCANCELLED
 * (lines Walmart cancelled, the buyer's cancellations included), after which the channel's orders are
 * read at once, so the units are free again in seconds rather than at the next scheduled read.
 */
export const WALMART_ORDER_EVENTS = ['PO_CREATED', 'PO_LINE_AUTOCANCELLED'] as const;
export type WalmartOrderEvent = (typeof WALMART_ORDER_EVENTS)[number];

/** Walmart's events for every channel: PO_CREATED, delivered with the purchase order in it, and PO_LINE_AUTOCANCELLED. */
export const walmartEvents: MarketplaceEvents = {
  topics: { channel: [...WALMART_ORDER_EVENTS], main: [] },
  readDelivery: readWalmartDelivery,
  orderInDelivery: (_topic, payload) =>
    isPoCreatedWithOrder(payload) ? { order: orderFromPoCreated(payload), pricesLater: false } : undefined,
};
