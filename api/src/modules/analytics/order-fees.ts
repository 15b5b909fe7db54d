import type { AppContext } from '../../context.ts';
import { findChannelAtWork } from '../../db/queries/channels.ts';
import {
  channelsWithFeesToRead,
  feesDueAgain,
  noteFeesPending,
  ordersWithoutFees,
  reviseOrderFees,
  storeOrderFees,
  type FeeRevision,
  type FeesDueAgain,
  type OrderFeeRecord,
  type OrderWithoutFees,
} from '../../db/queries/order-fees.ts';
import { insertOrderEvents } from '../../db/queries/order-pages.ts';
import { marketplaceNames } from '../orders/order-timeline.ts';
import type { MarketplaceAdapter } from '../../marketplaces/marketplace-adapter.ts';
import type { MarketplaceKind, OrderFeesRead } from '../../marketplaces/types.ts';
import { enqueueEach } from '../../workers/job-queue.ts';
import { FEES_READ_QUEUE, type FeesReadJob } from '../../workers/queues.ts';
import { adapterForChannel } from '../channel-access/channel-adapter.ts';
import { estimateFee, feeTable } from './fee-table.ts';

// The marketplaces' fees per order, for the profit on the Analytics page: read from the marketplace where it
// reports them (Amazon's and eBay's finances APIs, Walmart's settlement report, Shopify Payments' transactions),
// estimated from the account's fee table where it cannot (a Shopify order paid through another gateway). Asked for by the sales rollup's minute, channel by channel, for the orders still
// without fees: the order path itself is left alone. An order whose fees are not posted yet (Amazon posts them
// when it ships) is asked again 15 minutes later, then 30, 60… up to every 12 hours, and estimated after a week.
// Fees a marketplace reported are read again 2, 7 and 30 days after: it adjusts them later (a refund credits the
// referral fee back and charges a refund commission), and the order's timeline tells each change, before and after.

/** Orders read per job: a few dozen calls, well inside Amazon's burst of 30 and a minute's work. */
export const FEES_PER_JOB = 50;
/** How long an order may wait for its marketplace to post its fees (Amazon: up to 48 hours) before they are estimated. */
export const PENDING_FEES_DAYS = 7;
const DAY_MS = 86_400_000;
/** Days after the first read of a marketplace's fees when they are read again (Amazon's return window is 30 days). */
export const FEES_READ_AGAIN_DAYS = [2, 7, 30] as const;

/** When fees first read at `firstReadAt` are read next, after `now`; null once the last time has passed. */
export function nextFeesRead(firstReadAt: Date, now: Date): Date | null {
  for (const days of FEES_READ_AGAIN_DAYS) {
    const at = new Date(firstReadAt.getTime() + days * DAY_MS);
    if (at > now) return at;
  }
  return null;
}

/**
 * One fee read job per channel with orders still without fees, or with fees due to be read again (a channel's job
 * waiting already stands for it).
 */
export async function requestFeeReads(ctx: AppContext): Promise<number> {
  const due = await channelsWithFeesToRead(ctx.db, ctx.clock());
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
    return {
      orderId: order.id,
      amount: read.fees.amount,
      currency: read.fees.currency,
      source: 'marketplace',
      readAgainAt: nextFeesRead(now, now),
    };
  if (read.status === 'unavailable' || now.getTime() - order.orderedAt.getTime() > PENDING_FEES_DAYS * DAY_MS)
    return estimate(order);
  return undefined;
}

/**
 * Reads the fees of up to FEES_PER_JOB of the channel's orders without fees (oldest first) and stores them, then
 * reads again, within the same number, fees the marketplace reported before that are due (see nextFeesRead). Safe
 * to run twice: an order's fees are stored once, and a second run finds the order has them and its read again
 * done. A failed call (rate limit, marketplace down) keeps what was read before it, then fails the job for a
 * retry. Answers how many orders' fees were stored or changed.
 */
export async function readOrderFees(ctx: AppContext, job: FeesReadJob, signal?: AbortSignal): Promise<number> {
  const channel = await findChannelAtWork(ctx.db, job.accountId, job.channelId);
  if (!channel || (channel.status !== 'active' && channel.status !== 'error')) return 0;
  const now = ctx.clock();
  const orders = await ordersWithoutFees(ctx.db, job.accountId, job.channelId, FEES_PER_JOB, now);
  const again =
    orders.length < FEES_PER_JOB
      ? await feesDueAgain(ctx.db, job.accountId, job.channelId, FEES_PER_JOB - orders.length, now)
      : [];
  if (orders.length === 0 && again.length === 0) return 0;
  const entry = (await feeTable(ctx.db, job.accountId)).find((e) => e.kind === (channel.kind as MarketplaceKind))!;
  // A marketplace that reports no fees is not called at all: its orders are estimated.
  const adapter = entry.reportedByMarketplace ? await adapterForChannel(ctx, channel) : undefined;
  const estimate = (order: OrderWithoutFees): OrderFeeRecord => ({
    orderId: order.id,
    amount: estimateFee(order.total, entry),
    currency: order.currency,
    source: 'estimate',
  });
  const found: OrderFeeRecord[] = [];
  // Orders whose marketplace has posted nothing yet: asked again later, later each time (db/queries/order-fees.ts),
  // so the next job reads other orders meanwhile instead of the same ones every minute.
  const pending: string[] = [];
  const revisions: FeeRevision[] = [];
  let stored = 0;
  try {
    for (const order of orders) {
      if (signal?.aborted) break;
      const fee = await feeOf(adapter, order, estimate, now, signal);
      if (fee) found.push(fee);
      else pending.push(order.id);
    }
    for (const fees of again) {
      if (signal?.aborted) break;
      revisions.push(await feesAgain(adapter, fees, now, signal));
    }
  } finally {
    stored = await storeOrderFees(ctx.db, job.accountId, job.channelId, found, now);
    await noteFeesPending(ctx.db, job.accountId, pending, now);
    stored += await storeRevisions(ctx, job.accountId, channel.kind as MarketplaceKind, revisions, now);
  }
  return stored;
}

/** What the marketplace says of fees it reported before: the amount now (the same while it says nothing new), and when to ask next. */
async function feesAgain(
  adapter: MarketplaceAdapter | undefined,
  fees: FeesDueAgain,
  now: Date,
  signal?: AbortSignal,
): Promise<FeeRevision> {
  const read = adapter?.orderFees ? await adapter.orderFees(fees.marketplaceOrderId, signal) : unreported;
  const reported = read.status === 'reported' ? read.fees : fees;
  // A marketplace that no longer reports fees (its kind's table changed) is not asked again.
  const readAgainAt = read.status === 'unavailable' ? null : nextFeesRead(fees.readAt, now);
  return { orderId: fees.orderId, amount: reported.amount, currency: reported.currency, readAgainAt };
}

/** Stores the fees read again; each order whose amount changed gets a step on its timeline, before and after. */
async function storeRevisions(
  ctx: AppContext,
  accountId: string,
  kind: MarketplaceKind,
  revisions: readonly FeeRevision[],
  at: Date,
): Promise<number> {
  if (revisions.length === 0) return 0;
  return ctx.db.transaction(async (tx) => {
    const changed = await reviseOrderFees(tx, accountId, revisions);
    await insertOrderEvents(
      tx,
      accountId,
      changed.map((c) => ({
        orderId: c.orderId,
        kind: 'fees adjusted',
        at,
        actor: marketplaceNames[kind],
        detail: `${c.before} ${c.currency} → ${c.after} ${c.currency}`,
      })),
    );
    return changed.length;
  });
}
