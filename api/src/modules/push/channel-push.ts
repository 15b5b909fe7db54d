import { setMaxListeners } from 'node:events';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { findChannelAtWork, type ChannelRecord } from '../../db/queries/channels.ts';
import {
  claimPendingWrites,
  markInFlight,
  releaseClaims,
  type ClaimedWrite,
} from '../../db/queries/listing-writes-sending.ts';
import { confirmWrites } from '../../db/queries/listing-writes-settling.ts';
import { failWrites } from '../../db/queries/listing-writes-refusals.ts';
import { planLimits } from '../billing/plan-limits.ts';
import { writesPaused } from '../billing/plan-enforcement.ts';
import type { MarketplaceAdapter } from '../../marketplaces/marketplace-adapter.ts';
import type { ListingUpdate, Money, UpdateOutcome } from '../../marketplaces/types.ts';
import { adapterForChannel } from '../channel-access/channel-adapter.ts';
import { enqueue } from '../../workers/job-queue.ts';
import { LISTINGS_CONFIRM_QUEUE, type ListingsConfirmJob, type ListingsPushJob } from '../../workers/queues.ts';
import { withChannelHealth } from '../channel-access/channel-health.ts';
import { mapConcurrent } from '../../marketplaces/shared/concurrency.ts';
import { sendTitle } from './title-writes.ts';
import { pushWakeups } from './push-wakeups.ts';

/**
 * Up to this many SKUs go as single calls, the urgent path; more go as a feed where the marketplace
 * has feeds (Amazon's PATCH allows 5 a second, so 50 take ten seconds; a feed takes minutes to process
 * but carries thousands).
 */
export const SINGLE_CALLS_UP_TO = 50;
/** Calls of one round under way at once. */
const CALLS_IN_FLIGHT = 4;
/**
 * Rounds of one channel's push under way at once: values queued while a round waits for the
 * marketplace are claimed as soon as any round ends, not after all of them (a listing is in one round
 * at a time).
 */
const ROUNDS_IN_FLIGHT = 4;
/** Pending writes taken per round. */
const ROUND_SIZE = 1000;
/** Per round, where the adapter makes its own calls of the whole round (batchesItself): a bulk change in one. */
const SELF_BATCHED_ROUND_SIZE = 20_000;
/**
 * A push woken by this process's plans stays this long after its last round for their next values
 * (a stream of orders brings one every few tens of milliseconds), so that one job carries the stream
 * instead of one job per order: a job costs its fetch, its completion, the channel's read and a claim.
 */
const LINGER_MS = 250;
/**
 * ... for a while only, stream or not: then it takes no more wakes and ends, and the next values start a job (its
 * expiry, other channels' turn on the queue's workers).
 */
const LINGER_AT_MOST_MS = 30_000;
/** ... and only while few pushes run in this process: a push staying holds one of the queue's workers. */
const PUSHES_THAT_LINGER = 4;
/**
 * Under a stream, values other processes queued are looked for at least this often (they wake nothing here). On
 * the embedded database no other process can queue any (it holds the data folder alone).
 */
const LOOK_AGAIN_MS = 200;
/** First wait before asking a marketplace how a feed or an accepted change went. */
export const FIRST_CONFIRM_DELAY_SECONDS = 1;

/** A write that could not be settled now and waits for the job's retry (a lost answer, the marketplace busy). */
export class PushIncomplete extends Error {
  constructor(readonly count: number) {
    super(`${count} value(s) could not be confirmed yet; they will be sent again`);
    this.name = 'PushIncomplete';
  }
}

export function requestConfirmation(
  ctx: AppContext,
  tx: Db,
  job: ListingsConfirmJob,
  delaySeconds: number,
  options: { once?: boolean } = {},
): Promise<string | null> {
  // `once`: several pushes asking for the same check of the same submission make one job.
  return enqueue<ListingsConfirmJob>(ctx.jobs, tx, LISTINGS_CONFIRM_QUEUE, job, {
    singletonKey: `${job.submissionId}:${job.check}`,
    startAfter: delaySeconds,
    ...(options.once ? { singletonSeconds: 60 } : {}),
  });
}

