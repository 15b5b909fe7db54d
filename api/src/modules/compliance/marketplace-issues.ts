import type { AppContext } from '../../context.ts';
import { findChannelAtWork } from '../../db/queries/channels.ts';
import { channelsAtWork, storeMarketplaceIssues } from '../../db/queries/marketplace-listing-issues.ts';
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
  if (changed > 0) await recheckChanged(ctx.db, channel.accountId);
  return changed;
}

/**
 * How often the schedule reads the listing violations of channels whose marketplace lists them (eBay: one
 * call per compliance type, six a read): every half hour, 288 calls a day a channel, well within the
 * Compliance API's daily quota.
 */
export const VIOLATIONS_READ_EVERY_MINUTES = 30;

/** Whether the schedule's minute `at` is one that reads the listing violations. */
export const violationsReadDue = (at: Date) => Math.floor(at.getTime() / 60_000) % VIOLATIONS_READ_EVERY_MINUTES === 0;

/**
 * The schedule's read of every channel's listing violations, one channel after the other; a channel that
 * fails is left for the next read (and said so), the others go on. Answers how many listings changed.
 */
export async function readAllViolations(ctx: AppContext, signal?: AbortSignal): Promise<number> {
  let changed = 0;
  for (const channel of await channelsAtWork(ctx.db)) {
    signal?.throwIfAborted();
    try {
      changed += await readChannelViolations(ctx, channel, signal);
    } catch (error) {
      console.warn(`[compliance] listing violations of channel ${channel.id} not read: ${(error as Error).message}`);
    }
  }
  return changed;
}
