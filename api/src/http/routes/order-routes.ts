import { Router, type Request } from 'express';
import type { components } from '@contract';
import { AppError, type AppContext } from '../../context.ts';
import { auditContext, requireUser } from '../request-context.ts';
import { accountRateLimit } from '../middleware/rate-limit.ts';
import { orderSortValues, type OrderCursor, type OrderFilter, type OrderSort } from '../../db/queries/order-pages.ts';
import { fulfilmentStatusValues, type FulfilmentStatusValue } from '../../db/schema/index.ts';
import { marketplaceOrderRules } from '../../marketplaces/registry.ts';
import { isLate, listOrders, orderDetail } from '../../modules/orders/order-views.ts';
import { shipOrders } from '../../modules/orders/shipping.ts';
import { shipFromCsv } from '../../modules/orders/shipment-csv.ts';
import { cancelOrder } from '../../modules/orders/cancellations.ts';
import { refundOrder } from '../../modules/orders/refunds.ts';
import { listReturns, restockReturn } from '../../modules/orders/returns.ts';
import type { CancellationRecord, RefundRecord, ReturnCursor, ReturnRecord } from '../../db/queries/order-actions.ts';
import { returnStatusValues, type ReturnStatusValue } from '../../db/schema/index.ts';
import type { OrderActionSupport } from '../../marketplaces/types.ts';
import { ORDER_COUNT_CAP, type OrderSummaryRecord } from '../../db/queries/order-pages.ts';

type OrderSummary = components['schemas']['OrderSummary'];
type OrderDetail = components['schemas']['OrderDetail'];
type ShipOrdersRequest = components['schemas']['ShipOrdersRequest'];

const toApiAction = (action: OrderActionSupport) => ({ api: action.api, why: action.api ? null : action.why });

const toApiCancellation = (c: CancellationRecord): components['schemas']['OrderCancellation'] => ({
  id: c.id,
  reason: c.reason,
  wholeOrder: c.wholeOrder,
  lines: c.lines,
  state: c.state,
  message: c.message,
  createdAt: c.createdAt.toISOString(),
});

const toApiRefund = (r: RefundRecord): components['schemas']['OrderRefund'] => ({
  id: r.id,
  reason: r.reason,
  note: r.note,
  wholeOrder: r.wholeOrder,
  lines: r.lines,
  total: { amount: r.totalAmount, currency: r.currency },
  state: r.state,
  message: r.message,
  createdAt: r.createdAt.toISOString(),
});

const toApiReturn = (r: ReturnRecord): components['schemas']['OrderReturn'] => ({
  id: r.id,
  orderId: r.orderId,
  orderNumber: r.orderNumber ?? r.marketplaceOrderId,
  marketplaceOrderId: r.marketplaceOrderId,
  marketplaceReturnId: r.marketplaceReturnId,
  channel: { id: r.channelId, kind: r.channelKind, name: r.channelName },
  status: r.status,
  reason: r.reason,
  lines: r.lines,
  refunded: r.refunded,
  createdAt: r.marketplaceCreatedAt.toISOString(),
  updatedAt: r.marketplaceUpdatedAt.toISOString(),
  restockedAt: r.restockedAt?.toISOString() ?? null,
  restockedBy: r.restockedAt ? (r.restockedByName ?? null) : null,
});

function decodeReturnCursor(text: string): ReturnCursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (
      typeof at === 'string' &&
      !Number.isNaN(Date.parse(at)) &&
      typeof id === 'string' &&
      /^[0-9a-f-]{36}$/i.test(id)
    )
      return { at, id };
  } catch {
    // answered below
  }
  throw new AppError(400, BAD_CURSOR);
}

const BAD_CURSOR = 'cursor: not one this list gave; start again from the first page.';

const encodeCursor = (cursor: OrderCursor) =>
  Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString('base64url');

function decodeCursor(text: string, sort: OrderSort): OrderCursor {
  try {
    const [key, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    const keyOk =
      typeof key === 'string' &&
      (sort === 'total' ? /^-?\d{1,12}(\.\d{1,2})?$/.test(key) : !Number.isNaN(Date.parse(key)) || key === 'infinity');
    if (keyOk && typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)) return { key, id };
  } catch {
    // answered below
  }
  throw new AppError(400, BAD_CURSOR);
}

