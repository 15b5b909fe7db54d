import { marketplaceNames } from '../../marketplaces/names.ts';
import type { AppContext } from '../../context.ts';
import { afterCommit, type Db } from '../../db/client.ts';
import type { ChannelRecord } from '../../db/queries/channels.ts';
import { setAccountedUnits, upsertOrders, type OrderInput, type RecordedOrder } from '../../db/queries/orders.ts';
import { insertOrderEvents } from '../../db/queries/order-pages.ts';
import { recordDeliveries, recordedOrderEvents, requestAcknowledgements } from './order-timeline.ts';
import { requestShopifyCopies } from './shopify-copies.ts';
import {
  applyMainSales,
  insertAdjustments,
  lockStock,
  moveCommitted,
  type AdjustmentInput,
  type LockedStock,
} from '../../db/queries/stock.ts';
import { insertChanges, type ChangeInput } from '../../db/queries/changes.ts';
import { forgetSellingQuantities } from '../../db/queries/listing-writes-settling.ts';
import type { MarketplaceOrder } from '../../marketplaces/types.ts';
import type { FulfilmentStatusValue, OrderLineRecord } from '../../db/schema/index.ts';
import type { MainRefreshJob } from '../../workers/queues.ts';
import { availableStock } from '../push/desired-values.ts';
import { planListingWrites } from '../push/plan-writes.ts';
import { requestMainAdjustments, requestMainRefresh } from '../stock/main-channel-requests.ts';
import { mainStockMoved } from '../stock/main-sale-signals.ts';
import { expandBundleMoves, type StockMove } from '../stock/bundles.ts';
import { lockBundlesOfSkus } from '../../db/queries/bundles.ts';

/**
 * Units per SKU an order holds now of our stock: nothing once cancelled, never a line's cancelled units, and
 * nothing of an order the marketplace fulfils from its own stock (FBA, WFS; what an earlier copy not known
 * as such committed is released, under the order's keys as ever).
 */
export function unitsHeld(
  status: RecordedOrder['status'],
  lines: OrderLineRecord[],
  fulfilledByMarketplace = false,
): Record<string, number> {
  const units: Record<string, number> = {};
  if (status === 'cancelled' || fulfilledByMarketplace) return units;
  for (const line of lines) {
    const held = Math.max(0, line.quantity - line.cancelledQuantity);
    if (held > 0) units[line.sku] = (units[line.sku] ?? 0) + held;
  }
  return units;
}

/** How each SKU's units moved between what was accounted and what the order holds now. */
export function unitMoves(
  accounted: Record<string, number>,
  held: Record<string, number>,
): Array<{ sku: string; units: number }> {
  const skus = new Set([...Object.keys(accounted), ...Object.keys(held)]);
  return [...skus]
    .map((sku) => ({ sku, units: (held[sku] ?? 0) - (accounted[sku] ?? 0) }))
    .filter((m) => m.units !== 0);
}

/** What the marketplace says of an order's progress, where its read does not say it in our words. */
function fulfilmentOf(o: MarketplaceOrder): FulfilmentStatusValue {
  if (o.details) return o.details.fulfilment;
  return o.status === 'open' ? 'unshipped' : o.status;
}

