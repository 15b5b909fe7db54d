import type { AppContext } from '../../context.ts';
import { findChannelAtWork } from '../../db/queries/channels.ts';
import {
  channelsDueForViolationsRead,
  stampViolationsRead,
  storeMarketplaceIssues,
} from '../../db/queries/marketplace-listing-issues.ts';
import type { Db } from '../../db/client.ts';
import { enqueue } from '../../workers/job-queue.ts';
import { LISTING_ISSUES_READ_QUEUE, type ListingIssuesReadJob } from '../../workers/queues.ts';
import type { MarketplaceIssue } from '../../marketplaces/types.ts';
import { adapterForChannel } from '../channel-access/channel-adapter.ts';
import { recheckChanged } from './recheck.ts';

// What the marketplaces themselves report on listings: read when the marketplace says they changed
// (Amazon's LISTINGS_ITEM_ISSUES_CHANGE) or on the schedule where it only answers a read (eBay's
// compliance API), kept per listing, and checked at once, so /compliance shows them with the
// marketplace's reason and clears them when the marketplace does.

/**
 * Reads the problems the marketplace reports on these SKUs of the channel (the listing's own read:
 * Amazon's `issues`) and checks the listings again. Answers how many listings' problems changed; a
 * channel not at work, or a marketplace whose listing reads name no problems, changes nothing.
 */
export async function readListingIssues(
  ctx: AppContext,
  channelRef: { id: string; accountId: string },
  skus: string[],
  signal?: AbortSignal,
): Promise<number> {
  const channel = await findChannelAtWork(ctx.db, channelRef.accountId, channelRef.id);
  if (!channel || (channel.status !== 'active' && channel.status !== 'error') || skus.length === 0) return 0;
  const adapter = await adapterForChannel(ctx, channel);
  const read = new Map<string, MarketplaceIssue[]>();
  for (const state of await adapter.readListings(skus, signal))
    if (state.marketplaceIssues !== undefined || state.status === 'not listed')
      read.set(state.sku, state.marketplaceIssues ?? []);
  return keep(ctx, channel, read, 'read');
}

/**
 * Reads every problem the marketplace reports on the channel's listings where it lists them for the
 * whole account (eBay's listing violations), and checks the listings again: a listing it no longer
 * names has none. A marketplace without such a list changes nothing.
 */
export async function readChannelViolations(
  ctx: AppContext,
  channelRef: { id: string; accountId: string },
  signal?: AbortSignal,
): Promise<number> {
  const channel = await findChannelAtWork(ctx.db, channelRef.accountId, channelRef.id);
  if (!channel || (channel.status !== 'active' && channel.status !== 'error')) return 0;
  const adapter = await adapterForChannel(ctx, channel);
  if (!adapter.listingViolations) return 0;
  const read = new Map<string, MarketplaceIssue[]>();
  for (const { sku, issues } of await adapter.listingViolations(signal))
    read.set(sku, [...(read.get(sku) ?? []), ...issues]);
  return keep(ctx, channel, read, 'channel');
}

async function keep(
  ctx: AppContext,
  channel: { id: string; accountId: string },
  read: Map<string, MarketplaceIssue[]>,
  scope: 'read' | 'channel',
): Promise<number> {
  const changed = await ctx.db.transaction((tx) => storeMarketplaceIssues(tx, channel, read, scope));
  if (changed > 0) await recheckChanged(ctx, channel.accountId);
  return changed;
}

/**
 * Asks for the problems the marketplace reports on a listing to be read (its notice names the SKU only), in
 * the caller's transaction. The read is a job, not the notice's request: one per channel and SKU runs and one
 * waits, so a repeated notice adds nothing, and a failed read is retried by the queue.
 */
export function requestListingIssuesRead(ctx: AppContext, tx: Db, job: ListingIssuesReadJob): Promise<string | null> {
  return enqueue<ListingIssuesReadJob>(ctx.jobs, tx, LISTING_ISSUES_READ_QUEUE, job, {
    singletonKey: `${job.channelId}:${job.sku}`,
  });
}

/** The job: the listing's problems read and checked. */
export function runListingIssuesRead(
  ctx: AppContext,
  job: ListingIssuesReadJob,
  signal?: AbortSignal,
): Promise<number> {
  return readListingIssues(ctx, { id: job.channelId, accountId: job.accountId }, [job.sku], signal);
}

/**
 * How often a channel's listing violations are read where the marketplace lists them (eBay: one call per
 * compliance type, six a read): every half hour, 288 calls a day a channel, well within the Compliance API's
 * daily quota. Each channel's turn comes from its own last read (`channel_violation_reads`), so a sweep that
 * runs late or twice reads nothing twice, and one that was missed is made up at the next minute.
 */
export const VIOLATIONS_READ_EVERY_MINUTES = 30;

/**
 * The sweep's read of the listing violations of every channel whose turn has come, one channel after the
 * other, each stamped as read; a channel that fails is left for its next turn (and said so), the others go on.
 * The job's signal stops it between channels and within a read. Answers how many listings changed.
 */
export async function readDueViolations(ctx: AppContext, signal?: AbortSignal): Promise<number> {
  let changed = 0;
  const due = await channelsDueForViolationsRead(ctx.db, ctx.clock(), VIOLATIONS_READ_EVERY_MINUTES * 60_000);
  for (const channel of due) {
    signal?.throwIfAborted();
    try {
      changed += await readChannelViolations(ctx, channel, signal);
    } catch (error) {
      if (signal?.aborted) throw error;
      console.warn(`[compliance] listing violations of channel ${channel.id} not read: ${(error as Error).message}`);
    }
    await stampViolationsRead(ctx.db, channel, ctx.clock());
  }
  return changed;
}
