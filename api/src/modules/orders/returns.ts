/**
 * Buyers' returns: recorded as each marketplace reports them (read with the channel's orders), and
 * restocked once, by the marketplace's say (a return received with its units going back to stock)
 * or the seller's. Restocking raises on hand on the main channel by the units returned, as a
 * seller's edit does: an adjustment the main channel takes, a change with before and after, and
 * every target sent its new quantity at once.
 */
import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { AuditContext } from '../audit/audit-log.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { ChannelRecord } from '../../db/queries/channels.ts';
import { insertOrderEvents } from '../../db/queries/order-pages.ts';
import {
  markOrdersReturned,
  markReturnRestocked,
  returnById,
  returnPage,
  upsertReturns,
  type RecordedReturn,
  type ReturnRecord,
} from '../../db/queries/order-actions.ts';
import { insertChanges, type ChangeInput } from '../../db/queries/changes.ts';
import { lockStock, onHandOfProducts } from '../../db/queries/stock.ts';
import { touchOrders } from '../../db/queries/shipments.ts';
import { ordersFulfilledByMarketplace } from '../../db/queries/marketplace-stock.ts';
import type { ReturnLineRecord } from '../../db/schema/index.ts';
import type { MarketplaceReturn } from '../../marketplaces/types.ts';
import { planListingWrites } from '../push/plan-writes.ts';
import { passSellerEditsToMain } from '../stock/seller-edits.ts';
import { requestMainRefresh } from '../stock/main-channel-requests.ts';
import { actorName, marketplaceNames } from './order-timeline.ts';

type Channel = Pick<ChannelRecord, 'id' | 'accountId' | 'kind' | 'role'>;

/** A return's units go back on the shelf once it is received (or later), where the marketplace says so. */
const restockedByMarketplace = (r: Pick<RecordedReturn, 'status' | 'lines' | 'restockedAt'>) =>
  r.restockedAt === null && r.status !== 'requested' && r.status !== 'in transit' && r.lines.some((l) => l.restock);

const unitsOf = (lines: ReturnLineRecord[]) => lines.reduce((sum, l) => sum + l.quantity, 0);

/**
 * Records a channel's returns in the caller's transaction: each once, its order's timeline told when
 * it is new, and those the marketplace restocked put back on hand.
 */
export async function recordReturns(
  ctx: AppContext,
  tx: Db,
  channel: Channel,
  incoming: MarketplaceReturn[],
): Promise<{ recorded: number; restocked: number }> {
  const at = ctx.clock();
  const recorded = await upsertReturns(
    tx,
    channel.accountId,
    channel.id,
    incoming.map((r) => ({
      marketplaceReturnId: r.marketplaceReturnId,
      marketplaceOrderId: r.marketplaceOrderId,
      status: r.status,
      reason: r.reason,
      lines: r.lines,
      refunded: r.refunded,
      marketplaceCreatedAt: new Date(r.createdAt),
      marketplaceUpdatedAt: new Date(r.updatedAt),
    })),
    at,
  );
  const actor = marketplaceNames[channel.kind];
  const withOrder = recorded.filter((r) => r.created && r.orderId !== null);
  await insertOrderEvents(
    tx,
    channel.accountId,
    withOrder.map((r) => ({
      orderId: r.orderId!,
      kind: 'returned' as const,
      at,
      actor,
      detail: `${r.lines.map((l) => `${l.quantity} × ${l.sku}`).join(', ')} (${r.status})`,
    })),
  );
  await touchOrders(
    tx,
    channel.accountId,
    withOrder.map((r) => r.orderId!),
    at,
  );
  await markOrdersReturned(
    tx,
    channel.accountId,
    [
      ...new Set(
        recorded.flatMap((r) =>
          r.orderId && r.status !== 'requested' && r.status !== 'in transit' ? [r.orderId] : [],
        ),
      ),
    ],
    at,
  );
  let restocked = 0;
  const received = recorded.filter(restockedByMarketplace);
  // A return of an order the marketplace fulfilled (FBA, WFS) goes back to the marketplace's stock, not ours.
  const theirs = await ordersFulfilledByMarketplace(
    tx,
    channel.accountId,
    received.flatMap((r) => (r.orderId ? [r.orderId] : [])),
  );
  for (const ret of received.filter((r) => !r.orderId || !theirs.has(r.orderId))) {
    const lines = ret.lines.filter((l) => l.restock);
    const put = { by: null, actor: `${actor} (return received)`, restockedByMain: channel.role === 'main' };
    if (await putBackOnHand(ctx, tx, channel, ret, lines, put)) restocked++;
  }
  return { recorded: recorded.length, restocked };
}

