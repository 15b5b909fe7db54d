import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { enqueue } from '../../workers/job-queue.ts';
import {
  MAIN_ADJUST_QUEUE,
  MAIN_REFRESH_QUEUE,
  type MainAdjustJob,
  type MainRefreshJob,
} from '../../workers/queues.ts';

/**
 * The main channel's stock jobs, asked for in the caller's transaction: its adjustments sent (a sale
 * on a target, a seller's edit), or its quantities read (a sale or a stock notice on the main channel,
 * reconciliation). Orders, webhooks and the schedule ask; main-adjustments.ts does the work.
 */

/** Asks for the account's adjustments waiting for the main channel to be sent (one job waits per account). */
export function requestMainAdjustments(ctx: AppContext, tx: Db, accountId: string): Promise<string | null> {
  return enqueue<MainAdjustJob>(ctx.jobs, tx, MAIN_ADJUST_QUEUE, { accountId }, { singletonKey: accountId });
}

/**
 * How long the read a main channel's stock notice asks for waits before it starts: the notice of a
 * sale there often comes before its order has been recorded, and once the order has taken the units
 * off, the read has nothing to learn (`MainRefreshJob.expect`) and is not made.
 */
export const NOTICE_READ_DELAY_SECONDS = 1;

/**
 * Asks for the main channel's quantities of SKUs to be read. A read of the same SKUs not started yet
 * serves the new request too (it reads after it); a read for an order is its own, as it records the
 * change as that order's.
 */
export function requestMainRefresh(
  ctx: AppContext,
  tx: Db,
  job: MainRefreshJob,
  options: { startAfter?: number } = {},
): Promise<string | null> {
  const orderIds = job.orders ? [...new Set(Object.values(job.orders).map((o) => o.orderId))].sort().join(',') : '';
  // A notice's read waits for its own quantity: another notice, saying something else, is not served by it.
  const expected = job.expect
    ? `:=${Object.entries(job.expect)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([sku, quantity]) => `${sku}=${quantity}`)
        .join(',')}`
    : '';
  return enqueue<MainRefreshJob>(ctx.jobs, tx, MAIN_REFRESH_QUEUE, job, {
    singletonKey: `${job.accountId}:${[...job.skus].sort().join(',')}:${orderIds}${expected}`,
    ...options,
  });
}
