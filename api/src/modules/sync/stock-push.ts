import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { findChannel } from '../../db/queries/channels.ts';
import { pushTargets, recordPushOutcome, type PushTarget } from '../../db/queries/stock.ts';
import { adapterForChannel } from '../channels/channel-adapter.ts';
import { enqueue } from '../../workers/job-queue.ts';
import { STOCK_PUSH_QUEUE, type StockPushJob } from '../../workers/queues.ts';
import { availableStock, desiredQuantity } from './desired-values.ts';

/** Asks for these SKUs' quantities to be pushed, with the change that moved them (same transaction). */
export function requestStockPush(ctx: AppContext, tx: Db, job: StockPushJob): Promise<string | null> {
  return enqueue<StockPushJob>(ctx.jobs, tx, STOCK_PUSH_QUEUE, job);
}

/**
 * Brings every target channel's quantity of these SKUs to what its rules offer of the available
 * stock, pushing only differences from the last confirmed values, batched as each marketplace
 * allows. A rejected item keeps the marketplace's message and does not stop the others. Values are
 * absolute, so running twice pushes nothing the second time.
 */
export async function pushStock(ctx: AppContext, job: StockPushJob, signal?: AbortSignal): Promise<{ pushed: number; rejected: number }> {
  const targets = await pushTargets(ctx.db, job.accountId, job.skus);
  const byChannel = new Map<string, Array<PushTarget & { desired: number }>>();
  for (const target of targets) {
    const desired = desiredQuantity(availableStock(target.onHand, target.committed), target.rules);
    if (desired === undefined || desired === target.confirmedQuantity) continue;
    byChannel.set(target.channelId, [...(byChannel.get(target.channelId) ?? []), { ...target, desired }]);
  }
  let pushed = 0;
  let rejected = 0;
  for (const [channelId, changes] of byChannel) {
    const channel = await findChannel(ctx.db, job.accountId, channelId);
    if (!channel || channel.status !== 'active') continue;
    const adapter = await adapterForChannel(ctx, channel);
    const size = adapter.capabilities.maxSkusPerCall;
    for (let i = 0; i < changes.length; i += size) {
      const batch = changes.slice(i, i + size);
      const outcomes = await adapter.updateListings(batch.map((c) => ({ sku: c.sku, quantity: c.desired })), signal);
      const bySku = new Map(outcomes.map((o) => [o.sku, o]));
      for (const change of batch) {
        const outcome = bySku.get(change.sku);
        const error = outcome?.outcome === 'rejected' || outcome?.outcome === 'unknown' ? outcome.message : outcome ? null : 'The marketplace gave no answer for this SKU';
        await recordPushOutcome(ctx.db, change.listingId, { desired: change.desired, confirmed: outcome?.outcome === 'confirmed', error }, ctx.clock());
        if (error) rejected++;
        else pushed++;
      }
    }
  }
  return { pushed, rejected };
}
