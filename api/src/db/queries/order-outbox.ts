/**
 * The three outboxes of a seller's order actions (shipments, cancellations, refunds): rows recorded
 * as `sending`, sent by the `orders.fulfil` job, settled once by the marketplace's answer. Each step
 * counts an attempt and settles the same way, so one pair of queries serves all three.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { orderCancellations, orderRefunds, shipments } from '../schema/index.ts';

const outboxes = { shipment: shipments, cancellation: orderCancellations, refund: orderRefunds } as const;

/** Which outbox a row is in. */
export type OutboxKind = keyof typeof outboxes;

/** The column a confirmed row keeps the marketplace's own id in, where the marketplace gives one. */
const marketplaceIdColumn = {
  shipment: 'marketplaceShipmentId',
  cancellation: undefined,
  refund: 'marketplaceRefundId',
} as const satisfies Record<OutboxKind, string | undefined>;

export type OutboxSettlement =
  { state: 'confirmed'; marketplaceId?: string | null } | { state: 'failed'; message: string };

// The three tables share these columns; drizzle's builder takes one table type, so the union is narrowed to one of them.
const tableOf = (kind: OutboxKind) => outboxes[kind] as typeof shipments;

const stillSending = (kind: OutboxKind, accountId: string, id: string) => {
  const table = tableOf(kind);
  return and(eq(table.id, id), eq(table.accountId, accountId), eq(table.state, 'sending'));
};

/** One more attempt at a row still waiting for the marketplace: its attempt count, or undefined when settled. */
export async function countOutboxAttempt(
  db: Db,
  kind: OutboxKind,
  accountId: string,
  id: string,
): Promise<number | undefined> {
  const table = tableOf(kind);
  const [row] = await db
    .update(table)
    .set({ attempts: sql`${table.attempts} + 1` })
    .where(stillSending(kind, accountId, id))
    .returning({ attempts: table.attempts });
  return row?.attempts;
}

/** Settles a row that is still sending; answers false when another run settled it first. */
export async function settleOutboxRow(
  db: Db,
  kind: OutboxKind,
  accountId: string,
  id: string,
  outcome: OutboxSettlement,
  at: Date,
): Promise<boolean> {
  const table = tableOf(kind);
  const idColumn = marketplaceIdColumn[kind];
  const rows = await db
    .update(table)
    .set({
      state: outcome.state,
      settledAt: at,
      message: outcome.state === 'failed' ? outcome.message : null,
      ...(outcome.state === 'confirmed' && idColumn ? { [idColumn]: outcome.marketplaceId ?? null } : {}),
    })
    .where(stillSending(kind, accountId, id))
    .returning({ id: table.id });
  return rows.length > 0;
}