/** An order as stored: its lines, and the details a seller ships from where the read carried them. */
export function toOrderInput(o: MarketplaceOrder): OrderInput {
  const details = o.details;
  const orderNumber = details?.orderNumber ?? o.marketplaceOrderId;
  const buyerName = details?.buyerName ?? null;
  return {
    marketplaceOrderId: o.marketplaceOrderId,
    status: o.status,
    lines: o.lines.map((l) => ({
      sku: l.sku,
      quantity: l.quantity,
      price: l.price,
      cancelledQuantity: l.cancelledQuantity,
      ...(l.lineId !== undefined ? { lineId: l.lineId } : {}),
      ...(l.title !== undefined ? { title: l.title } : {}),
      ...(l.shippedQuantity !== undefined ? { shippedQuantity: l.shippedQuantity } : {}),
    })),
    orderedAt: new Date(o.createdAt),
    marketplaceUpdatedAt: new Date(o.updatedAt),
    orderNumber,
    buyerName,
    shipTo: details?.shipTo ?? null,
    totalAmount: details?.total?.amount ?? null,
    currency: details?.total?.currency ?? null,
    shipBy: details?.shipBy ? new Date(details.shipBy) : null,
    fulfilment: fulfilmentOf(o),
    fees: details?.fees ?? null,
    ...(o.fulfilledByMarketplace ? { fulfilledByMarketplace: true } : {}),
    searchText: [orderNumber, o.marketplaceOrderId === orderNumber ? '' : o.marketplaceOrderId, buyerName ?? '']
      .concat(o.lines.map((l) => l.sku))
      .filter(Boolean)
      .join(' ')
      .toLowerCase(),
  };
}

/**
 * Records a channel's orders and moves stock by what each one holds now, in one transaction:
 * - a sale on a target commits its units at once and queues a relative adjustment of the main
 *   channel with a key made from the order line, so the same order seen twice adjusts once;
 * - a sale on the main channel has already moved the main's stock: its units come off on hand in
 *   this transaction under a key of their own (or the main is read, where a read since just before the
 *   order may already show them), so on hand is never lowered twice whichever of the marketplace's
 *   stock notice and the order arrives first;
 * - a cancellation releases units the same way, in reverse;
 * and every target channel is sent its new quantity. Each movement is a change with before and after.
 */
export async function recordOrders(
  ctx: AppContext,
  tx: Db,
  channel: Pick<ChannelRecord, 'id' | 'accountId' | 'kind' | 'role' | 'rules'>,
  incoming: MarketplaceOrder[],
): Promise<{ created: number; updated: number }> {
  const at = ctx.clock();
  const recorded = await upsertOrders(tx, channel.accountId, channel.id, incoming.map(toOrderInput), at);
  await insertOrderEvents(tx, channel.accountId, recordedOrderEvents(channel.kind, recorded, at));
  await recordDeliveries(tx, channel, recorded, at);
  await requestAcknowledgements(ctx, tx, channel, recorded);
  await requestShopifyCopies(ctx, tx, channel, recorded);
  const orderedAt = new Map(incoming.map((o) => [o.marketplaceOrderId, new Date(o.createdAt)]));
  await moveStockForOrders(ctx, tx, channel, recorded, { orderedAt });
  return { created: recorded.filter((o) => o.created).length, updated: recorded.filter((o) => !o.created).length };
}

/**
 * Moves stock by what each recorded order holds now against what it had accounted (its units
 * committed or released, the main channel adjusted or read), and sends every target its new
 * quantity; each movement a change with before and after. Call it with the orders' rows written,
 * in their transaction.
 */
export async function moveStockForOrders(
  ctx: AppContext,
  tx: Db,
  channel: Pick<ChannelRecord, 'id' | 'accountId' | 'kind' | 'role'>,
  recorded: RecordedOrder[],
  options: { orderedAt?: ReadonlyMap<string, Date> } = {},
): Promise<void> {
  const orderMoves: StockMove[] = recorded.flatMap((order) => {
    const held = unitsHeld(order.status, order.lines, order.fulfilledByMarketplace);
    return unitMoves(order.accountedUnits, held).map((m) => {
      const accountedBefore = order.accountedUnits[m.sku] ?? 0;
      return { ...m, order, key: `${m.sku}:${accountedBefore}>${accountedBefore + m.units}` };
    });
  });
  await setAccountedUnits(
    tx,
    recorded.flatMap((order) => {
      const held = unitsHeld(order.status, order.lines, order.fulfilledByMarketplace);
      return unitMoves(order.accountedUnits, held).length > 0 ? [{ orderId: order.id, units: held }] : [];
    }),
  );
  // A bundle sold moves its components (stock/bundles.ts); its own figure follows theirs when planned. A
  // cancellation gives back what the sale committed: its components, or the SKU itself sold before it was a bundle.
  const { plain, components, soldAsThemselves } = await expandBundleMoves(tx, channel.accountId, orderMoves);
  const locked = await lockStock(
    tx,
    channel.accountId,
    [...plain, ...components].map((m) => m.sku),
  );
  const bundlesLocked = await lockBundlesOfSkus(
    tx,
    channel.accountId,
    soldAsThemselves,
    locked.map((p) => p.id),
  );
  const stock = new Map([...locked, ...bundlesLocked].map((p) => [p.sku, p]));
  if (channel.role === 'main') {
    // The main channel knows nothing of a bundle's components: they are committed, and adjusted there, as a
    // target's sale is.
    await commitOrderMoves(ctx, tx, channel, components, stock);
    await moveMainStockForOrders(ctx, tx, channel, plain, stock, options.orderedAt);
    return;
  }
  await commitOrderMoves(ctx, tx, channel, [...plain, ...components], stock);
}

