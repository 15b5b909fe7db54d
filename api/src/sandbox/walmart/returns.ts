/**
 * Buyers' returns, held per seller: read by the seller (returns.json getReturns, GET /v3/returns, paged
 * by meta.nextCursor), requested as a buyer and received at the return centre through the control API.
 *
 * What Walmart's data says of a return: each line's status (INITIATED, then DELIVERED once it reached
 * the return centre) with its returnTrackingDetail events (RETURN_INITIATED, DELIVERED_AT_RETURN_CENTER;
 * https://developer.walmart.com/global-marketplace/docs/returns-and-refunds-api-overview). The data names
 * no disposition: a return received without its item going back to stock is recorded as one whose item
 * Walmart does not expect back to the seller's stock (isKeepIt true, returnExpectedFlag false).
 */
import type { Request, Response, Router } from 'express';
import { returnControlRoutes as sharedReturnControlRoutes } from '../shared/return-control.ts';
import { SandboxControlError, timeAfter } from '../shared/sandbox-kit.ts';
import { authorise } from './auth.ts';
import { send } from './errors.ts';
import { throttled } from './limits.ts';
import { shippedUnits } from './order-response.ts';
import { digits, type WalmartContext, type WalmartSandboxReturn, type WalmartSandboxState } from './state.ts';

/** ReturnOrderLine.returnReason's codes (returns.json). */
export const walmartReturnReasons = [
  'ARRIVED_LATE',
  'AUTO_RETURN',
  'BOUGHT_ANOTHER_SIZE_OR_COLOR',
  'BOUGHT_SOMEWHERE_ELSE',
  'DAMAGED',
  'DEFECTIVE',
  'DUPLICATE_ITEM',
  'INADEQUATE_QUALITY',
  'INCORRECT_ITEM',
  'LOST_AFTER_DELIVERY',
  'LOST_IN_TRANSIT',
  'LOWER_PRICE',
  'MISSING_PARTS',
  'NOT_AS_DESCRIBED',
  'NO_LONGER_WANTED',
  'RETURN_TO_SENDER',
  'SHIPPING_BOX_DAMAGED',
  'TRIED_TO_CANCEL',
  'WRONG_SIZE/POOR_FIT',
] as const;

const iso = (ms: number) => new Date(ms).toISOString();
const money = (cents: number, currency: string) => ({ currencyAmount: cents / 100, currencyUnit: currency });
const each = (units: number) => ({ unitOfMeasure: 'EACH', measurementValue: units });

/** A return as returns.json ReturnOrder holds it. */
export function returnOrderResponse(ret: WalmartSandboxReturn) {
  const cents = (line: WalmartSandboxReturn['lines'][number]) =>
    Math.round(Number(line.unitPrice) * 100) * line.quantity;
  const currency = ret.lines[0]?.currency ?? 'USD';
  const received = ret.status === 'DELIVERED';
  const keptOut = received && ret.restock === false;
  return {
    returnOrderId: ret.returnOrderId,
    customerEmailId: `${ret.customerOrderId}@relay.walmart.com`,
    customerOrderId: ret.customerOrderId,
    returnType: 'REFUND',
    refundMode: 'POST_DELIVERY',
    returnOrderDate: iso(ret.createdAt),
    returnByDate: iso(ret.createdAt + 30 * 86_400_000),
    totalRefundAmount: money(
      ret.lines.reduce((sum, line) => sum + cents(line), 0),
      currency,
    ),
    returnLineGroups: [
      {
        groupNo: 1,
        returnLines: ret.lines.map((_, i) => ({ returnOrderLineNumber: i + 1 })),
        returnExpectedFlag: !keptOut,
      },
    ],
    returnOrderLines: ret.lines.map((line, i) => ({
      returnOrderLineNumber: i + 1,
      salesOrderLineNumber: Number(line.lineNumber),
      returnReason: ret.returnReason,
      purchaseOrderId: ret.purchaseOrderId,
      purchaseOrderLineNumber: Number(line.lineNumber),
      item: { sku: line.sku, productName: line.productName },
      unitPrice: money(Math.round(Number(line.unitPrice) * 100), line.currency),
      chargeTotals: [
        { name: 'lineUnitPrice', value: money(Math.round(Number(line.unitPrice) * 100), line.currency) },
        { name: 'lineTotal', value: money(cents(line), line.currency) },
      ],
      quantity: each(line.quantity),
      returnExpectedFlag: !keptOut,
      isKeepIt: keptOut,
      refundedQty: 0,
      returnTrackingDetail: ret.events.map((event, sequenceNo) => ({
        sequenceNo,
        eventTag: event.eventTag,
        eventDescription: event.eventDescription,
        eventTime: iso(event.eventTime),
      })),
      status: ret.status,
      statusTime: iso(ret.lastModified),
      currentDeliveryStatus: received ? 'DELIVERED' : 'NOT_SHIPPED',
      currentRefundStatus: 'REFUND_NOT_INITIATED',
      currentTrackingStatuses: [
        { status: ret.status, statusTime: iso(ret.lastModified), quantity: each(line.quantity) },
      ],
    })),
  };
}

