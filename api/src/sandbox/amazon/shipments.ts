/**
 * Orders API v0 confirmShipment (POST /orders/v0/orders/{orderId}/shipmentConfirmation, ordersV0.json):
 * one package of a merchant-fulfilled order, confirmed with its carrier and tracking; 204 with no body.
 * Packages may ship part of an order (PartiallyShipped until every unit has gone, then Shipped). The
 * same package sent again (its packageReferenceId, which names a package within its order) ships
 * nothing more. Refusals are 400 InvalidInput in Amazon's ErrorList, worded as Amazon words them where
 * its answers are known (quoted from sellers' reports in amzn/selling-partner-api-models and
 * jlevers/selling-partner-api issues).
 */
import type { Request, Response, Router } from 'express';
import { timeAfter } from '../shared/sandbox-kit.ts';
import { authenticate } from './auth.ts';
import { errorList, send, sendNoContent } from './errors.ts';
import { rateOf, throttled } from './limits.ts';
import { notifyOrderChange } from './notifications.ts';
import { orderItemsJson, orderJson } from './orders.ts';
import {
  AMAZON_SANDBOX_MARKETPLACE_ID,
  isObject,
  nowIso,
  shippedUnits,
  type AmazonContext,
  type AmazonSandboxState,
  type OrderRecord,
  type PackageRecord,
} from './state.ts';

/**
 * The CarrierCode values Seller Central lists for shipment confirmation ("carrier-code (CarrierCode field in
 * API)", https://sellercentral.amazon.com/gp/help/external/G641), kept here apart from the adapter's own
 * list. "Other" needs carrierName.
 */
export const ACCEPTED_CARRIER_CODES = new Set([
  'Blue Package',
  'USPS',
  'UPS',
  'UPSMI',
  'FedEx',
  'DHL',
  'DHL Global Mail',
  'Fastway',
  'UPS Mail Innovations',
  'Lasership',
  'Royal Mail',
  'FedEx SmartPost',
  'OSM',
  'OnTrac',
  'Streamlite',
  'Newgistics',
  'Canada Post',
  'City Link',
  'GLS',
  'GO!',
  'Hermes Logistik Gruppe',
  'Parcelforce',
  'TNT',
  'Target',
  'SagawaExpress',
  'NipponExpress',
  'YamatoTransport',
  'Ninjavan',
  'Qxpress',
  'Singapore Post',
  '4PX',
  'Yanwen',
  'Aramex',
  'China Post',
  'DHL eCommerce',
  'SF Express',
  'Other',
]);

export function shipmentRoutes(router: Router, context: AmazonContext) {
  router.post('/orders/v0/orders/:orderId/shipmentConfirmation', (req, res) => confirmShipment(context, req, res));
}

/** Amazon's words for a field of the wrong type. */
const invalidType = (field: string) =>
  `The input you have submitted is not valid. Please check the fields with invalid type [${field}].`;

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

type NewPackage = Omit<PackageRecord, 'confirmedAt'>;

/** The package's order items, or why they are refused. Lines naming the same item are added together. */
function parseOrderItems(value: unknown): NewPackage['orderItems'] | string {
  if (!Array.isArray(value) || value.length === 0) return invalidType('packageDetail.orderItems');
  const units = new Map<string, number>();
  for (const [index, item] of value.entries()) {
    if (!isObject(item) || typeof item.orderItemId !== 'string' || item.orderItemId === '')
      return invalidType(`packageDetail.orderItems[${index}].orderItemId`);
    if (!Number.isInteger(item.quantity) || (item.quantity as number) < 1)
      return invalidType(`packageDetail.orderItems[${index}].quantity`);
    units.set(item.orderItemId, (units.get(item.orderItemId) ?? 0) + (item.quantity as number));
  }
  return [...units].map(([orderItemId, quantity]) => ({ orderItemId, quantity }));
}

/** The carrier fields, or why they are refused. */
function carrierProblem(detail: Record<string, unknown>): string | undefined {
  for (const field of ['carrierName', 'shippingMethod', 'shipFromSupplySourceId'])
    if (detail[field] !== undefined && typeof detail[field] !== 'string') return invalidType(`packageDetail.${field}`);
  const code = detail.carrierCode;
  if (typeof code !== 'string' || code.trim() === '') return 'CarrierCode is required for shipment confirmation.';
  if (!ACCEPTED_CARRIER_CODES.has(code))
    return `CarrierCode ${code} is invalid. Use a carrier code listed in Seller Central, or Other with the carrier's name in CarrierName.`;
  if (code === 'Other' && !(typeof detail.carrierName === 'string' && detail.carrierName.trim()))
    return 'CarrierName is required when CarrierCode is Other.';
  return undefined;
}