/**
 * One update per listing: its quantity and price together, as the marketplaces take them, in SKU
 * order (a batch then holds the variants of a product together, whose prices Shopify sets in one call).
 */
export function updatesOf(
  writes: ClaimedWrite[],
  currency: string,
): Array<{ update: ListingUpdate; writes: ClaimedWrite[] }> {
  const bySku = new Map<string, { update: ListingUpdate; writes: ClaimedWrite[] }>();
  for (const write of writes) {
    const entry = bySku.get(write.sku) ?? { update: { sku: write.sku }, writes: [] };
    if (write.field === 'quantity') entry.update.quantity = Number(write.after);
    else if (write.field === 'price') entry.update.price = { amount: write.after, currency } satisfies Money;
    else continue; // titles go by their own call (sendTitles)
    entry.writes.push(write);
    bySku.set(write.sku, entry);
  }
  return [...bySku.values()].sort((a, b) => (a.update.sku < b.update.sku ? -1 : a.update.sku > b.update.sku ? 1 : 0));
}

/**
 * Sends a channel's waiting values, oldest first, until none is left: a few as single calls, many
 * as feeds where the marketplace has them, each batch as large as the marketplace allows and paced
 * by the adapter's rate limiter. A refused item keeps the marketplace's message and the others go on;
 * a lost answer is sent again later (values are absolute). Only one push runs per channel (the
 * queue's policy), so claims left by a push that died are taken back first.
 */
