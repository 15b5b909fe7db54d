import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  findChannel,
  findChannelAtWork,
  syncingChannels,
  type ChannelAtWork,
  type ChannelRecord,
} from '../../db/queries/channels.ts';
import { recordedOrderChanges, setOrdersReadUntil, setReturnsReadUntil } from '../../db/queries/orders.ts';
import { adapterForChannel } from '../channel-access/channel-adapter.ts';
import { enqueue } from '../../workers/job-queue.ts';
import {
  ORDERS_POLL_QUEUE,
  ORDERS_RETURNS_QUEUE,
  type OrdersPollJob,
  type ReturnsReadJob,
} from '../../workers/queues.ts';
import { sendShopifyCopyTracking } from './shopify-copies.ts';
import { recordOrders } from './order-ledger.ts';
import { deliveriesToApply, markDeliveriesApplied } from '../../db/queries/marketplace-events.ts';
import type { DeliveredOrder } from '../../marketplaces/marketplace-events.ts';
import { marketplaceEvents, marketplaceOrderRules } from '../../marketplaces/registry.ts';
import { recordReturns } from './returns.ts';
import type { ChannelKind } from '../../db/schema/index.ts';
import type { MarketplaceOrder } from '../../marketplaces/types.ts';
import { withChannelHealth } from '../channel-access/channel-health.ts';

/** Orders changed a little before the last read are read again: marketplaces index changes late. */
export const ORDER_READ_OVERLAP_MS = 5 * 60 * 1000;
/** A channel read for the first time starts this far back. */
export const FIRST_READ_WINDOW_MS = 24 * 3600 * 1000;

/** The whole order a verified delivery of this channel kind holds, if it holds one (the marketplace reads it). */
export function orderInDelivery(kind: ChannelKind, topic: string, payload: unknown): DeliveredOrder | undefined {
  return marketplaceEvents[kind].orderInDelivery?.(topic, payload);
}

/** Asks for a channel's orders to be read (one read runs and one waits per channel). */
export function requestOrdersPoll(ctx: AppContext, tx: Db, job: OrdersPollJob): Promise<string | null> {
  return enqueue<OrdersPollJob>(ctx.jobs, tx, ORDERS_POLL_QUEUE, job, { singletonKey: job.channelId });
}

/**
 * Asks for the orders that deliveries brought to be applied. It waits under a key of its own, so a
 * read asked for meanwhile is not dropped for it; both run one at a time with the channel's other jobs.
 */
export function requestDeliveredOrdersApplied(
  ctx: AppContext,
  tx: Db,
  job: Omit<OrdersPollJob, 'apply'>,
): Promise<string | null> {
  return enqueue<OrdersPollJob>(
    ctx.jobs,
    tx,
    ORDERS_POLL_QUEUE,
    { ...job, apply: 'deliveries' },
    { singletonKey: `${job.channelId}:deliveries`, groupId: job.channelId },
  );
}

/**
 * Orders recorded from deliveries that left their prices out are read again a little later, one read
 * for every such order of those seconds, under a key of its own like the deliveries'.
 */
export const ORDER_PRICES_READ_DELAY_SECONDS = 10;
export function requestOrderPricesRead(
  ctx: AppContext,
  tx: Db,
  job: Omit<OrdersPollJob, 'apply'>,
): Promise<string | null> {
  return enqueue<OrdersPollJob>(ctx.jobs, tx, ORDERS_POLL_QUEUE, job, {
    singletonKey: `${job.channelId}:prices`,
    groupId: job.channelId,
    startAfter: ORDER_PRICES_READ_DELAY_SECONDS,
  });
}

/**
 * Records the orders deliveries held whole (the newest copy of each order counts), within the caller's
 * transaction; orders whose prices the marketplace left out are read again a little later for them.
 */
export async function recordDeliveredOrders(
  ctx: AppContext,
  tx: Db,
  channel: Pick<ChannelRecord, 'id' | 'accountId' | 'kind' | 'role' | 'rules'>,
  delivered: DeliveredOrder[],
): Promise<{ created: number; updated: number }> {
  const newest = new Map<string, MarketplaceOrder>();
  for (const { order } of delivered) {
    const known = newest.get(order.marketplaceOrderId);
    if (!known || Date.parse(known.updatedAt) <= Date.parse(order.updatedAt))
      newest.set(order.marketplaceOrderId, order);
  }
  const recorded = await recordOrders(ctx, tx, channel, [...newest.values()]);
  if (delivered.some((d) => d.pricesLater))
    await requestOrderPricesRead(ctx, tx, { accountId: channel.accountId, channelId: channel.id });
  return recorded;
}

