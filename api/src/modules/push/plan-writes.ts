import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { insertChanges } from '../../db/queries/changes.ts';
import { recomputeBundles, recordBundleMoves } from '../../db/queries/bundles.ts';
import {
  markWritesDue,
  plannableListings,
  queueWrites,
  type PlannableListing,
  type WriteInput,
} from '../../db/queries/listing-writes-planning.ts';
import type { ChangeCause, ChannelKind, ListingWriteField } from '../../db/schema/index.ts';
import { planLimits } from '../billing/plan-limits.ts';
import { enqueueEach } from '../../workers/job-queue.ts';
import { afterCommit } from '../../db/client.ts';
import { pushWakeups } from './push-wakeups.ts';
import { LISTINGS_PUSH_QUEUE, type ListingsPushJob } from '../../workers/queues.ts';
import { availableStock, desiredPrice, desiredQuantity, samePrice } from './desired-values.ts';
import { pricingRulesOf } from '../pricing/rules-cache.ts';
import { requestAdRules } from '../advertising/ad-rules.ts';
import { adsConcernedByStock } from '../../db/queries/advertising.ts';
import { compileRules, evaluate, type CompiledRule } from '../pricing/evaluate.ts';

/** Asks for a channel's waiting values to be sent (same transaction as the values). */
export function requestChannelPush(ctx: AppContext, tx: Db, job: ListingsPushJob): Promise<void> {
  return requestChannelPushes(ctx, tx, job.accountId, [{ channelId: job.channelId }]);
}

/** A listing given new values: its channel, and the listing where known (a running push claims again for it). */
export interface QueuedFor {
  channelId: string;
  listingId?: string;
}

/**
 * The same for several channels, in one statement; and, once the transaction has committed, the
 * channels' pushes running in this process are woken to claim the values at once (push-wakeups.ts),
 * told for which listings (one whose value is on its way is claimed again once it arrives).
 * A push woken so stands for a request the queue turned away (a job already waiting).
 */
export function requestChannelPushes(
  ctx: AppContext,
  tx: Db,
  accountId: string,
  queued: Iterable<QueuedFor>,
): Promise<void> {
  // Per channel, its listings given values; undefined where one of them was not named.
  const listingsOf = new Map<string, Set<string> | undefined>();
  for (const { channelId, listingId } of queued) {
    const listings = listingsOf.has(channelId) ? listingsOf.get(channelId) : new Set<string>();
    if (listings && listingId !== undefined) listings.add(listingId);
    listingsOf.set(channelId, listingId === undefined ? undefined : listings);
  }
  const ids = [...listingsOf.keys()];
  const running = pushWakeups(ctx);
  let woken: Set<string> | undefined;
  const wake = () => (woken ??= new Set(ids.filter((id) => running.wake(id, listingsOf.get(id)))));
  // Outside a transaction (or in a savepoint, not told apart) there is no commit to wait for: woken now, and
  // every request stands.
  const afterItsCommit = afterCommit(tx, wake);
  if (!afterItsCommit) wake();
  return enqueueEach<ListingsPushJob>(
    ctx.jobs,
    tx,
    LISTINGS_PUSH_QUEUE,
    ids.map((channelId) => ({ data: { accountId, channelId }, options: { singletonKey: channelId } })),
    afterItsCommit ? (job) => wake().has(job.channelId) : undefined,
  );
}

/**
 * The channel's sync is due now (the schedule's hour on Starter, "Sync now", a resume): everything
 * queued until now is sent, whatever the plan.
 */
export async function requestDuePush(ctx: AppContext, tx: Db, job: ListingsPushJob): Promise<void> {
  await markWritesDue(tx, job.channelId, ctx.clock());
  await requestChannelPush(ctx, tx, job);
}

export interface PlanOptions {
  /** The change behind each product's new values, so each write is that change's result on its channel. */
  changeIdByProduct?: Map<string, string>;
  /** Only this channel's listings. */
  channelId?: string;
  /**
   * Compare with what the channel was last confirmed to hold rather than with what we last asked
   * for (reconciliation: a value refused earlier, or changed by hand, is sent again).
   */
  againstConfirmed?: boolean;
  /**
   * For values moved by something other than a product change (a rule change, a drift overwritten):
   * each write gets its own change, with the listing's before and after, so the history shows it.
   */
  recordAs?: { cause: ChangeCause; causeRef?: string; actorUserId?: string | null };
  /** Every value is sent, whatever the listing holds or was asked to hold (a listing back on sale: what the marketplace kept meanwhile may be old). */
  sendAll?: boolean;
  /** Prices only (a pricing rule's run or its undo): the quantities are left to their own changes. */
  priceOnly?: boolean;
  /** Only these listings (an undo leaves the prices changed by something else since). */
  listingIds?: ReadonlySet<string>;
}

/**
 * Marketplaces whose status is a product's, shared by its variants (Shopify): a variant the seller
 * takes off sale is offered 0 units, so the product can stay on sale for its other variants.
 */
export const offSaleByZeroUnits: ReadonlySet<ChannelKind> = new Set(['shopify']);

/**
 * Whether a value may go to a listing the seller took off sale: none may (a price sent to Amazon puts
 * the offer back on sale, Walmart's item is retired, eBay's offer withdrawn), except the 0 units that
 * keep a Shopify variant off sale.
 */
export function sendableWhileOffSale(kind: ChannelKind, field: ListingWriteField, after: string): boolean {
  return offSaleByZeroUnits.has(kind) && field === 'quantity' && Number(after) === 0;
}

