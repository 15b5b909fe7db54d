/**
 * The Orders page's reads: a page of an account's orders under a filter (keyset paging, so page 1
 * and page 1,000 cost the same), and one order with what its drawer shows.
 */
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { run, statement } from '../statements.ts';
import {
  changes,
  channels,
  orderEvents,
  orders,
  products,
  shipments,
  type ChannelKind,
  type FulfilmentStatusValue,
  type OrderEventKind,
  type OrderLineRecord,
  type ShipmentLineRecord,
  type ShipmentState,
  type ShipToRecord,
  orderFees,
} from '../schema/index.ts';

export const orderSortValues = ['orderedAt', 'shipBy', 'total'] as const;
export type OrderSort = (typeof orderSortValues)[number];

export interface OrderFilter {
  q?: string;
  channelId?: string;
  status?: FulfilmentStatusValue;
  from?: Date;
  to?: Date;
  late?: boolean;
}

/** Counting stops here: "10,000+" tells a seller as much as an exact figure would, at a fraction of the cost. */
export const ORDER_COUNT_CAP = 10_000;

export interface OrderSummaryRecord {
  id: string;
  orderNumber: string;
  marketplaceOrderId: string;
  channelId: string;
  channelKind: ChannelKind;
  channelName: string;
  orderedAt: Date;
  buyerName: string | null;
  lines: OrderLineRecord[];
  totalAmount: string | null;
  currency: string | null;
  fulfilment: FulfilmentStatusValue;
  shipBy: Date | null;
  /** When the buyer's name and address were erased (retention), or null. */
  personalDataErasedAt: Date | null;
  lastShipment: { state: ShipmentState; message: string | null } | null;
}

/** The sort's key as an expression the indexes hold (a missing ship-by date or total sorts last). */
function sortKey(sort: OrderSort): SQL {
  if (sort === 'shipBy') return sql`coalesce(${orders.shipBy}, 'infinity'::timestamptz)`;
  if (sort === 'total') return sql`coalesce(${orders.totalAmount}, -1)`;
  return sql`${orders.orderedAt}`;
}

/** A page's position, as the client gets it back: the last row's sort key and id. */
export interface OrderCursor {
  key: string;
  id: string;
}

const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterConditions(accountId: string, filter: OrderFilter, now: Date): SQL[] {
  const conditions: SQL[] = [eq(orders.accountId, accountId)];
  if (filter.q) conditions.push(sql`${orders.searchText} like ${likePattern(filter.q)}`);
  if (filter.channelId) conditions.push(eq(orders.channelId, filter.channelId));
  if (filter.status) conditions.push(eq(orders.fulfilment, filter.status));
  if (filter.from) conditions.push(gte(orders.orderedAt, filter.from));
  if (filter.to) conditions.push(lt(orders.orderedAt, filter.to));
  if (filter.late === true)
    conditions.push(
      sql`${orders.fulfilment} in ('unshipped', 'partially shipped') and ${orders.shipBy} < ${now.toISOString()}::timestamptz`,
    );
  if (filter.late === false)
    conditions.push(
      sql`not (${orders.fulfilment} in ('unshipped', 'partially shipped') and coalesce(${orders.shipBy} < ${now.toISOString()}::timestamptz, false))`,
    );
  return conditions;
}

export async function orderPage(
  db: Db,
  accountId: string,
  query: { filter: OrderFilter; sort: OrderSort; order: 'asc' | 'desc'; cursor?: OrderCursor; pageSize: number },
  now: Date,
): Promise<{ items: OrderSummaryRecord[]; next: OrderCursor | null }> {
  const key = sortKey(query.sort);
  const conditions = filterConditions(accountId, query.filter, now);
  if (query.cursor) {
    const keyType = query.sort === 'total' ? sql`numeric` : sql`timestamptz`;
    const after = sql`(${key}, ${orders.id}) ${query.order === 'asc' ? sql`>` : sql`<`} (${query.cursor.key}::${keyType}, ${query.cursor.id}::uuid)`;
    conditions.push(after);
  }
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      marketplaceOrderId: orders.marketplaceOrderId,
      channelId: orders.channelId,
      channelKind: channels.kind,
      channelName: channels.displayName,
      orderedAt: orders.orderedAt,
      buyerName: orders.buyerName,
      lines: orders.lines,
      totalAmount: orders.totalAmount,
      currency: orders.currency,
      fulfilment: orders.fulfilment,
      shipBy: orders.shipBy,
      personalDataErasedAt: orders.personalDataErasedAt,
      lastShipment: sql<
        OrderSummaryRecord['lastShipment']
      >`(select json_build_object('state', s.state, 'message', s.message)
        from ${shipments} s where s.order_id = ${orders.id} order by s.created_at desc limit 1)`,
      sortKey: sql<string>`(${key})::text`,
    })
    .from(orders)
    .innerJoin(channels, eq(channels.id, orders.channelId))
    .where(and(...conditions))
    .orderBy(direction(key), direction(orders.id))
    .limit(query.pageSize + 1);
  const more = rows.length > query.pageSize;
  const page = rows.slice(0, query.pageSize);
  const last = page.at(-1);
  return {
    items: page.map(({ sortKey: _key, ...row }) => row),
    next: more && last ? { key: last.sortKey, id: last.id } : null,
  };
}