/** The contract validated the query already; this reads it into a filter (booleans and dates arrive as text). */
function readQuery(req: Request) {
  // The contract's validation may have turned booleans and numbers into their types already.
  const text = (name: string) => {
    const value = req.query[name] as unknown;
    if (typeof value === 'boolean' || typeof value === 'number') return String(value);
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const filter: OrderFilter = {};
  const q = text('q')?.trim();
  if (q) filter.q = q;
  const channelId = text('channelId');
  if (channelId) filter.channelId = channelId;
  const status = text('status');
  if (status) {
    if (!(fulfilmentStatusValues as readonly string[]).includes(status))
      throw new AppError(400, `status: must be one of ${fulfilmentStatusValues.join(', ')}`);
    filter.status = status as FulfilmentStatusValue;
  }
  for (const name of ['from', 'to'] as const) {
    const value = text(name);
    if (value === undefined) continue;
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) throw new AppError(400, `${name}: must be a date and time`);
    filter[name] = date;
  }
  const late = text('late');
  if (late !== undefined) {
    if (late !== 'true' && late !== 'false') throw new AppError(400, 'late: must be true or false');
    filter.late = late === 'true';
  }
  const sort = (text('sort') ?? 'orderedAt') as OrderSort;
  if (!orderSortValues.includes(sort)) throw new AppError(400, `sort: must be one of ${orderSortValues.join(', ')}`);
  const order = text('order') ?? 'desc';
  if (order !== 'asc' && order !== 'desc') throw new AppError(400, 'order: must be asc or desc');
  const pageSize = Number(text('pageSize') ?? 50);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 200)
    throw new AppError(400, 'pageSize: must be a whole number from 1 to 200');
  const cursor = text('cursor');
  return {
    filter,
    sort,
    order: order as 'asc' | 'desc',
    pageSize,
    ...(cursor ? { cursor: decodeCursor(cursor, sort) } : {}),
  };
}

const money = (amount: string | null, currency: string | null) =>
  amount !== null && currency !== null ? { amount: Number(amount).toFixed(2), currency } : null;

const toApiSummary = (
  order: Omit<OrderSummaryRecord, 'lastShipment'>,
  lastShipment: OrderSummary['lastShipment'],
  now: Date,
): OrderSummary => ({
  id: order.id,
  orderNumber: order.orderNumber,
  marketplaceOrderId: order.marketplaceOrderId,
  channel: { id: order.channelId, kind: order.channelKind, name: order.channelName },
  orderedAt: order.orderedAt.toISOString(),
  buyerName: order.buyerName,
  lineCount: order.lines.length,
  units: order.lines.reduce((sum, l) => sum + l.quantity, 0),
  total: money(order.totalAmount, order.currency),
  status: order.fulfilment,
  shipBy: order.shipBy?.toISOString() ?? null,
  late: isLate(order, now),
  lastShipment,
  personalDataErased: order.personalDataErasedAt !== null,
});

