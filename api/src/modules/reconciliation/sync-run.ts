import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { listChannels, type ChannelRecord } from '../../db/queries/channels.ts';
import {
  listingCount,
  listingsBySku,
  productCount,
  productCountForGrowth,
  productsBySku,
  setConfirmed,
} from '../../db/queries/catalogue-reconcile.ts';
import {
  linkListingsToProducts,
  markSynced,
  upsertListings,
  upsertProducts,
  type ListingInput,
} from '../../db/queries/catalogue-import.ts';
import { openDrift } from '../../db/queries/listing-drift.ts';
import { insertChanges, type ChangeInput } from '../../db/queries/changes.ts';
import { skusWithOpenPriceWrites } from '../../db/queries/listing-writes-settling.ts';
import { lockStock, takeMainQuantities } from '../../db/queries/stock.ts';
import {
  findSyncRun,
  insertSyncRun,
  queuedRunToJoin,
  startSyncRun,
  updateSyncRun,
  type SyncRunRecord,
} from '../../db/queries/sync-runs.ts';
import { accountPlan } from '../../db/queries/accounts.ts';
import { noteSkusBeyondLimit } from '../../db/queries/sku-limit.ts';
import type { CatalogueItem } from '../../marketplaces/types.ts';
import type { MarketplaceAdapter } from '../../marketplaces/marketplace-adapter.ts';
import type { SyncRunKind, SyncRunTrigger } from '../../db/schema/index.ts';
import { adapterForChannel } from '../channel-access/channel-adapter.ts';
import { enqueue } from '../../workers/job-queue.ts';
import { SYNC_RUN_QUEUE, type SyncRunJob } from '../../workers/queues.ts';
import { skuLimitMessage, skuLimitOfPlan } from '../billing/plan-limits.ts';
import { failureReason, withChannelHealth } from '../channel-access/channel-health.ts';
import { planListingWrites, requestDuePush } from '../push/plan-writes.ts';
import { samePrice } from '../push/desired-values.ts';
import { queueTitleEdits, type TitleEdit } from '../push/title-writes.ts';
import { applyMarketplaceStock, readMarketplaceStock } from '../stock/marketplace-stock.ts';
import { marketplaceNames } from '../../marketplaces/names.ts';
import {
  acceptedTitles,
  dropTitleWritesHeld,
  lastSentTitles,
  skusWithOpenTitleWrites,
} from '../../db/queries/catalogue-reconcile.ts';
import { normaliseTags, TAGS_PER_PRODUCT } from '../listings/tags.ts';

/**
 * One read of a channel's catalogue: a sync run's (an import, a reconciliation: its progress is
 * written to the run) or a light read's (no run: the channel read every few minutes, or on a
 * marketplace's notice, for what was edited there by hand).
 */
export interface ChannelRead {
  accountId: string;
  kind: SyncRunKind | 'light';
  trigger: SyncRunTrigger;
  runId: string | null;
}

const readOf = (run: SyncRunRecord): ChannelRead => ({
  accountId: run.accountId,
  kind: run.kind,
  trigger: run.trigger,
  runId: run.id,
});

/**
 * Asks for a run (same transaction as what calls for it). A run of the same kind not yet started
 * for the same account and channel is joined rather than doubled. A run under way is never joined:
 * it may have read past a value changed since, or listed the channels before a new one existed.
 */
export async function requestSync(
  ctx: AppContext,
  tx: Db,
  input: {
    accountId: string;
    channelId: string | null;
    kind: SyncRunKind;
    trigger: SyncRunTrigger;
    startedBy: string | null;
  },
): Promise<SyncRunRecord> {
  const waiting = await queuedRunToJoin(tx, input.accountId, input.channelId);
  if (waiting && waiting.kind === input.kind) return waiting;
  const run = await insertSyncRun(tx, input, ctx.clock());
  await enqueue<SyncRunJob>(ctx.jobs, tx, SYNC_RUN_QUEUE, { accountId: input.accountId, runId: run.id });
  return run;
}

/** A new main channel: its catalogue is read into products, and every target linked to them. */
export function requestCatalogueImport(ctx: AppContext, tx: Db, accountId: string): Promise<SyncRunRecord> {
  return requestSync(ctx, tx, { accountId, channelId: null, kind: 'import', trigger: 'connect', startedBy: null });
}

const READ_BATCH = 20;