/** Deliveries applied per transaction. */
const DELIVERIES_PER_ROUND = 200;

/**
 * Applies the orders that the channel's deliveries brought, every delivery waiting in one
 * transaction (the newest copy of each order counts), and marks them applied. Running twice applies
 * nothing twice: a delivery is applied once, and an order moves stock by what it holds now. A
 * channel no longer syncing leaves them to the read that its resume makes.
 */
export async function applyDeliveredOrders(
  ctx: AppContext,
  job: OrdersPollJob,
): Promise<{ created: number; updated: number }> {
  const channel = await findChannel(ctx.db, job.accountId, job.channelId);
  if (!channel) return { created: 0, updated: 0 };
  const syncing = channel.status === 'active' || channel.status === 'error';
  const totals = { created: 0, updated: 0 };
  for (;;) {
    const applied = await ctx.db.transaction(async (tx) => {
      const deliveries = await deliveriesToApply(tx, channel.id, DELIVERIES_PER_ROUND);
      if (deliveries.length === 0) return undefined;
      const delivered = (syncing ? deliveries : []).flatMap(
        (d) => orderInDelivery(channel.kind, d.topic, d.payload) ?? [],
      );
      const recorded = await recordDeliveredOrders(ctx, tx, channel, delivered);
      await markDeliveriesApplied(
        tx,
        deliveries.map((d) => d.id),
        ctx.clock(),
      );
      return { ...recorded, more: deliveries.length === DELIVERIES_PER_ROUND };
    });
    if (!applied) return totals;
    totals.created += applied.created;
    totals.updated += applied.updated;
    // Deliveries arriving meanwhile asked for this job again: it runs once this one ends.
    if (!applied.more) return totals;
  }
}

/**
 * Reads the channel's orders changed since the last read (with an overlap) and records each once,
 * a page per transaction. Running twice, or alongside a webhook for the same order, records
 * nothing twice and moves no unit twice.
 */
export async function pollOrders(
  ctx: AppContext,
  job: OrdersPollJob,
  signal?: AbortSignal,
): Promise<{ created: number; updated: number }> {
  if (job.apply === 'deliveries') return applyDeliveredOrders(ctx, job);
  const channel = await findChannelAtWork(ctx.db, job.accountId, job.channelId);
  if (!channel || (channel.status !== 'active' && channel.status !== 'error')) return { created: 0, updated: 0 };
  return withChannelHealth(ctx, channel, async () => {
    const startedAt = ctx.clock();
    const readUntil = channel.ordersReadUntil;
    const since = new Date(
      (readUntil ?? new Date(channel.connectedAt.getTime() - FIRST_READ_WINDOW_MS + ORDER_READ_OVERLAP_MS)).getTime() -
        ORDER_READ_OVERLAP_MS,
    );
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
    await requestReturnsReadWhenDue(ctx, channel, startedAt);
    await sendShopifyCopyTracking(ctx, channel, adapter, signal);
    return totals;
  });
}

/**
 * Asks for the channel's returns to be read where the marketplace reports them and a read is due
 * (registry: returnsReadEveryMs). The read is a job of its own, so a slow one (Amazon's report) never
 * holds the channel's orders reads back.
 */
async function requestReturnsReadWhenDue(ctx: AppContext, channel: ChannelAtWork, now: Date): Promise<void> {
  if (!returnsReadDue(channel, now)) return;
  await enqueue<ReturnsReadJob>(
    ctx.jobs,
    ctx.db,
    ORDERS_RETURNS_QUEUE,
    { accountId: channel.accountId, channelId: channel.id },
    { singletonKey: channel.id },
  );
}

function returnsReadDue(channel: ChannelAtWork, now: Date): boolean {
  const rules = marketplaceOrderRules[channel.kind];
  if (!rules.returns.api) return false;
  const last = channel.returnsReadUntil;
  return !last || now.getTime() - last.getTime() >= rules.returnsReadEveryMs;
}

/**
 * The returns read: the channel's returns changed since the last read (with the orders' overlap), a
 * page per transaction. Running twice records nothing twice and restocks nothing twice.
 */
