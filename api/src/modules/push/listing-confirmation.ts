import type { AppContext } from '../../context.ts';
import { findChannelAtWork } from '../../db/queries/channels.ts';
import {
  acceptedWritesOfSku,
  confirmWrites,
  hasPendingWrites,
  listingsWithNewerWrites,
  quantitiesMovedBySale,
  supersedeWrites,
  writesOfSubmission,
} from '../../db/queries/listing-writes-settling.ts';
import { failWrites, requeueWrites } from '../../db/queries/listing-writes-refusals.ts';
import type { ClaimedWrite } from '../../db/queries/listing-writes-sending.ts';
import type { ListingState, UpdateOutcome } from '../../marketplaces/types.ts';
import type { ListingsConfirmJob } from '../../workers/queues.ts';
import { adapterForChannel } from '../channel-access/channel-adapter.ts';
import { withChannelHealth } from '../channel-access/channel-health.ts';
import { requestChannelPush } from './plan-writes.ts';
import { requestConfirmation } from './channel-push.ts';
import { samePrice } from './desired-values.ts';

/** How many times a submission's outcome is asked for before its values are sent again. */
export const MAX_CONFIRM_CHECKS = 12;
/** A feed that failed as a whole is sent again this many times before its values are marked failed. */
export const MAX_WRITE_ATTEMPTS = 5;

/** The check made when the marketplace says a listing's value changed (Amazon's quantity notification), ahead of the schedule. */
export const ON_NOTICE = 0;

/**
 * The marketplace says a SKU's quantity changed on a target. A quantity of ours it took for later
 * that is the quantity it now names has landed: confirmed at once, with no read (Amazon's
 * LISTINGS_ITEM_MFN_QUANTITY_CHANGE names it). Values of ours it took for later and cannot vouch
 * for (a price, another quantity) are read now rather than at the next scheduled check.
 */
export async function confirmOnNotice(
  ctx: AppContext,
  channel: { accountId: string; id: string },
  sku: string,
  quantity?: number,
): Promise<void> {
  // Not in a transaction: the look for values waiting behind follows the confirmation's commit.
  const { db } = ctx;
  const accepted = await acceptedWritesOfSku(db, channel.id, sku);
  const landed =
    quantity === undefined ? [] : accepted.filter((w) => w.field === 'quantity' && Number(w.after) === quantity);
  if (landed.length > 0) {
    await confirmWrites(db, landed, ctx.clock());
    // Values of this SKU waiting behind the one that landed can go now. Looked for once the confirmation
    // is committed: a value queued meanwhile is either seen here, or committed after this look, so its
    // own push claims it after the confirmation and finds the listing free.
    if (await hasPendingWrites(db, [...new Set(landed.map((w) => w.listingId))]))
      await requestChannelPush(ctx, db, { accountId: channel.accountId, channelId: channel.id });
  }
  const waiting = new Set(
    accepted
      .filter((w) => !landed.includes(w))
      .map((w) => w.submissionId)
      .filter((id): id is string => id !== null),
  );
  for (const submissionId of waiting) {
    await requestConfirmation(
      ctx,
      db,
      { accountId: channel.accountId, channelId: channel.id, submissionId, mode: 'read-back', check: ON_NOTICE },
      0,
    );
  }
}

/** The wait before the next ask: 1, 2, 4 … seconds, at most a minute. */
export const nextCheckDelay = (check: number) => Math.min(60, 2 ** (check - 1));

const holds = (write: ClaimedWrite, state: ListingState | undefined) =>
  state !== undefined &&
  (write.field === 'quantity'
    ? state.quantity === Number(write.after)
    : samePrice(state.price?.amount ?? null, write.after));

/**
 * Learns how values the marketplace took for later went: a feed's processing report, or for an
 * accepted change (Amazon's PATCH) a read of the listings. Confirmed values are confirmed, refused
 * ones keep the marketplace's message, the rest are asked about again later or sent again.
 * Values already settled are not touched, so running twice changes nothing.
 */