/**
 * A channel's catalogue a page at a time. Items whose stock the listing page leaves out are found in
 * the marketplace's stock pages where it has them (Walmart: 50 SKUs a call, read on as far as the
 * catalogue needs), else read per SKU, as is any SKU the stock pages do not name. A page's `readAt` is
 * the earliest moment any of its values was read.
 */
async function* cataloguePages(
  ctx: AppContext,
  adapter: MarketplaceAdapter,
  signal?: AbortSignal,
): AsyncGenerator<{ items: CatalogueItem[]; readAt: Date }> {
  const stock = stockPages(ctx, adapter, signal);
  let cursor: string | undefined;
  do {
    let readAt = ctx.clock();
    const page = await adapter.listCatalogue(cursor, signal);
    const unknown = page.items.filter((i) => i.quantity === null).map((i) => i.sku);
    const known = new Map<string, number | null>();
    for (const [sku, found] of await stock.quantitiesOf(unknown)) {
      known.set(sku, found.quantity);
      if (found.readAt < readAt) readAt = found.readAt;
    }
    const left = unknown.filter((sku) => !known.has(sku));
    for (let i = 0; i < left.length; i += READ_BATCH)
      for (const state of await adapter.readListings(left.slice(i, i + READ_BATCH), signal))
        known.set(state.sku, state.quantity);
    for (const item of page.items) if (item.quantity === null) item.quantity = known.get(item.sku) ?? null;
    yield { items: page.items, readAt };
    cursor = page.next;
  } while (cursor);
}

/**
 * The marketplace's stock pages, read on demand: each SKU asked for is looked up in the pages read so
 * far, then in further pages until it is found or the pages end. Catalogue and stock pages follow the
 * same order of SKUs on Walmart, so a page of one mostly needs the next page of the other.
 */
function stockPages(ctx: AppContext, adapter: MarketplaceAdapter, signal?: AbortSignal) {
  const read = new Map<string, { quantity: number; readAt: Date }>();
  let cursor: string | undefined;
  let ended = !adapter.listStock;
  return {
    async quantitiesOf(skus: string[]): Promise<Map<string, { quantity: number; readAt: Date }>> {
      while (!ended && skus.some((sku) => !read.has(sku))) {
        const readAt = ctx.clock();
        const page = await adapter.listStock!(cursor, signal);
        for (const item of page.items) read.set(item.sku, { quantity: item.quantity, readAt });
        cursor = page.next;
        ended = cursor === undefined;
      }
      const found = new Map<string, { quantity: number; readAt: Date }>();
      for (const sku of skus) {
        const value = read.get(sku);
        if (value) found.set(sku, value);
        // Each SKU is on one catalogue page: once given, it is not kept.
        read.delete(sku);
      }
      return found;
    },
  };
}

const asListing = (i: CatalogueItem): ListingInput => ({
  sku: i.sku,
  marketplaceId: i.marketplaceId,
  status: i.status,
  quantity: i.quantity,
  price: i.price?.amount ?? null,
  category: i.category ?? null,
});

/**
 * An import or a reconciliation. The main channel is read first and taken as the truth (new
 * products, prices, on hand); then every target: a value that differs from what we last confirmed
 * there is repaired, a price changed by hand is listed as drift for the seller to decide, and a
 * SKU the main channel lacks is kept, unlinked (shown, never deleted). Progress is written as it
 * goes, for the browser. A channel that fails is noted and the others go on. Safe to run again.
 */
