import { marketplaceNames } from '../../marketplaces/names.ts';
import { writesPaused } from '../billing/plan-enforcement.ts';
import crypto from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { findMainChannelAtWork, type ChannelRecord } from '../../db/queries/channels.ts';
import {
  applyAdjustments,
  claimAdjustments,
  failAdjustment,
  takeOverInterruptedAdjustments,
  lockStock,
  mainStockOfSkus,
  noteReadAndSet,
  noteRoundSent,
  releaseAdjustment,
  takeMainQuantities,
  isSellerAdjustment,
  type ClaimedAdjustment,
} from '../../db/queries/stock.ts';
import { insertChanges } from '../../db/queries/changes.ts';
import type { MarketplaceAdapter } from '../../marketplaces/marketplace-adapter.ts';
import type { UpdateOutcome } from '../../marketplaces/types.ts';
import type { MainAdjustJob, MainRefreshJob } from '../../workers/queues.ts';
import { requestMainRefresh } from './main-channel-requests.ts';
import { adapterForChannel } from '../channel-access/channel-adapter.ts';
import { withChannelHealth } from '../channel-access/channel-health.ts';
import { PushIncomplete } from '../push/channel-push.ts';
import { planListingWrites } from '../push/plan-writes.ts';

/** Adjustments are refused this many times (the marketplace's own refusal, not an outage) before being left as failed. */
const MAX_ADJUSTMENT_ATTEMPTS = 5;
const ROUND_SIZE = 100;

/** This run's adjustments were taken over by another run (its job was thought dead): it sends nothing more. */
export class AdjustmentTakenOver extends Error {
  constructor(sku: string) {
    super(`Another run took over the adjustment of ${sku}`);
    this.name = 'AdjustmentTakenOver';
  }
}

/**
 * Sends one adjustment; answers the outcome and how far the main channel's quantity really moved.
 * Where the marketplace takes an idempotency key (Shopify), the adjustment is relative (it may take
 * the quantity below zero: units owed) and a replay is dropped by the marketplace. Elsewhere it is
 * read, then set, never below zero: the read and the value set are noted first, so a retry after a
 * crash can tell whether the set landed.
 */
export async function sendAdjustment(
  ctx: AppContext,
  adapter: MarketplaceAdapter,
  runId: string,
  adjustment: ClaimedAdjustment,
  signal?: AbortSignal,
): Promise<{ outcome: UpdateOutcome; moved: number }> {
  const { sku } = adjustment;
  if (adapter.capabilities.supportsIdempotentAdjustment && adapter.adjustQuantity) {
    return {
      outcome: await adapter.adjustQuantity(sku, adjustment.delta, adjustment.idempotencyKey, signal),
      moved: adjustment.delta,
    };
  }
  const [state] = await adapter.readListings([sku], signal);
  const current = state?.quantity;
  if (current === null || current === undefined)
    return { outcome: { sku, outcome: 'rejected', message: `The main channel does not list ${sku}` }, moved: 0 };
  if (adjustment.expectedAfter !== null && adjustment.readBefore !== null) {
    // A set was sent before (an attempt died, or the marketplace took it for later processing).
    // The value shows whether it landed.
    const landed = {
      outcome: { sku, outcome: 'confirmed' } as UpdateOutcome,
      moved: adjustment.expectedAfter - adjustment.readBefore,
    };
    if (current === adjustment.expectedAfter) return landed;
    // Neither value: something else moved it too. A sale is applied again (offering less is safe);
    // a release is taken as landed (offering more than there is, is not).
    if (current !== adjustment.readBefore && adjustment.delta > 0) return landed;
    // Still the value read before: not applied yet, so the same value is set again below.
  }
  const expectedAfter =
    adjustment.expectedAfter !== null && current === adjustment.readBefore
      ? adjustment.expectedAfter
      : Math.max(0, current + adjustment.delta);
  if (!(await noteReadAndSet(ctx.db, adjustment.id, runId, current, expectedAfter, ctx.clock())))
    throw new AdjustmentTakenOver(sku);
  const [outcome] = await adapter.updateListings([{ sku, quantity: expectedAfter }], signal);
  // Taken for later processing (Amazon): not done until a read shows it, and no other adjustment
  // of this SKU may read and set before then, or it would overwrite this one.
  if (outcome?.outcome === 'accepted')
    return {
      outcome: { sku, outcome: 'unknown', message: 'Taken for processing; confirmed once a read shows it' },
      moved: expectedAfter - current,
    };
  return { outcome: outcome ?? { sku, outcome: 'unknown', message: 'No answer' }, moved: expectedAfter - current };
}

/**
 * Passes units sold on other channels to the main channel, oldest first. Once the main channel
 * takes an adjustment, its units stop being committed and on hand moves with it (available does
 * not move). One adjuster runs per account; adjustments a dead attempt left half-sent are settled
 * first, taken over by this run: should that attempt still be alive (stalled past its heartbeat), it
 * finds them taken over before it sends anything more, and stops.
 */
