/**
 * Walmart's purchase orders (orders.json): read since a date or one by id, lines cancelled by the seller,
 * a PO acknowledged (shipping is in shipping.ts); and orders placed and cancelled on Walmart's side (the control API), with their events.
 */
import type { Request, Response, Router } from 'express';
import { SandboxControlError, timeAfter } from '../shared/sandbox-kit.ts';
import { authorise } from './auth.ts';
import { send } from './errors.ts';
import { throttled } from './limits.ts';
import { deliverEvent, poCreatedEvent, poLineCancelledEvent } from './notifications.ts';
import { hasShipped, openUnits, orderResponse } from './order-response.ts';
import { setWfsQuantity } from './wfs.ts';
import {
  digits,
  type WalmartContext,
  type WalmartSandboxOrder,
  type WalmartSandboxOrderLine,
  type WalmartSandboxSeller,
  type WalmartSandboxState,
} from './state.ts';

/** One line of a cancellation request, as received (unchecked). */
interface CancelLine {
  lineNumber?: unknown;
  orderLineStatuses?: {
    orderLineStatus?: Array<{ status?: unknown; cancellationReason?: unknown; statusQuantity?: { amount?: unknown } }>;
  };
}

export function orderRoutes(router: Router, context: WalmartContext) {
  router.get('/v3/orders', (req, res) => getOrders(context, req, res));
  // One purchase order (orders.json getAnOrder). The definition's schema names Order bare; its examples, as
  // Walmart answers, wrap it as { order } with epoch-millisecond dates, as the other order answers.
  router.get('/v3/orders/:purchaseOrderId', (req, res) => getOrder(context, req, res));
  // The seller cancels units of order lines (orders.json cancelOrderLines). Stock is not put back:
  // the seller sets inventory, as on Walmart.
  router.post('/v3/orders/:purchaseOrderId/cancel', (req, res) => cancelOrderLines(context, req, res));
  // The seller acknowledges a whole PO (orders.json acknowledgeOrders): every open line goes from
  // Created to Acknowledged, and the answer is the order (GetOrderResponse). Walmart's guide allows
  // acknowledging again (the same answer) and says not to acknowledge a PO shipped or cancelled, which
  // it refuses as invalid content. Throttled with the other order updates.
  router.post('/v3/orders/:purchaseOrderId/acknowledge', (req, res) => acknowledgeOrder(context, req, res));
}

function getOrders(context: WalmartContext, req: Request, res: Response) {
  const seller = authorise(context, req, res);
  if (!seller || throttled(context, res, seller.sellerId, 'orders.read')) return;
  const limit = req.query.limit === undefined ? 100 : Number(req.query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
    send(res, 400, 'INVALID_REQUEST_PARAM.GMP_ORDER_API', 'limit must be a whole number from 1 to 200', {
      field: 'limit',
    });
    return;
  }
  const dateParam = (name: string): number | undefined | null => {
    const value = req.query[name];
    if (value === undefined) return undefined;
    const ms = typeof value === 'string' ? Date.parse(value) : NaN;
    return Number.isFinite(ms) ? ms : null;
  };
  const modifiedFrom = dateParam('lastModifiedStartDate');
  const createdFrom = dateParam('createdStartDate');
  if (modifiedFrom === null || createdFrom === null) {
    send(res, 400, 'INVALID_REQUEST_PARAM.GMP_ORDER_API', 'Dates must be ISO 8601, e.g. 2020-03-16T10:30:15Z', {
      field: modifiedFrom === null ? 'lastModifiedStartDate' : 'createdStartDate',
    });
    return;
  }
  const poIndex = req.query.poIndex === undefined ? 0 : Number(req.query.poIndex);
  if (!Number.isInteger(poIndex) || poIndex < 0) {
    send(res, 400, 'INVALID_REQUEST_PARAM.GMP_ORDER_API', 'poIndex must come from meta.nextCursor', {
      field: 'poIndex',
    });
    return;
  }
  // Without dates Walmart answers the last 7 days (orders.json: createdStartDate defaults to now - 7 days).
  const from = modifiedFrom ?? createdFrom ?? Date.now() - 7 * 86_400_000;
  // orders.json shipNodeType: SellerFulfilled (the default), WFSFulfilled or 3PLFulfilled; one kind an answer.
  const shipNodeType = typeof req.query.shipNodeType === 'string' ? req.query.shipNodeType : 'SellerFulfilled';
  const matching = seller.orders
    .filter((o) => (o.shipNodeType ?? 'SellerFulfilled') === shipNodeType)
    .filter((o) => (modifiedFrom !== undefined ? o.lastModified >= from : o.orderDate >= from))
    .filter((o) => typeof req.query.sku !== 'string' || o.lines.some((l) => l.sku === req.query.sku))
    .sort((a, b) => a.lastModified - b.lastModified || a.purchaseOrderId.localeCompare(b.purchaseOrderId));
  const page = matching.slice(poIndex, poIndex + limit);
  const end = poIndex + page.length;
  const dateQuery =
    modifiedFrom !== undefined
      ? `&lastModifiedStartDate=${encodeURIComponent(String(req.query.lastModifiedStartDate))}`
      : createdFrom !== undefined
        ? `&createdStartDate=${encodeURIComponent(String(req.query.createdStartDate))}`
        : '';
  const nodeQuery =
    typeof req.query.shipNodeType === 'string' ? `&shipNodeType=${encodeURIComponent(req.query.shipNodeType)}` : '';
  res.json({
    list: {
      meta: {
        totalCount: matching.length,
        limit,
        ...(end < matching.length
          ? {
              nextCursor: `?limit=${limit}&hasMoreElements=true&soIndex=${matching.length}&poIndex=${end}${dateQuery}${nodeQuery}`,
            }
          : {}),
      },
      elements: { order: page.map((o) => orderResponse(seller, o)) },
    },
  });
}

