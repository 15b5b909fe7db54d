/**
 * Amazon notifications (Notifications API v1, notifications.json). Amazon delivers ORDER_CHANGE,
 * LISTINGS_ITEM_MFN_QUANTITY_CHANGE, ANY_OFFER_CHANGED and LISTINGS_ITEM_ISSUES_CHANGE to SQS or EventBridge only; we take them from an EventBridge rule
 * whose target is an API destination (an HTTPS POST to the app). The API destination's connection adds
 * an API-key header, which the app checks; the body is the EventBridge event with the SP-API
 * notification as `detail`. Subscribing finds or creates the EventBridge destination, then subscribes
 * it to each notification type.
 */
import crypto from 'node:crypto';
import type { MarketplaceEvents, WebhookChange, WebhookDelivery, WebhookReading } from '../marketplace-events.ts';
import type { ListingCompetition, MarketplaceOrder, MarketplaceStock } from '../types.ts';
import { defaultMarketplaceId } from './endpoints.ts';
import { marketplaceStockOfFbaNotification } from './fba-transform.ts';
import type { AmazonClient } from './amazon-client.ts';
import { orderOfChangeNotification } from './order-transform.ts';
import { competitionFromAnyOfferChanged } from './pricing-transform.ts';
import {
  amazonNotificationTypes,
  type AmazonNotification,
  type AnyOfferChangedPayload,
  type ListingsItemIssuesChangePayload,
  type AmazonNotificationType,
  type EventBridgeEvent,
  type FbaInventoryAvailabilityChangePayload,
  type MfnQuantityChangeNotification,
  type OrderChangeNotification,
} from './types.ts';

/** The header our EventBridge connection (API-key authorization) adds to each delivery. */
export const EVENTBRIDGE_API_KEY_HEADER = 'x-hub-eventbridge-key';

/** Partner event sources of the SP-API start with this (`aws.partner/sellingpartnerapi.amazon.com/{account}/{app}`). */
export const SP_API_EVENT_SOURCE_PREFIX = 'aws.partner/sellingpartnerapi.amazon.com';

export class AmazonNotificationError extends Error {
  constructor(
    readonly status: 400 | 401,
    message: string,
  ) {
    super(message);
    this.name = 'AmazonNotificationError';
  }
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(value) ? value[0] : value;
}

/** True when the delivery carries the connection's API key (compared in constant time). */
export function verifyEventBridgeDelivery(headers: HeaderBag, expectedApiKey: string): boolean {
  const given = header(headers, EVENTBRIDGE_API_KEY_HEADER);
  if (!given || !expectedApiKey) return false;
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expectedApiKey).digest();
  return crypto.timingSafeEqual(a, b);
}