export async function applyMainAdjustments(
  ctx: AppContext,
  job: MainAdjustJob,
  signal?: AbortSignal,
): Promise<{ applied: number; failed: number }> {
  const main = await findMainChannelAtWork(ctx.db, job.accountId);
  // A read-only account (trial or plan ended unpaid) adjusts nothing: its adjustments wait until it is paid for.
  if (!main || writesPaused(main, ctx.clock())) return { applied: 0, failed: 0 };
  return withChannelHealth(ctx, main, async () => {
    const adapter = await adapterForChannel(ctx, main);
    const runId = crypto.randomUUID();
    const totals = { applied: 0, failed: 0 };
    let unsettled = 0;
    // A SKU with an adjustment not yet settled takes no other in this run: a read-then-set would overwrite it.
    const waitingSkus = new Set<string>();
    let batch = await takeOverInterruptedAdjustments(ctx.db, job.accountId, runId);
    // Where the marketplace takes many adjustments under one key (Shopify), they always go together.
    if (adapter.adjustQuantities && adapter.capabilities.supportsIdempotentAdjustment)
      return sendInOverlappingRounds(ctx, main, adapter, runId, batch, signal);
    for (;;) {
      if (batch.length === 0) batch = await claimAdjustments(ctx.db, job.accountId, runId, ROUND_SIZE, ctx.clock());
      if (batch.length === 0) break;
      for (const adjustment of batch) {
        signal?.throwIfAborted();
        if (waitingSkus.has(adjustment.sku)) {
          await releaseAdjustment(
            ctx.db,
            adjustment.id,
            runId,
            'Waiting for an earlier adjustment of this SKU',
            ctx.clock(),
          );
          unsettled++;
          continue;
        }
        let outcome: UpdateOutcome;
        let moved: number;
        try {
          ({ outcome, moved } = await sendAdjustment(ctx, adapter, runId, adjustment, signal));
        } catch (error) {
          await releaseAdjustment(
            ctx.db,
            adjustment.id,
            runId,
            error instanceof Error ? error.message : String(error),
            ctx.clock(),
          );
          for (const rest of batch.slice(batch.indexOf(adjustment) + 1))
            await releaseAdjustment(ctx.db, rest.id, runId, 'Waiting for the main channel', ctx.clock());
          throw error;
        }
        if (outcome.outcome === 'confirmed' || outcome.outcome === 'accepted') {
          await ctx.db.transaction((tx) => recordApplied(ctx, tx, main, [{ adjustment, moved }]));
          totals.applied++;
        } else if (outcome.outcome === 'rejected' && adjustment.attempts >= MAX_ADJUSTMENT_ATTEMPTS) {
          await failAdjustment(ctx.db, adjustment.id, runId, outcome.message, ctx.clock());
          totals.failed++;
        } else {
          await releaseAdjustment(ctx.db, adjustment.id, runId, outcome.message, ctx.clock());
          waitingSkus.add(adjustment.sku);
          unsettled++;
        }
      }
      batch = [];
      if (unsettled > 0) break;
    }
    if (unsettled > 0) throw new PushIncomplete(unsettled);
    return totals;
  });
}

/** Rounds of relative adjustments under way at once (see sendInOverlappingRounds). */
const ROUNDS_IN_FLIGHT = 4;

/**
 * Adjustments the marketplace takes many at a time under one key, as relative moves (Shopify): the
 * order in which rounds land does not change the sum, so up to ROUNDS_IN_FLIGHT rounds are under way
 * at once, and adjustments queued while one waits for its answer go as soon as any round ends. A
 * refused SKU ends the run after the rounds under way (tried again with the job's backoff); so does
 * a round that goes unanswered, which the retry sends again as it was, under its noted key.
 */