export async function confirmSubmission(
  ctx: AppContext,
  job: ListingsConfirmJob,
  signal?: AbortSignal,
): Promise<'settled' | 'waiting' | 'nothing'> {
  const channel = await findChannelAtWork(ctx.db, job.accountId, job.channelId);
  if (!channel) return 'nothing';
  const writes = await writesOfSubmission(ctx.db, channel.id, job.submissionId);
  if (writes.length === 0) return 'nothing';
  return withChannelHealth(ctx, channel, async () => {
    const adapter = await adapterForChannel(ctx, channel);
    const skus = [...new Set(writes.map((w) => w.sku))];
    const confirmed: ClaimedWrite[] = [];
    const failed: Array<{ id: string; listingId: string; message: string }> = [];
    const again: ClaimedWrite[] = [];
    const superseded: ClaimedWrite[] = [];
    let againMessage = 'The marketplace has not applied the value yet';
    const lastCheck = job.check >= MAX_CONFIRM_CHECKS;

    if (job.mode === 'feed') {
      const status = await adapter.submissionStatus!({ submissionId: job.submissionId, skus }, signal);
      if (status.state === 'processing') {
        if (!lastCheck) return waitAgain(ctx, job);
        again.push(...writes);
        againMessage = `The marketplace had not processed feed ${job.submissionId} after ${MAX_CONFIRM_CHECKS} checks`;
      } else if (status.state === 'failed') {
        for (const write of writes)
          (write.attempts >= MAX_WRITE_ATTEMPTS ? failed : again).push({
            ...write,
            message: status.message,
          } as ClaimedWrite & { message: string });
        againMessage = status.message;
      } else {
        const bySku = new Map<string, UpdateOutcome>(status.results.map((r) => [r.sku, r]));
        for (const write of writes) {
          const outcome = bySku.get(write.sku);
          if (outcome?.outcome === 'confirmed') confirmed.push(write);
          else if (outcome?.outcome === 'rejected')
            failed.push({ id: write.id, listingId: write.listingId, message: outcome.message });
          else again.push(write);
        }
      }
    } else {
      const states = new Map((await adapter.readListings(skus, signal)).map((s) => [s.sku, s]));
      const newer = await listingsWithNewerWrites(ctx.db, writes);
      const notYet: ClaimedWrite[] = [];
      for (const write of writes) {
        const state = states.get(write.sku);
        if (holds(write, state)) confirmed.push(write);
        else if (state?.status === 'error' && state.issues.length > 0)
          failed.push({ id: write.id, listingId: write.listingId, message: state.issues.join('; ') });
        // A newer value waits for this listing: it is the one to confirm, not this one (a sale there may have moved it meanwhile).
        else if (newer.has(`${write.listingId}:${write.field}`)) superseded.push(write);
        else notYet.push(write);
      }
      // A quantity the listing sold from since it was sent will not show: it is sent again now, not after every check.
      const movedBySale = await quantitiesMovedBySale(
        ctx.db,
        channel.id,
        notYet.map((w) => w.id),
      );
      const soldSince = notYet.filter((w) => movedBySale.has(w.id));
      const waiting = notYet.filter((w) => !movedBySale.has(w.id));
      if (soldSince.length > 0) {
        again.push(...soldSince);
        againMessage = 'A sale on the marketplace moved the quantity after it was sent';
      }
      if (waiting.length > 0 && !lastCheck) {
        await settle(ctx, job, confirmed, failed, again, againMessage, superseded);
        // A check on notice (check 0) leaves the rest to the scheduled checks already on their way.
        return job.check === ON_NOTICE ? 'waiting' : waitAgain(ctx, job);
      }
      again.push(...waiting);
    }
    await settle(ctx, job, confirmed, failed, again, againMessage, superseded);
    return 'settled';
  });
}

async function waitAgain(ctx: AppContext, job: ListingsConfirmJob): Promise<'waiting'> {
  await requestConfirmation(ctx, ctx.db, { ...job, check: job.check + 1 }, nextCheckDelay(job.check + 1));
  return 'waiting';
}

async function settle(
  ctx: AppContext,
  job: ListingsConfirmJob,
  confirmed: ClaimedWrite[],
  failed: Array<{ id: string; listingId: string; message: string }>,
  again: ClaimedWrite[],
  againMessage: string,
  superseded: ClaimedWrite[] = [],
) {
  const at = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    await confirmWrites(tx, confirmed, at);
    await supersedeWrites(tx, superseded, at);
    await failWrites(tx, failed, at);
    if (again.length > 0) await requeueWrites(tx, again, againMessage, at);
    // Values of these SKUs waiting behind the in-flight ones can go now (on Starter, those already due).
    await requestChannelPush(ctx, tx, { accountId: job.accountId, channelId: job.channelId });
  });
}
