/**
 * The Fulfillment API's shipping fulfillments: createShippingFulfillment (one package of an order's
 * line items, with carrier and tracking), getShippingFulfillments and getShippingFulfillment, getOrder,
 * and the control API's view of an order with its fulfillments. Shipping moves the line and order
 * fulfillment statuses (NOT_STARTED, IN_PROGRESS, FULFILLED) and the order's lastModifiedDate.
 */
import type { Request, Response, Router } from 'express';
import { timeAfter } from '../shared/sandbox-kit.ts';
import { authorize, ebayScopes } from './auth.ts';
import { ebayCarrierCodes } from './carriers.ts';
import { DOMAIN_FULFILLMENT, error, fail, type EbayErrorDetail } from './errors.ts';
import { withShippingDetails } from './order-details.ts';
import type {
  EbayContext,
  EbayState,
  SandboxFulfillment,
  SandboxFulfillmentStatus,
  SandboxOrder,
  SandboxSeller,
} from './state.ts';

const FULFILLMENT = '/sell/fulfillment/v1';
/** The reads take either fulfillment scope (sell_fulfillment_v1 security). */
const readScopes = [ebayScopes.fulfillment, `${ebayScopes.fulfillment}.readonly`];
/** shippedDate's format in the definition: [YYYY]-[MM]-[DD]T[hh]:[mm]:[ss].[sss]Z. */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

export function shippingFulfillmentRoutes(router: Router, context: EbayContext) {
  const path = `${FULFILLMENT}/order/:orderId/shipping_fulfillment`;
  router.post(path, (req, res) => createShippingFulfillment(context, req, res));
  router.get(path, (req, res) => {
    const found = orderOfRequest(context, req, res, readScopes, 400);
    if (found) res.json({ fulfillments: found.fulfillments, total: found.fulfillments.length });
  });
  router.get(`${path}/:fulfillmentId`, (req, res) => {
    const found = orderOfRequest(context, req, res, readScopes, 404);
    if (!found) return;
    const fulfillment = found.fulfillments.find((f) => f.fulfillmentId === req.params.fulfillmentId);
    if (!fulfillment)
      return fail(
        res,
        404,
        error(32110, DOMAIN_FULFILLMENT, `Invalid shipping fulfillment ID: ${req.params.fulfillmentId}`),
      );
    res.json(fulfillment);
  });
  router.get(`${FULFILLMENT}/order/:orderId`, (req, res) => {
    const found = orderOfRequest(context, req, res, readScopes, 404);
    if (found) res.json(found.order);
  });
}

/** The seller's order named in the path, its details filled in, with its fulfillments; or an answered error. */
function orderOfRequest(
  context: EbayContext,
  req: Request,
  res: Response,
  scopes: string | readonly string[],
  unknownStatus: 400 | 404,
): { seller: SandboxSeller; order: SandboxOrder; fulfillments: SandboxFulfillment[] } | undefined {
  const grant = authorize(req, res, context, 'fulfillment', scopes, 'user');
  if (!grant) return undefined;
  const seller = context.state().sellers[grant.sellerId!]!;
  const order = seller.orders.find((o) => o.orderId === req.params.orderId);
  if (!order) {
    fail(res, unknownStatus, error(32100, DOMAIN_FULFILLMENT, `Invalid Order Id: ${req.params.orderId}`));
    return undefined;
  }
  if (withShippingDetails(order)) context.changed(seller.sellerId);
  return { seller, order, fulfillments: (seller.fulfillments ??= {})[order.orderId] ?? [] };
}

/** A createShippingFulfillment body, read and checked against the order. */
interface ShipmentRequest {
  lineItems: Array<{ lineItemId: string; quantity: number }>;
  carrier: string | undefined;
  tracking: string | undefined;
  shippedDate: string;
}

