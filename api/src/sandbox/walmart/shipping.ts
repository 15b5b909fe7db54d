/**
 * Walmart's "Ship order lines" (orders.json shippingUpdates, POST /v3/orders/{purchaseOrderId}/shipping):
 * units of acknowledged lines marked Shipped with their trackingInfo, answered with the order
 * (GetOrderResponse). Walmart's guide (https://developer.walmart.com/us-marketplace/docs/ship-an-order)
 * says orders must be acknowledged before shipping and the carrier must be one of its supported names;
 * a line once shipped is not shipped again, so the same shipment sent twice (its tracking number on
 * the line already) is refused and ships nothing. Throttled with the other order updates.
 */
import type { Request, Response, Router } from 'express';
import { answerControl } from '../shared/control-answer.ts';
import { SandboxControlError, timeAfter } from '../shared/sandbox-kit.ts';
import { authorise } from './auth.ts';
import { walmartCarrierNames, walmartMethodCodes } from './carriers.ts';
import { send } from './errors.ts';
import { throttled } from './limits.ts';
import { openUnits, orderResponse } from './order-response.ts';
import { orderOfPath } from './orders.ts';
import type {
  WalmartContext,
  WalmartSandboxLineShipment,
  WalmartSandboxOrder,
  WalmartSandboxOrderLine,
  WalmartSandboxState,
} from './state.ts';

/** The request as received (unchecked), in orders.json's names: OrderShipment, ShippingLineType, ShipLineStatusType. */
interface ShipmentBody {
  processMode?: unknown;
  orderLines?: { orderLine?: unknown };
}
interface ShipLineBody {
  lineNumber?: unknown;
  orderLineStatuses?: { orderLineStatus?: unknown };
}
interface ShipStatusBody {
  status?: unknown;
  statusQuantity?: { unitOfMeasurement?: unknown; amount?: unknown };
  trackingInfo?: TrackingBody;
}
interface TrackingBody {
  shipDateTime?: unknown;
  carrierName?: { carrier?: unknown; otherCarrier?: unknown };
  methodCode?: unknown;
  trackingNumber?: unknown;
  trackingURL?: unknown;
}
type NewShipment = Omit<WalmartSandboxLineShipment, 'recordedAt'>;
/** Why a request is refused: Walmart's description and the field it names. */
type Refusal = { description: string; field: string };

export function shippingRoutes(router: Router, context: WalmartContext) {
  router.post('/v3/orders/:purchaseOrderId/shipping', (req, res) => shipOrderLines(context, req, res));
}

function shipOrderLines(context: WalmartContext, req: Request, res: Response) {
  const seller = authorise(context, req, res);
  if (!seller || throttled(context, res, seller.sellerId, 'orders.update')) return;
  const order = orderOfPath(seller, req, res);
  if (!order) return;
  const planned = plannedShipments(order, req.body?.orderShipment);
  if ('description' in planned) {
    send(res, 400, 'INVALID_REQUEST_CONTENT.GMP_ORDER_API', planned.description, {
      field: planned.field,
      category: 'DATA',
    });
    return;
  }
  const now = timeAfter(order.lastModified);
  for (const { line, shipment } of planned.shipments) {
    (line.shipments ??= []).push({ ...shipment, recordedAt: now });
    line.statusDate = now;
    if (openUnits(line) === 0) line.status = 'Shipped';
  }
  order.lastModified = now;
  context.changed(seller.sellerId);
  res.json({ order: orderResponse(seller, order) });
}

/** Every Shipped status of the request, checked against the order; the first refusal otherwise. */
function plannedShipments(
  order: WalmartSandboxOrder,
  orderShipment: ShipmentBody | undefined,
): { shipments: Array<{ line: WalmartSandboxOrderLine; shipment: NewShipment }> } | Refusal {
  if (orderShipment?.processMode !== undefined)
    return {
      description: 'processMode (updating tracking after shipping) is not supported by the sandbox',
      field: 'processMode',
    };
  const requested = orderShipment?.orderLines?.orderLine;
  if (!Array.isArray(requested) || requested.length === 0)
    return { description: 'orderShipment.orderLines.orderLine must list the lines to ship', field: 'orderLines' };
  const shipments: Array<{ line: WalmartSandboxOrderLine; shipment: NewShipment }> = [];
  for (const entry of requested as ShipLineBody[]) {
    const line = order.lines.find((l) => l.lineNumber === entry?.lineNumber);
    if (!line)
      return {
        description: `No line ${entry?.lineNumber} in purchase order ${order.purchaseOrderId}`,
        field: 'lineNumber',
      };
    const statuses = entry.orderLineStatuses?.orderLineStatus;
    if (!Array.isArray(statuses) || statuses.length === 0)
      return {
        description: `Line ${line.lineNumber}: orderLineStatuses.orderLineStatus is required`,
        field: 'orderLineStatus',
      };
    for (const status of statuses as ShipStatusBody[]) {
      const shipment = shipmentOfStatus(line, status);
      if ('description' in shipment) return shipment;
      shipments.push({ line, shipment });
    }
  }
  return refusalOfState(order, shipments) ?? { shipments };
}

