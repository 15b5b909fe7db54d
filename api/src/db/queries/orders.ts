import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  channels,
  orders,
  type FulfilmentStatusValue,
  type OrderLineRecord,
  type OrderStatus,
  type ShipToRecord,
} from '../schema/index.ts';

export interface OrderInput {
  marketplaceOrderId: string;
  status: OrderStatus;
  lines: OrderLineRecord[];
  orderedAt: Date;
  marketplaceUpdatedAt: Date;
  /** The marketplace order id when the read carried no number of its own. */
  orderNumber: string;
  buyerName: string | null;
  shipTo: ShipToRecord | null;
  totalAmount: string | null;
  currency: string | null;
  shipBy: Date | null;
  fulfilment: FulfilmentStatusValue;
  fees: { amount: string; currency: string } | null;
  searchText: string;
  /** Fulfilled by the marketplace from its own stock (Amazon AFN, Walmart WFS). */
  fulfilledByMarketplace?: boolean;
}

export interface RecordedOrder {
  id: string;
  marketplaceOrderId: string;
  orderNumber: string;
  status: OrderStatus;
  /** Where shipping stands now, as stored (it only moves forward). */
  fulfilment: FulfilmentStatusValue;
  lines: OrderLineRecord[];
  accountedUnits: Record<string, number>;
  /** Fulfilled by the marketplace from its own stock: it holds none of ours (absent: not). */
  fulfilledByMarketplace?: boolean;
  created: boolean;
}

/** The statuses an order moves through while it is being shipped, in order. */
const forward = sql.raw(`array['unshipped', 'partially shipped', 'shipped', 'delivered']::text[]`);

/** A stored order whose lines came without prices (an order recorded from Amazon's notification). */
const unpricedLines = sql`${orders.lines} @? '$[*] ? (@.price == null)'`;

/**
 * Records orders once per (channel, marketplace order id). A copy that is not newer than the one
 * stored changes nothing and is not answered, except that a copy of the same moment with prices
 * completes one stored without them; the rows answered are locked until the transaction ends.
 */
export async function upsertOrders(
  db: Db,
  accountId: string,
  channelId: string,
  items: OrderInput[],
  at: Date,
): Promise<RecordedOrder[]> {
  if (items.length === 0) return [];
  const rows = await db
    .insert(orders)
    .values(items.map((o) => ({ accountId, channelId, ...o, receivedAt: at, updatedAt: at })))
    .onConflictDoUpdate({
      target: [orders.channelId, orders.marketplaceOrderId],
      set: {
        status: sql`excluded.status`,
        lines: sql`excluded.lines`,
        marketplaceUpdatedAt: sql`excluded.marketplace_updated_at`,
        updatedAt: sql`excluded.updated_at`,
        // A copy without details (a notification's) keeps the ones a read stored; erased personal data stays erased.
        orderNumber: sql`coalesce(nullif(excluded.order_number, excluded.marketplace_order_id), ${orders.orderNumber})`,
        buyerName: sql`case when ${orders.personalDataErasedAt} is null then coalesce(excluded.buyer_name, ${orders.buyerName}) end`,
        shipTo: sql`case when ${orders.personalDataErasedAt} is null then coalesce(excluded.ship_to, ${orders.shipTo}) end`,
        totalAmount: sql`coalesce(excluded.total_amount, ${orders.totalAmount})`,
        currency: sql`coalesce(excluded.currency, ${orders.currency})`,
        shipBy: sql`coalesce(excluded.ship_by, ${orders.shipBy})`,
        fees: sql`coalesce(excluded.fees, ${orders.fees})`,
        fulfilledByMarketplace: sql`${orders.fulfilledByMarketplace} or excluded.fulfilled_by_marketplace`,
        searchText: sql`case when excluded.buyer_name is null and ${orders.buyerName} is not null
          then ${orders.searchText} else excluded.search_text end`,
        // Shipping only moves forward: a marketplace's read that lags behind a shipment we confirmed does not undo it.
        // Nor does a read that still shows an order we cancelled, refunded or saw returned as merely shipping.
        fulfilment: sql`case
          when ${orders.fulfilment} in ('cancelled', 'refunded', 'returned') and excluded.fulfilment = any(${forward})
          then ${orders.fulfilment}
          when array_position(${forward}, excluded.fulfilment) < array_position(${forward}, ${orders.fulfilment})
          then ${orders.fulfilment} else excluded.fulfilment end`,
      },
      setWhere: sql`excluded.marketplace_updated_at > ${orders.marketplaceUpdatedAt}
        or (excluded.marketplace_updated_at = ${orders.marketplaceUpdatedAt} and ${unpricedLines} and not (excluded.lines @? '$[*] ? (@.price == null)'))`,
    })
    .returning({
      id: orders.id,
      marketplaceOrderId: orders.marketplaceOrderId,
      orderNumber: orders.orderNumber,
      status: orders.status,
      fulfilment: orders.fulfilment,
      lines: orders.lines,
      accountedUnits: orders.accountedUnits,
      fulfilledByMarketplace: orders.fulfilledByMarketplace,
      inserted: sql<boolean>`(xmax = 0)`,
    });
  return rows.map(({ inserted, ...row }) => ({ ...row, created: inserted }));
}

/**
 * A channel's orders changed since a time, as recorded in full: marketplace order id → its last
 * change recorded (ms). An order still without prices is left out, so its read fetches them.
 */
export async function recordedOrderChanges(
  db: Db,
  accountId: string,
  channelId: string,
  since: Date,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: orders.marketplaceOrderId, updatedAt: orders.marketplaceUpdatedAt })
    .from(orders)
    .where(
      and(
        eq(orders.accountId, accountId),
        eq(orders.channelId, channelId),
        gte(orders.marketplaceUpdatedAt, since),
        sql`not (${unpricedLines})`,
      ),
    );
  return new Map(rows.map((r) => [r.id, r.updatedAt.getTime()]));
}

/** Each order's units now accounted for (what its stock moves were made from), in one statement. */
export async function setAccountedUnits(
  db: Db,
  accounted: Array<{ orderId: string; units: Record<string, number> }>,
): Promise<void> {
  if (accounted.length === 0) return;
  const values = sql.join(
    accounted.map((a) => sql`(${a.orderId}::uuid, ${JSON.stringify(a.units)}::jsonb)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${orders} set accounted_units = v.units from (values ${values}) as v(id, units) where ${orders.id} = v.id`,
  );
}

export async function setOrdersReadUntil(db: Db, accountId: string, channelId: string, until: Date): Promise<void> {
  await db
    .update(channels)
    .set({ ordersReadUntil: until })
    .where(and(eq(channels.id, channelId), eq(channels.accountId, accountId)));
}

export async function setReturnsReadUntil(db: Db, accountId: string, channelId: string, until: Date): Promise<void> {
  await db
    .update(channels)
    .set({ returnsReadUntil: until })
    .where(and(eq(channels.id, channelId), eq(channels.accountId, accountId)));
}