const invalidInput = (longMessage: string) => error(32600, DOMAIN_FULFILLMENT, 'Invalid input data', { longMessage });
const invalidTracking = (longMessage: string) =>
  error(32300, DOMAIN_FULFILLMENT, 'Invalid shipment tracking number or carrier', { longMessage });

/** The line items of the package: known to the order, each once, whole quantities (1 when left out). */
function readLineItems(lineItems: unknown, order: SandboxOrder): ShipmentRequest['lineItems'] | EbayErrorDetail {
  if (!Array.isArray(lineItems) || lineItems.length === 0)
    return invalidInput('lineItems must name at least one line item of the order.');
  const read: ShipmentRequest['lineItems'] = [];
  for (const entry of lineItems) {
    const { lineItemId, quantity = 1 } = (entry ?? {}) as Record<string, unknown>;
    if (typeof lineItemId !== 'string' || !order.lineItems.some((l) => l.lineItemId === lineItemId))
      return error(32200, DOMAIN_FULFILLMENT, `Invalid line item id: ${String(lineItemId)}`, {
        parameters: [{ name: 'lineItemId', value: String(lineItemId) }],
      });
    if (read.some((l) => l.lineItemId === lineItemId))
      return error(32210, DOMAIN_FULFILLMENT, 'Duplicate line item in the request');
    if (!Number.isInteger(quantity) || (quantity as number) < 1)
      return invalidInput(`The quantity of line item ${lineItemId} must be a whole number greater than zero.`);
    read.push({ lineItemId, quantity: quantity as number });
  }
  return read;
}

/** The body read, or eBay's error for its first problem. */
function readShipment(body: unknown, order: SandboxOrder, nowMs: number): ShipmentRequest | EbayErrorDetail {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return invalidInput('The request body must be a ShippingFulfillmentDetails object.');
  const { lineItems, shippingCarrierCode, trackingNumber, shippedDate } = body as Record<string, unknown>;
  const lines = readLineItems(lineItems, order);
  if (!Array.isArray(lines)) return lines;
  // The definition: "This field and the shippingCarrierCode field are mutually dependent."
  if ((shippingCarrierCode === undefined) !== (trackingNumber === undefined))
    return invalidTracking('shippingCarrierCode and trackingNumber go together: send both or neither.');
  if (shippingCarrierCode !== undefined) {
    if (typeof shippingCarrierCode !== 'string' || !ebayCarrierCodes.has(shippingCarrierCode))
      return invalidTracking(
        `${String(shippingCarrierCode)} is not an eBay shipping carrier code (see ShippingCarrierCodeType).`,
      );
    if (typeof trackingNumber !== 'string' || !/^[A-Za-z0-9]+$/.test(trackingNumber))
      return invalidTracking(
        'Only alphanumeric characters are supported for shipment tracking numbers: no spaces, hyphens or other characters.',
      );
  }
  let shippedMs = nowMs;
  if (shippedDate !== undefined) {
    shippedMs = typeof shippedDate === 'string' && ISO_UTC.test(shippedDate) ? Date.parse(shippedDate) : NaN;
    if (!Number.isFinite(shippedMs) || shippedMs > nowMs + 60_000)
      return error(32500, DOMAIN_FULFILLMENT, 'Invalid shipped date', {
        longMessage: 'shippedDate must be a past UTC time such as 2015-08-04T19:09:02.768Z.',
      });
  }
  return {
    lineItems: lines,
    carrier: shippingCarrierCode as string | undefined,
    tracking: trackingNumber as string | undefined,
    shippedDate: new Date(shippedMs).toISOString(),
  };
}

const shippedOf = (fulfillments: SandboxFulfillment[], lineItemId: string) =>
  fulfillments.flatMap((f) => f.lineItems).reduce((n, l) => n + (l.lineItemId === lineItemId ? l.quantity : 0), 0);