/** Where a component was sold in a bundle, the history says which. */
const inBundle = (move: StockMove) => (move.bundleSku ? ` (bundle ${move.bundleSku})` : '');

/**
 * Units sold (or released) on a target, or a bundle's components sold anywhere: committed at once, and
 * queued as a relative adjustment of the main channel under the order line's key (the same order seen
 * twice moves them once); every target is then sent its new quantity.
 */
async function commitOrderMoves(
  ctx: AppContext,
  tx: Db,
  channel: Pick<ChannelRecord, 'id' | 'accountId' | 'kind' | 'role'>,
  moves: StockMove[],
  stock: Map<string, LockedStock>,
): Promise<void> {
  if (moves.length === 0) return;
  const at = ctx.clock();
  const changeInputs: ChangeInput[] = [];
  const adjustments: AdjustmentInput[] = [];
  // The products are locked: each move's before and after follow from their rows, and the units
  // are written once per product after.
  const committedDeltas = new Map<string, number>();
  for (const move of moves) {
    const product = stock.get(move.sku);
    // A SKU the catalogue lacks (sold on a target only) moves no stock; the order is still recorded.
    if (!product) continue;
    const before = availableStock(product.onHand, product.committed);
    const after = { ...product, committed: product.committed + move.units };
    committedDeltas.set(product.id, (committedDeltas.get(product.id) ?? 0) + move.units);
    stock.set(move.sku, after);
    adjustments.push({
      productId: product.id,
      sku: move.sku,
      orderId: move.order.id,
      delta: -move.units,
      idempotencyKey: `order:${move.order.id}:${move.key}`,
    });
    changeInputs.push({
      productId: product.id,
      sku: move.sku,
      cause: move.units > 0 ? 'order' : 'cancellation',
      causeRef: `${marketplaceNames[channel.kind]} order ${move.order.orderNumber}${inBundle(move)}`,
      orderId: move.order.id,
      field: 'available',
      before: String(before),
      after: String(availableStock(after.onHand, after.committed)),
    });
  }
  await moveCommitted(tx, committedDeltas, at);
  const changeIds = await insertChanges(tx, channel.accountId, changeInputs, at);
  const changeIdByProduct = new Map(changeInputs.map((c, i) => [c.productId!, changeIds[i]!]));
  if ((await insertAdjustments(tx, channel.accountId, adjustments, at)).length > 0)
    await requestMainAdjustments(ctx, tx, channel.accountId);
  // The marketplace the order is on took its units off (or back, when cancelled) by itself: of the SKU it
  // sold (a bundle's own listing, for its components), on a target.
  if (channel.role !== 'main')
    await forgetSellingQuantities(
      tx,
      channel.id,
      moves.filter((m) => stock.has(m.sku)).map((m) => m.bundleSku ?? m.sku),
    );
  await planListingWrites(ctx, tx, channel.accountId, [...changeIdByProduct.keys()], { changeIdByProduct });
}

