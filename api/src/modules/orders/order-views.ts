/** The Orders page: a page of orders under a filter, and one order with everything its drawer shows. */
import { cancellationsOfOrder, refundsOfOrder, returnsOfOrder } from '../../db/queries/order-actions.ts';
import { cancellableUnits, fromCents, refundableCents } from './order-action-checks.ts';
import { AppError, type AppContext } from '../../context.ts';
import {
  changesOfOrder,
  countOrders,
  eventsOfOrder,
  latestOrderChange,
  orderPage,
  ordersOfAccount,
  productTitles,
  shipmentsOfOrders,
  type OrderCursor,
  type OrderFilter,
  type OrderSort,
  type OrderSummaryRecord,
} from '../../db/queries/order-pages.ts';
import { marketplaceOrderRules } from '../../marketplaces/registry.ts';
import { shippedUnits } from './shipment-checks.ts';
import { NO_SUCH_ORDER } from './shipping.ts';
import { shopifyCopyOfOrder } from './shopify-copies.ts';

export interface OrderListQuery {
  filter: OrderFilter;
  sort: OrderSort;
  order: 'asc' | 'desc';
  cursor?: OrderCursor;
  pageSize: number;
}

type OrderList = Awaited<ReturnType<typeof readOrderList>>;

/**
 * Pages kept while the account's orders stay at the same version (their latest change, read from
 * an index) and this long at most: the same list asked for by several people, or again on every
 * live update, costs one index read instead of the page and its count; clients asking at once share
 * one read. A change committed late with an older stamp is seen within KEEP_MS.
 */
const KEEP_MS = 2000;
const PAGES_KEPT = 500;
const keptPages = new Map<string, { version: number; at: number; list: Promise<OrderList> }>();

export async function listOrders(ctx: AppContext, accountId: string, query: OrderListQuery): Promise<OrderList> {
  const version = (await latestOrderChange(ctx.db, accountId))?.getTime() ?? 0;
  const key = JSON.stringify([accountId, query]);
  const found = keptPages.get(key);
  if (found && found.version === version && Date.now() - found.at < KEEP_MS) return found.list;
  const entry = { version, at: Date.now(), list: readOrderList(ctx, accountId, query) };
  // A failed read is not kept: the next request reads again.
  entry.list.catch(() => keptPages.get(key) === entry && keptPages.delete(key));
  keptPages.delete(key);
  keptPages.set(key, entry);
  if (keptPages.size > PAGES_KEPT) keptPages.delete(keptPages.keys().next().value!);
  return entry.list;
}

async function readOrderList(ctx: AppContext, accountId: string, query: OrderListQuery) {
  const now = ctx.clock();
  const [page, total] = await Promise.all([
    orderPage(ctx.db, accountId, query, now),
    countOrders(ctx.db, accountId, query.filter, now),
  ]);
  return { ...page, total, now };
}

/** Late: the ship-by date passed while units are still to ship. */
export const isLate = (order: Pick<OrderSummaryRecord, 'shipBy' | 'fulfilment'>, now: Date) =>
  order.shipBy !== null &&
  order.shipBy.getTime() < now.getTime() &&
  (order.fulfilment === 'unshipped' || order.fulfilment === 'partially shipped');

export async function orderDetail(ctx: AppContext, accountId: string, orderId: string) {
  const [order] = await ordersOfAccount(ctx.db, accountId, [orderId]);
  if (!order) throw new AppError(404, NO_SUCH_ORDER);
  const [shipments, timeline, stockChanges, titles, cancellations, refunds, returns, shopifyCopy] = await Promise.all([
    shipmentsOfOrders(ctx.db, accountId, [orderId]),
    eventsOfOrder(ctx.db, accountId, orderId),
    changesOfOrder(ctx.db, accountId, orderId),
    productTitles(
      ctx.db,
      accountId,
      order.lines.map((l) => l.sku),
    ),
    cancellationsOfOrder(ctx.db, accountId, orderId),
    refundsOfOrder(ctx.db, accountId, orderId),
    returnsOfOrder(ctx.db, accountId, orderId),
    shopifyCopyOfOrder(ctx.db, accountId, orderId),
  ]);
  const rules = marketplaceOrderRules[order.channelKind];
  const refundable = refundableCents(order, refunds);
  const shipped = shippedUnits(order.lines, shipments);
  const carriers = marketplaceOrderRules[order.channelKind].carriers;
  const lastShipment = shipments.at(-1);
  return {
    order,
    lines: order.lines.map((line, index) => ({
      ...line,
      shippedQuantity: shipped.get(index) ?? 0,
      listingTitle: titles.get(line.sku) ?? null,
    })),
    shipments: shipments.map((s) => ({
      ...s,
      carrierName: carriers.find((c) => c.code === s.carrier)?.name ?? s.carrier,
    })),
    lastShipment: lastShipment ? { state: lastShipment.state, message: lastShipment.message } : null,
    timeline,
    stockChanges,
    carriers,
    cancellations,
    refunds,
    returns,
    shopifyCopy,
    actions: {
      cancel: rules.cancel,
      cancelByLine: rules.cancelByLine,
      refund: rules.refund,
      returns: rules.returns,
      cancellableUnits: cancellableUnits(order.lines, shipments, cancellations).reduce((sum, n) => sum + n, 0),
      refundable:
        refundable === null || !order.currency ? null : { amount: fromCents(refundable), currency: order.currency },
    },
    now: ctx.clock(),
  };
}