export async function runSync(
  ctx: AppContext,
  job: SyncRunJob,
  signal?: AbortSignal,
): Promise<SyncRunRecord | undefined> {
  // Started before the channels are listed: a request that joined the run while it waited is committed by then.
  const run = await startSyncRun(ctx.db, job.accountId, job.runId, ctx.clock());
  if (!run) return findSyncRun(ctx.db, job.accountId, job.runId);
  const all = (await listChannels(ctx.db, job.accountId)).filter((c) => c.status === 'active' || c.status === 'error');
  const main = all.find((c) => c.role === 'main');
  const scoped = run.channelId && run.channelId !== main?.id ? all.filter((c) => c.id === run.channelId) : all;
  // A reconciliation knows how many listings it will read; an import learns it as it reads.
  const total =
    run.kind === 'reconcile'
      ? await listingCount(
          ctx.db,
          run.accountId,
          scoped.map((c) => c.id),
        )
      : null;
  await updateSyncRun(ctx.db, run.id, { total }, ctx.clock());

  const problems: string[] = [];
  let channelsFailed = 0;
  if (main && scoped.includes(main)) {
    try {
      const skipped = await withChannelHealth(ctx, main, () => readMain(ctx, readOf(run), main, signal));
      // Shown in the catalogue's header and as a dashboard alert, with the way to upgrade.
      await noteSkusBeyondLimit(ctx.db, main.id, skipped);
      if (skipped > 0) {
        const plan = await accountPlan(ctx.db, job.accountId);
        problems.push(skuLimitMessage(plan, skipped, (await skuLimitOfPlan(ctx.db, plan)) ?? undefined));
      }
    } catch (error) {
      if (signal?.aborted) throw error;
      channelsFailed++;
      problems.push(failureReason(main, error));
    }
  }
  for (const target of scoped.filter((c) => c.role === 'target')) {
    try {
      await withChannelHealth(ctx, target, () => readTarget(ctx, readOf(run), target, signal));
    } catch (error) {
      if (signal?.aborted) throw error;
      channelsFailed++;
      problems.push(failureReason(target, error));
    }
  }
  const status =
    channelsFailed === 0
      ? problems.length > 0
        ? 'partial'
        : 'succeeded'
      : channelsFailed < scoped.length
        ? 'partial'
        : 'failed';
  // New listings found on the way count as read too: a finished run's total is what it read.
  const read = (await findSyncRun(ctx.db, job.accountId, job.runId))?.done ?? 0;
  await updateSyncRun(
    ctx.db,
    run.id,
    {
      status,
      total: Math.max(total ?? 0, read),
      message: problems.length > 0 ? problems.join(' ') : null,
      finishedAt: ctx.clock(),
      ...(channelsFailed ? { addFailed: channelsFailed } : {}),
    },
    ctx.clock(),
  );
  return findSyncRun(ctx.db, job.accountId, job.runId);
}

/**
 * Reads the main channel into products; answers how many new SKUs the plan's limit kept out. A value
 * found changed there (a price, stock or title edited in the marketplace's own seller UI) is the new
 * truth: a change with its before and after, passed to every target.
 */
