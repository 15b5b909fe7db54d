/**
 * Walmart's webhooks (notifications.json): a seller's event subscriptions, and the events the sandbox
 * sends to them (PO_CREATED, PO_LINE_AUTOCANCELLED), HMAC-signed where the subscription asks.
 */
import crypto from 'node:crypto';
import type { Request, Response, Router } from 'express';
import { authorise } from './auth.ts';
import { deliverByOf, shipByOf } from './buyers.ts';
import { send } from './errors.ts';
import { throttled } from './limits.ts';
import type {
  WalmartContext,
  WalmartSandboxOrder,
  WalmartSandboxOrderLine,
  WalmartSandboxSeller,
  WalmartSandboxSubscription,
} from './state.ts';

const EVENT_TYPES = ['PO_CREATED', 'PO_LINE_AUTOCANCELLED', 'OFFER_UNPUBLISHED', 'BUY_BOX_CHANGED', 'REPORT_STATUS'];

export function notificationRoutes(router: Router, context: WalmartContext) {
  router.get('/v3/webhooks/subscriptions', (req, res) => getSubscriptions(context, req, res));
  router.post('/v3/webhooks/subscriptions', (req, res) => createSubscriptions(context, req, res));
  router.delete('/v3/webhooks/subscriptions/:subscriptionId', (req, res) => deleteSubscription(context, req, res));
}

function getSubscriptions(context: WalmartContext, req: Request, res: Response) {
  const seller = authorise(context, req, res);
  if (!seller || throttled(context, res, seller.sellerId, 'webhooks')) return;
  res.json({ events: seller.subscriptions.map((s) => subscriptionResponse(seller, s)) });
}

function createSubscriptions(context: WalmartContext, req: Request, res: Response) {
  const seller = authorise(context, req, res);
  const events = req.body?.events;
  // Never keep the HMAC secret in the request log.
  const received = req.body;
  req.body = redactSubscriptionBody(received);
  if (!seller || throttled(context, res, seller.sellerId, 'webhooks')) return;
  if (!Array.isArray(events) || events.length === 0) {
    send(res, 400, 'INVALID_REQUEST_CONTENT.GMP_WEBHOOK_API', 'events must be a non-empty list', {
      field: 'events',
    });
    return;
  }
  const created: WalmartSandboxSubscription[] = [];
  for (const [i, event] of events.entries()) {
    const subscription = subscriptionOf(event, i, res);
    if (!subscription) return;
    created.push(subscription);
  }
  seller.subscriptions.push(...created);
  context.changed(seller.sellerId);
  res.json({ events: created.map((s) => subscriptionResponse(seller, s)) });
}

/** One event of a subscription request, as received (unchecked). */
interface SubscriptionEvent {
  eventType?: unknown;
  eventVersion?: unknown;
  resourceName?: unknown;
  eventUrl?: unknown;
  status?: unknown;
  authDetails?: { authMethod?: unknown; clientSecret?: unknown; authHeaderName?: unknown };
}
const requiredFields = ['eventType', 'eventVersion', 'resourceName', 'eventUrl', 'status'] as const;

/** One event of a subscription request, checked; undefined when it is refused (400 sent). */
function subscriptionOf(
  event: SubscriptionEvent | undefined,
  i: number,
  res: Response,
): WalmartSandboxSubscription | undefined {
  const refuse = (description: string, field: string) =>
    void send(res, 400, 'INVALID_REQUEST_CONTENT.GMP_WEBHOOK_API', description, { field });
  for (const field of requiredFields) {
    const value = event?.[field];
    if (typeof value !== 'string' || !value) return refuse(`events[${i}].${field} is required`, field);
  }
  const { eventType, eventVersion, resourceName, eventUrl, status } = event as Record<
    (typeof requiredFields)[number],
    string
  >;
  if (!EVENT_TYPES.includes(eventType)) return refuse(`Unknown eventType ${eventType}`, 'eventType');
  let url: URL | undefined;
  try {
    url = new URL(eventUrl);
  } catch {
    url = undefined;
  }
  if (!url || !['http:', 'https:'].includes(url.protocol))
    return refuse('eventUrl must be an absolute https URL', 'eventUrl');
  const auth = event!.authDetails;
  if (
    auth?.authMethod === 'HMAC' &&
    (typeof auth.clientSecret !== 'string' ||
      !auth.clientSecret ||
      typeof auth.authHeaderName !== 'string' ||
      !auth.authHeaderName)
  ) {
    return refuse('HMAC authDetails need clientSecret and authHeaderName', 'authDetails');
  }
  return {
    subscriptionId: crypto.randomUUID(),
    eventType,
    eventVersion,
    resourceName,
    eventUrl,
    status,
    ...(auth?.authMethod ? { authMethod: String(auth.authMethod) } : {}),
    ...(auth?.authHeaderName ? { authHeaderName: String(auth.authHeaderName) } : {}),
    ...(auth?.authMethod === 'HMAC' ? { hmacSecret: String(auth.clientSecret) } : {}),
  };
}

