/**
 * A seller's cancellations and refunds (recorded, sent by the `orders.fulfil` job, settled by the
 * marketplace's answer) and buyers' returns (recorded as the marketplaces report them, restocked once).
 */
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  channels,
  orderCancellations,
  orderRefunds,
  orderReturns,
  orders,
  users,
  type ChannelKind,
  type OrderActionLineRecord,
  type OrderLineRecord,
  type OrderRequestState,
  type RefundLineRecord,
  type RefundState,
  type ReturnLineRecord,
  type ReturnStatusValue,
} from '../schema/index.ts';
import type { RecordedOrder } from './orders.ts';

type CancellationReason = (typeof orderCancellations.$inferSelect)['reason'];
type RefundReason = (typeof orderRefunds.$inferSelect)['reason'];

export interface CancellationRecord {
  id: string;
  orderId: string;
  channelId: string;
  reason: CancellationReason;
  wholeOrder: boolean;
  lines: OrderActionLineRecord[];
  state: OrderRequestState;
  message: string | null;
  createdBy: string | null;
  createdAt: Date;
}

const cancellationColumns = {
  id: orderCancellations.id,
  orderId: orderCancellations.orderId,
  channelId: orderCancellations.channelId,
  reason: orderCancellations.reason,
  wholeOrder: orderCancellations.wholeOrder,
  lines: orderCancellations.lines,
  state: orderCancellations.state,
  message: orderCancellations.message,
  createdBy: orderCancellations.createdBy,
  createdAt: orderCancellations.createdAt,
};

export async function insertCancellation(
  db: Db,
  accountId: string,
  item: Omit<CancellationRecord, 'id' | 'state' | 'message' | 'createdAt'>,
  at: Date,
): Promise<CancellationRecord> {
  const [row] = await db
    .insert(orderCancellations)
    .values({ accountId, ...item, createdAt: at })
    .returning(cancellationColumns);
  return row!;
}

export async function cancellationById(db: Db, accountId: string, id: string): Promise<CancellationRecord | undefined> {
  const [row] = await db
    .select(cancellationColumns)
    .from(orderCancellations)
    .where(and(eq(orderCancellations.id, id), eq(orderCancellations.accountId, accountId)));
  return row;
}

export async function cancellationsOfOrder(db: Db, accountId: string, orderId: string): Promise<CancellationRecord[]> {
  return db
    .select(cancellationColumns)
    .from(orderCancellations)
    .where(and(eq(orderCancellations.accountId, accountId), eq(orderCancellations.orderId, orderId)))
    .orderBy(orderCancellations.createdAt);
}

/**
 * A confirmed cancellation written into the order's lines (its units cancelled; the order cancelled
 * when nothing is left), the order locked; answered as recorded, for its stock to move. The
 * marketplace's own time of the order is left alone, so its next read, which carries the same
 * cancelled units, is taken as usual.
 */
export async function cancelOrderUnits(
  db: Db,
  accountId: string,
  orderId: string,
  units: OrderActionLineRecord[],
  at: Date,
): Promise<RecordedOrder | undefined> {
  const [order] = await db
    .select({
      id: orders.id,
      marketplaceOrderId: orders.marketplaceOrderId,
      orderNumber: orders.orderNumber,
      status: orders.status,
      lines: orders.lines,
      accountedUnits: orders.accountedUnits,
      fulfilment: orders.fulfilment,
      fulfilledByMarketplace: orders.fulfilledByMarketplace,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.accountId, accountId)))
    .for('update');
  if (!order) return undefined;
  const cancelling = new Map(units.map((u) => [u.lineId, u.quantity]));
  const lines: OrderLineRecord[] = order.lines.map((line) => {
    const quantity = line.lineId !== undefined ? (cancelling.get(line.lineId) ?? 0) : 0;
    if (quantity === 0) return line;
    return { ...line, cancelledQuantity: Math.min(line.quantity, line.cancelledQuantity + quantity) };
  });
  const allCancelled = lines.every((l) => l.cancelledQuantity >= l.quantity);
  const status = allCancelled ? 'cancelled' : order.status;
  await db
    .update(orders)
    .set({ lines, status, updatedAt: at, ...(allCancelled ? { fulfilment: 'cancelled' as const } : {}) })
    .where(eq(orders.id, orderId));
  return {
    id: order.id,
    marketplaceOrderId: order.marketplaceOrderId,
    orderNumber: order.orderNumber,
    status,
    fulfilment: allCancelled ? 'cancelled' : order.fulfilment,
    lines,
    accountedUnits: order.accountedUnits,
    created: false,
  };
}

export interface RefundRecord {
  id: string;
  orderId: string;
  channelId: string;
  reason: RefundReason;
  note: string | null;
  wholeOrder: boolean;
  lines: RefundLineRecord[];
  totalAmount: string;
  currency: string;
  state: RefundState;
  message: string | null;
  createdBy: string | null;
  createdAt: Date;
}

