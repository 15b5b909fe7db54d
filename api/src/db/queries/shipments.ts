/** Shipments: recorded when the seller ships, sent by the `orders.fulfil` job, settled by the marketplace's answer. */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import type { ShipmentRecord } from './order-pages.ts';
import { orders, shipments, type FulfilmentStatusValue, type ShipmentLineRecord } from '../schema/index.ts';

export interface NewShipment {
  orderId: string;
  channelId: string;
  carrier: string;
  trackingNumber: string;
  shippedAt: Date;
  lines: ShipmentLineRecord[];
  createdBy: string | null;
}

export async function insertShipments(
  db: Db,
  accountId: string,
  items: NewShipment[],
  at: Date,
): Promise<Array<{ id: string; orderId: string }>> {
  if (items.length === 0) return [];
  return db
    .insert(shipments)
    .values(items.map((s) => ({ accountId, ...s, createdAt: at })))
    .returning({ id: shipments.id, orderId: shipments.orderId });
}

/** An order's shipping moved on: its status when given, and its last change (the live Orders page's cue). */
export async function touchOrders(
  db: Db,
  accountId: string,
  orderIds: string[],
  at: Date,
  fulfilment?: FulfilmentStatusValue,
): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .update(orders)
    .set({ updatedAt: at, ...(fulfilment ? { fulfilment } : {}) })
    .where(and(inArray(orders.id, orderIds), eq(orders.accountId, accountId)));
}

/** Answers false when the order was acknowledged already. */
export async function markAcknowledged(db: Db, accountId: string, orderId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ acknowledgedAt: at })
    .where(and(eq(orders.id, orderId), eq(orders.accountId, accountId), isNull(orders.acknowledgedAt)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

export interface SentShipment extends ShipmentRecord {
  createdBy: string | null;
}

export async function shipmentById(db: Db, accountId: string, shipmentId: string): Promise<SentShipment | undefined> {
  const [row] = await db
    .select({
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
      createdBy: shipments.createdBy,
    })
    .from(shipments)
    .where(and(eq(shipments.id, shipmentId), eq(shipments.accountId, accountId)));
  return row;
}

/**
 * Erases the buyer's name and address of orders placed before `before` that are no longer to ship
 * (the order, its lines and totals stay; search keeps the number and SKUs). Answers how many.
 */
export async function erasePersonalData(db: Db, before: Date, at: Date): Promise<number> {
  const rows = await db
    .update(orders)
    .set({
      buyerName: null,
      shipTo: null,
      personalDataErasedAt: at,
      updatedAt: at,
      searchText: sql`lower(${orders.orderNumber} || ' ' || ${orders.marketplaceOrderId} || ' ' || coalesce((select string_agg(l->>'sku', ' ') from jsonb_array_elements(${orders.lines}) as l), ''))`,
    })
    .where(
      and(
        isNull(orders.personalDataErasedAt),
        sql`${orders.orderedAt} < ${before.toISOString()}::timestamptz`,
        sql`${orders.fulfilment} not in ('unshipped', 'partially shipped')`,
      ),
    )
    .returning({ id: orders.id });
  return rows.length;
}