/** One Shipped status as orders.json ShipLineStatusType and TrackingInfoType define it. */
function shipmentOfStatus(line: WalmartSandboxOrderLine, status: ShipStatusBody): NewShipment | Refusal {
  const at = `Line ${line.lineNumber}`;
  if (status?.status !== 'Shipped') return { description: `${at}: status must be Shipped`, field: 'status' };
  const { unitOfMeasurement, amount } = status.statusQuantity ?? {};
  const isAmount = typeof amount === 'string' && /^[1-9]\d*$/.test(amount);
  if ((unitOfMeasurement !== 'EACH' && unitOfMeasurement !== 'EA') || !isAmount)
    return {
      description: `${at}: statusQuantity needs unitOfMeasurement EACH and a whole amount of 1 or more, as a string`,
      field: 'statusQuantity',
    };
  const tracking = status.trackingInfo ?? {};
  const { shipDateTime, methodCode, trackingNumber } = tracking;
  if (typeof shipDateTime !== 'number' || !Number.isInteger(shipDateTime) || shipDateTime <= 0)
    return {
      description: `${at}: trackingInfo.shipDateTime must be the ship time in epoch milliseconds`,
      field: 'shipDateTime',
    };
  if (typeof methodCode !== 'string' || !walmartMethodCodes.includes(methodCode))
    return { description: `${at}: methodCode must be one of ${walmartMethodCodes.join(', ')}`, field: 'methodCode' };
  if (typeof trackingNumber !== 'string' || !trackingNumber.trim())
    return { description: `${at}: trackingInfo.trackingNumber is required`, field: 'trackingNumber' };
  const carrier = carrierOf(at, tracking);
  if ('description' in carrier) return carrier;
  return {
    units: Number(amount),
    shipDateTime,
    ...carrier,
    methodCode,
    trackingNumber: trackingNumber.trim(),
    ...(typeof tracking.trackingURL === 'string' && tracking.trackingURL ? { trackingURL: tracking.trackingURL } : {}),
  };
}

/** carrierName: one of Walmart's carrier names, or otherCarrier with a trackingURL. */
function carrierOf(at: string, tracking: TrackingBody): { carrier: string } | { otherCarrier: string } | Refusal {
  const { carrier, otherCarrier } = tracking.carrierName ?? {};
  if (carrier !== undefined) {
    if (typeof carrier === 'string' && walmartCarrierNames.includes(carrier)) return { carrier };
    return {
      description: `${at}: carrier ${JSON.stringify(carrier)} is not a supported carrier name; use otherCarrier with a trackingURL for another carrier`,
      field: 'carrierName',
    };
  }
  if (typeof otherCarrier === 'string' && otherCarrier.trim()) {
    if (typeof tracking.trackingURL !== 'string' || !tracking.trackingURL.trim())
      return { description: `${at}: trackingURL is required with otherCarrier`, field: 'trackingURL' };
    return { otherCarrier: otherCarrier.trim() };
  }
  return { description: `${at}: trackingInfo.carrierName needs carrier or otherCarrier`, field: 'carrierName' };
}

/** Whether the lines may ship these units now: acknowledged, not cancelled, not shipped with this tracking, enough left. */
function refusalOfState(
  order: WalmartSandboxOrder,
  shipments: Array<{ line: WalmartSandboxOrderLine; shipment: NewShipment }>,
): Refusal | undefined {
  const units = new Map<WalmartSandboxOrderLine, number>();
  for (const { line, shipment } of shipments) {
    const at = `Line ${line.lineNumber} of purchase order ${order.purchaseOrderId}`;
    if (line.cancelledQuantity >= line.quantity)
      return { description: `${at} is cancelled and cannot be shipped`, field: 'lineNumber' };
    if (line.status === 'Created')
      return {
        description: `${at} is not acknowledged: acknowledge the order before shipping it`,
        field: 'lineNumber',
      };
    if (line.shipments?.some((s) => s.trackingNumber === shipment.trackingNumber))
      return {
        description: `${at} has already shipped with tracking number ${shipment.trackingNumber}`,
        field: 'trackingNumber',
      };
    units.set(line, (units.get(line) ?? 0) + shipment.units);
  }
  for (const [line, wanted] of units) {
    if (wanted > openUnits(line))
      return {
        description: `Line ${line.lineNumber}: ${wanted} units to ship but ${openUnits(line)} remain unshipped`,
        field: 'statusQuantity',
      };
  }
  return undefined;
}

/**
 * The carrier delivers every shipment of the order not delivered yet: each line's units shipped are
 * reported Delivered (orders.json OrderLineStatusType) and the order's last modification moves, so a
 * read of recently changed orders finds it. 409 when nothing has shipped or all of it is delivered.
 */
export function deliverShipments(state: WalmartSandboxState, sellerId: string, orderId: string) {
  const seller = state.sellers[sellerId];
  if (!seller) throw new SandboxControlError(404, `No Walmart sandbox seller ${sellerId}`);
  const order = seller.orders.find((o) => o.purchaseOrderId === orderId);
  if (!order) throw new SandboxControlError(404, `No purchase order ${orderId} for seller ${sellerId}`);
  const travelling = order.lines.flatMap((line) =>
    (line.shipments ?? []).filter((s) => s.deliveredAt === undefined).map((shipment) => ({ line, shipment })),
  );
  if (travelling.length === 0)
    throw new SandboxControlError(409, `Purchase order ${orderId} has no shipment on its way to deliver`);
  const now = timeAfter(order.lastModified);
  for (const { line, shipment } of travelling) {
    shipment.deliveredAt = now;
    line.statusDate = now;
    if (openUnits(line) === 0 && (line.shipments ?? []).every((s) => s.deliveredAt !== undefined))
      line.status = 'Delivered';
  }
  order.lastModified = now;
  return orderResponse(seller, order);
}

/** The control API's deliveries: `POST sellers/{id}/orders/{purchaseOrderId}/deliver`, as the carrier's scan would. */
export function deliveryControlRoutes(router: Router, context: WalmartContext) {
  router.post('/sellers/:sellerId/orders/:orderId/deliver', (req, res) => {
    const { sellerId, orderId } = req.params as { sellerId: string; orderId: string };
    answerControl(
      res,
      200,
      () => context.changed(sellerId),
      () => deliverShipments(context.state(), sellerId, orderId),
    );
  });
}