const refundColumns = {
  id: orderRefunds.id,
  orderId: orderRefunds.orderId,
  channelId: orderRefunds.channelId,
  reason: orderRefunds.reason,
  note: orderRefunds.note,
  wholeOrder: orderRefunds.wholeOrder,
  lines: orderRefunds.lines,
  totalAmount: orderRefunds.totalAmount,
  currency: orderRefunds.currency,
  state: orderRefunds.state,
  message: orderRefunds.message,
  createdBy: orderRefunds.createdBy,
  createdAt: orderRefunds.createdAt,
};

export async function insertRefund(
  db: Db,
  accountId: string,
  item: Omit<RefundRecord, 'id' | 'message' | 'createdAt'>,
  at: Date,
): Promise<RefundRecord> {
  const [row] = await db
    .insert(orderRefunds)
    .values({ accountId, ...item, createdAt: at, ...(item.state === 'recorded' ? { settledAt: at } : {}) })
    .returning(refundColumns);
  return row!;
}

export async function refundById(db: Db, accountId: string, id: string): Promise<RefundRecord | undefined> {
  const [row] = await db
    .select(refundColumns)
    .from(orderRefunds)
    .where(and(eq(orderRefunds.id, id), eq(orderRefunds.accountId, accountId)));
  return row;
}

export async function refundsOfOrder(db: Db, accountId: string, orderId: string): Promise<RefundRecord[]> {
  return db
    .select(refundColumns)
    .from(orderRefunds)
    .where(and(eq(orderRefunds.accountId, accountId), eq(orderRefunds.orderId, orderId)))
    .orderBy(orderRefunds.createdAt);
}

export interface ReturnInput {
  marketplaceReturnId: string;
  marketplaceOrderId: string;
  status: ReturnStatusValue;
  reason: string | null;
  lines: ReturnLineRecord[];
  refunded: { amount: string; currency: string } | null;
  marketplaceCreatedAt: Date;
  marketplaceUpdatedAt: Date;
}

export interface RecordedReturn {
  id: string;
  orderId: string | null;
  marketplaceOrderId: string;
  status: ReturnStatusValue;
  lines: ReturnLineRecord[];
  restockedAt: Date | null;
  created: boolean;
}

/**
 * Records a channel's returns once per (channel, marketplace return id), each joined to the order we
 * hold; a copy not newer than the one stored changes nothing and is not answered.
 */
export async function upsertReturns(
  db: Db,
  accountId: string,
  channelId: string,
  items: ReturnInput[],
  at: Date,
): Promise<RecordedReturn[]> {
  if (items.length === 0) return [];
  const orderIds = new Map(
    (
      await db
        .select({ id: orders.id, marketplaceOrderId: orders.marketplaceOrderId })
        .from(orders)
        .where(
          and(
            eq(orders.channelId, channelId),
            eq(orders.accountId, accountId),
            inArray(orders.marketplaceOrderId, [...new Set(items.map((r) => r.marketplaceOrderId))]),
          ),
        )
    ).map((o) => [o.marketplaceOrderId, o.id]),
  );
  const newest = new Map<string, ReturnInput>();
  for (const item of items) {
    const known = newest.get(item.marketplaceReturnId);
    if (!known || known.marketplaceUpdatedAt <= item.marketplaceUpdatedAt) newest.set(item.marketplaceReturnId, item);
  }
  const rows = await db
    .insert(orderReturns)
    .values(
      [...newest.values()].map((r) => ({
        accountId,
        channelId,
        orderId: orderIds.get(r.marketplaceOrderId) ?? null,
        ...r,
        createdAt: at,
        updatedAt: at,
      })),
    )
    .onConflictDoUpdate({
      target: [orderReturns.channelId, orderReturns.marketplaceReturnId],
      set: {
        status: sql`excluded.status`,
        reason: sql`coalesce(excluded.reason, ${orderReturns.reason})`,
        lines: sql`excluded.lines`,
        refunded: sql`coalesce(excluded.refunded, ${orderReturns.refunded})`,
        orderId: sql`coalesce(${orderReturns.orderId}, excluded.order_id)`,
        marketplaceUpdatedAt: sql`excluded.marketplace_updated_at`,
        updatedAt: sql`excluded.updated_at`,
      },
      setWhere: sql`excluded.marketplace_updated_at > ${orderReturns.marketplaceUpdatedAt}`,
    })
    .returning({
      id: orderReturns.id,
      orderId: orderReturns.orderId,
      marketplaceOrderId: orderReturns.marketplaceOrderId,
      status: orderReturns.status,
      lines: orderReturns.lines,
      restockedAt: orderReturns.restockedAt,
      inserted: sql<boolean>`(xmax = 0)`,
    });
  return rows.map(({ inserted, ...row }) => ({ ...row, created: inserted }));
}