export async function pushChannel(
  ctx: AppContext,
  job: ListingsPushJob,
  signal?: AbortSignal,
): Promise<{ confirmed: number; inFlight: number; failed: number }> {
  const channel = await findChannelAtWork(ctx.db, job.accountId, job.channelId);
  if (!channel || (channel.status !== 'active' && channel.status !== 'error'))
    return { confirmed: 0, inFlight: 0, failed: 0 };
  // A read-only account (trial or plan ended unpaid) writes nothing: its values wait, asked for again once paid.
  if (writesPaused(channel, ctx.clock())) return { confirmed: 0, inFlight: 0, failed: 0 };
  await releaseClaims(ctx.db, channel.id, ctx.clock());
  // Every call under way, and every call waiting for the rate limiter, listens to the job's signal:
  // up to ROUNDS_IN_FLIGHT × CALLS_IN_FLIGHT of each at once, above Node's warning at 10.
  if (signal) setMaxListeners(2 * ROUNDS_IN_FLIGHT * CALLS_IN_FLIGHT + 8, signal);
  return withChannelHealth(ctx, channel, async () => {
    const adapter = await adapterForChannel(ctx, channel);
    // Real-time plans send everything queued; on Starter, what was queued until the channel's sync was due.
    const realTime = planLimits[channel.plan].realTime;
    const queuedUpTo = realTime ? null : (channel.writesDueUntil ?? new Date(0));
    const totals = { confirmed: 0, inFlight: 0, failed: 0 };
    let retryLater = 0;
    let failure: { error: unknown } | undefined;
    const currency = channel.currency ?? 'USD';
    // The rounds under way, each with its listings, and whether values for them were queued since it was claimed.
    const rounds = new Map<Promise<void>, { listings: ReadonlySet<string>; claimAfter: boolean }>();
    // A feed holds a SKU's quantity and price together: a round takes up to two writes per SKU a feed holds.
    const claimLimit = adapter.capabilities.supportsBulkSubmission
      ? adapter.capabilities.maxSkusPerSubmission * 2
      : adapter.capabilities.batchesItself
        ? SELF_BATCHED_ROUND_SIZE
        : ROUND_SIZE;
    // Starter's pushes send what was due when they started: a value queued since waits for its hour, not a wake.
    const running = pushWakeups(ctx).open(channel.id, { wakeable: realTime });
    const lingerUntil = Date.now() + LINGER_AT_MOST_MS;
    let claimNow = true;
    let lastClaimAt = 0;
    // A claim made while a round is under way skips that round's listings (one value of a SKU on its way at a
    // time): a round that ends with values queued for its listings since it was claimed calls for a claim.
    let skippedWhileUnderWay = false;
    try {
      while (!failure && retryLater === 0) {
        // Stopping: the rounds under way end first, then the claims go back.
        if (signal?.aborted) {
          failure = { error: signal.reason };
          break;
        }
        // Its time is up: it takes no more wakes (the plans ask the queue, whose next job waits for this one) and
        // claims only what a full claim left (a backlog), then ends once its rounds have.
        const timeUp = Date.now() >= lingerUntil;
        if (timeUp) running.close(true);
        if (claimNow && rounds.size < ROUNDS_IN_FLIGHT) {
          claimNow = false;
          // What woke it is committed: this claim sees it, except the values of listings in a round under way.
          const wokenFor = running.take();
          if (wokenFor)
            for (const round of rounds.values())
              round.claimAfter ||= wokenFor === 'any-listing' || [...wokenFor].some((id) => round.listings.has(id));
          lastClaimAt = Date.now();
          let claimed: ClaimedWrite[];
          try {
            claimed = await claimPendingWrites(ctx.db, channel.id, claimLimit, ctx.clock(), queuedUpTo);
          } catch (error) {
            // The rounds under way end before the claims go back (below): a claim taken back mid-send goes twice.
            failure ??= { error };
            break;
          }
          if (claimed.length > 0) {
            const underWay = { listings: new Set(claimed.map((w) => w.listingId)), claimAfter: false };
            const round: Promise<void> = sendRound(ctx, channel, adapter, claimed, currency, signal)
              .then(
                (sent) => {
                  totals.confirmed += sent.confirmed;
                  totals.inFlight += sent.inFlight;
                  totals.failed += sent.failed;
                  retryLater += sent.retryLater;
                },
                (error: unknown) => void (failure ??= { error }),
              )
              .finally(() => {
                rounds.delete(round);
                if (underWay.claimAfter) skippedWhileUnderWay = true;
              });
            rounds.set(round, underWay);
            // A full claim leaves more waiting: claim again at once.
            if (claimed.length >= claimLimit) claimNow = true;
          }
          continue;
        }
        if (rounds.size > 0) {
          // Every place taken: a round must end first. Else the next claim waits for a reason to find something:
          // values this process queued (woken), values a claim skipped while a round was under way (it ended), and
          // now and then, as rounds end, values queued by other processes (their jobs wait for this one).
          const woken =
            rounds.size >= ROUNDS_IN_FLIGHT
              ? (await Promise.race(rounds.keys()), false)
              : await running.next(Promise.race(rounds.keys()), undefined, signal);
          const lookAgain = ctx.otherProcessesWrite && Date.now() - lastClaimAt >= LOOK_AGAIN_MS;
          claimNow ||= !timeUp && (woken || skippedWhileUnderWay || lookAgain);
          if (claimNow) skippedWhileUnderWay = false;
          continue;
        }
        if (claimNow || (!timeUp && skippedWhileUnderWay)) {
          skippedWhileUnderWay = false;
          claimNow = true;
          continue;
        }
        // Nothing waiting, nothing under way. Serving a stream of this process's plans (orders a few tens of
        // milliseconds apart), it stays a moment for their next values rather than end and be started again as a
        // job for each; a lone order's push ends here.
        const linger = running.servesStream && Date.now() < lingerUntil && pushWakeups(ctx).size <= PUSHES_THAT_LINGER;
        if (linger && (await running.next(undefined, LINGER_MS, signal))) {
          claimNow = true;
          continue;
        }
        // Woken meanwhile: claim, then see again.
        if (running.close()) break;
        claimNow = true;
      }
    } finally {
      running.close(true);
    }
    await Promise.all(rounds.keys());
    if (failure) {
      // The marketplace is down, throttling past our retries, or the job is stopping: nothing is lost, the claims go back.
      await releaseClaims(
        ctx.db,
        channel.id,
        ctx.clock(),
        undefined,
        failure.error instanceof Error ? failure.error.message : String(failure.error),
      );
      throw failure.error;
    }
    if (retryLater > 0) throw new PushIncomplete(retryLater);
    return totals;
  });
}