/** How many orders match, counted up to ORDER_COUNT_CAP + 1. */
export async function countOrders(db: Db, accountId: string, filter: OrderFilter, now: Date): Promise<number> {
  const matching = db
    .select({ one: sql`1` })
    .from(orders)
    .where(and(...filterConditions(accountId, filter, now)))
    .limit(ORDER_COUNT_CAP + 1)
    .as('matching');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matching);
  return row?.n ?? 0;
}

export interface OrderRecord extends Omit<OrderSummaryRecord, 'lastShipment'> {
  accountId: string;
  status: 'open' | 'shipped' | 'cancelled';
  shipTo: ShipToRecord | null;
  fees: { amount: string; currency: string } | null;
  acknowledgedAt: Date | null;
}

const orderColumns = {
  id: orders.id,
  accountId: orders.accountId,
  orderNumber: orders.orderNumber,
  marketplaceOrderId: orders.marketplaceOrderId,
  channelId: orders.channelId,
  channelKind: channels.kind,
  channelName: channels.displayName,
  orderedAt: orders.orderedAt,
  buyerName: orders.buyerName,
  lines: orders.lines,
  totalAmount: orders.totalAmount,
  currency: orders.currency,
  fulfilment: orders.fulfilment,
  shipBy: orders.shipBy,
  status: orders.status,
  shipTo: orders.shipTo,
  // The fees read from the marketplace's finances for profit (Amazon's, eBay's, Shopify's; adjusted since, where it
  // adjusted them), else those the order's own read carried.
  fees: sql<{ amount: string; currency: string } | null>`coalesce((select jsonb_build_object('amount', f.amount::text,
    'currency', f.currency) from ${orderFees} f where f.order_id = ${orders.id} and f.source = 'marketplace'), ${orders.fees})`,
  personalDataErasedAt: orders.personalDataErasedAt,
  acknowledgedAt: orders.acknowledgedAt,
};

/**
 * Orders of the account by id; another account's ids are simply not found. `lock` holds their rows
 * until the transaction ends (a seller's cancellation or refund checked against what went before).
 */
export async function ordersOfAccount(
  db: Db,
  accountId: string,
  ids: string[],
  options: { lock?: boolean } = {},
): Promise<OrderRecord[]> {
  if (ids.length === 0) return [];
  const query = db
    .select(orderColumns)
    .from(orders)
    .innerJoin(channels, eq(channels.id, orders.channelId))
    .where(and(eq(orders.accountId, accountId), inArray(orders.id, ids)));
  return options.lock ? query.orderBy(orders.id).for('update', { of: orders }) : query;
}

/** Orders of the account by the number the seller knows them by (the tracking CSV). */
export async function ordersByNumber(db: Db, accountId: string, numbers: string[]): Promise<OrderRecord[]> {
  if (numbers.length === 0) return [];
  return db
    .select(orderColumns)
    .from(orders)
    .innerJoin(channels, eq(channels.id, orders.channelId))
    .where(
      and(
        eq(orders.accountId, accountId),
        sql`(${inArray(orders.orderNumber, numbers)} or ${inArray(orders.marketplaceOrderId, numbers)})`,
      ),
    );
}

export interface ShipmentRecord {
  id: string;
  orderId: string;
  channelId: string;
  carrier: string;
  trackingNumber: string;
  shippedAt: Date;
  lines: ShipmentLineRecord[];
  state: ShipmentState;
  message: string | null;
  attempts: number;
  createdAt: Date;
}

