/**
 * The Notifications API v1: EventBridge destinations (grantless), a seller's subscriptions, and the
 * notifications themselves (ORDER_CHANGE, LISTINGS_ITEM_MFN_QUANTITY_CHANGE, ANY_OFFER_CHANGED,
 * LISTINGS_ITEM_ISSUES_CHANGE), delivered as an
 * EventBridge API destination would (HTTPS POST of the partner event).
 *
 * Sandbox extensions (not Amazon's): `resourceSpecification.eventBridge['x-sandbox-api-destination-url']`
 * on createDestination, with the connection's API key in the `x-sandbox-api-destination-key` request header.
 */
import crypto from 'node:crypto';
import type { Request, Response, Router } from 'express';
import { authenticate } from './auth.ts';
import { errorList, invalidInput, send } from './errors.ts';
import { rateOf, throttled } from './limits.ts';
import {
  AMAZON_SANDBOX_MARKETPLACE_ID,
  isObject,
  fulfilledByAmazon,
  quantityOf,
  shippedUnits,
  type AmazonContext,
  type AmazonSandboxState,
  type DestinationRecord,
  type ItemRecord,
  type OrderRecord,
  type SellerRecord,
} from './state.ts';

/** The header the EventBridge connection (API-key authorization) adds to every delivery. */
export const EVENTBRIDGE_API_KEY_HEADER = 'x-hub-eventbridge-key';
export const SANDBOX_DESTINATION_URL_FIELD = 'x-sandbox-api-destination-url';
export const SANDBOX_DESTINATION_KEY_HEADER = 'x-sandbox-api-destination-key';
export const SUPPORTED_NOTIFICATION_TYPES = [
  'ORDER_CHANGE',
  'LISTINGS_ITEM_MFN_QUANTITY_CHANGE',
  'ANY_OFFER_CHANGED',
  'LISTINGS_ITEM_ISSUES_CHANGE',
  'FBA_INVENTORY_AVAILABILITY_CHANGES',
] as const;

export function notificationRoutes(router: Router, context: AmazonContext) {
  router.get('/notifications/v1/destinations', (req, res) => getDestinations(context, req, res));
  router.post('/notifications/v1/destinations', (req, res) => createDestination(context, req, res));
  router.get('/notifications/v1/subscriptions/:notificationType', (req, res) => getSubscription(context, req, res));
  router.post('/notifications/v1/subscriptions/:notificationType', (req, res) => createSubscription(context, req, res));
}

function destinationJson(d: DestinationRecord) {
  return {
    destinationId: d.destinationId,
    name: d.name,
    resource: {
      eventBridge: {
        name: `aws.partner/sellingpartnerapi.amazon.com/${d.accountId}/${d.applicationId}`,
        region: d.region,
        accountId: d.accountId,
      },
    },
  };
}

function getDestinations(context: AmazonContext, req: Request, res: Response) {
  const caller = authenticate(context.state(), req, res, 'grantless');
  if (!caller || throttled(context, res, caller.clientId, 'notifications')) return;
  const mine = Object.values(context.state().destinations).filter((d) => d.clientId === caller.clientId);
  send(res, 200, { payload: mine.map(destinationJson) }, rateOf(context, 'notifications', res));
}