/** Who puts a return's units back, and whether the main channel restocked them itself. */
interface PutBack {
  /** The seller who restocked it; null when the marketplace reported it restocked. */
  by: string | null;
  /** Named on the timeline. */
  actor: string;
  /**
   * The main channel's own marketplace restocked a return of its own: its stock moved there already,
   * so its quantities are read instead of adjusted. False for a seller's restock, which always adjusts.
   */
  restockedByMain: boolean;
}

/**
 * The units of a return back on hand on the main channel, once: adjusted there and on every target,
 * or, where the main channel restocked them itself, read from it, so nothing is counted twice.
 */
async function putBackOnHand(
  ctx: AppContext,
  tx: Db,
  channel: Pick<Channel, 'accountId' | 'kind'>,
  ret: Pick<RecordedReturn, 'id' | 'orderId' | 'marketplaceOrderId'> & { marketplaceReturnId?: string },
  lines: ReturnLineRecord[],
  { by, actor, restockedByMain }: PutBack,
): Promise<boolean> {
  const at = ctx.clock();
  if (!(await markReturnRestocked(tx, channel.accountId, ret.id, by, at))) return false;
  const skus = [...new Set(lines.map((l) => l.sku))];
  if (ret.orderId)
    await insertOrderEvents(tx, channel.accountId, [
      {
        orderId: ret.orderId,
        kind: 'restocked',
        at,
        actor,
        detail: `${lines.map((l) => `${l.quantity} × ${l.sku}`).join(', ')} back on hand`,
      },
    ]);
  if (restockedByMain) {
    await requestMainRefresh(ctx, tx, { accountId: channel.accountId, skus });
    return true;
  }
  const products = await lockStock(tx, channel.accountId, skus);
  const onHand = await onHandOfProducts(
    tx,
    products.map((p) => p.id),
  );
  const unitsBySku = new Map<string, number>();
  for (const line of lines) unitsBySku.set(line.sku, (unitsBySku.get(line.sku) ?? 0) + line.quantity);
  const causeRef = `${marketplaceNames[channel.kind]} return ${ret.marketplaceReturnId ?? ret.id}`;
  const changeInputs: ChangeInput[] = products.map((p) => ({
    productId: p.id,
    sku: p.sku,
    cause: 'return',
    causeRef,
    orderId: ret.orderId,
    actorUserId: by,
    field: 'on_hand',
    before: String(onHand.get(p.id) ?? p.onHand),
    after: String((onHand.get(p.id) ?? p.onHand) + unitsBySku.get(p.sku)!),
  }));
  const changeIds = await insertChanges(tx, channel.accountId, changeInputs, at);
  await passSellerEditsToMain(
    ctx,
    tx,
    channel.accountId,
    `return-${ret.id}`,
    products.map((p) => ({ productId: p.id, sku: p.sku, onHandDelta: unitsBySku.get(p.sku)! })),
  );
  const changeIdByProduct = new Map(products.map((p, i) => [p.id, changeIds[i]!]));
  if (changeIdByProduct.size > 0)
    await planListingWrites(ctx, tx, channel.accountId, [...changeIdByProduct.keys()], { changeIdByProduct });
  return true;
}

/** The account's returns, newest first, a page at a time. */
export function listReturns(
  ctx: AppContext,
  accountId: string,
  query: Parameters<typeof returnPage>[2],
): ReturnType<typeof returnPage> {
  return returnPage(ctx.db, accountId, query);
}

/** The seller restocks a return: every unit of it back on hand on the main channel, once. */
export async function restockReturn(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  returnId: string,
): Promise<ReturnRecord> {
  // Read before the transaction: on the embedded database, whose one connection the transaction holds.
  const actor = await actorName(ctx, audit.actorUserId);
  await ctx.db.transaction(async (tx) => {
    const ret = await returnById(tx, accountId, returnId);
    if (!ret) throw new AppError(404, 'No such return.');
    if (ret.restockedAt) throw new AppError(409, 'This return was restocked already.');
    // A seller's restock always adjusts the main channel, whichever channel the return came from.
    const put = { by: audit.actorUserId, actor, restockedByMain: false };
    const done = await putBackOnHand(ctx, tx, { accountId, kind: ret.channelKind }, ret, ret.lines, put);
    if (!done) throw new AppError(409, 'This return was restocked already.');
    if (ret.orderId) await touchOrders(tx, accountId, [ret.orderId], ctx.clock());
    await recordAudit(tx, audit, {
      action: 'returns.restocked',
      accountId,
      targetType: 'return',
      targetId: returnId,
      after: { units: unitsOf(ret.lines), skus: ret.lines.map((l) => l.sku) },
    });
  });
  return (await returnById(ctx.db, accountId, returnId))!;
}
