import type { AppContext } from '../../context.ts';
import { findChannelAtWork } from '../../db/queries/channels.ts';
import {
  channelsWithOrdersWithoutFees,
  noteFeesPending,
  ordersWithoutFees,
  storeOrderFees,
  type OrderFeeRecord,
  type OrderWithoutFees,
} from '../../db/queries/order-fees.ts';
import type { MarketplaceAdapter } from '../../marketplaces/marketplace-adapter.ts';
import type { MarketplaceKind, OrderFeesRead } from '../../marketplaces/types.ts';
import { enqueueEach } from '../../workers/job-queue.ts';
import { FEES_READ_QUEUE, type FeesReadJob } from '../../workers/queues.ts';
import { adapterForChannel } from '../channel-access/channel-adapter.ts';
import { estimateFee, feeTable } from './fee-table.ts';

// The marketplaces' fees per order, for the profit on the Analytics page: read from the marketplace's
// finances API where it reports them (Amazon, eBay), estimated from the account's fee table where it does
// not (Walmart, Shopify). Asked for by the sales rollup's minute, channel by channel, for the orders still
// without fees: the order path itself is left alone. An order whose fees are not posted yet (Amazon posts them
// when it ships) is asked again 15 minutes later, then 30, 60… up to every 12 hours, and estimated after a week.

/** Orders read per job: a few dozen calls, well inside Amazon's burst of 30 and a minute's work. */
export const FEES_PER_JOB = 50;
/** How long an order may wait for its marketplace to post its fees (Amazon: up to 48 hours) before they are estimated. */
export const PENDING_FEES_DAYS = 7;
const DAY_MS = 86_400_000;

/** One fee read job per channel with orders still without fees (a channel's job waiting already stands for it). */
export async function requestFeeReads(ctx: AppContext): Promise<number> {
  const due = await channelsWithOrdersWithoutFees(ctx.db, ctx.clock());
  await enqueueEach<FeesReadJob>(
    ctx.jobs,
    ctx.db,
    FEES_READ_QUEUE,
    due.map((channel) => ({ data: channel, options: { singletonKey: channel.channelId } })),
  );
  return due.length;
}

const unreported: OrderFeesRead = { status: 'unavailable', reason: 'The marketplace reports no fees.' };

/**
 * The fees of an order: the marketplace's where it reports them; the fee table's estimate where it cannot,
 * or has posted none a week after the order; none yet while it may still post them.
 */
async function feeOf(
  adapter: MarketplaceAdapter | undefined,
  order: OrderWithoutFees,
  estimate: (order: OrderWithoutFees) => OrderFeeRecord,
  now: Date,
  signal?: AbortSignal,
): Promise<OrderFeeRecord | undefined> {
  const read = adapter?.orderFees ? await adapter.orderFees(order.marketplaceOrderId, signal) : unreported;
  if (read.status === 'reported')
    return { orderId: order.id, amount: read.fees.amount, currency: read.fees.currency, source: 'marketplace' };
  if (read.status === 'unavailable' || now.getTime() - order.orderedAt.getTime() > PENDING_FEES_DAYS * DAY_MS)
    return estimate(order);
  return undefined;
}

/**
 * Reads the fees of up to FEES_PER_JOB of the channel's orders without fees (oldest first) and stores
 * them. Safe to run twice: an order's fees are stored once, and a second run finds the order has them.
 * A failed call (rate limit, marketplace down) keeps the fees read before it, then fails the job for a
 * retry. Answers how many orders' fees were stored.
 */
export async function readOrderFees(ctx: AppContext, job: FeesReadJob, signal?: AbortSignal): Promise<number> {
  const channel = await findChannelAtWork(ctx.db, job.accountId, job.channelId);
  if (!channel || (channel.status !== 'active' && channel.status !== 'error')) return 0;
  const orders = await ordersWithoutFees(ctx.db, job.accountId, job.channelId, FEES_PER_JOB, ctx.clock());
  if (orders.length === 0) return 0;
  const entry = (await feeTable(ctx.db, job.accountId)).find((e) => e.kind === (channel.kind as MarketplaceKind))!;
  // A marketplace that reports no fees is not called at all: its orders are estimated.
  const adapter = entry.reportedByMarketplace ? await adapterForChannel(ctx, channel) : undefined;
  const estimate = (order: OrderWithoutFees): OrderFeeRecord => ({
    orderId: order.id,
    amount: estimateFee(order.total, entry),
    currency: order.currency,
    source: 'estimate',
  });
  const now = ctx.clock();
  const found: OrderFeeRecord[] = [];
  // Orders whose marketplace has posted nothing yet: asked again later, later each time (db/queries/order-fees.ts),
  // so the next job reads other orders meanwhile instead of the same ones every minute.
  const pending: string[] = [];
  let stored = 0;
  try {
    for (const order of orders) {
      if (signal?.aborted) break;
      const fee = await feeOf(adapter, order, estimate, now, signal);
      if (fee) found.push(fee);
      else pending.push(order.id);
    }
  } finally {
    stored = await storeOrderFees(ctx.db, job.accountId, job.channelId, found, ctx.clock());
    await noteFeesPending(ctx.db, job.accountId, pending, ctx.clock());
  }
  return stored;
}