export async function readChannelReturns(ctx: AppContext, job: ReturnsReadJob, signal?: AbortSignal): Promise<number> {
  const channel = await findChannelAtWork(ctx.db, job.accountId, job.channelId);
  if (!channel || (channel.status !== 'active' && channel.status !== 'error')) return 0;
  const startedAt = ctx.clock();
  if (!returnsReadDue(channel, startedAt)) return 0;
  return withChannelHealth(ctx, channel, async () => {
    const adapter = await adapterForChannel(ctx, channel);
    if (!adapter.returnsSince) return 0;
    const last = channel.returnsReadUntil;
    const since = new Date(
      (last ?? new Date(channel.connectedAt.getTime() - FIRST_READ_WINDOW_MS + ORDER_READ_OVERLAP_MS)).getTime() -
        ORDER_READ_OVERLAP_MS,
    );
    let read = 0;
    let cursor: string | undefined;
    do {
      const page = await adapter.returnsSince(since, cursor, signal);
      await ctx.db.transaction((tx) => recordReturns(ctx, tx, channel, page.items));
      read += page.items.length;
      cursor = page.next;
    } while (cursor);
    await setReturnsReadUntil(ctx.db, channel.accountId, channel.id, startedAt);
    return read;
  });
}

/** The minute the sync tick comes back in: recent-order reads are spread over it. */
const TICK_MS = 60_000;

/**
 * The reads of a minute for a channel whose marketplace tells no cancellation (eBay): one now and one
 * every `recentOrdersEveryMs` until the next tick, each under a key of its own (a tick that runs twice
 * asks for nothing twice) and one at a time with the channel's other reads.
 */
export async function requestRecentOrderReads(
  ctx: AppContext,
  channel: { accountId: string; channelId: string; kind: ChannelKind },
): Promise<number> {
  const every = marketplaceOrderRules[channel.kind].recentOrdersEveryMs;
  if (!every) return 0;
  const job = { accountId: channel.accountId, channelId: channel.channelId };
  await requestOrdersPoll(ctx, ctx.db, job);
  let asked = 1;
  for (let at = every; at < TICK_MS; at += every, asked++)
    await enqueue<OrdersPollJob>(ctx.jobs, ctx.db, ORDERS_POLL_QUEUE, job, {
      singletonKey: `${channel.channelId}:recent:${at}`,
      groupId: channel.channelId,
      startAfter: at / 1000,
    });
  return asked;
}

/**
 * On start-up, every syncing channel's orders are read at once (since its last read, with the usual
 * overlap): an order whose notification was lost while no process ran is recorded now, not at the
 * channel's next scheduled read.
 */
export async function requestOrderReadsAtStartUp(ctx: AppContext): Promise<number> {
  // A read-only account's channels are left to its sync's return, as the schedule leaves them.
  const syncing = await syncingChannels(ctx.db, ctx.clock());
  for (const channel of syncing)
    await requestOrdersPoll(ctx, ctx.db, { accountId: channel.accountId, channelId: channel.id });
  return syncing.length;
}

/**
 * Channels whose orders are due for a read (every channel sync runs for, on its plan's interval); each
 * is asked for one. On a real-time plan, a marketplace without cancellation events is read every few
 * seconds instead (requestRecentOrderReads).
 */
export async function pollDueChannels(
  ctx: AppContext,
  intervalMinutesOf: (plan: string) => number,
  realTime: (plan: string) => boolean = () => false,
): Promise<Array<{ accountId: string; channelId: string }>> {
  const now = ctx.clock().getTime();
  // A read-only account's channels (its trial or plan ended unpaid) are not among them: its sync is paused.
  const syncing = await syncingChannels(ctx.db, ctx.clock());
  const read: Array<{ accountId: string; channelId: string }> = [];
  for (const c of syncing) {
    const job = { accountId: c.accountId, channelId: c.id };
    if (realTime(c.plan) && marketplaceOrderRules[c.kind].recentOrdersEveryMs) {
      await requestRecentOrderReads(ctx, { ...job, kind: c.kind });
      read.push(job);
    } else if (
      c.ordersReadUntil === null ||
      now - c.ordersReadUntil.getTime() >= intervalMinutesOf(c.plan) * 60_000 - 5_000
    ) {
      await requestOrdersPoll(ctx, ctx.db, job);
      read.push(job);
    }
  }
  return read;
}
