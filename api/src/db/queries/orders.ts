import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { channels, orders, type OrderLineRecord, type OrderStatus } from '../schema/index.ts';

export interface OrderInput {
  marketplaceOrderId: string;
  status: OrderStatus;
  lines: OrderLineRecord[];
  orderedAt: Date;
  marketplaceUpdatedAt: Date;
}

/**
 * Records orders once per (channel, marketplace order id). A copy that is not newer than the one
 * stored changes nothing. Answers the ids of orders seen for the first time.
 */
export async function upsertOrders(db: Db, accountId: string, channelId: string, items: OrderInput[], at: Date): Promise<{ created: string[]; updated: string[] }> {
  if (items.length === 0) return { created: [], updated: [] };
  const rows = await db
    .insert(orders)
    .values(items.map((o) => ({ accountId, channelId, ...o, receivedAt: at, updatedAt: at })))
    .onConflictDoUpdate({
      target: [orders.channelId, orders.marketplaceOrderId],
      set: { status: sql`excluded.status`, lines: sql`excluded.lines`, marketplaceUpdatedAt: sql`excluded.marketplace_updated_at`, updatedAt: sql`excluded.updated_at` },
      setWhere: sql`excluded.marketplace_updated_at > ${orders.marketplaceUpdatedAt}`,
    })
    .returning({ marketplaceOrderId: orders.marketplaceOrderId, receivedAt: orders.receivedAt });
  // A row whose receivedAt is this run's was inserted now; the others were updated.
  const created = rows.filter((r) => r.receivedAt.getTime() === at.getTime()).map((r) => r.marketplaceOrderId);
  const updated = rows.filter((r) => r.receivedAt.getTime() !== at.getTime()).map((r) => r.marketplaceOrderId);
  return { created, updated };
}

export async function setOrdersReadUntil(db: Db, accountId: string, channelId: string, until: Date): Promise<void> {
  await db.update(channels).set({ ordersReadUntil: until }).where(and(eq(channels.id, channelId), eq(channels.accountId, accountId)));
}

export async function ordersReadUntil(db: Db, accountId: string, channelId: string): Promise<Date | null> {
  const [row] = await db.select({ until: channels.ordersReadUntil }).from(channels).where(and(eq(channels.id, channelId), eq(channels.accountId, accountId)));
  return row?.until ?? null;
}
