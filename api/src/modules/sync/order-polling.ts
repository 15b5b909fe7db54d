import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { findChannel, listAllChannels } from '../../db/queries/channels.ts';
import { ordersReadUntil, setOrdersReadUntil, upsertOrders } from '../../db/queries/orders.ts';
import type { MarketplaceOrder } from '../../marketplaces/types.ts';
import { adapterForChannel } from '../channels/channel-adapter.ts';
import { applySale } from '../../db/queries/stock.ts';
import { requestStockPush } from './stock-push.ts';
import { enqueue } from '../../workers/job-queue.ts';
import { ORDERS_POLL_QUEUE, type OrdersPollJob } from '../../workers/queues.ts';

/** Orders changed a little before the last read are read again: marketplaces index changes late. */
export const ORDER_READ_OVERLAP_MS = 5 * 60 * 1000;
/** A channel read for the first time starts this far back. */
export const FIRST_READ_WINDOW_MS = 24 * 3600 * 1000;

/** Asks for a channel's orders to be read (one waiting read per channel is enough). */
export function requestOrdersPoll(ctx: AppContext, tx: Db, job: OrdersPollJob): Promise<string | null> {
  return enqueue<OrdersPollJob>(ctx.jobs, tx, ORDERS_POLL_QUEUE, job, { singletonKey: `orders:${job.channelId}` });
}

const toInput = (o: MarketplaceOrder) => ({
  marketplaceOrderId: o.marketplaceOrderId,
  status: o.status,
  lines: o.lines.map((l) => ({ sku: l.sku, quantity: l.quantity, price: l.price, cancelledQuantity: l.cancelledQuantity })),
  orderedAt: new Date(o.createdAt),
  marketplaceUpdatedAt: new Date(o.updatedAt),
});

/**
 * Reads the channel's orders changed since the last read (with an overlap) and records each once.
 * Running twice, or alongside a webhook for the same order, records nothing twice.
 */
export async function pollOrders(ctx: AppContext, job: OrdersPollJob, signal?: AbortSignal): Promise<{ created: number; updated: number }> {
  const channel = await findChannel(ctx.db, job.accountId, job.channelId);
  if (!channel || channel.status !== 'active') return { created: 0, updated: 0 };
  const startedAt = ctx.clock();
  const readUntil = await ordersReadUntil(ctx.db, job.accountId, job.channelId);
  const since = new Date((readUntil ?? new Date(channel.connectedAt.getTime() - FIRST_READ_WINDOW_MS + ORDER_READ_OVERLAP_MS)).getTime() - ORDER_READ_OVERLAP_MS);
  const adapter = await adapterForChannel(ctx, channel);
  let created = 0;
  let updated = 0;
  let cursor: string | undefined;
  do {
    const page = await adapter.ordersSince(since, cursor, signal);
    const result = await ctx.db.transaction(async (tx) => {
      const recorded = await upsertOrders(tx, job.accountId, job.channelId, page.items.map(toInput), ctx.clock());
      // A new order commits its units at once, and the other channels get the new quantity: same transaction.
      const fresh = page.items.filter((o) => recorded.created.includes(o.marketplaceOrderId) && o.status !== 'cancelled');
      const lines = fresh.flatMap((o) => o.lines.map((l) => ({ sku: l.sku, quantity: l.quantity - l.cancelledQuantity }))).filter((l) => l.quantity > 0);
      const moved = await applySale(tx, job.accountId, lines, channel.role === 'main', ctx.clock());
      if (moved.length) await requestStockPush(ctx, tx, { accountId: job.accountId, skus: [...new Set(moved)] });
      return recorded;
    });
    created += result.created.length;
    updated += result.updated.length;
    cursor = page.next;
  } while (cursor);
  await setOrdersReadUntil(ctx.db, job.accountId, job.channelId, startedAt);
  return { created, updated };
}

/** The schedule's tick: every active channel of every account gets a read. */
export async function pollAllChannels(ctx: AppContext): Promise<number> {
  const active = (await listAllChannels(ctx.db)).filter((c) => c.status === 'active');
  for (const channel of active) await requestOrdersPoll(ctx, ctx.db, { accountId: channel.accountId, channelId: channel.id });
  return active.length;
}