function createDestination(context: AmazonContext, req: Request, res: Response) {
  const state = context.state();
  const caller = authenticate(state, req, res, 'grantless');
  if (!caller || throttled(context, res, caller.clientId, 'notifications')) return;
  const body = req.body as unknown;
  const spec = isObject(body) && isObject(body.resourceSpecification) ? body.resourceSpecification : undefined;
  if (!isObject(body) || typeof body.name !== 'string' || !body.name || body.name.length > 256 || !spec)
    return invalidInput(res, "The body needs a 'name' and a 'resourceSpecification'.");
  if (spec.sqs !== undefined)
    return invalidInput(
      res,
      'The sandbox delivers to EventBridge destinations only (resourceSpecification.eventBridge).',
    );
  const eventBridge = spec.eventBridge;
  if (
    !isObject(eventBridge) ||
    typeof eventBridge.accountId !== 'string' ||
    !/^\d{12}$/.test(eventBridge.accountId) ||
    typeof eventBridge.region !== 'string' ||
    !eventBridge.region
  ) {
    return invalidInput(res, "resourceSpecification.eventBridge needs 'accountId' (12 digits) and 'region'.");
  }
  const url = eventBridge[SANDBOX_DESTINATION_URL_FIELD];
  if (url !== undefined && (typeof url !== 'string' || !/^https?:\/\//.test(url)))
    return invalidInput(res, `${SANDBOX_DESTINATION_URL_FIELD} must be an http(s) URL.`);
  const taken = Object.values(state.destinations).some(
    (d) => d.clientId === caller.clientId && d.accountId === eventBridge.accountId,
  );
  if (taken)
    return send(
      res,
      409,
      errorList(
        'Conflict',
        `An EventBridge destination already exists for AWS account ${eventBridge.accountId}; only one is allowed per account.`,
      ),
    );
  const apiKey = req.get(SANDBOX_DESTINATION_KEY_HEADER);
  const destination: DestinationRecord = {
    destinationId: crypto.randomUUID(),
    clientId: caller.clientId,
    applicationId:
      Object.values(state.sellers).find((s) => s.clientId === caller.clientId)?.applicationId ?? caller.clientId,
    name: body.name,
    accountId: eventBridge.accountId,
    region: eventBridge.region,
    ...(typeof url === 'string' ? { url } : {}),
    ...(apiKey ? { apiKey } : {}),
  };
  state.destinations[destination.destinationId] = destination;
  context.changed();
  send(res, 200, { payload: destinationJson(destination) }, rateOf(context, 'notifications', res));
}

/** The path's notification type when the sandbox sends it; otherwise a 400 already answered. */
function notificationType(req: Request, res: Response): string | undefined {
  const type = String(req.params.notificationType);
  if (!(SUPPORTED_NOTIFICATION_TYPES as readonly string[]).includes(type)) {
    send(
      res,
      400,
      errorList(
        'InvalidInput',
        `The sandbox supports the notification types ${SUPPORTED_NOTIFICATION_TYPES.join(', ')}; ${type} is not one of them.`,
      ),
    );
    return undefined;
  }
  return type;
}

function getSubscription(context: AmazonContext, req: Request, res: Response) {
  const caller = authenticate(context.state(), req, res, 'seller');
  if (!caller || throttled(context, res, caller.seller!.sellerId, 'notifications')) return;
  const type = notificationType(req, res);
  if (!type) return;
  const subscription = caller.seller!.subscriptions[type];
  if (!subscription)
    return send(res, 404, errorList('NotFound', `No ${type} subscription exists for this seller and application.`));
  send(res, 200, { payload: subscription }, rateOf(context, 'notifications', res));
}

function createSubscription(context: AmazonContext, req: Request, res: Response) {
  const state = context.state();
  const caller = authenticate(state, req, res, 'seller');
  if (!caller || throttled(context, res, caller.seller!.sellerId, 'notifications')) return;
  const type = notificationType(req, res);
  if (!type) return;
  const body = req.body as unknown;
  if (!isObject(body) || typeof body.payloadVersion !== 'string' || typeof body.destinationId !== 'string')
    return invalidInput(res, "The body needs 'payloadVersion' and 'destinationId'.");
  if (body.payloadVersion !== '1.0')
    return invalidInput(res, `Payload version ${body.payloadVersion} is not supported for ${type}; use 1.0.`);
  const destination = state.destinations[body.destinationId];
  if (!destination || destination.clientId !== caller.clientId)
    return invalidInput(res, `Destination ${body.destinationId} does not exist for this application.`);
  const seller = caller.seller!;
  if (seller.subscriptions[type])
    return send(
      res,
      409,
      errorList('Conflict', `A ${type} subscription already exists for this seller and application.`),
    );
  const subscription = {
    subscriptionId: crypto.randomUUID(),
    payloadVersion: body.payloadVersion,
    destinationId: destination.destinationId,
  };
  seller.subscriptions[type] = subscription;
  context.changed(seller.sellerId);
  send(res, 200, { payload: subscription }, rateOf(context, 'notifications', res));
}

/** Sends a notification of this type to the seller's subscription's destination, if it has one. */
export function notify(
  state: AmazonSandboxState,
  context: AmazonContext,
  seller: SellerRecord,
  type: string,
  payload: unknown,
) {
  const subscription = seller.subscriptions[type];
  if (!subscription) return;
  const destination = state.destinations[subscription.destinationId];
  if (!destination?.url) return;
  const time = new Date();
  const notification = {
    NotificationVersion: '1.0',
    NotificationType: type,
    PayloadVersion: subscription.payloadVersion,
    EventTime: time.toISOString(),
    Payload: payload,
    NotificationMetadata: {
      ApplicationId: seller.applicationId,
      SubscriptionId: subscription.subscriptionId,
      PublishTime: time.toISOString(),
      NotificationId: crypto.randomUUID(),
    },
  };
  // As EventBridge hands the partner event to a rule target (the API destination).
  const event = {
    version: '0',
    id: crypto.randomUUID(),
    'detail-type': type,
    source: `aws.partner/sellingpartnerapi.amazon.com/${destination.accountId}/${seller.applicationId}`,
    account: destination.accountId,
    time: time.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region: destination.region,
    resources: [],
    detail: notification,
  };
  void context
    .deliver(
      destination.url,
      JSON.stringify(event),
      destination.apiKey ? { [EVENTBRIDGE_API_KEY_HEADER]: destination.apiKey } : {},
    )
    .catch(() => undefined);
}

export function notifyQuantity(
  state: AmazonSandboxState,
  context: AmazonContext,
  seller: SellerRecord,
  item: ItemRecord,
) {
  // An FBA offer's quantity is Amazon's: FBA_INVENTORY_AVAILABILITY_CHANGES tells it (fba.ts), not this.
  if (fulfilledByAmazon(item)) return;
  notify(state, context, seller, 'LISTINGS_ITEM_MFN_QUANTITY_CHANGE', {
    SellerId: seller.sellerId,
    FulfillmentChannelCode: 'DEFAULT',
    Sku: item.sku,
    Quantity: quantityOf(item),
  });
}

/** ORDER_CHANGE (OrderStatusChange) for the order's current status, as placing and cancelling it send. */
export function notifyOrderChange(
  state: AmazonSandboxState,
  context: AmazonContext,
  seller: SellerRecord,
  order: OrderRecord,
) {
  const open = order.OrderStatus !== 'Canceled';
  const shipped = order.items.reduce((n, i) => n + shippedUnits(order, i.OrderItemId), 0);
  const units = order.items.reduce((n, i) => n + i.QuantityOrdered, 0);
  notify(state, context, seller, 'ORDER_CHANGE', {
    OrderChangeNotification: {
      NotificationLevel: 'OrderLevel',
      SellerId: seller.sellerId,
      AmazonOrderId: order.AmazonOrderId,
      OrderChangeType: 'OrderStatusChange',
      OrderChangeTrigger: {
        TimeOfOrderChange: order.LastUpdateDate,
        ChangeReason: `Order status changed to ${order.OrderStatus}`,
      },
      Summary: {
        MarketplaceId: AMAZON_SANDBOX_MARKETPLACE_ID,
        OrderStatus: order.OrderStatus,
        PurchaseDate: order.PurchaseDate,
        DestinationPostalCode: order.buyer?.ShippingAddress.PostalCode ?? '98121',
        FulfillmentType: order.FulfillmentChannel ?? 'MFN',
        OrderType: 'StandardOrder',
        ...(order.LatestShipDate
          ? { EarliestShipDate: order.EarliestShipDate, LatestShipDate: order.LatestShipDate }
          : {}),
        NumberOfItemsShipped: shipped,
        NumberOfItemsUnshipped: open ? units - shipped : 0,
        // OrderItemStatus knows Unshipped and Shipped only: left out for a canceled order.
        OrderItems: order.items.map((i) => {
          const itemShipped = shippedUnits(order, i.OrderItemId);
          return {
            OrderItemId: i.OrderItemId,
            SellerSKU: i.SellerSKU,
            SupplySourceId: null,
            ...(open ? { OrderItemStatus: itemShipped >= i.QuantityOrdered ? 'Shipped' : 'Unshipped' } : {}),
            Quantity: i.QuantityOrdered,
            QuantityShipped: itemShipped,
          };
        }),
      },
    },
  });
}