export async function readMain(
  ctx: AppContext,
  run: ChannelRead,
  main: ChannelRecord,
  signal?: AbortSignal,
): Promise<number> {
  const adapter = await adapterForChannel(ctx, main);
  const limit = await skuLimitOfPlan(ctx.db, await accountPlan(ctx.db, run.accountId));
  let count = await productCount(ctx.db, run.accountId);
  let skipped = 0;
  const cause = run.kind === 'import' ? 'import' : run.kind === 'light' ? 'main_change' : 'reconciliation';
  const causeRef = run.kind === 'light' ? `Edited on ${marketplaceNames[main.kind]}` : `read from ${main.kind}`;
  for await (const page of cataloguePages(ctx, adapter, signal)) {
    const counted = await ctx.db.transaction(async (tx) => {
      const at = ctx.clock();
      // The page's products are locked first, in id order, as every planner locks them: never a deadlock with an order or a rule change.
      await lockStock(
        tx,
        run.accountId,
        page.items.map((i) => i.sku),
      );
      const stored = await productsBySku(
        tx,
        run.accountId,
        page.items.map((i) => i.sku),
      );
      // A price the seller set here and sent to the main channel is ours until the main channel shows it.
      const pricedByUs = await skusWithOpenPriceWrites(
        tx,
        main.id,
        page.items.map((i) => i.sku),
        page.readAt,
      );
      // Likewise a title edited here, on its way to the main channel.
      const titledByUs = await skusWithOpenTitleWrites(
        tx,
        main.id,
        page.items.map((i) => i.sku),
        page.readAt,
      );
      const fresh = page.items.filter((i) => !stored.has(i.sku));
      // New SKUs under a limit: counted again, locked, as another read of this account may be adding too.
      if (limit !== null && fresh.length > 0) count = await productCountForGrowth(tx, run.accountId);
      const room = limit === null ? fresh.length : Math.max(0, limit - count);
      const admitted = new Set(fresh.slice(0, room).map((i) => i.sku));
      const kept = page.items.filter((i) => stored.has(i.sku) || admitted.has(i.sku));
      const ids = await upsertProducts(
        tx,
        run.accountId,
        main.id,
        kept.map((item) => ({
          sku: item.sku,
          title: titledByUs.has(item.sku) && stored.has(item.sku) ? stored.get(item.sku)!.title : item.title,
          description: item.description,
          brand: item.brand,
          gtin: item.gtin,
          images: item.images,
          attributes: item.attributes,
          price:
            pricedByUs.has(item.sku) && stored.has(item.sku)
              ? stored.get(item.sku)!.price
              : (item.price?.amount ?? null),
          currency: item.price?.currency ?? null,
          // A known product's stock is taken below, guarded against adjustments in flight.
          onHand: stored.has(item.sku) ? null : item.quantity,
          ...(item.tags ? { tags: normaliseTags(item.tags).slice(0, TAGS_PER_PRODUCT) } : {}),
        })),
        page.readAt,
        at,
      );
      await upsertListings(tx, run.accountId, main.id, kept.map(asListing), ids, page.readAt, at);

      const known = kept.filter((item) => stored.has(item.sku));
      const reads = known.flatMap((item) =>
        item.quantity === null ? [] : [{ sku: item.sku, quantity: item.quantity }],
      );
      const { moved } = await takeMainQuantities(tx, run.accountId, reads, page.readAt, at);
      const changes: ChangeInput[] = [];
      const titles: TitleEdit[] = [];
      for (const item of known) {
        const before = stored.get(item.sku)!;
        if (item.title && !titledByUs.has(item.sku) && item.title !== before.title)
          titles.push({ productId: before.id, sku: item.sku, before: before.title, after: item.title });
        const price = item.price?.amount ?? null;
        // A price read before the one held (another run read later and stored first) was not taken.
        const newerRead = before.priceReadAt === null || page.readAt >= before.priceReadAt;
        if (price !== null && newerRead && !pricedByUs.has(item.sku) && !samePrice(before.price, price))
          changes.push({
            productId: before.id,
            channelId: main.id,
            sku: item.sku,
            cause,
            causeRef,
            field: 'price',
            before: before.price,
            after: price,
          });
        const quantity = moved.get(item.sku);
        if (quantity)
          changes.push({
            productId: before.id,
            channelId: main.id,
            sku: item.sku,
            cause,
            causeRef,
            field: 'on_hand',
            before: String(quantity.before),
            after: String(quantity.after),
          });
      }
      const changeIds = await insertChanges(tx, run.accountId, changes, at);
      const changeIdByProduct = new Map(changes.map((c, i) => [c.productId!, changeIds[i]!]));
      await planListingWrites(ctx, tx, run.accountId, [...changeIdByProduct.keys()], { changeIdByProduct });
      // A title found changed goes to the targets as the hub's own title edits do; the main channel holds it already.
      if (run.kind !== 'import' && titles.length > 0) {
        await queueTitleEdits(ctx, tx, run.accountId, titles, { cause, causeRef });
        await dropTitleWritesHeld(tx, main.id, titles, at);
      }
      if (run.runId) await updateSyncRun(tx, run.runId, { addDone: page.items.length }, at);
      return { skipped: fresh.length - admitted.size, admitted: admitted.size };
    });
    // Counted once the page is stored (a transaction tried again must not count twice).
    skipped += counted.skipped;
    count += counted.admitted;
  }
  // Target listings read before their product existed are linked now.
  await linkListingsToProducts(ctx.db, run.accountId);
  // A light read is no full sync: the daily reconciliation stays due.
  if (run.kind !== 'light') await markSynced(ctx.db, run.accountId, main.id, ctx.clock());
  return skipped;
}