/** The values each listing should hold now that differ from what it holds or was last asked to hold. */
export function writesFor(
  listing: PlannableListing,
  options: PlanOptions = {},
  pricingRules: readonly CompiledRule[] = [],
): Array<Omit<WriteInput, 'changeId'>> {
  const writes: Array<Omit<WriteInput, 'changeId'>> = [];
  if (options.listingIds && !options.listingIds.has(listing.listingId)) return writes;
  // A listing the seller took off sale stays off sale: nothing is sent, or 0 units where that is how it stays off.
  if (listing.takenOffSale && !offSaleByZeroUnits.has(listing.channelKind)) return writes;
  const quantity = listing.takenOffSale
    ? 0
    : desiredQuantity(availableStock(listing.onHand, listing.committed), listing.rules, listing.quantityCap);
  const lastQuantity = options.sendAll
    ? undefined
    : options.againstConfirmed
      ? listing.confirmedQuantity
      : (listing.desiredQuantity ?? listing.confirmedQuantity);
  // An offer the marketplace fulfils (FBA, WFS) holds the marketplace's own stock: ours is never sent to it.
  if (quantity !== undefined && quantity !== lastQuantity && !options.priceOnly && !listing.fulfilledByMarketplace) {
    writes.push({
      channelId: listing.channelId,
      listingId: listing.listingId,
      sku: listing.sku,
      field: 'quantity',
      before: listing.confirmedQuantity?.toString() ?? null,
      after: String(quantity),
    });
  }
  if (!listing.priceDriftOpen && !listing.takenOffSale) {
    // The channel's pricing rules on the main price, never outside their floor and ceiling (pricing/evaluate.ts).
    const outcome = evaluate(pricingRules, listing, { id: listing.channelId, kind: listing.channelKind });
    const price = desiredPrice(listing.price, listing.priceOverride, listing.rules, outcome);
    const lastPrice = options.sendAll
      ? undefined
      : options.againstConfirmed
        ? listing.confirmedPrice
        : (listing.desiredPrice ?? listing.confirmedPrice);
    if (price !== undefined && (lastPrice === undefined || !samePrice(price, lastPrice))) {
      writes.push({
        channelId: listing.channelId,
        listingId: listing.listingId,
        sku: listing.sku,
        field: 'price',
        before: listing.confirmedPrice,
        after: price,
      });
    }
  }
  return writes;
}

/**
 * Plans the pushes that these products' new stock and price call for on every target channel,
 * only where a value differs, and asks each channel concerned to push. Call it in the transaction
 * that changed the products: the values and the jobs exist together or not at all.
 */
export async function planListingWrites(
  ctx: AppContext,
  tx: Db,
  accountId: string,
  productIds: string[] | 'all',
  options: PlanOptions = {},
): Promise<number> {
  let planned = productIds === 'all' ? ('all' as const) : [...new Set(productIds)];
  // Bundles follow their components: recomputed in this transaction, and planned with them (db/queries/bundles.ts).
  // All of an account's products planned (a rule changed) move no stock: the bundles hold their figure.
  let changeIdByProduct = options.changeIdByProduct;
  if (planned !== 'all' && !options.priceOnly) {
    const { bundleIds, moved } = await recomputeBundles(tx, accountId, planned, ctx.clock());
    if (bundleIds.length > 0) planned = [...new Set([...planned, ...bundleIds])];
    const causes = [...(changeIdByProduct?.values() ?? [])];
    const bundleChanges = await recordBundleMoves(tx, accountId, moved, causes, ctx.clock());
    if (bundleChanges.size > 0) changeIdByProduct = new Map([...(changeIdByProduct ?? []), ...bundleChanges]);
  }
  const listings = await plannableListings(tx, accountId, planned, options.channelId);
  // Stock moved: where it may pause or resume an ad, the ad rules look at once (also with no target to write to).
  // An account without advertising is known from the listings read (no statement more per order).
  if (
    planned !== 'all' &&
    !options.priceOnly &&
    (listings.length === 0 || listings[0]!.advertises) &&
    (await adsConcernedByStock(tx, accountId, planned))
  )
    await requestAdRules(ctx, tx, accountId);
  if (listings.length === 0) return 0;
  const pricingRules = compileRules(await pricingRulesOf(ctx, tx, accountId), ctx.clock().getTime());
  const writes: WriteInput[] = listings.flatMap((listing) =>
    writesFor(listing, options, pricingRules).map((w) => ({
      ...w,
      changeId: changeIdByProduct?.get(listing.productId) ?? null,
    })),
  );
  if (writes.length === 0) return 0;
  if (options.recordAs) {
    const productOf = new Map(listings.map((l) => [l.listingId, l.productId]));
    const { cause, causeRef = null, actorUserId = null } = options.recordAs;
    const ids = await insertChanges(
      tx,
      accountId,
      writes.map((w) => ({
        productId: productOf.get(w.listingId) ?? null,
        channelId: w.channelId,
        sku: w.sku,
        cause,
        causeRef,
        actorUserId,
        field: w.field,
        before: w.before,
        after: w.after,
      })),
      ctx.clock(),
    );
    writes.forEach((w, i) => (w.changeId = ids[i]!));
  }
  await queueWrites(tx, accountId, writes, ctx.clock());
  // Real-time plans push at once; on Starter the values wait for the hourly sync (reconciliation/sync-schedule.ts).
  if (planLimits[listings[0]!.plan].realTime) await requestChannelPushes(ctx, tx, accountId, writes);
  return writes.length;
}