function getOrder(context: WalmartContext, req: Request, res: Response) {
  const seller = authorise(context, req, res);
  if (!seller || throttled(context, res, seller.sellerId, 'orders.read')) return;
  const order = orderOfPath(seller, req, res);
  if (order) res.json({ order: orderResponse(seller, order) });
}

/** The seller's purchase order named in the path, or a 404 already sent. */
export function orderOfPath(
  seller: WalmartSandboxSeller,
  req: Request,
  res: Response,
): WalmartSandboxOrder | undefined {
  const order = seller.orders.find((o) => o.purchaseOrderId === req.params.purchaseOrderId);
  if (!order)
    send(res, 404, 'CONTENT_NOT_FOUND.GMP_ORDER_API', `Purchase order ${req.params.purchaseOrderId} not found`, {
      field: 'purchaseOrderId',
      category: 'DATA',
    });
  return order;
}

function cancelOrderLines(context: WalmartContext, req: Request, res: Response) {
  const seller = authorise(context, req, res);
  if (!seller || throttled(context, res, seller.sellerId, 'orders.update')) return;
  const order = orderOfPath(seller, req, res);
  if (!order) return;
  const lines = req.body?.orderCancellation?.orderLines?.orderLine;
  if (!Array.isArray(lines) || lines.length === 0) {
    send(
      res,
      400,
      'INVALID_REQUEST_CONTENT.GMP_ORDER_API',
      'orderCancellation.orderLines.orderLine must list the lines to cancel',
      { field: 'orderCancellation' },
    );
    return;
  }
  const changes = cancellations(order, lines as CancelLine[], res);
  if (!changes) return;
  const now = Date.now();
  for (const { line, units, reason } of changes) {
    line.cancelledQuantity += units;
    line.cancellationReason = reason;
    line.statusDate = now;
  }
  order.lastModified = now;
  context.changed(seller.sellerId);
  res.json({ order: orderResponse(seller, order) });
}

/** The cancellations a request asks for, each checked against its line; undefined when one is refused (400 sent). */
function cancellations(
  order: WalmartSandboxOrder,
  lines: CancelLine[],
  res: Response,
): Array<{ line: WalmartSandboxOrderLine; units: number; reason: string }> | undefined {
  const refuse = (description: string, field: string) =>
    void send(res, 400, 'INVALID_REQUEST_CONTENT.GMP_ORDER_API', description, { field });
  const changes: Array<{ line: WalmartSandboxOrderLine; units: number; reason: string }> = [];
  for (const requested of lines) {
    const line = order.lines.find((l) => l.lineNumber === requested?.lineNumber);
    const status = requested?.orderLineStatuses?.orderLineStatus?.[0];
    const units = Number(status?.statusQuantity?.amount);
    if (!line)
      return refuse(`No line ${requested?.lineNumber} in purchase order ${order.purchaseOrderId}`, 'lineNumber');
    // Shipped units stay shipped: only the open ones of a partly shipped line can be cancelled.
    if (openUnits(line) === 0 && hasShipped(line))
      return refuse(`Line ${line.lineNumber} has shipped and cannot be cancelled`, 'lineNumber');
    if (
      status?.status !== 'Cancelled' ||
      typeof status?.cancellationReason !== 'string' ||
      !Number.isInteger(units) ||
      units < 1 ||
      units > openUnits(line)
    ) {
      return refuse(
        `Line ${line.lineNumber}: status must be Cancelled with a cancellationReason and from 1 to ${openUnits(line)} units`,
        'orderLineStatus',
      );
    }
    changes.push({ line, units, reason: status.cancellationReason });
  }
  return changes;
}