/** Reads a target: new listings are linked by SKU, values found changed are repaired or listed as drift. */
export async function readTarget(
  ctx: AppContext,
  run: ChannelRead,
  target: ChannelRecord,
  signal?: AbortSignal,
): Promise<void> {
  const adapter = await adapterForChannel(ctx, target);
  // The offers the marketplace fulfils itself (FBA, WFS), read first: marked before any value is planned for them.
  const marketplaceStock = await readMarketplaceStock(adapter, signal);
  for await (const page of cataloguePages(ctx, adapter, signal)) {
    await ctx.db.transaction(async (tx) => {
      const at = ctx.clock();
      const skus = page.items.map((i) => i.sku);
      const products = await productsBySku(tx, run.accountId, skus);
      const productIds = new Map([...products.values()].map((p) => [p.sku, p.id]));
      const stored = await listingsBySku(tx, target.id, skus);
      await upsertListings(
        tx,
        run.accountId,
        target.id,
        page.items.filter((i) => !stored.has(i.sku)).map(asListing),
        productIds,
        page.readAt,
        at,
      );
      const changes: ChangeInput[] = [];
      const checked = run.kind !== 'import';
      // What we last sent as each listing's title, and titles found there the seller chose to keep.
      const listingIds = [...stored.values()].map((l) => l.id);
      const sentTitles = checked && target.rules.syncTitle !== false ? await lastSentTitles(tx, listingIds) : new Map();
      const keptTitles = sentTitles.size > 0 ? await acceptedTitles(tx, listingIds) : new Map();
      for (const item of page.items) {
        const listing = stored.get(item.sku);
        const sent = listing ? sentTitles.get(listing.id) : undefined;
        // A title we sent and the channel no longer shows was edited there by hand: drift for the seller to decide.
        if (
          listing?.productId &&
          sent &&
          item.title &&
          sent.confirmedAt < page.readAt &&
          item.title !== sent.title &&
          !(keptTitles.get(listing.id)?.found === item.title && keptTitles.get(listing.id)!.at >= sent.confirmedAt)
        )
          await openDrift(
            tx,
            {
              accountId: run.accountId,
              channelId: target.id,
              listingId: listing.id,
              sku: item.sku,
              field: 'title',
              expected: sent.title,
              found: item.title,
            },
            at,
          );
        // A value of ours on its way there, or confirmed since the page was read, may or may not show
        // in what was read: that listing is read next time (our own value is never taken for drift).
        if (!listing || listing.writeInFlight || (listing.confirmedAt !== null && listing.confirmedAt >= page.readAt))
          continue;
        const price = item.price?.amount ?? null;
        const quantityMoved = item.quantity !== null && item.quantity !== listing.confirmedQuantity;
        const priceMoved = price !== null && !samePrice(price, listing.confirmedPrice);
        // The marketplace's own status is taken as read (Amazon shows an offer buyable again once it has stock), except
        // where ours says more: a write it refused, a listing still being created, one the seller holds off sale.
        const statusMoved =
          item.status !== listing.status &&
          !listing.takenOffSale &&
          listing.status !== 'error' &&
          listing.status !== 'pending';
        if (!quantityMoved && !priceMoved && !statusMoved) continue;
        // Taken only if no value of ours was confirmed or sent since the listing was looked at.
        if (
          !(await setConfirmed(
            tx,
            listing.id,
            {
              ...(quantityMoved ? { quantity: item.quantity } : {}),
              ...(priceMoved ? { price } : {}),
              status: item.status,
            },
            at,
            { confirmedAt: listing.confirmedAt },
          ))
        )
          continue;
        if (quantityMoved && checked && listing.confirmedQuantity !== null) {
          changes.push({
            productId: listing.productId,
            channelId: target.id,
            sku: item.sku,
            cause: 'reconciliation',
            causeRef: `found on ${target.kind}`,
            field: 'quantity',
            before: String(listing.confirmedQuantity),
            after: String(item.quantity),
          });
        }
        if (priceMoved && checked && listing.confirmedPrice !== null && listing.productId && target.rules.syncPrice) {
          // A price set by hand on the channel waits for the seller: accept it for this channel, or overwrite it.
          await openDrift(
            tx,
            {
              accountId: run.accountId,
              channelId: target.id,
              listingId: listing.id,
              sku: item.sku,
              field: 'price',
              expected: listing.confirmedPrice,
              found: price,
            },
            at,
          );
        }
      }
      await insertChanges(tx, run.accountId, changes, at);
      await applyMarketplaceStock(tx, target, page.items, marketplaceStock, at);
      const linked = [
        ...new Set(page.items.map((i) => productIds.get(i.sku)).filter((id): id is string => id !== undefined)),
      ];
      const repaired = await planListingWrites(ctx, tx, run.accountId, linked, {
        channelId: target.id,
        againstConfirmed: true,
        recordAs: {
          cause: run.kind === 'import' ? 'import' : 'reconciliation',
          causeRef:
            run.kind === 'import'
              ? `brought ${target.kind} to the main channel's values`
              : `repaired on ${target.kind}`,
        },
      });
      if (run.runId) await updateSyncRun(tx, run.runId, { addDone: page.items.length, addRepaired: repaired }, at);
    });
  }
  // A sync the seller asked for (or the connection's import) sends what it found to repair at once, on every plan.
  if (run.trigger !== 'schedule')
    await ctx.db.transaction((tx) => requestDuePush(ctx, tx, { accountId: run.accountId, channelId: target.id }));
  if (run.kind !== 'light') await markSynced(ctx.db, run.accountId, target.id, ctx.clock());
}
