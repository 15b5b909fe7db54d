import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { channels, orders, type OrderLineRecord, type OrderStatus } from '../schema/index.ts';

export interface OrderInput {
  marketplaceOrderId: string;
  status: OrderStatus;
  lines: OrderLineRecord[];
  orderedAt: Date;
  marketplaceUpdatedAt: Date;
}

export interface RecordedOrder {
  id: string;
  marketplaceOrderId: string;
  status: OrderStatus;
  lines: OrderLineRecord[];
  accountedUnits: Record<string, number>;
  created: boolean;
}

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
      },
      setWhere: sql`excluded.marketplace_updated_at > ${orders.marketplaceUpdatedAt}
        or (excluded.marketplace_updated_at = ${orders.marketplaceUpdatedAt} and ${unpricedLines} and not (excluded.lines @? '$[*] ? (@.price == null)'))`,
    })
    .returning({
      id: orders.id,
      marketplaceOrderId: orders.marketplaceOrderId,
      status: orders.status,
      lines: orders.lines,
      accountedUnits: orders.accountedUnits,
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