async function sendRound(
  ctx: AppContext,
  channel: ChannelRecord,
  adapter: MarketplaceAdapter,
  claimed: ClaimedWrite[],
  currency: string,
  signal?: AbortSignal,
) {
  const result = { confirmed: 0, inFlight: 0, failed: 0, retryLater: 0 };
  const titles = claimed.filter((w) => w.field === 'title');
  if (titles.length > 0) {
    const sent = await sendTitles(ctx, channel, adapter, titles, signal);
    result.confirmed += sent.confirmed;
    result.failed += sent.failed;
    result.retryLater += sent.retryLater;
  }
  const grouped = updatesOf(
    claimed.filter((w) => w.field !== 'title'),
    currency,
  );
  if (grouped.length === 0) return result;
  const { capabilities } = adapter;

  if (capabilities.supportsBulkSubmission && adapter.submitBulk && grouped.length > SINGLE_CALLS_UP_TO) {
    for (let i = 0; i < grouped.length; i += capabilities.maxSkusPerSubmission) {
      const part = grouped.slice(i, i + capabilities.maxSkusPerSubmission);
      const submission = await adapter.submitBulk(
        part.map((p) => p.update),
        signal,
      );
      await ctx.db.transaction(async (tx) => {
        await markInFlight(
          tx,
          part.map((p) => p.writes.map((w) => w.id)),
          'submitted',
          submission.submissionId,
          ctx.clock(),
        );
        await requestConfirmation(
          ctx,
          tx,
          {
            accountId: channel.accountId,
            channelId: channel.id,
            submissionId: submission.submissionId,
            mode: 'feed',
            check: 1,
          },
          FIRST_CONFIRM_DELAY_SECONDS,
        );
      });
      result.inFlight += part.length;
    }
    return result;
  }

  const parts: Array<typeof grouped> = [];
  const perCall = capabilities.batchesItself ? grouped.length : capabilities.maxSkusPerCall;
  for (let i = 0; i < grouped.length; i += perCall) parts.push(grouped.slice(i, i + perCall));
  // A round holds each SKU once, so its calls may overlap (the adapter's limiter paces them); one
  // after another, a marketplace that takes one SKU a call would see a stream of orders fall behind.
  await mapConcurrent(parts, CALLS_IN_FLIGHT, async (part) => {
    signal?.throwIfAborted();
    const outcomes = await adapter.updateListings(
      part.map((p) => p.update),
      signal,
    );
    const settled = await settleOutcomes(ctx, channel, part, outcomes);
    result.confirmed += settled.confirmed;
    result.inFlight += settled.inFlight;
    result.failed += settled.failed;
    result.retryLater += settled.retryLater;
  });
  return result;
}

/** Titles, one SKU a call (the marketplaces have no batch for them), settled like any value. */
async function sendTitles(
  ctx: AppContext,
  channel: ChannelRecord,
  adapter: MarketplaceAdapter,
  writes: ClaimedWrite[],
  signal?: AbortSignal,
) {
  const totals = { confirmed: 0, failed: 0, retryLater: 0 };
  await mapConcurrent(writes, CALLS_IN_FLIGHT, async (write) => {
    signal?.throwIfAborted();
    const outcome = await sendTitle(adapter, write, signal);
    const settled = await settleOutcomes(ctx, channel, [{ update: { sku: write.sku }, writes: [write] }], [outcome]);
    totals.confirmed += settled.confirmed;
    totals.failed += settled.failed;
    totals.retryLater += settled.retryLater;
  });
  return totals;
}