/** The line and order statuses as eBay reports them: none, some or all of the units shipped. */
function applyFulfilmentStatus(order: SandboxOrder, fulfillments: SandboxFulfillment[]): void {
  const statusOf = (shipped: number, of: number): SandboxFulfillmentStatus =>
    shipped >= of ? 'FULFILLED' : shipped > 0 ? 'IN_PROGRESS' : 'NOT_STARTED';
  for (const line of order.lineItems)
    line.lineItemFulfillmentStatus = statusOf(shippedOf(fulfillments, line.lineItemId), line.quantity);
  const statuses = new Set(order.lineItems.map((l) => l.lineItemFulfillmentStatus));
  order.orderFulfillmentStatus = statuses.size === 1 ? [...statuses][0]! : 'IN_PROGRESS';
}

/**
 * Why this package cannot be added to the order, or undefined. The same tracking number again is refused
 * (a fulfillment's id is its tracking number: "the resulting fulfillment's ID ... is the tracking
 * number"), so a package sent twice ships once.
 */
function refusal(order: SandboxOrder, fulfillments: SandboxFulfillment[], request: ShipmentRequest) {
  if (order.cancelStatus.cancelState === 'CANCELED')
    return invalidInput(`Order ${order.orderId} has been cancelled: it cannot be marked as shipped.`);
  const tracking = request.tracking?.toUpperCase();
  if (tracking && fulfillments.some((f) => f.shipmentTrackingNumber?.toUpperCase() === tracking))
    return error(34500, DOMAIN_FULFILLMENT, 'Please use PUT operation for updating shipping fulfillment', {
      longMessage: `Order ${order.orderId} already has a shipping fulfillment with tracking number ${request.tracking}.`,
    });
  for (const { lineItemId, quantity } of request.lineItems) {
    const line = order.lineItems.find((l) => l.lineItemId === lineItemId)!;
    const left = line.quantity - shippedOf(fulfillments, lineItemId);
    if (quantity > left)
      return invalidInput(
        `Line item ${lineItemId} has ${left} of ${line.quantity} units left to ship; ${quantity} given.`,
      );
  }
  return undefined;
}

function createShippingFulfillment(context: EbayContext, req: Request, res: Response) {
  const found = orderOfRequest(context, req, res, ebayScopes.fulfillment, 400);
  if (!found) return;
  const { seller, order } = found;
  const state = context.state();
  const request = readShipment(req.body, order, Date.now());
  if ('errorId' in request) return fail(res, 400, request);
  const fulfillments = (seller.fulfillments![order.orderId] ??= []);
  const refused = refusal(order, fulfillments, request);
  if (refused) return fail(res, 400, refused);
  // Without tracking, eBay makes up an id ("an arbitrary number such as 999").
  const fulfillmentId = request.tracking ?? String(++state.sequence);
  fulfillments.push({
    fulfillmentId,
    lineItems: request.lineItems,
    shippedDate: request.shippedDate,
    ...(request.carrier ? { shippingCarrierCode: request.carrier, shipmentTrackingNumber: request.tracking! } : {}),
  });
  applyFulfilmentStatus(order, fulfillments);
  const location = `${context.baseUrl}${FULFILLMENT}/order/${encodeURIComponent(order.orderId)}/shipping_fulfillment/${encodeURIComponent(fulfillmentId)}`;
  order.fulfillmentHrefs.push(location);
  order.lastModifiedDate = new Date(timeAfter(Date.parse(order.lastModifiedDate))).toISOString();
  context.changed(seller.sellerId);
  res.status(201).set('Location', location).json({});
}

/** The order as getOrder answers it, and its shipping fulfillments (control API); undefined when unknown. */
export function orderView(state: EbayState, sellerId: string, orderId: string) {
  const seller = state.sellers[sellerId] ?? Object.values(state.sellers).find((s) => s.username === sellerId);
  const order = seller?.orders.find((o) => o.orderId === orderId);
  if (!seller || !order) return undefined;
  withShippingDetails(order);
  return { order, fulfillments: seller.fulfillments?.[orderId] ?? [] };
}