function deleteSubscription(context: WalmartContext, req: Request, res: Response) {
  const seller = authorise(context, req, res);
  if (!seller || throttled(context, res, seller.sellerId, 'webhooks')) return;
  const index = seller.subscriptions.findIndex((s) => s.subscriptionId === req.params.subscriptionId);
  if (index < 0) {
    send(res, 404, 'CONTENT_NOT_FOUND.GMP_WEBHOOK_API', `Subscription ${req.params.subscriptionId} not found`, {
      field: 'subscriptionId',
      category: 'DATA',
    });
    return;
  }
  seller.subscriptions.splice(index, 1);
  context.changed(seller.sellerId);
  res.json({ subscriptionId: req.params.subscriptionId, message: 'Subscription deleted successfully' });
}

/** The PO_CREATED event as Walmart's event page describes it: `{ source, payload }`. */
export function poCreatedEvent(seller: WalmartSandboxSeller, order: WalmartSandboxOrder) {
  return {
    source: {
      eventType: 'PO_CREATED',
      eventTime: new Date(order.orderDate).toISOString(),
      eventId: crypto.randomUUID(),
    },
    payload: {
      partnerId: seller.sellerId,
      purchaseOrderId: order.purchaseOrderId,
      customerOrderId: order.customerOrderId,
      orderDate: new Date(order.orderDate).toISOString(),
      estimatedDeliveryDate: new Date(deliverByOf(order.orderDate)).toISOString(),
      estimatedShipDate: new Date(shipByOf(order.orderDate)).toISOString(),
      orderLines: order.lines.map((line) => ({
        lineNumber: line.lineNumber,
        sku: line.sku,
        productName: line.productName,
        quantity: { unitOfMeasure: 'EACH', measurementValue: line.quantity },
        orderLineStatus: line.status,
        charges: [
          {
            chargeType: 'PRODUCT',
            chargeName: 'ItemPrice',
            chargeAmount: { currency: line.currency, amount: Number(line.unitPrice) },
          },
        ],
      })),
    },
  };
}

/**
 * PO_LINE_AUTOCANCELLED as Walmart's event page describes it: the PO with the lines just cancelled
 * (quantities as numeric strings, status CANCELLED). It is the one line-cancellation event of the
 * notifications definition, so the sandbox sends it for a cancellation made on Walmart's side (the
 * control API's cancel); the seller's own cancelOrderLines sends nothing, as on Walmart.
 */
export function poLineCancelledEvent(
  seller: WalmartSandboxSeller,
  order: WalmartSandboxOrder,
  lines: Array<{ line: WalmartSandboxOrderLine; units: number }>,
) {
  return {
    source: {
      eventType: 'PO_LINE_AUTOCANCELLED',
      eventTime: new Date(order.lastModified).toISOString(),
      eventId: crypto.randomUUID(),
    },
    payload: {
      partnerId: seller.sellerId,
      purchaseOrderId: order.purchaseOrderId,
      customerOrderId: order.customerOrderId,
      orderDate: new Date(order.orderDate).toISOString(),
      estimatedDeliveryDate: new Date(deliverByOf(order.orderDate)).toISOString(),
      estimatedShipDate: new Date(shipByOf(order.orderDate)).toISOString(),
      orderLines: lines.map(({ line, units }) => ({
        lineNumber: line.lineNumber,
        sku: line.sku,
        productName: line.productName,
        quantity: { unitOfMeasure: 'EACH', measurementValue: String(units) },
        status: 'CANCELLED',
        statusDate: new Date(line.statusDate).toISOString(),
        shippingProgramType: 'THREE_DAY',
        shippingMethod: 'Standard',
        cancellationReason: line.cancellationReason,
      })),
    },
  };
}

/** Posts an event to the seller's active subscriptions of its type, HMAC-signed where the subscription asks. */
export function deliverEvent(context: WalmartContext, seller: WalmartSandboxSeller, eventType: string, event: unknown) {
  for (const subscription of seller.subscriptions) {
    if (subscription.eventType !== eventType || subscription.status !== 'ACTIVE') continue;
    const body = JSON.stringify(event);
    const headers: Record<string, string> = {};
    if (subscription.authMethod === 'HMAC' && subscription.hmacSecret && subscription.authHeaderName) {
      headers[subscription.authHeaderName] = signWalmartPayload(body, subscription.hmacSecret);
    }
    void context.deliver(subscription.eventUrl, body, headers);
  }
}

/** Walmart signs HMAC deliveries with HMAC-SHA256 of the complete payload (base64; the encoding is not published). */
export function signWalmartPayload(body: string, secret: string): string {
  return crypto.createHmac('sha256', secret).update(body).digest('base64');
}

function redactSubscriptionBody(body: unknown): unknown {
  return JSON.parse(
    JSON.stringify(body ?? null, (key, value) => (/secret|password/i.test(key) ? '[redacted]' : value)),
  );
}

function subscriptionResponse(seller: WalmartSandboxSeller, s: WalmartSandboxSubscription) {
  return {
    eventType: s.eventType,
    subscriptionId: s.subscriptionId,
    partnerId: seller.sellerId,
    eventVersion: s.eventVersion,
    resourceName: s.resourceName,
    eventUrl: s.eventUrl,
    status: s.status,
    ...(s.authMethod
      ? { authDetails: { authMethod: s.authMethod, ...(s.authHeaderName ? { authHeaderName: s.authHeaderName } : {}) } }
      : {}),
  };
}