/** The signed-in (or impersonated) user's orders: the list, one order, shipping one or many, and tracking by CSV. */
export function orderRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/api/orders', requireUser, async (req, res) => {
    const query = readQuery(req);
    const page = await listOrders(ctx, req.user!.accountId, query);
    res.json({
      items: page.items.map((o) => toApiSummary(o, o.lastShipment, page.now)),
      next: page.next ? encodeCursor(page.next) : null,
      total: Math.min(page.total, ORDER_COUNT_CAP),
      totalCapped: page.total > ORDER_COUNT_CAP,
    });
  });

  router.get('/api/orders/carriers', requireUser, (_req, res) => {
    res.json({
      amazon: [...marketplaceOrderRules.amazon.carriers],
      walmart: [...marketplaceOrderRules.walmart.carriers],
      ebay: [...marketplaceOrderRules.ebay.carriers],
      shopify: [...marketplaceOrderRules.shopify.carriers],
    });
  });

  router.post('/api/orders/shipments/csv', requireUser, accountRateLimit(ctx, 'shipmentCsv'), async (req, res) => {
    const body = req.body as components['schemas']['ShipmentCsvRequest'];
    const rows = await shipFromCsv(ctx, auditContext(req), req.user!.accountId, body.csv, { dryRun: body.dryRun });
    const count = (outcome: string) => rows.filter((r) => r.outcome === outcome).length;
    res.json({ rows, ready: count('ready'), sending: count('sending'), refused: count('refused') });
  });

  router.post('/api/orders/shipments', requireUser, accountRateLimit(ctx, 'shipments'), async (req, res) => {
    const body = req.body as ShipOrdersRequest;
    const results = await shipOrders(
      ctx,
      auditContext(req),
      req.user!.accountId,
      body.shipments.map((s) => ({
        orderId: s.orderId,
        carrier: s.carrier,
        trackingNumber: s.trackingNumber,
        ...(s.shippedAt ? { shippedAt: new Date(s.shippedAt) } : {}),
        ...(s.lines ? { lines: s.lines } : {}),
      })),
      { dryRun: body.dryRun ?? false },
    );
    res.json({
      results,
      sending: results.filter((r) => r.outcome === 'sending').length,
      refused: results.filter((r) => r.outcome === 'refused').length,
    });
  });

  router.get('/api/orders/:orderId', requireUser, async (req, res) => {
    const detail = await orderDetail(ctx, req.user!.accountId, String(req.params.orderId));
    const { order } = detail;
    const body: OrderDetail = {
      ...toApiSummary(order, detail.lastShipment, detail.now),
      lines: detail.lines.map((line) => ({
        lineId: line.lineId ?? null,
        sku: line.sku,
        title: line.title ?? null,
        quantity: line.quantity,
        price: line.price,
        cancelledQuantity: line.cancelledQuantity,
        shippedQuantity: line.shippedQuantity,
        listing: line.listingTitle !== null ? { sku: line.sku, productTitle: line.listingTitle } : null,
      })),
      shipTo: order.shipTo,
      fees: order.fees,
      shipments: detail.shipments.map((s) => ({
        id: s.id,
        carrier: s.carrier,
        carrierName: s.carrierName,
        trackingNumber: s.trackingNumber,
        shippedAt: s.shippedAt.toISOString(),
        lines: s.lines,
        state: s.state,
        message: s.message,
        attempts: s.attempts,
        createdAt: s.createdAt.toISOString(),
      })),
      timeline: detail.timeline.map((e) => ({
        at: e.at.toISOString(),
        kind: e.kind,
        actor: e.actor,
        detail: e.detail,
      })),
      stockChanges: detail.stockChanges.map((c) => ({
        id: c.id,
        at: c.at.toISOString(),
        cause: c.cause,
        field: c.field,
        sku: c.sku,
        channelId: c.channelId,
        channelKind: c.channelKind,
        before: c.before,
        after: c.after,
        causeRef: c.causeRef,
        results: [],
      })),
      carriers: [...detail.carriers],
      cancellations: detail.cancellations.map(toApiCancellation),
      refunds: detail.refunds.map(toApiRefund),
      returns: detail.returns.map(toApiReturn),
      shopifyCopy: detail.shopifyCopy
        ? { ...detail.shopifyCopy, updatedAt: detail.shopifyCopy.updatedAt.toISOString() }
        : null,
      actions: {
        cancel: toApiAction(detail.actions.cancel),
        cancelByLine: detail.actions.cancelByLine,
        refund: toApiAction(detail.actions.refund),
        returns: toApiAction(detail.actions.returns),
        cancellableUnits: detail.actions.cancellableUnits,
        refundable: detail.actions.refundable,
      },
    };
    res.json(body);
  });

  router.post(
    '/api/orders/:orderId/cancellations',
    requireUser,
    accountRateLimit(ctx, 'orderActions'),
    async (req, res) => {
      const body = req.body as components['schemas']['CancellationRequest'];
      const cancellation = await cancelOrder(ctx, auditContext(req), req.user!.accountId, String(req.params.orderId), {
        reason: body.reason,
        ...(body.lines ? { lines: body.lines } : {}),
      });
      res.status(202).json(toApiCancellation(cancellation));
    },
  );

  router.post('/api/orders/:orderId/refunds', requireUser, accountRateLimit(ctx, 'orderActions'), async (req, res) => {
    const body = req.body as components['schemas']['RefundRequest'];
    const refund = await refundOrder(ctx, auditContext(req), req.user!.accountId, String(req.params.orderId), {
      reason: body.reason,
      ...(body.note !== undefined ? { note: body.note } : {}),
      ...(body.lines ? { lines: body.lines } : {}),
    });
    res.status(202).json(toApiRefund(refund));
  });

  router.get('/api/returns', requireUser, async (req, res) => {
    const text = (name: string) =>
      typeof req.query[name] === 'string' && req.query[name] !== '' ? String(req.query[name]) : undefined;
    const status = text('status');
    if (status !== undefined && !(returnStatusValues as readonly string[]).includes(status))
      throw new AppError(400, `status: must be one of ${returnStatusValues.join(', ')}`);
    const pageSize = Number(req.query.pageSize ?? 50);
    const cursor = text('cursor');
    const page = await listReturns(ctx, req.user!.accountId, {
      ...(status ? { status: status as ReturnStatusValue } : {}),
      ...(text('channelId') ? { channelId: text('channelId')! } : {}),
      ...(cursor ? { cursor: decodeReturnCursor(cursor) } : {}),
      pageSize,
    });
    res.json({
      items: page.items.map(toApiReturn),
      next: page.next ? Buffer.from(JSON.stringify([page.next.at, page.next.id])).toString('base64url') : null,
    });
  });

  router.post(
    '/api/returns/:returnId/restock',
    requireUser,
    accountRateLimit(ctx, 'orderActions'),
    async (req, res) => {
      const restocked = await restockReturn(ctx, auditContext(req), req.user!.accountId, String(req.params.returnId));
      res.json(toApiReturn(restocked));
    },
  );

  return router;
}