const shipmentColumns = {
  id: shipments.id,
  orderId: shipments.orderId,
  channelId: shipments.channelId,
  carrier: shipments.carrier,
  trackingNumber: shipments.trackingNumber,
  shippedAt: shipments.shippedAt,
  lines: shipments.lines,
  state: shipments.state,
  message: shipments.message,
  attempts: shipments.attempts,
  createdAt: shipments.createdAt,
};

/** The shipments of these orders of the account, oldest first. */
export async function shipmentsOfOrders(db: Db, accountId: string, orderIds: string[]): Promise<ShipmentRecord[]> {
  if (orderIds.length === 0) return [];
  return db
    .select(shipmentColumns)
    .from(shipments)
    .where(and(eq(shipments.accountId, accountId), inArray(shipments.orderId, orderIds)))
    .orderBy(asc(shipments.createdAt), asc(shipments.id));
}

export interface OrderEventRecord {
  at: Date;
  kind: OrderEventKind;
  actor: string;
  detail: string | null;
}

export async function eventsOfOrder(db: Db, accountId: string, orderId: string): Promise<OrderEventRecord[]> {
  return db
    .select({ at: orderEvents.at, kind: orderEvents.kind, actor: orderEvents.actor, detail: orderEvents.detail })
    .from(orderEvents)
    .where(and(eq(orderEvents.accountId, accountId), eq(orderEvents.orderId, orderId)))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
}

export async function insertOrderEvents(
  db: Db,
  accountId: string,
  events: Array<{ orderId: string; kind: OrderEventKind; at: Date; actor: string; detail?: string | null }>,
): Promise<void> {
  if (events.length === 0) return;
  await run(db, insertOrderEventsStatement, [
    accountId,
    events.map((e) => e.orderId),
    events.map((e) => e.kind),
    events.map((e) => e.at.toISOString()),
    events.map((e) => e.actor),
    events.map((e) => e.detail ?? null),
  ]);
}

const insertOrderEventsStatement = statement(
  'insert_order_events',
  `insert into order_events (account_id, order_id, kind, at, actor, detail)
   select $1::uuid, * from unnest($2::uuid[], $3::text[], $4::timestamptz[], $5::text[], $6::text[])`,
);

/**
 * One event of a kind for each of these orders that has none yet (a step the marketplace reports
 * with every later read of the order, such as its delivery, is told once).
 */
export async function insertFirstOrderEvents(
  db: Db,
  accountId: string,
  kind: OrderEventKind,
  orderIds: string[],
  at: Date,
  actor: string,
): Promise<void> {
  if (orderIds.length === 0) return;
  const ids = sql.join(
    orderIds.map((id) => sql`(${id}::uuid)`),
    sql`, `,
  );
  await db.execute(sql`insert into ${orderEvents} (account_id, order_id, kind, at, actor)
    select ${accountId}::uuid, v.id, ${kind}, ${at.toISOString()}::timestamptz, ${actor}
    from (values ${ids}) as v(id)
    where not exists (select 1 from ${orderEvents} e where e.order_id = v.id and e.kind = ${kind})`);
}

/** The stock changes an order caused (its sale, its cancellation), newest first. */
export async function changesOfOrder(db: Db, accountId: string, orderId: string) {
  return db
    .select({
      id: changes.id,
      at: changes.createdAt,
      cause: changes.cause,
      field: changes.field,
      sku: changes.sku,
      channelId: changes.channelId,
      channelKind: channels.kind,
      before: changes.before,
      after: changes.after,
      causeRef: changes.causeRef,
    })
    .from(changes)
    .leftJoin(channels, eq(channels.id, changes.channelId))
    .where(and(eq(changes.accountId, accountId), eq(changes.orderId, orderId)))
    .orderBy(desc(changes.createdAt), desc(changes.id))
    .limit(200);
}

/** The catalogue's titles of these SKUs: the listing each order line came from. */
export async function productTitles(db: Db, accountId: string, skus: string[]): Promise<Map<string, string>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({ sku: products.sku, title: products.title })
    .from(products)
    .where(and(eq(products.accountId, accountId), inArray(products.sku, skus)));
  return new Map(rows.map((r) => [r.sku, r.title]));
}

/** When the account's orders last changed (recorded, shipped, settled): the live Orders page's cue. */
export async function latestOrderChange(db: Db, accountId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: orders.updatedAt })
    .from(orders)
    .where(eq(orders.accountId, accountId))
    .orderBy(desc(orders.updatedAt))
    .limit(1);
  return row?.at ?? null;
}