export function returnRoutes(router: Router, context: WalmartContext) {
  router.get('/v3/returns', (req, res) => getReturns(context, req, res));
}

function getReturns(context: WalmartContext, req: Request, res: Response) {
  const seller = authorise(context, req, res);
  if (!seller || throttled(context, res, seller.sellerId, 'returns.read')) return;
  const refuse = (description: string, field: string) =>
    void send(res, 400, 'INVALID_REQUEST_PARAM.GMP_RETURNS_API', description, { field });
  const limit = req.query.limit === undefined ? 10 : Number(req.query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 200)
    return refuse('limit must be a whole number from 1 to 200', 'limit');
  const offset = req.query.offset === undefined ? 0 : Number(req.query.offset);
  if (!Number.isInteger(offset) || offset < 0) return refuse('offset must come from meta.nextCursor', 'offset');
  const dates: Record<string, number | undefined> = {};
  for (const name of [
    'returnLastModifiedStartDate',
    'returnLastModifiedEndDate',
    'returnCreationStartDate',
    'returnCreationEndDate',
  ]) {
    const value = req.query[name];
    if (value === undefined) continue;
    const ms = typeof value === 'string' ? Date.parse(value) : NaN;
    if (!Number.isFinite(ms)) return refuse('Dates must be ISO 8601, e.g. 2016-08-16T10:30:15Z', name);
    dates[name] = ms;
  }
  const within = (ms: number, from: number | undefined, to: number | undefined) =>
    (from === undefined || ms >= from) && (to === undefined || ms <= to);
  const matching = (seller.returns ?? [])
    .filter((r) => within(r.lastModified, dates.returnLastModifiedStartDate, dates.returnLastModifiedEndDate))
    .filter((r) => within(r.createdAt, dates.returnCreationStartDate, dates.returnCreationEndDate))
    .filter((r) => typeof req.query.returnOrderId !== 'string' || r.returnOrderId === req.query.returnOrderId)
    .filter((r) => typeof req.query.customerOrderId !== 'string' || r.customerOrderId === req.query.customerOrderId)
    .filter((r) => typeof req.query.status !== 'string' || r.status === req.query.status)
    .sort((a, b) => a.lastModified - b.lastModified || a.returnOrderId.localeCompare(b.returnOrderId));
  const page = matching.slice(offset, offset + limit);
  const end = offset + page.length;
  // The next page's query: the same filters, the offset moved on (as the definition's example shows it).
  const next = new URLSearchParams();
  for (const [name, value] of Object.entries(req.query))
    if (typeof value === 'string' && name !== 'offset' && name !== 'limit') next.set(name, value);
  next.set('limit', String(limit));
  next.set('offset', String(end));
  res.json({
    meta: { totalCount: matching.length, limit, nextCursor: end < matching.length ? `?${next.toString()}` : '' },
    returnOrders: page.map(returnOrderResponse),
  });
}