/** The ConfirmShipmentRequest's package, or Amazon's reason to refuse the body. */
function parsePackage(body: unknown): NewPackage | string {
  if (!isObject(body)) return invalidType('payload');
  if (typeof body.marketplaceId !== 'string') return invalidType('marketplaceId');
  if (body.marketplaceId !== AMAZON_SANDBOX_MARKETPLACE_ID)
    return `Invalid MarketplaceId ${body.marketplaceId}: the order was placed in ${AMAZON_SANDBOX_MARKETPLACE_ID}.`;
  const detail = body.packageDetail;
  if (!isObject(detail)) return invalidType('packageDetail');
  if (typeof detail.packageReferenceId !== 'string') return invalidType('packageDetail.packageReferenceId');
  if (!/^[1-9]\d*$/.test(detail.packageReferenceId))
    return 'PackageReferenceId: is invalid, must be a positive numeric value.';
  const carrier = carrierProblem(detail);
  if (carrier) return carrier;
  if (typeof detail.trackingNumber !== 'string' || detail.trackingNumber.trim() === '')
    return invalidType('packageDetail.trackingNumber');
  const shipDate = detail.shipDate;
  if (typeof shipDate !== 'string' || !ISO_DATE_TIME.test(shipDate) || !Number.isFinite(Date.parse(shipDate)))
    return invalidType('packageDetail.shipDate');
  const orderItems = parseOrderItems(detail.orderItems);
  if (typeof orderItems === 'string') return orderItems;
  return {
    packageReferenceId: detail.packageReferenceId,
    carrierCode: detail.carrierCode as string,
    ...(typeof detail.carrierName === 'string' ? { carrierName: detail.carrierName } : {}),
    ...(typeof detail.shippingMethod === 'string' ? { shippingMethod: detail.shippingMethod } : {}),
    trackingNumber: detail.trackingNumber,
    shipDate: new Date(shipDate).toISOString(),
    orderItems,
  };
}

/** Why the order cannot ship this package: canceled, an item it does not have, more units than remain. */
function orderProblem(order: OrderRecord, pkg: NewPackage): string | undefined {
  if (order.OrderStatus === 'Canceled')
    return `Order ${order.AmazonOrderId} is canceled; a canceled order cannot be confirmed as shipped.`;
  for (const { orderItemId, quantity } of pkg.orderItems) {
    const item = order.items.find((i) => i.OrderItemId === orderItemId);
    if (!item)
      return `OrderItemId ${orderItemId} is invalid, please obtain the value through the getOrderItems API or Manage Orders page`;
    const unshipped = item.QuantityOrdered - shippedUnits(order, orderItemId);
    if (quantity > unshipped)
      return `Quantity ${quantity} for OrderItemId ${orderItemId} exceeds the ${unshipped} unshipped unit(s) of the item.`;
  }
  return undefined;
}

const sameItems = (a: NewPackage['orderItems'], b: NewPackage['orderItems']) =>
  a.length === b.length && a.every((x) => b.some((y) => y.orderItemId === x.orderItemId && y.quantity === x.quantity));

function confirmShipment(context: AmazonContext, req: Request<{ orderId: string }>, res: Response) {
  const state = context.state();
  const caller = authenticate(state, req, res, 'seller');
  if (!caller || throttled(context, res, caller.seller!.sellerId, 'confirmShipment')) return;
  const seller = caller.seller!;
  const refuse = (message: string) => send(res, 400, errorList('InvalidInput', message));
  const order = seller.orders[req.params.orderId];
  if (!order) return send(res, 404, errorList('NotFound', `Order ${req.params.orderId} was not found`));
  const pkg = parsePackage(req.body);
  if (typeof pkg === 'string') return refuse(pkg);
  const rate = rateOf(context, 'confirmShipment', res);
  const earlier = order.packages?.find((p) => p.packageReferenceId === pkg.packageReferenceId);
  if (earlier) {
    // The same package again ships nothing more; another package under its reference is refused.
    if (sameItems(earlier.orderItems, pkg.orderItems)) return sendNoContent(res, rate);
    return refuse(
      `PackageReferenceId ${pkg.packageReferenceId} already names another package of order ${order.AmazonOrderId}.`,
    );
  }
  const problem = orderProblem(order, pkg);
  if (problem) return refuse(problem);

  (order.packages ??= []).push({ ...pkg, confirmedAt: nowIso() });
  const allShipped = order.items.every((i) => shippedUnits(order, i.OrderItemId) >= i.QuantityOrdered);
  order.OrderStatus = allShipped ? 'Shipped' : 'PartiallyShipped';
  order.LastUpdateDate = new Date(timeAfter(Date.parse(order.LastUpdateDate))).toISOString();
  context.changed(seller.sellerId);
  notifyOrderChange(state, context, seller, order);
  sendNoContent(res, rate);
}

/** The order as Amazon holds it (getOrder's Order and getOrderItems' items) with its confirmed packages. */
export function orderView(state: AmazonSandboxState, sellerId: string, orderId: string) {
  const order = state.sellers[sellerId]?.orders[orderId];
  if (!order) return undefined;
  return { ...orderJson(order), OrderItems: orderItemsJson(order), packages: order.packages ?? [] };
}
