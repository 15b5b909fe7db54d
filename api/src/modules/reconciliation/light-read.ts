/**
 * The light read: every few minutes, and at once when a marketplace notifies an edit (Shopify's
 * products/update), a channel's catalogue is read with the same code as a reconciliation, for what
 * the seller edited by hand there. On the main channel an edit is the new truth and reaches every
 * target as a change attributed to the marketplace ("Edited on Walmart"); on a target a quantity is
 * put back and a price or title is listed as drift. A channel unchanged since the last read gets no
 * write at all.
 */
import type { AppContext } from '../../context.ts';
import { findChannel } from '../../db/queries/channels.ts';
import { channelsForLightRead } from '../../db/queries/catalogue-reconcile.ts';
import type { LightReadJob } from '../../workers/queues.ts';
import { requestLightRead } from '../stock/light-read-requests.ts';
import { withChannelHealth } from '../channel-access/channel-health.ts';
import { readMain, readTarget, type ChannelRead } from './sync-run.ts';

/**
 * Minutes between a channel's scheduled light reads: an edit made by hand is found within 5 minutes.
 * A read costs what a reconciliation's does (the catalogue a page at a time, and per SKU where a page
 * leaves stock out, as Walmart's does); the channel's client paces every call within the marketplace's
 * limits, and one read at a time per channel means a read slower than the interval is never doubled.
 */
export const LIGHT_READ_EVERY_MINUTES = 4;

/** The minute a channel's scheduled read falls on: spread over the interval so the channels are not read all at once. */
function slotOf(channelId: string): number {
  let hash = 0;
  for (const c of channelId) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return hash % LIGHT_READ_EVERY_MINUTES;
}

/** The minute's tick: the channels whose turn it is are read. Answers how many were asked for. */
export async function requestDueLightReads(ctx: AppContext): Promise<number> {
  const minute = Math.floor(ctx.clock().getTime() / 60_000) % LIGHT_READ_EVERY_MINUTES;
  const due = (await channelsForLightRead(ctx.db, ctx.clock())).filter((c) => slotOf(c.channelId) === minute);
  for (const channel of due) await requestLightRead(ctx, ctx.db, channel);
  return due.length;
}

/** Reads one channel for hand edits. A channel paused, disconnected or never read yet (its import comes first) is left. */
export async function lightRead(ctx: AppContext, job: LightReadJob, signal?: AbortSignal): Promise<void> {
  const channel = await findChannel(ctx.db, job.accountId, job.channelId);
  if (!channel || (channel.status !== 'active' && channel.status !== 'error') || channel.lastSyncAt === null) return;
  const read: ChannelRead = { accountId: job.accountId, kind: 'light', trigger: 'schedule', runId: null };
  await withChannelHealth(ctx, channel, async () => {
    if (channel.role === 'main') await readMain(ctx, read, channel, signal);
    else await readTarget(ctx, read, channel, signal);
  });
}
