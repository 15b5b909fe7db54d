import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { findChannel, listAllChannels } from '../../db/queries/channels.ts';
import { ordersReadUntil, recordedOrderChanges, setOrdersReadUntil } from '../../db/queries/orders.ts';
import { adapterForChannel } from '../channels/channel-adapter.ts';
import { enqueue } from '../../workers/job-queue.ts';
import { ORDERS_POLL_QUEUE, type OrdersPollJob } from '../../workers/queues.ts';
import { recordOrders } from './order-ledger.ts';
import { withChannelHealth } from './channel-health.ts';

/** Orders changed a little before the last read are read again: marketplaces index changes late. */
export const ORDER_READ_OVERLAP_MS = 5 * 60 * 1000;
/** A channel read for the first time starts this far back. */
export const FIRST_READ_WINDOW_MS = 24 * 3600 * 1000;

/** Asks for a channel's orders to be read (one read runs and one waits per channel). */
export function requestOrdersPoll(ctx: AppContext, tx: Db, job: OrdersPollJob): Promise<string | null> {
  return enqueue<OrdersPollJob>(ctx.jobs, tx, ORDERS_POLL_QUEUE, job, { singletonKey: job.channelId });
}

/**
 * Reads the channel's orders changed since the last read (with an overlap) and records each once,
 * a page per transaction. Running twice, or alongside a webhook for the same order, records
 * nothing twice and moves no unit twice.
 */
export async function pollOrders(ctx: AppContext, job: OrdersPollJob, signal?: AbortSignal): Promise<{ created: number; updated: number }> {
  const channel = await findChannel(ctx.db, job.accountId, job.channelId);
  if (!channel || (channel.status !== 'active' && channel.status !== 'error')) return { created: 0, updated: 0 };
  return withChannelHealth(ctx, channel, async () => {
    const startedAt = ctx.clock();
    const readUntil = await ordersReadUntil(ctx.db, job.accountId, job.channelId);
    const since = new Date((readUntil ?? new Date(channel.connectedAt.getTime() - FIRST_READ_WINDOW_MS + ORDER_READ_OVERLAP_MS)).getTime() - ORDER_READ_OVERLAP_MS);
    const adapter = await adapterForChannel(ctx, channel);
    // Orders of the overlap already recorded as they are: the adapter need not fetch them again in full.
    const known = await recordedOrderChanges(ctx.db, job.accountId, job.channelId, since);
    const totals = { created: 0, updated: 0 };
    let cursor: string | undefined;
    do {
      const page = await adapter.ordersSince(since, cursor, signal, known);
      const recorded = await ctx.db.transaction((tx) => recordOrders(ctx, tx, channel, page.items));
      totals.created += recorded.created;
      totals.updated += recorded.updated;
      cursor = page.next;
    } while (cursor);
    await setOrdersReadUntil(ctx.db, job.accountId, job.channelId, startedAt);
    return totals;
  });
}

/** Channels whose orders are due for a read (every channel sync runs for, on its plan's interval); each is asked for one. */
export async function pollDueChannels(ctx: AppContext, intervalMinutesOf: (plan: string) => number): Promise<Array<{ accountId: string; channelId: string }>> {
  const now = ctx.clock().getTime();
  const due = (await listAllChannels(ctx.db)).filter((c) => (c.status === 'active' || c.status === 'error') && (c.ordersReadUntil === null || now - c.ordersReadUntil.getTime() >= intervalMinutesOf(c.plan) * 60_000 - 5_000));
  for (const channel of due) await requestOrdersPoll(ctx, ctx.db, { accountId: channel.accountId, channelId: channel.id });
  return due.map((c) => ({ accountId: c.accountId, channelId: c.id }));
}