async function sendInOverlappingRounds(
  ctx: AppContext,
  main: ChannelRecord,
  adapter: MarketplaceAdapter,
  runId: string,
  interrupted: ClaimedAdjustment[],
  signal?: AbortSignal,
): Promise<{ applied: number; failed: number }> {
  const totals = { applied: 0, failed: 0 };
  const waitingSkus = new Set<string>();
  const rounds = new Set<Promise<void>>();
  let unsettled = 0;
  let failure: { error: unknown } | undefined;
  const startRound = (adjustments: ClaimedAdjustment[], sentAs?: string) => {
    const round: Promise<void> = sendTogether(ctx, main, adapter, runId, adjustments, waitingSkus, signal, sentAs)
      .then(
        (sent) => {
          totals.applied += sent.applied;
          totals.failed += sent.failed;
          unsettled += sent.unsettled;
        },
        (error: unknown) => void (failure ??= { error }),
      )
      .finally(() => rounds.delete(round));
    rounds.add(round);
  };
  // Rounds a dead run sent go again as they were, each under its key; what it claimed but never sent goes as new.
  const resent = new Map<string, ClaimedAdjustment[]>();
  for (const adjustment of interrupted)
    if (adjustment.sentKey !== null)
      resent.set(adjustment.sentKey, [...(resent.get(adjustment.sentKey) ?? []), adjustment]);
  for (const [key, round] of resent) startRound(round, key);
  let batch = interrupted.filter((adjustment) => adjustment.sentKey === null);
  while (!failure && unsettled === 0) {
    if (signal?.aborted) {
      failure = { error: signal.reason };
      break;
    }
    if (batch.length === 0 && rounds.size < ROUNDS_IN_FLIGHT)
      batch = await claimAdjustments(ctx.db, main.accountId, runId, ROUND_SIZE, ctx.clock());
    if (batch.length > 0) {
      startRound(batch);
      batch = [];
      continue;
    }
    if (rounds.size === 0) break;
    await Promise.race(rounds);
  }
  await Promise.all(rounds);
  if (failure) throw failure.error;
  if (unsettled > 0) throw new PushIncomplete(unsettled);
  return totals;
}

/** The main channel took these adjustments: units stop being committed, on hand moves, and the history says so. */
async function recordApplied(
  ctx: AppContext,
  tx: Db,
  main: ChannelRecord,
  applied: Array<{ adjustment: ClaimedAdjustment; moved: number }>,
): Promise<void> {
  const onHand = await applyAdjustments(
    tx,
    applied.map(({ adjustment, moved }) => ({
      id: adjustment.id,
      productId: adjustment.productId,
      delta: adjustment.delta,
      moved,
    })),
    ctx.clock(),
  );
  const changes = applied.flatMap(({ adjustment }) => {
    const moved = onHand.get(adjustment.id);
    if (!moved) return [];
    const cause = isSellerAdjustment(adjustment.idempotencyKey)
      ? ('bulk_edit' as const)
      : adjustment.delta < 0
        ? ('order' as const)
        : ('cancellation' as const);
    return [
      {
        productId: adjustment.productId,
        channelId: main.id,
        sku: adjustment.sku,
        cause,
        causeRef: `passed to the main channel (${marketplaceNames[main.kind]})`,
        field: 'on_hand' as const,
        before: String(moved.before),
        after: String(moved.after),
      },
    ];
  });
  await insertChanges(tx, main.accountId, changes, ctx.clock());
}

/**
 * Sends a round's adjustments in one call, one per SKU (the others of a SKU wait for the next round),
 * under a key of its own, noted first: with no answer they stay 'sending', and the run that takes
 * them over sends the same round under the same key (`sentAs`), which the marketplace answers without
 * applying it twice. Refused, nothing was applied: a refused SKU waits (failed after repeated
 * refusals), and the others go again in the next round, under that round's key.
 */