function acknowledgeOrder(context: WalmartContext, req: Request, res: Response) {
  const seller = authorise(context, req, res);
  if (!seller || throttled(context, res, seller.sellerId, 'orders.update')) return;
  const order = orderOfPath(seller, req, res);
  if (!order) return;
  const open = order.lines.filter((l) => l.quantity > l.cancelledQuantity);
  const refusal = order.lines.some(hasShipped) ? 'has shipped lines' : open.length === 0 ? 'is cancelled' : undefined;
  if (refusal) {
    send(
      res,
      400,
      'INVALID_REQUEST_CONTENT.GMP_ORDER_API',
      `Purchase order ${order.purchaseOrderId} ${refusal} and cannot be acknowledged`,
      { field: 'purchaseOrderId', category: 'DATA' },
    );
    return;
  }
  const created = open.filter((l) => l.status === 'Created');
  if (created.length) {
    const now = timeAfter(order.lastModified);
    for (const line of created) {
      line.status = 'Acknowledged';
      line.statusDate = now;
    }
    order.lastModified = now;
    context.changed(seller.sellerId);
  }
  res.json({ order: orderResponse(seller, order) });
}

/** A buyer's order: a PO of Created lines, the units off the items' quantity, PO_CREATED sent. */
export function placeOrder(
  state: WalmartSandboxState,
  sellerId: string,
  lines: Array<{ sku: string; quantity: number }>,
  context: WalmartContext,
) {
  const seller = state.sellers[sellerId];
  if (!seller) throw new SandboxControlError(404, `No Walmart sandbox seller ${sellerId}`);
  const wanted = new Map<string, number>();
  for (const line of lines) wanted.set(line.sku, (wanted.get(line.sku) ?? 0) + line.quantity);
  for (const [sku, quantity] of wanted) {
    const item = seller.items[sku];
    if (!item) throw new SandboxControlError(404, `SKU ${sku} is not listed by seller ${sellerId}`);
    const available = item.wfs ? item.wfs.availToSell : item.quantity;
    if (available < quantity)
      throw new SandboxControlError(409, `Only ${available} of ${sku} available; ${quantity} ordered`);
  }
  // An order of WFS items is Walmart's to ship from its own stock; WFS and seller-fulfilled items are not mixed.
  const byWalmart = [...wanted.keys()].filter((sku) => seller.items[sku]!.wfs).length;
  if (byWalmart > 0 && byWalmart < wanted.size)
    throw new SandboxControlError(409, 'Order WFS and seller-fulfilled SKUs separately: each ships from its own node');
  const now = Date.now();
  const order: WalmartSandboxOrder = {
    purchaseOrderId: digits(13),
    customerOrderId: digits(13),
    orderDate: now,
    lastModified: now,
    sequence: seller.orders.length + 1,
    lines: lines.map((line, i) => {
      const item = seller.items[line.sku]!;
      if (item.wfs) setWfsQuantity(item, item.wfs.availToSell - line.quantity);
      else item.quantity -= line.quantity;
      return {
        lineNumber: String(i + 1),
        sku: line.sku,
        productName: item.productName,
        quantity: line.quantity,
        unitPrice: item.price,
        currency: item.currency,
        status: 'Created',
        cancelledQuantity: 0,
        statusDate: now,
      };
    }),
  };
  if (byWalmart > 0) order.shipNodeType = 'WFSFulfilled';
  seller.orders.push(order);
  context.changed(seller.sellerId);
  // PO_CREATED tells the seller of an order to ship; Walmart ships a WFS order itself.
  if (!order.shipNodeType) deliverEvent(context, seller, 'PO_CREATED', poCreatedEvent(seller, order));
  return orderResponse(seller, order);
}

/**
 * Walmart's side cancels the PO: every open unit cancelled and put back on sale (unlike the seller's
 * own cancelOrderLines, which leaves the stock for the seller to set), PO_LINE_AUTOCANCELLED sent.
 */
export function cancelOrder(state: WalmartSandboxState, sellerId: string, orderId: string, context: WalmartContext) {
  const seller = state.sellers[sellerId];
  if (!seller) throw new SandboxControlError(404, `No Walmart sandbox seller ${sellerId}`);
  const order = seller.orders.find((o) => o.purchaseOrderId === orderId);
  if (!order) throw new SandboxControlError(404, `No purchase order ${orderId} for seller ${sellerId}`);
  if (order.lines.some(hasShipped))
    throw new SandboxControlError(409, `Purchase order ${orderId} has shipped lines and cannot be cancelled`);
  const open = order.lines
    .map((line) => ({ line, units: line.quantity - line.cancelledQuantity }))
    .filter((l) => l.units > 0);
  if (open.length === 0) throw new SandboxControlError(409, `Purchase order ${orderId} is already cancelled`);
  const now = timeAfter(order.lastModified);
  for (const { line, units } of open) {
    line.cancelledQuantity += units;
    line.cancellationReason = 'CUSTOMER_REQUESTED_SELLER_TO_CANCEL';
    line.statusDate = now;
    // The units go back on sale.
    const item = seller.items[line.sku];
    if (item && order.shipNodeType === 'WFSFulfilled' && item.wfs) setWfsQuantity(item, item.wfs.availToSell + units);
    else if (item) item.quantity += units;
  }
  order.lastModified = now;
  context.changed(seller.sellerId);
  deliverEvent(context, seller, 'PO_LINE_AUTOCANCELLED', poLineCancelledEvent(seller, order, open));
  return orderResponse(seller, order);
}