/**
 * A read of the main channel taken within this long before a sale's own time (the marketplace's
 * clock against ours, and order times to the second) may already show the sale: its units are then
 * not taken off again, the main channel is read instead.
 */
export const MAIN_SALE_READ_MARGIN_MS = 5000;

/**
 * Orders on the main channel, which moved its stock by itself. A sale's units come off on hand at
 * once, in the order's transaction, as the order's change, and every target is sent its new quantity:
 * no read of the main channel stands between the sale and the targets. The move is relative (an
 * adjustment of ours landing meanwhile keeps its effect) and kept under the order line's key (seen
 * twice, it moves once); the main channel's stock notice that follows finds on hand as it says and
 * asks for nothing. The main channel is read instead (as the order's, by a job) where on hand may
 * already show the sale (a read taken since shortly before the order's time, or no order time), and
 * for units given back (a cancellation: whether the marketplace restocked them only a read tells).
 */
async function moveMainStockForOrders(
  ctx: AppContext,
  tx: Db,
  channel: Pick<ChannelRecord, 'id' | 'accountId' | 'kind' | 'role'>,
  moves: StockMove[],
  stock: Map<string, LockedStock>,
  orderedAt: ReadonlyMap<string, Date> | undefined,
): Promise<void> {
  const at = ctx.clock();
  const toRead: NonNullable<MainRefreshJob['orders']> = {};
  const sales: Array<AdjustmentInput & { move: StockMove }> = [];
  for (const move of moves) {
    const product = stock.get(move.sku);
    if (!product) continue;
    const cause = move.units > 0 ? ('order' as const) : ('cancellation' as const);
    const soldAt = orderedAt?.get(move.order.marketplaceOrderId);
    const readSince =
      product.stockReadAt !== null &&
      (soldAt === undefined || product.stockReadAt.getTime() >= soldAt.getTime() - MAIN_SALE_READ_MARGIN_MS);
    if (move.units > 0 && soldAt !== undefined && !Number.isNaN(soldAt.getTime()) && !readSince) {
      sales.push({
        productId: product.id,
        sku: move.sku,
        orderId: move.order.id,
        delta: -move.units,
        idempotencyKey: `main-sale:${move.order.id}:${move.key}`,
        move,
      });
    } else
      toRead[move.sku] = {
        cause,
        causeRef: `${marketplaceNames[channel.kind]} order ${move.order.orderNumber}`,
        orderId: move.order.id,
      };
  }
  if (Object.keys(toRead).length > 0)
    await requestMainRefresh(ctx, tx, { accountId: channel.accountId, skus: Object.keys(toRead), orders: toRead });
  if (sales.length === 0) return;
  const applied = await applyMainSales(tx, channel.accountId, sales, at);
  const changeInputs: ChangeInput[] = [];
  for (const sale of sales) {
    if (!applied.has(sale.idempotencyKey)) continue;
    // Before and after each sale in turn (two orders of a SKU in one round).
    const running = stock.get(sale.sku)!;
    const before = running.onHand;
    const after = before + sale.delta;
    stock.set(sale.sku, { ...running, onHand: after });
    changeInputs.push({
      productId: sale.productId,
      channelId: channel.id,
      sku: sale.sku,
      cause: 'order',
      causeRef: `${marketplaceNames[channel.kind]} order ${sale.move.order.orderNumber}`,
      orderId: sale.move.order.id,
      field: 'on_hand',
      before: String(before),
      after: String(after),
    });
  }
  if (changeInputs.length === 0) return;
  const changeIds = await insertChanges(tx, channel.accountId, changeInputs, at);
  const changeIdByProduct = new Map(changeInputs.map((c, i) => [c.productId!, changeIds[i]!]));
  await planListingWrites(ctx, tx, channel.accountId, [...changeIdByProduct.keys()], { changeIdByProduct });
  // The main channel's stock notice of these sales, waiting in this process, finds them once committed.
  const skus = changeInputs.map((c) => c.sku);
  afterCommit(tx, () => mainStockMoved(channel.accountId, skus));
}