async function sendTogether(
  ctx: AppContext,
  main: ChannelRecord,
  adapter: MarketplaceAdapter,
  runId: string,
  batch: ClaimedAdjustment[],
  waitingSkus: Set<string>,
  signal?: AbortSignal,
  sentAs?: string,
) {
  const round = { applied: 0, failed: 0, unsettled: 0, again: 0 };
  const chosen = new Map<string, ClaimedAdjustment>();
  // A round sent again goes as it was.
  for (const adjustment of sentAs === undefined ? batch : []) {
    if (waitingSkus.has(adjustment.sku) || chosen.has(adjustment.sku)) {
      await releaseAdjustment(
        ctx.db,
        adjustment.id,
        runId,
        'Waiting for an earlier adjustment of this SKU',
        ctx.clock(),
      );
      if (waitingSkus.has(adjustment.sku)) round.unsettled++;
    } else chosen.set(adjustment.sku, adjustment);
  }
  const together = sentAs === undefined ? [...chosen.values()] : batch;
  if (together.length === 0) return round;
  // Each send of an adjustment (its attempt) under a key of its own: a refusal answered under a key is not the answer to the next try.
  const key =
    sentAs ??
    `batch:${crypto
      .createHash('sha256')
      .update(together.map((a) => `${a.idempotencyKey}#${a.attempts}`).join('\n'))
      .digest('hex')
      .slice(0, 40)}`;
  if (
    !(await noteRoundSent(
      ctx.db,
      together.map((a) => a.id),
      runId,
      key,
      ctx.clock(),
    ))
  )
    throw new AdjustmentTakenOver(together[0]!.sku);
  const answer = await adapter.adjustQuantities!(
    together.map((a) => ({ sku: a.sku, delta: a.delta })),
    key,
    signal,
  );
  if (answer.outcome === 'unknown')
    throw new Error(`The main channel did not answer an adjustment of ${together.length} SKUs: ${answer.message}`);
  if (answer.outcome === 'refused') {
    const refused = new Map(answer.refused.map((r) => [r.sku, r.message]));
    for (const adjustment of together) {
      const message = refused.get(adjustment.sku);
      if (message === undefined)
        await releaseAdjustment(
          ctx.db,
          adjustment.id,
          runId,
          'Sent again without a SKU the main channel refused',
          ctx.clock(),
        );
      else if (adjustment.attempts >= MAX_ADJUSTMENT_ATTEMPTS) {
        await failAdjustment(ctx.db, adjustment.id, runId, message, ctx.clock());
        round.failed++;
      } else {
        await releaseAdjustment(ctx.db, adjustment.id, runId, message, ctx.clock());
        waitingSkus.add(adjustment.sku);
        round.unsettled++;
      }
    }
    // The others go in the next round (nothing of this one was applied).
    round.again = together.filter((a) => !refused.has(a.sku)).length;
    return round;
  }
  await ctx.db.transaction((tx) =>
    recordApplied(
      ctx,
      tx,
      main,
      together.map((adjustment) => ({ adjustment, moved: adjustment.delta })),
    ),
  );
  round.applied = together.length;
  return round;
}

/**
 * The SKUs a read must still read: those a stock notice asked for (`expect`) are left out when we hold
 * what it said (on hand, or on hand once our adjustment on its way is answered), as when the notice
 * came in: the sale it told of has been recorded since, its units taken off.
 */
async function skusToRead(ctx: AppContext, job: MainRefreshJob): Promise<string[]> {
  const expect = job.expect;
  if (!expect) return job.skus;
  const held = await mainStockOfSkus(ctx.db, job.accountId, Object.keys(expect));
  return job.skus.filter((sku) => {
    const quantity = expect[sku];
    const stock = held.get(sku);
    return quantity === undefined || !stock || (quantity !== stock.onHand && quantity !== stock.onHand + stock.sending);
  });
}

/** While adjustments of a SKU keep landing, its main quantity is read again after this wait. */
export const REFRESH_AGAIN_SECONDS = 2;

/**
 * Reads the main channel's quantities of these SKUs and takes them as on hand (the main channel is
 * the truth); every target is then sent what changed. Where an adjustment was landing meanwhile the
 * read may be stale, so those SKUs are read again a little later until the main channel is quiet.
 */
export async function refreshMainStock(ctx: AppContext, job: MainRefreshJob, signal?: AbortSignal): Promise<number> {
  if (job.skus.length === 0) return 0;
  const skus = await skusToRead(ctx, job);
  if (skus.length === 0) return 0;
  const main = await findMainChannelAtWork(ctx.db, job.accountId);
  if (!main) return 0;
  return withChannelHealth(ctx, main, async () => {
    const adapter = await adapterForChannel(ctx, main);
    const readAt = ctx.clock();
    const states = await adapter.readListings(skus, signal);
    let changed = 0;
    await ctx.db.transaction(async (tx) => {
      // Locked first in id order, as every planner locks them (one by one in the marketplace's order could deadlock with one).
      await lockStock(
        tx,
        job.accountId,
        states.map((s) => s.sku),
      );
      const reads = states.flatMap((s) => (s.quantity === null ? [] : [{ sku: s.sku, quantity: s.quantity }]));
      const { moved, moving: again } = await takeMainQuantities(tx, job.accountId, reads, readAt, ctx.clock());
      const changes = [...moved].map(([sku, { productId, before, after }]) => {
        // A sale or cancellation on the main channel is recorded as that order's change; anything else as an edit there.
        const order = job.orders?.[sku];
        const cause = order
          ? { cause: order.cause, causeRef: order.causeRef, orderId: order.orderId }
          : { cause: 'main_change' as const, causeRef: `read from ${main.kind}` };
        return {
          productId,
          channelId: main.id,
          sku,
          ...cause,
          field: 'on_hand' as const,
          before: String(before),
          after: String(after),
        };
      });
      const changeIds = await insertChanges(tx, job.accountId, changes, ctx.clock());
      const changeIdByProduct = new Map(changes.map((c, i) => [c.productId, changeIds[i]!]));
      changed = changes.length;
      await planListingWrites(ctx, tx, job.accountId, [...changeIdByProduct.keys()], { changeIdByProduct });
      if (again.length > 0) {
        const orders = job.orders
          ? Object.fromEntries(Object.entries(job.orders).filter(([sku]) => again.includes(sku)))
          : undefined;
        await requestMainRefresh(
          ctx,
          tx,
          { accountId: job.accountId, skus: again, ...(orders ? { orders } : {}) },
          { startAfter: REFRESH_AGAIN_SECONDS },
        );
      }
    });
    return changed;
  });
}