/** A buyer's return of shipped units of the order (not already being returned), INITIATED. */
export function requestReturn(
  state: WalmartSandboxState,
  sellerId: string,
  orderId: string,
  asked: { lines: Array<{ sku: string; quantity: number }>; reason?: string },
): WalmartSandboxReturn {
  const seller = state.sellers[sellerId];
  if (!seller) throw new SandboxControlError(404, `No Walmart sandbox seller ${sellerId}`);
  const order = seller.orders.find((o) => o.purchaseOrderId === orderId);
  if (!order) throw new SandboxControlError(404, `No purchase order ${orderId} for seller ${sellerId}`);
  const reason = asked.reason ?? 'NO_LONGER_WANTED';
  if (!(walmartReturnReasons as readonly string[]).includes(reason))
    throw new SandboxControlError(
      400,
      `reason must be one of Walmart's return reasons: ${walmartReturnReasons.join(', ')}`,
    );
  const returning = (lineNumber: string) =>
    (seller.returns ?? [])
      .filter((r) => r.purchaseOrderId === orderId)
      .flatMap((r) => r.lines)
      .filter((l) => l.lineNumber === lineNumber)
      .reduce((sum, l) => sum + l.quantity, 0);
  const lines = asked.lines.map(({ sku, quantity }) => {
    const line = order.lines.find((l) => l.sku === sku);
    if (!line) throw new SandboxControlError(404, `Purchase order ${orderId} has no line of ${sku}`);
    const returnable = shippedUnits(line) - returning(line.lineNumber);
    if (quantity > returnable)
      throw new SandboxControlError(
        409,
        `Only ${returnable} shipped unit(s) of ${sku} may be returned; ${quantity} asked`,
      );
    return {
      lineNumber: line.lineNumber,
      sku,
      productName: line.productName,
      quantity,
      unitPrice: line.unitPrice,
      currency: line.currency,
    };
  });
  const now = timeAfter(Math.max(0, ...(seller.returns ?? []).map((r) => r.lastModified)));
  const ret: WalmartSandboxReturn = {
    returnOrderId: digits(18),
    purchaseOrderId: orderId,
    customerOrderId: order.customerOrderId,
    returnReason: reason,
    createdAt: now,
    lastModified: now,
    status: 'INITIATED',
    events: [{ eventTag: 'RETURN_INITIATED', eventDescription: 'Return initiated for MARKET_PLACE', eventTime: now }],
    lines,
  };
  seller.returns = [...(seller.returns ?? []), ret];
  return ret;
}

/** The return reaches the seller's return centre: DELIVERED, with whether its item goes back to stock. */
export function receiveReturn(state: WalmartSandboxState, sellerId: string, returnId: string, restock: boolean) {
  const seller = state.sellers[sellerId];
  if (!seller) throw new SandboxControlError(404, `No Walmart sandbox seller ${sellerId}`);
  const ret = seller.returns?.find((r) => r.returnOrderId === returnId);
  if (!ret) throw new SandboxControlError(404, `No return ${returnId} for seller ${sellerId}`);
  if (ret.status !== 'INITIATED') throw new SandboxControlError(409, `Return ${returnId} was received already`);
  const now = timeAfter(ret.lastModified);
  ret.status = 'DELIVERED';
  ret.restock = restock;
  ret.lastModified = now;
  ret.events.push({
    eventTag: 'DELIVERED_AT_RETURN_CENTER',
    eventDescription: 'The return has been delivered to the Return Center',
    eventTime: now,
  });
  return returnOrderResponse(ret);
}

/** The control API's returns (see the shared returnControlRoutes). */
export function returnControlRoutes(router: Router, context: WalmartContext) {
  sharedReturnControlRoutes(router, context, {
    request: (sellerId, orderId, asked) => requestReturn(context.state(), sellerId, orderId, asked).returnOrderId,
    receive: (sellerId, returnId, restock) => receiveReturn(context.state(), sellerId, returnId, restock),
  });
}