export type AmazonNotificationEvent =
  | { kind: 'order_changed'; sellerId: string; orderId: string; orderStatus: string; notificationId: string }
  | { kind: 'quantity_changed'; sellerId: string; sku: string; quantity: number; notificationId: string }
  | { kind: 'offers_changed'; sellerId: string; competition: ListingCompetition; notificationId: string }
  | { kind: 'issues_changed'; sellerId: string; sku: string; notificationId: string }
  | { kind: 'fba_stock_changed'; sellerId: string; stock: MarketplaceStock; notificationId: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * Checks the API key, then the EventBridge envelope and the notification inside it. Throws
 * AmazonNotificationError (401 wrong key, 400 malformed) with a message fit to answer the sender.
 */
export function parseEventBridgeDelivery(
  headers: HeaderBag,
  body: unknown,
  expectedApiKey: string,
): { event: EventBridgeEvent<AmazonNotification>; notification: AmazonNotificationEvent } {
  if (!verifyEventBridgeDelivery(headers, expectedApiKey))
    throw new AmazonNotificationError(401, `Missing or wrong ${EVENTBRIDGE_API_KEY_HEADER} header`);
  const parsed: unknown = typeof body === 'string' ? safeJson(body) : body;
  if (!isObject(parsed)) throw new AmazonNotificationError(400, 'The body is not a JSON object');
  for (const field of ['id', 'detail-type', 'source', 'time'] as const) {
    if (typeof parsed[field] !== 'string')
      throw new AmazonNotificationError(400, `EventBridge field "${field}" is missing`);
  }
  if (!(parsed.source as string).startsWith(SP_API_EVENT_SOURCE_PREFIX))
    throw new AmazonNotificationError(
      400,
      `The event source "${parsed.source as string}" is not the Selling Partner API`,
    );
  const detail = parsed.detail;
  if (
    !isObject(detail) ||
    typeof detail.NotificationType !== 'string' ||
    !isObject(detail.Payload) ||
    !isObject(detail.NotificationMetadata)
  ) {
    throw new AmazonNotificationError(400, 'The event detail is not an SP-API notification');
  }
  const notificationId = String((detail.NotificationMetadata as Record<string, unknown>).NotificationId ?? parsed.id);
  const event = parsed as unknown as EventBridgeEvent<AmazonNotification>;
  if (detail.NotificationType === 'ORDER_CHANGE') {
    const change = (detail as unknown as OrderChangeNotification).Payload.OrderChangeNotification;
    if (
      !isObject(change) ||
      typeof change.AmazonOrderId !== 'string' ||
      typeof change.SellerId !== 'string' ||
      !isObject(change.Summary)
    ) {
      throw new AmazonNotificationError(
        400,
        'ORDER_CHANGE without OrderChangeNotification.AmazonOrderId, SellerId and Summary',
      );
    }
    return {
      event,
      notification: {
        kind: 'order_changed',
        sellerId: change.SellerId,
        orderId: change.AmazonOrderId,
        orderStatus: String(change.Summary.OrderStatus),
        notificationId,
      },
    };
  }
  if (detail.NotificationType === 'LISTINGS_ITEM_MFN_QUANTITY_CHANGE') {
    const payload = (detail as unknown as MfnQuantityChangeNotification).Payload;
    if (
      typeof payload.Sku !== 'string' ||
      typeof payload.SellerId !== 'string' ||
      !Number.isInteger(payload.Quantity)
    ) {
      throw new AmazonNotificationError(
        400,
        'LISTINGS_ITEM_MFN_QUANTITY_CHANGE without SellerId, Sku and a whole Quantity',
      );
    }
    return {
      event,
      notification: {
        kind: 'quantity_changed',
        sellerId: payload.SellerId,
        sku: payload.Sku,
        quantity: payload.Quantity,
        notificationId,
      },
    };
  }
  if (detail.NotificationType === 'ANY_OFFER_CHANGED') {
    const payload = detail.Payload as AnyOfferChangedPayload;
    const sellerId = payload.AnyOfferChangedNotification?.SellerId;
    const competition = competitionFromAnyOfferChanged(payload);
    if (typeof sellerId !== 'string' || !competition)
      throw new AmazonNotificationError(
        400,
        'ANY_OFFER_CHANGED without AnyOfferChangedNotification.SellerId and an ASIN of a new item',
      );
    return { event, notification: { kind: 'offers_changed', sellerId, competition, notificationId } };
  }
  if (detail.NotificationType === 'LISTINGS_ITEM_ISSUES_CHANGE') {
    const payload = detail.Payload as Partial<ListingsItemIssuesChangePayload>;
    if (typeof payload.SellerId !== 'string' || typeof payload.Sku !== 'string' || !payload.Sku)
      throw new AmazonNotificationError(400, 'LISTINGS_ITEM_ISSUES_CHANGE without SellerId and Sku');
    return {
      event,
      notification: { kind: 'issues_changed', sellerId: payload.SellerId, sku: payload.Sku, notificationId },
    };
  }
  if (detail.NotificationType === 'FBA_INVENTORY_AVAILABILITY_CHANGES') {
    const payload = detail.Payload as Partial<FbaInventoryAvailabilityChangePayload>;
    const stock =
      typeof payload.SellerId === 'string' && Array.isArray(payload.FulfillmentInventoryByMarketplace)
        ? marketplaceStockOfFbaNotification(payload as FbaInventoryAvailabilityChangePayload, defaultMarketplaceId)
        : undefined;
    if (!stock)
      throw new AmazonNotificationError(
        400,
        `FBA_INVENTORY_AVAILABILITY_CHANGES without SellerId, SKU and the inventory of marketplace ${defaultMarketplaceId}`,
      );
    return {
      event,
      notification: { kind: 'fba_stock_changed', sellerId: payload.SellerId!, stock, notificationId },
    };
  }
  throw new AmazonNotificationError(400, `Notification type ${detail.NotificationType} is not handled`);
}

/**
 * The order an ORDER_CHANGE event (as delivered, already verified) holds in full, without prices;
 * undefined for any other event, or one that cannot stand for the whole order.
 */
export function orderOfDeliveredEvent(body: unknown): MarketplaceOrder | undefined {
  if (!isObject(body) || !isObject(body.detail)) return undefined;
  const detail = body.detail as Partial<OrderChangeNotification>;
  const change = isObject(detail.Payload)
    ? (detail.Payload as Partial<OrderChangeNotification['Payload']>).OrderChangeNotification
    : undefined;
  if (
    detail.NotificationType !== 'ORDER_CHANGE' ||
    !isObject(change) ||
    typeof change.AmazonOrderId !== 'string' ||
    !isObject(change.Summary) ||
    !Array.isArray(change.Summary.OrderItems)
  )
    return undefined;
  return orderOfChangeNotification(change, String(detail.EventTime ?? body.time));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export interface NotificationSetup {
  /** The AWS account and region whose EventBridge receives the partner events. */
  accountId: string;
  region: string;
  destinationName?: string;
  notificationTypes?: readonly AmazonNotificationType[];
  /**
   * Sandbox only: where the sandbox's stand-in for the EventBridge API destination posts, and the
   * API key its connection adds (sent in a header, so it is never logged). Leave out in production,
   * where the rule, API destination and connection are configured in the AWS account.
   */
  sandboxApiDestination?: { url: string; apiKey: string };
}

/** Finds or creates the EventBridge destination, then subscribes it to each notification type (idempotent). */
export async function subscribeAmazonNotifications(
  client: AmazonClient,
  setup: NotificationSetup,
  signal?: AbortSignal,
): Promise<{ destinationId: string; subscriptions: Record<string, string> }> {
  const types = setup.notificationTypes ?? amazonNotificationTypes;
  const existing = (await client.getDestinations(signal)).find(
    (d) => d.resource.eventBridge?.accountId === setup.accountId && d.resource.eventBridge.region === setup.region,
  );
  const sandbox = setup.sandboxApiDestination;
  const destination =
    existing ??
    (await client.createDestination(
      {
        name: setup.destinationName ?? 'marketplace-hub',
        resourceSpecification: {
          eventBridge: {
            accountId: setup.accountId,
            region: setup.region,
            ...(sandbox ? { 'x-sandbox-api-destination-url': sandbox.url } : {}),
          },
        },
      },
      signal,
      sandbox ? { 'x-sandbox-api-destination-key': sandbox.apiKey } : undefined,
    ));
  const subscriptions: Record<string, string> = {};
  for (const type of types) {
    const current = await client.getSubscription(type, signal);
    if (current && current.destinationId === destination.destinationId) {
      subscriptions[type] = current.subscriptionId;
      continue;
    }
    const created = await client.createSubscription(
      type,
      { payloadVersion: '1.0', destinationId: destination.destinationId },
      signal,
    );
    subscriptions[type] = created.subscriptionId;
  }
  return { destinationId: destination.destinationId, subscriptions };
}

/** The AWS account and region the sandbox's EventBridge stands for. */
export const SANDBOX_EVENTBRIDGE = { accountId: '000000000000', region: 'us-east-1' } as const;

export const isAmazonNotificationType = (type: string): type is AmazonNotificationType =>
  (amazonNotificationTypes as readonly string[]).includes(type);

/** A delivery to a channel's endpoint: the EventBridge event, with the key our connection adds for this channel. */
function readAmazonDelivery({ headers, json }: WebhookDelivery, secrets: { deliveryKey: string }): WebhookReading {
  const body = json();
  if (body === undefined) return { ok: false, status: 400, message: 'The body is not JSON' };
  try {
    const { event, notification } = parseEventBridgeDelivery(headers, body, secrets.deliveryKey);
    const change: WebhookChange =
      notification.kind === 'quantity_changed'
        ? { kind: 'stock', sku: notification.sku, quantity: notification.quantity }
        : notification.kind === 'offers_changed'
          ? { kind: 'competition', competition: notification.competition }
          : notification.kind === 'issues_changed'
            ? { kind: 'listing_issues', sku: notification.sku }
            : notification.kind === 'fba_stock_changed'
              ? { kind: 'marketplace_stock', stock: notification.stock }
              : { kind: 'orders' };
    return { ok: true, topic: notification.kind, deliveryId: event.id, payload: body, change };
  } catch (error) {
    if (error instanceof AmazonNotificationError)
      return { ok: false, status: error.status === 401 ? 401 : 400, message: error.message };
    throw error;
  }
}

/**
 * Amazon's events: orders and the quantities of merchant-fulfilled listings for every channel. An
 * ORDER_CHANGE holds the order's lines without prices, which a later read adds.
 */
export const amazonEvents: MarketplaceEvents = {
  topics: { channel: amazonNotificationTypes, main: [] },
  readDelivery: readAmazonDelivery,
  orderInDelivery: (_topic, payload) => {
    const order = orderOfDeliveredEvent(payload);
    return order ? { order, pricesLater: true } : undefined;
  },
};