/**
 * Per channel, the last second whose read-back check this process has asked for and seen committed.
 * The check reads the writes of its second when it runs, so later values of that second need not ask.
 */
const readBackAsked = new Map<string, string>();

/** Records each SKU's outcome: confirmed, accepted for later (read back soon), refused with its message, or unknown (sent again). */
export async function settleOutcomes(
  ctx: AppContext,
  channel: Pick<ChannelRecord, 'id' | 'accountId'>,
  part: Array<{ update: ListingUpdate; writes: ClaimedWrite[] }>,
  outcomes: UpdateOutcome[],
) {
  const bySku = new Map(outcomes.map((o) => [o.sku, o]));
  const confirmed: ClaimedWrite[] = [];
  const failed: Array<{ id: string; listingId: string; message: string }> = [];
  const unknown: ClaimedWrite[] = [];
  // Values accepted for later processing (Amazon's PATCH) are read back together, one check for the batch.
  const accepted: ClaimedWrite[] = [];
  for (const { update, writes } of part) {
    const outcome: UpdateOutcome = bySku.get(update.sku) ?? {
      sku: update.sku,
      outcome: 'unknown',
      message: 'The marketplace gave no answer for this SKU',
    };
    if (outcome.outcome === 'confirmed') confirmed.push(...writes);
    else if (outcome.outcome === 'rejected')
      failed.push(...writes.map((w) => ({ id: w.id, listingId: w.listingId, message: outcome.message })));
    else if (outcome.outcome === 'accepted') accepted.push(...writes);
    else unknown.push(...writes.map((w) => ({ ...w, message: outcome.message })));
  }
  const at = ctx.clock();
  // Values a channel accepted within the same second are read back together: one check for all of
  // them, however many single calls took them (Amazon's PATCH takes one SKU a call).
  const submissionId = `read-back:${channel.id}:${Math.floor(at.getTime() / 1000)}`;
  const checkAsked = readBackAsked.get(channel.id) === submissionId;
  // Every value of the call confirmed, as most are, or accepted in a second whose check is asked for
  // already: a statement each, with no transaction around them.
  if (failed.length === 0 && unknown.length === 0 && (accepted.length === 0 || checkAsked)) {
    await confirmWrites(ctx.db, confirmed, at);
    await markInFlight(
      ctx.db,
      accepted.map((w) => [w.id]),
      'accepted',
      submissionId,
      at,
    );
    return { confirmed: confirmed.length, inFlight: accepted.length, failed: 0, retryLater: 0 };
  }
  await ctx.db.transaction(async (tx) => {
    await confirmWrites(tx, confirmed, at);
    await failWrites(tx, failed, at);
    if (accepted.length > 0) {
      await markInFlight(
        tx,
        accepted.map((w) => [w.id]),
        'accepted',
        submissionId,
        at,
      );
      await requestConfirmation(
        ctx,
        tx,
        { accountId: channel.accountId, channelId: channel.id, submissionId, mode: 'read-back', check: 1 },
        FIRST_CONFIRM_DELAY_SECONDS,
        { once: true },
      );
    }
    if (unknown.length > 0) {
      await releaseClaims(
        tx,
        channel.id,
        at,
        unknown.map((w) => w.id),
        (unknown[0] as ClaimedWrite & { message?: string }).message ?? 'No answer from the marketplace',
      );
    }
  });
  // Committed: the check exists (made now, or made earlier in the second and so turning this one away).
  if (accepted.length > 0) readBackAsked.set(channel.id, submissionId);
  return { confirmed: confirmed.length, inFlight: accepted.length, failed: failed.length, retryLater: unknown.length };
}