export interface ReturnRecord {
  id: string;
  orderId: string | null;
  orderNumber: string | null;
  marketplaceOrderId: string;
  marketplaceReturnId: string;
  channelId: string;
  channelKind: ChannelKind;
  channelName: string;
  status: ReturnStatusValue;
  reason: string | null;
  lines: ReturnLineRecord[];
  refunded: { amount: string; currency: string } | null;
  marketplaceCreatedAt: Date;
  marketplaceUpdatedAt: Date;
  restockedAt: Date | null;
  restockedByName: string | null;
}

const returnColumns = {
  id: orderReturns.id,
  orderId: orderReturns.orderId,
  orderNumber: orders.orderNumber,
  marketplaceOrderId: orderReturns.marketplaceOrderId,
  marketplaceReturnId: orderReturns.marketplaceReturnId,
  channelId: orderReturns.channelId,
  channelKind: channels.kind,
  channelName: channels.displayName,
  status: orderReturns.status,
  reason: orderReturns.reason,
  lines: orderReturns.lines,
  refunded: orderReturns.refunded,
  marketplaceCreatedAt: orderReturns.marketplaceCreatedAt,
  marketplaceUpdatedAt: orderReturns.marketplaceUpdatedAt,
  restockedAt: orderReturns.restockedAt,
  restockedByName: sql<
    string | null
  >`nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), '')`,
};

function returnsQuery(db: Db) {
  return db
    .select(returnColumns)
    .from(orderReturns)
    .innerJoin(channels, eq(channels.id, orderReturns.channelId))
    .leftJoin(orders, eq(orders.id, orderReturns.orderId))
    .leftJoin(users, eq(users.id, orderReturns.restockedBy));
}

export interface ReturnCursor {
  at: string;
  id: string;
}

/** The account's returns, newest first, a page at a time (keyset on the marketplace's creation time and id). */
export async function returnPage(
  db: Db,
  accountId: string,
  query: { status?: ReturnStatusValue; channelId?: string; cursor?: ReturnCursor; pageSize: number },
): Promise<{ items: ReturnRecord[]; next: ReturnCursor | null }> {
  const conditions = [eq(orderReturns.accountId, accountId)];
  if (query.status) conditions.push(eq(orderReturns.status, query.status));
  if (query.channelId) conditions.push(eq(orderReturns.channelId, query.channelId));
  if (query.cursor)
    conditions.push(
      or(
        lt(orderReturns.marketplaceCreatedAt, new Date(query.cursor.at)),
        and(eq(orderReturns.marketplaceCreatedAt, new Date(query.cursor.at)), lt(orderReturns.id, query.cursor.id)),
      )!,
    );
  const rows = await returnsQuery(db)
    .where(and(...conditions))
    .orderBy(desc(orderReturns.marketplaceCreatedAt), desc(orderReturns.id))
    .limit(query.pageSize + 1);
  const items = rows.slice(0, query.pageSize);
  const last = items.at(-1);
  return {
    items,
    next: rows.length > query.pageSize && last ? { at: last.marketplaceCreatedAt.toISOString(), id: last.id } : null,
  };
}

export async function returnsOfOrder(db: Db, accountId: string, orderId: string): Promise<ReturnRecord[]> {
  return returnsQuery(db)
    .where(and(eq(orderReturns.accountId, accountId), eq(orderReturns.orderId, orderId)))
    .orderBy(orderReturns.marketplaceCreatedAt);
}

export async function returnById(db: Db, accountId: string, id: string): Promise<ReturnRecord | undefined> {
  const [row] = await returnsQuery(db).where(and(eq(orderReturns.accountId, accountId), eq(orderReturns.id, id)));
  return row;
}

/** Marks a return restocked, once: false when it was restocked already (by another request or the marketplace's report). */
export async function markReturnRestocked(
  db: Db,
  accountId: string,
  id: string,
  by: string | null,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(orderReturns)
    .set({ restockedAt: at, restockedBy: by, updatedAt: at })
    .where(and(eq(orderReturns.id, id), eq(orderReturns.accountId, accountId), isNull(orderReturns.restockedAt)))
    .returning({ id: orderReturns.id });
  return rows.length > 0;
}

/**
 * Orders whose every unit not cancelled has come back (their returns received, refunded or closed)
 * are `returned`; answers those marked now.
 */
export async function markOrdersReturned(db: Db, accountId: string, orderIds: string[], at: Date): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .update(orders)
    .set({ fulfilment: 'returned', updatedAt: at })
    .where(
      and(
        eq(orders.accountId, accountId),
        inArray(orders.id, orderIds),
        sql`${orders.fulfilment} <> 'returned'`,
        sql`(select coalesce(sum((l->>'quantity')::int), 0) from ${orderReturns} r, jsonb_array_elements(r.lines) l
              where r.order_id = ${orders.id} and r.status in ('received', 'refunded', 'closed'))
            >= (select coalesce(sum((l->>'quantity')::int - coalesce((l->>'cancelledQuantity')::int, 0)), 0)
              from jsonb_array_elements(${orders.lines}) l)`,
      ),
    )
    .returning({ id: orders.id });
  return rows.map((r) => r.id);
}
