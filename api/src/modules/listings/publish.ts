import { marketplaceNames } from '../../marketplaces/names.ts';
import crypto from 'node:crypto';
import { AppError, type AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { findChannel, findChannelAtWork, type ChannelRecord } from '../../db/queries/channels.ts';
import { writesPaused } from '../billing/plan-enforcement.ts';
import { accountCurrency } from '../../db/queries/account-currency.ts';
import { insertPendingListings, skusListedOn } from '../../db/queries/listing-edits.ts';
import {
  PUBLISH_SUBMISSION_PREFIX,
  awaitingListingsBySku,
  claimWritesOfListings,
  clearListingError,
  clearTakenOffSale,
  dropPendingWrites,
  failedCreationsOn,
  listingsToCreate,
  listingsWithProduct,
  markListingCreated,
  markListingFailed,
  offSaleBySku,
  publishableProducts,
  reopenFailedCreations,
  targetListingsByChannel,
  type ListingToCreate,
  type ListingWithProduct,
} from '../../db/queries/listing-publish.ts';
import { markInFlight, releaseClaims, type ClaimedWrite } from '../../db/queries/listing-writes-sending.ts';
import { confirmWrites, writesOfSubmission } from '../../db/queries/listing-writes-settling.ts';
import { failWrites, requeueWrites } from '../../db/queries/listing-writes-refusals.ts';
import type { ChannelPublishSettings, ListingStatus } from '../../db/schema/index.ts';
import type { MarketplaceAdapter } from '../../marketplaces/marketplace-adapter.ts';
import type { CreateOutcome, ListingState, NewListing, UpdateOutcome } from '../../marketplaces/types.ts';
import { enqueue } from '../../workers/job-queue.ts';
import { LISTINGS_PUBLISH_QUEUE, type ListingsPublishJob } from '../../workers/queues.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';
import { adapterForChannel } from '../channel-access/channel-adapter.ts';
import { withChannelHealth } from '../channel-access/channel-health.ts';
import { offSaleByZeroUnits, planListingWrites, requestChannelPush, requestDuePush } from '../push/plan-writes.ts';
import { listingChoices, missingForListing, namedByRequirements, newListingCategory } from './publish-requirements.ts';
import { readCategoriesForPublish } from '../compliance/category-requirements.ts';
import { setListingCategories } from '../../db/queries/category-requirements.ts';
import { issuesBeforePublish } from '../compliance/publish-checks.ts';
import type { ComplianceIssue } from '../compliance/checks.ts';

export interface PublishRequest {
  channelId: string;
  productIds: string[];
}

export interface PublishCheckItem {
  productId: string;
  sku: string;
  title: string | null;
  status: 'ready' | 'missing' | 'listed';
  missing: string[];
}

async function targetChannel(db: Db, accountId: string, channelId: string): Promise<ChannelRecord> {
  const channel = await findChannel(db, accountId, channelId);
  if (!channel) throw new AppError(404, 'No such channel.');
  if (channel.role === 'main')
    throw new AppError(409, 'Products come from the main channel. Choose a target channel to publish to.');
  if (channel.status === 'paused') throw new AppError(409, 'This channel is paused. Resume it to publish to it.');
  return channel;
}

/**
 * Each product (the account's only) against the channel's marketplace: ready, missing something, or
 * listed there already. What it misses: what the marketplace requires of a new listing, then the
 * compliance checks' errors for it on this channel (restricted words, the pricing rule's bounds…);
 * their warnings do not keep it off.
 */
async function checkProducts(
  ctx: AppContext,
  db: Db,
  accountId: string,
  channel: ChannelRecord,
  productIds: string[],
  now: Date,
  options: { lock?: boolean; refusals?: ReadonlyMap<string, string[]> } = {},
): Promise<PublishCheckItem[]> {
  const products = await publishableProducts(db, accountId, [...new Set(productIds)], options);
  const skus = products.map((p) => p.sku);
  // A listing whose creation the marketplace refused can be published again (once the product is fixed).
  const refused = await failedCreationsOn(db, channel.id, skus);
  const listed = new Set([...(await skusListedOn(db, channel.id, skus))].filter((sku) => !refused.has(sku)));
  const compliance = await issuesBeforePublish(
    ctx,
    db,
    accountId,
    channel,
    products.filter((p) => !listed.has(p.sku)).map((p) => ({ ...p, category: categoryOf(channel, p.attributes) })),
    now.getTime(),
  );
  return products.map((product) => {
    if (listed.has(product.sku))
      return { productId: product.id, sku: product.sku, title: product.title, status: 'listed', missing: [] };
    const missing = [
      ...missingForListing(channel.kind, product, channel.publishSettings),
      ...complianceTexts(channel.kind, compliance.get(product.sku)),
    ];
    // What the marketplace itself said it would refuse, asked before (its preview of the new listing).
    if (missing.length === 0) missing.push(...refusalTexts(channel.kind, options.refusals?.get(product.sku)));
    return {
      productId: product.id,
      sku: product.sku,
      title: product.title,
      status: missing.length > 0 ? 'missing' : 'ready',
      missing,
    };
  });
}

/** The marketplace category a new listing of the product is created in on this channel (null: none). */
const categoryOf = (channel: ChannelRecord, attributes: Record<string, unknown>) =>
  newListingCategory(channel.kind, channel.publishSettings, attributes);

/** Most ready products a publish asks the marketplace about first (Amazon previews one SKU a call, 5 a second). */
export const MARKETPLACE_PREVIEW_LIMIT = 20;

/**
 * What the marketplace says it would refuse among the products ready by our own checks, by SKU, where it
 * can preview a new listing without creating it (Amazon's VALIDATION_PREVIEW) and they are few enough to
 * ask about one by one. Where it cannot answer (unreachable, throttled), nothing: its answer to the
 * creation itself is the last word, shown on the listing.
 */
async function marketplaceRefusals(
  ctx: AppContext,
  accountId: string,
  channel: ChannelRecord,
  items: PublishCheckItem[],
): Promise<Map<string, string[]>> {
  const ready = items.filter((i) => i.status === 'ready');
  if (ready.length === 0 || ready.length > MARKETPLACE_PREVIEW_LIMIT) return new Map();
  const adapter = await adapterForChannel(ctx, channel);
  if (!adapter.previewListings) return new Map();
  const currency = (await accountCurrency(ctx.db, accountId)) ?? 'USD';
  const products = await publishableProducts(
    ctx.db,
    accountId,
    ready.map((i) => i.productId),
  );
  const listings: NewListing[] = products.map((product) => ({
    sku: product.sku,
    title: product.title,
    description: null,
    brand: product.brand,
    gtin: product.gtin,
    images: product.images,
    attributes: product.attributes,
    price: { amount: product.price ?? '0', currency },
    quantity: 1,
    choices: listingChoices(channel.kind, channel.publishSettings, product.attributes),
  }));
  try {
    const refused = await adapter.previewListings(listings);
    return new Map(refused.map((r) => [r.sku, r.problems]));
  } catch (error) {
    console.warn(
      `[publish] ${channel.kind} could not preview ${listings.length} listing(s): ${(error as Error).message}`,
    );
    return new Map();
  }
}

/** Our own checks, then the marketplace's preview of the products they find ready. */
async function checkWithMarketplace(ctx: AppContext, accountId: string, request: PublishRequest) {
  const channel = await targetChannel(ctx.db, accountId, request.channelId);
  // What the categories the listings would be created in ask, read first where not read yet (a call away).
  const toList = await publishableProducts(ctx.db, accountId, [...new Set(request.productIds)]);
  await readCategoriesForPublish(
    ctx,
    accountId,
    channel.id,
    toList.flatMap((product) => categoryOf(channel, product.attributes) ?? []),
  );
  const items = await checkProducts(ctx, ctx.db, accountId, channel, request.productIds, ctx.clock());
  const refusals = await marketplaceRefusals(ctx, accountId, channel, items);
  return { channel, items, refusals };
}

export async function checkPublish(
  ctx: AppContext,
  accountId: string,
  request: PublishRequest,
): Promise<{ channel: ChannelRecord; items: PublishCheckItem[] }> {
  const { channel, items, refusals } = await checkWithMarketplace(ctx, accountId, request);
  return {
    channel,
    items: items.map((item) => {
      const missing = item.status === 'ready' ? refusalTexts(channel.kind, refusals.get(item.sku)) : [];
      return missing.length > 0 ? { ...item, status: 'missing', missing } : item;
    }),
  };
}

/** Compliance errors as the publish check lists them: what is wrong and what to do, each lack named once. */
function complianceTexts(kind: ChannelRecord['kind'], issues: ComplianceIssue[] | undefined): string[] {
  return (issues ?? []).filter((i) => !namedByRequirements(kind, i.code)).map((i) => `${i.message} ${i.fix}`);
}

/** A marketplace's refusals of a new listing as the publish check lists them, named by the marketplace. */
function refusalTexts(kind: ChannelRecord['kind'], problems: string[] | undefined): string[] {
  return (problems ?? []).map((problem) => `${marketplaceNames[kind]}: ${problem}`);
}

/**
 * Lists the ready products on the channel: each becomes a listing waiting for the marketplace
 * ('pending'), its quantity and price by the channel's rules are recorded as values to send, and a
 * publish job that creates the listings with those values is enqueued, all in one transaction. The
 * channel's push leaves a listing's values alone until the marketplace holds it. Products missing
 * something, or listed there already, are left out.
 */
export async function publishListings(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  request: PublishRequest,
): Promise<{ channelId: string; published: number; notReady: number; alreadyListed: number }> {
  // The marketplace's own preview is asked before the transaction: it is a call away.
  const { refusals } = await checkWithMarketplace(ctx, accountId, request);
  return ctx.db.transaction(async (tx) => {
    const channel = await targetChannel(tx, accountId, request.channelId);
    const items = await checkProducts(ctx, tx, accountId, channel, request.productIds, ctx.clock(), {
      lock: true,
      refusals,
    });
    const ready = items.filter((i) => i.status === 'ready');
    const notReady = items.filter((i) => i.status === 'missing').length;
    const alreadyListed = items.filter((i) => i.status === 'listed').length;
    if (ready.length === 0)
      throw new AppError(
        409,
        notReady > 0
          ? 'None of these products has what the marketplace requires yet.'
          : 'These products are already listed on this channel.',
      );
    const at = ctx.clock();
    const published =
      (await reopenFailedCreations(
        tx,
        channel.id,
        ready.map((i) => i.sku),
        at,
      )) + (await insertPendingListings(tx, accountId, channel.id, ready, at));
    await planListingWrites(
      ctx,
      tx,
      accountId,
      ready.map((i) => i.productId),
      {
        channelId: channel.id,
        recordAs: {
          cause: 'bulk_edit',
          causeRef: `published on ${marketplaceNames[channel.kind]}`,
          actorUserId: audit.actorUserId,
        },
      },
    );
    await requestPublish(ctx, tx, { mode: 'create', accountId, channelId: channel.id });
    await recordAudit(tx, audit, {
      action: 'listings.published',
      accountId,
      targetType: 'channel',
      targetId: channel.id,
      metadata: { published, notReady, alreadyListed, sample: ready.slice(0, 20).map((i) => i.sku) },
    });
    return { channelId: channel.id, published, notReady, alreadyListed };
  });
}

// ---- The publish job ----

/** Listings created per round (each marketplace paces its own calls). */
const CREATE_ROUND = 50;
/** Checks of an asynchronous creation before the listing is marked failed. */
export const MAX_PUBLISH_CHECKS = 12;
const checkDelaySeconds = (check: number) => Math.min(300, 2 ** Math.min(check, 8));

/** A creation whose answer was lost: the job is retried and creates it again (each create is idempotent per SKU). */
export class PublishIncomplete extends Error {
  constructor(readonly count: number) {
    super(`${count} listing(s) could not be created yet; they will be tried again`);
    this.name = 'PublishIncomplete';
  }
}

/** How often a status send or check of a read-only account looks again whether the account is paid for. */
export const READ_ONLY_RECHECK_SECONDS = 10 * 60;

/**
 * The job again in READ_ONLY_RECHECK_SECONDS, under a key made of its work: the handler run twice asks once.
 */
async function askAgainOncePaid(ctx: AppContext, job: Exclude<ListingsPublishJob, { mode: 'create' }>): Promise<void> {
  const work = crypto.createHash('sha256').update(JSON.stringify(job)).digest('hex').slice(0, 32);
  await enqueue<ListingsPublishJob>(ctx.jobs, ctx.db, LISTINGS_PUBLISH_QUEUE, job, {
    singletonKey: `paused:${job.channelId}:${work}`,
    startAfter: READ_ONLY_RECHECK_SECONDS,
  });
}

/** Enqueued in the caller's transaction, so the job exists exactly when the listings it works on do. */
export function requestPublish(
  ctx: AppContext,
  tx: Db,
  job: ListingsPublishJob,
  startAfter?: number,
): Promise<string | null> {
  const singletonKey = job.mode === 'create' ? job.channelId : `${job.mode}:${job.channelId}:${crypto.randomUUID()}`;
  return enqueue<ListingsPublishJob>(ctx.jobs, tx, LISTINGS_PUBLISH_QUEUE, job, {
    singletonKey,
    ...(startAfter !== undefined ? { startAfter } : {}),
  });
}

/**
 * A bulk edit set these listings' status: the ones on target channels are sent to their marketplace
 * (put on sale, or taken off) by a job per channel, enqueued in the edit's transaction. A listing
 * taken off sale gets no more values: those waiting are dropped, and only the 0 units that keep a
 * Shopify variant off sale are planned. Values go again once the marketplace has put it back.
 */
export async function requestListingStatusSends(
  ctx: AppContext,
  tx: Db,
  accountId: string,
  updates: Array<{ listingId: string; status: ListingStatus }>,
  actorUserId: string | null = null,
): Promise<void> {
  const sendable = updates.filter((u) => u.status === 'active' || u.status === 'inactive');
  const leaving = new Set(sendable.filter((u) => u.status === 'inactive').map((u) => u.listingId));
  const at = ctx.clock();
  for (const [channelId, listings] of await targetListingsByChannel(
    tx,
    accountId,
    sendable.map((u) => u.listingId),
  )) {
    const offSale = listings.filter((l) => leaving.has(l.listingId));
    await dropPendingWrites(
      tx,
      offSale.map((l) => l.listingId),
      at,
    );
    if (offSale.length > 0) {
      await planListingWrites(
        ctx,
        tx,
        accountId,
        offSale.map((l) => l.productId),
        { channelId, recordAs: { cause: 'bulk_edit', causeRef: 'taken off sale', actorUserId } },
      );
    }
    await requestPublish(ctx, tx, {
      mode: 'status',
      accountId,
      channelId,
      listingIds: listings.map((l) => l.listingId),
    });
  }
}

/** The product as the marketplace should list it, with the values claimed for it (else the listing's desired ones): what is sent is what gets confirmed. */
function newListingOf(
  listing: ListingToCreate,
  currency: string,
  claimed: ClaimedWrite[],
  channel: { kind: ChannelRecord['kind']; publishSettings: ChannelPublishSettings },
): NewListing {
  const value = (field: ClaimedWrite['field']) =>
    claimed.filter((w) => w.listingId === listing.listingId && w.field === field).at(-1)?.after;
  const quantity = value('quantity');
  const price = value('price');
  return {
    sku: listing.sku,
    title: listing.title,
    description: listing.description,
    brand: listing.brand,
    gtin: listing.gtin,
    images: listing.images,
    attributes: listing.attributes,
    price: { amount: price ?? listing.desiredPrice ?? listing.price ?? '0', currency },
    quantity: quantity !== undefined ? Number(quantity) : (listing.desiredQuantity ?? 0),
    choices: listingChoices(channel.kind, channel.publishSettings, listing.attributes),
  };
}

/** Whether the marketplace shows the value a write asked for. */
function holds(write: Pick<ClaimedWrite, 'field' | 'after'>, state: ListingState | undefined): boolean {
  if (!state) return false;
  if (write.field === 'quantity') return state.quantity === Number(write.after);
  return state.price !== null && Number(state.price.amount) === Number(write.after);
}

export async function runPublishJob(ctx: AppContext, job: ListingsPublishJob, signal?: AbortSignal): Promise<unknown> {
  const channel = await findChannelAtWork(ctx.db, job.accountId, job.channelId);
  if (!channel || channel.role !== 'target' || (channel.status !== 'active' && channel.status !== 'error'))
    return 'nothing';
  // A read-only account (trial or plan ended unpaid) creates and changes nothing on its marketplaces; listings
  // awaiting creation stay so, and the minute's tick asks for them again once it is paid for. A status to send or
  // a submission to check lives in its job alone: the job is asked for again later, until the account is paid for.
  if (writesPaused(channel, ctx.clock())) {
    if (job.mode !== 'create') await askAgainOncePaid(ctx, job);
    return 'read-only';
  }
  return withChannelHealth(ctx, channel, async () => {
    const adapter = await adapterForChannel(ctx, channel);
    if (job.mode === 'create') return createAwaiting(ctx, channel, adapter, signal);
    if (job.mode === 'check') return checkCreations(ctx, channel, adapter, job, signal);
    if (job.mode === 'status-check') return checkStatuses(ctx, channel, adapter, job, signal);
    return sendStatuses(ctx, channel, adapter, job, signal);
  });
}

/**
 * Creates the channel's listings awaiting creation with their values: created ones get the
 * marketplace's id and turn active, their values confirmed; accepted ones wait for a check; refused
 * ones turn 'error' with the marketplace's words. A listing created once is no longer awaiting, so a
 * second run creates nothing again.
 */
async function createAwaiting(
  ctx: AppContext,
  channel: ChannelRecord,
  adapter: MarketplaceAdapter,
  signal?: AbortSignal,
) {
  const currency = (await accountCurrency(ctx.db, channel.accountId)) ?? 'USD';
  const totals = { created: 0, accepted: 0, rejected: 0, unknown: 0 };
  const tried = new Set<string>();
  for (;;) {
    signal?.throwIfAborted();
    const round = (await listingsToCreate(ctx.db, channel.id, CREATE_ROUND + tried.size))
      .filter((l) => !tried.has(l.listingId))
      .slice(0, CREATE_ROUND);
    if (round.length === 0) break;
    round.forEach((l) => tried.add(l.listingId));
    const claimed = await claimWritesOfListings(
      ctx.db,
      round.map((l) => l.listingId),
      ctx.clock(),
    );
    let outcomes: CreateOutcome[];
    try {
      outcomes = await adapter.createListings(
        round.map((l) => newListingOf(l, currency, claimed, channel)),
        signal,
      );
    } catch (error) {
      await releaseClaims(
        ctx.db,
        channel.id,
        ctx.clock(),
        claimed.map((w) => w.id),
        error instanceof Error ? error.message : String(error),
      );
      throw error;
    }
    const bySku = new Map(outcomes.map((o) => [o.sku, o]));
    const writesOf = (listingId: string) => claimed.filter((w) => w.listingId === listingId);
    const submissions = new Map<string, { submissionId: string; checkBy: 'submission' | 'read'; skus: string[] }>();
    await ctx.db.transaction(async (tx) => {
      const at = ctx.clock();
      // The category each was sent to be created in: the checks hold the listing to what it asks from now on.
      await setListingCategories(
        tx,
        channel.accountId,
        round.flatMap((listing) => {
          const category = categoryOf(channel, listing.attributes);
          return category === null ? [] : [{ listingId: listing.listingId, category }];
        }),
      );
      for (const listing of round) {
        const outcome: CreateOutcome = bySku.get(listing.sku) ?? {
          sku: listing.sku,
          outcome: 'unknown',
          message: 'The marketplace gave no answer for this SKU',
        };
        const writes = writesOf(listing.listingId);
        totals[outcome.outcome === 'created' ? 'created' : outcome.outcome] += 1;
        if (outcome.outcome === 'created') {
          await confirmWrites(tx, writes, at);
          await markListingCreated(
            tx,
            listing.listingId,
            { marketplaceId: outcome.marketplaceId, status: 'active' },
            at,
          );
        } else if (outcome.outcome === 'accepted') {
          const entry = submissions.get(outcome.submissionId) ?? {
            submissionId: outcome.submissionId,
            checkBy: outcome.checkBy,
            skus: [],
          };
          entry.skus.push(listing.sku);
          submissions.set(outcome.submissionId, entry);
          await markInFlight(
            tx,
            writes.map((w) => [w.id]),
            'accepted',
            `${PUBLISH_SUBMISSION_PREFIX}${outcome.submissionId}`,
            at,
          );
        } else if (outcome.outcome === 'rejected') {
          await failWrites(
            tx,
            writes.map((w) => ({ id: w.id, listingId: w.listingId, message: outcome.message })),
            at,
          );
          await markListingFailed(tx, [listing.listingId], outcome.message, at);
        } else {
          await releaseClaims(
            tx,
            channel.id,
            at,
            writes.map((w) => w.id),
            outcome.message,
          );
        }
      }
      if (submissions.size > 0) {
        await requestPublish(
          ctx,
          tx,
          {
            mode: 'check',
            accountId: channel.accountId,
            channelId: channel.id,
            check: 1,
            submissions: [...submissions.values()],
          },
          checkDelaySeconds(1),
        );
      }
      // Values queued while the listing was being created wait for the channel's push.
      if (outcomes.some((o) => o.outcome === 'created'))
        await requestChannelPush(ctx, tx, { accountId: channel.accountId, channelId: channel.id });
    });
  }
  if (totals.unknown > 0) throw new PublishIncomplete(totals.unknown);
  return totals;
}

/**
 * How the marketplace's asynchronous creations went: by the submission's status (a Walmart item
 * feed) or by reading the SKUs back (Amazon applies an accepted PUT within minutes). A listing the
 * marketplace holds takes its id and status; its values are confirmed where the marketplace shows
 * them, and sent again by the push where not (a Walmart item starts with no stock).
 */
async function checkCreations(
  ctx: AppContext,
  channel: ChannelRecord,
  adapter: MarketplaceAdapter,
  job: Extract<ListingsPublishJob, { mode: 'check' }>,
  signal?: AbortSignal,
) {
  const lastCheck = job.check >= MAX_PUBLISH_CHECKS;
  const waiting: typeof job.submissions = [];
  const totals = { created: 0, rejected: 0, waiting: 0 };
  for (const submission of job.submissions) {
    signal?.throwIfAborted();
    const awaiting = await awaitingListingsBySku(ctx.db, channel.id, submission.skus);
    const skus = submission.skus.filter((sku) => awaiting.has(sku));
    if (skus.length === 0) continue;
    const rejected = new Map<string, string>();
    let present: string[] = [];
    let states = new Map<string, ListingState>();
    if (submission.checkBy === 'submission' && adapter.submissionStatus) {
      const status = await adapter.submissionStatus({ submissionId: submission.submissionId, skus }, signal);
      if (status.state === 'failed') skus.forEach((sku) => rejected.set(sku, status.message));
      else if (status.state === 'done') {
        for (const result of status.results) {
          if (result.outcome === 'confirmed') present.push(result.sku);
          else if (result.outcome === 'rejected') rejected.set(result.sku, result.message);
        }
      }
      if (present.length > 0) states = new Map((await adapter.readListings(present, signal)).map((s) => [s.sku, s]));
      present = present.filter((sku) => states.get(sku)?.status !== 'not listed');
    } else {
      states = new Map((await adapter.readListings(skus, signal)).map((s) => [s.sku, s]));
      for (const sku of skus) {
        const state = states.get(sku);
        if (state && state.status !== 'not listed' && state.status !== 'pending') present.push(sku);
        else if (state?.status === 'error' && state.issues.length > 0) rejected.set(sku, state.issues.join('; '));
      }
    }
    const writes = await writesOfSubmission(
      ctx.db,
      channel.id,
      `${PUBLISH_SUBMISSION_PREFIX}${submission.submissionId}`,
    );
    const still = skus.filter((sku) => !present.includes(sku) && !rejected.has(sku));
    await ctx.db.transaction(async (tx) => {
      const at = ctx.clock();
      for (const sku of present) {
        const state = states.get(sku)!;
        const listingId = awaiting.get(sku)!;
        const ofListing = writes.filter((w) => w.listingId === listingId);
        await confirmWrites(
          tx,
          ofListing.filter((w) => holds(w, state)),
          at,
        );
        await requeueWrites(
          tx,
          ofListing.filter((w) => !holds(w, state)),
          'Sent again: the new listing did not show this value yet',
          at,
        );
        await markListingCreated(tx, listingId, { marketplaceId: state.marketplaceId, status: state.status }, at);
      }
      const failed = [...rejected].map(([sku, message]) => ({ sku, message }));
      if (lastCheck)
        for (const sku of still)
          failed.push({
            sku,
            message: `The marketplace had not created the listing after ${MAX_PUBLISH_CHECKS} checks (submission ${submission.submissionId})`,
          });
      for (const { sku, message } of failed) {
        const listingId = awaiting.get(sku)!;
        await failWrites(
          tx,
          writes.filter((w) => w.listingId === listingId).map((w) => ({ id: w.id, listingId, message })),
          at,
        );
        await markListingFailed(tx, [listingId], message, at);
      }
      if (present.length > 0)
        await requestChannelPush(ctx, tx, { accountId: channel.accountId, channelId: channel.id });
    });
    totals.created += present.length;
    totals.rejected += rejected.size + (lastCheck ? still.length : 0);
    if (!lastCheck && still.length > 0) waiting.push({ ...submission, skus: still });
  }
  if (waiting.length > 0) {
    totals.waiting = waiting.reduce((n, s) => n + s.skus.length, 0);
    await requestPublish(
      ctx,
      ctx.db,
      { ...job, check: job.check + 1, submissions: waiting },
      checkDelaySeconds(job.check + 1),
    );
  }
  return totals;
}

/**
 * Sends each listing's status as we hold it now (a later edit wins: the job reads the status when it
 * runs). Taking a listing off sale waits for values of ours still waiting or on their way there (a
 * price landing after it would put an Amazon offer back on sale). On Shopify, whose status is the
 * product's, the product goes off sale only when every variant of it listed there is off sale; a
 * variant alone is offered 0 units. A status the marketplace takes settles at once, or after its item feed (Walmart)
 * is checked; one it refuses leaves the listing in 'error' with its words.
 */
async function sendStatuses(
  ctx: AppContext,
  channel: ChannelRecord,
  adapter: MarketplaceAdapter,
  job: Extract<ListingsPublishJob, { mode: 'status' }>,
  signal?: AbortSignal,
) {
  const currency = (await accountCurrency(ctx.db, channel.accountId)) ?? 'USD';
  const listings = (await listingsWithProduct(ctx.db, channel.id, job.listingIds)).filter(
    (l) => (l.status === 'active' || l.status === 'inactive') && l.marketplaceId !== null,
  );
  const waiting = listings.filter((l) => l.status === 'inactive' && l.writeOnItsWay);
  const sending = listings.filter((l) => !waiting.includes(l));
  // The 0 units that take a Shopify variant off sale go now whatever the plan's schedule (the seller
  // asked for it). Apart from the edit's transaction: that one holds the products, and this the channel.
  if (offSaleByZeroUnits.has(channel.kind) && waiting.length > 0 && !job.wait) await sendDueNow(ctx, channel);
  const productOffSale = await wholeProductsOffSale(
    ctx,
    channel,
    adapter,
    sending.filter((l) => l.status === 'inactive'),
    signal,
  );
  let unknown = 0;
  const results: StatusResult[] = [];
  const checks = new Map<string, Array<{ listingId: string; sku: string }>>();
  for (const listing of sending) {
    signal?.throwIfAborted();
    const active = listing.status === 'active';
    const outcome: UpdateOutcome = await adapter.setListingActive(
      {
        sku: listing.sku,
        active,
        listing: newListingOf(listing, currency, [], channel),
        ...(productOffSale.has(listing.sku) ? { productOffSale: productOffSale.get(listing.sku)! } : {}),
      },
      signal,
    );
    if (outcome.outcome === 'accepted' && outcome.checkBy === 'submission') {
      checks.set(outcome.submissionId, [
        ...(checks.get(outcome.submissionId) ?? []),
        { listingId: listing.listingId, sku: listing.sku },
      ]);
    } else if (outcome.outcome === 'confirmed' || outcome.outcome === 'accepted')
      results.push({ listing, outcome: 'settled' });
    else if (outcome.outcome === 'rejected') results.push({ listing, outcome: 'refused', message: outcome.message });
    else unknown += 1;
  }
  const backOnSale = await ctx.db.transaction(async (tx) => {
    const back = await settleStatuses(ctx, tx, channel, results);
    if (checks.size > 0) {
      const submissions = [...checks].map(([submissionId, listings]) => ({ submissionId, listings }));
      await requestPublish(
        ctx,
        tx,
        { mode: 'status-check', accountId: channel.accountId, channelId: channel.id, check: 1, submissions },
        checkDelaySeconds(1),
      );
    }
    if (waiting.length > 0) {
      const wait = (job.wait ?? 0) + 1;
      await requestPublish(
        ctx,
        tx,
        {
          mode: 'status',
          accountId: channel.accountId,
          channelId: channel.id,
          listingIds: waiting.map((l) => l.listingId),
          wait,
        },
        checkDelaySeconds(wait),
      );
    }
    return back;
  });
  if (backOnSale) await sendDueNow(ctx, channel);
  if (unknown > 0) throw new PublishIncomplete(unknown);
  return {
    sent: results.filter((r) => r.outcome === 'settled').length,
    refused: results.filter((r) => r.outcome === 'refused').length,
    checking: [...checks.values()].flat().length,
    waiting: waiting.length,
  };
}

/** Values queued for the channel go now, whatever the plan's schedule (on Starter they wait for the hourly sync otherwise). */
function sendDueNow(ctx: AppContext, channel: ChannelRecord): Promise<void> {
  return ctx.db.transaction((tx) => requestDuePush(ctx, tx, { accountId: channel.accountId, channelId: channel.id }));
}

/**
 * For SKUs going off sale where a status covers a whole product (Shopify): whether every variant of
 * each one's product that has a listing on the channel is held off sale now (the new ones included,
 * their intent was recorded with their status). A variant the channel has no listing of is not ours.
 */
async function wholeProductsOffSale(
  ctx: AppContext,
  channel: ChannelRecord,
  adapter: MarketplaceAdapter,
  leaving: ListingWithProduct[],
  signal?: AbortSignal,
): Promise<Map<string, boolean>> {
  if (!adapter.productVariantSkus || leaving.length === 0) return new Map();
  const variants = await adapter.productVariantSkus(
    leaving.map((l) => l.sku),
    signal,
  );
  const held = await offSaleBySku(ctx.db, channel.id, [...new Set([...variants.values()].flat())]);
  return new Map(leaving.map((l) => [l.sku, (variants.get(l.sku) ?? [l.sku]).every((sku) => held.get(sku) !== false)]));
}

type StatusResult =
  | { listing: Pick<ListingWithProduct, 'listingId' | 'productId' | 'status' | 'sku'>; outcome: 'settled' }
  | {
      listing: Pick<ListingWithProduct, 'listingId' | 'productId' | 'status' | 'sku'>;
      outcome: 'refused';
      message: string;
    };

/**
 * Records how the marketplace took the statuses sent. A listing back on sale is no longer held off
 * sale, and its current values are sent (what the marketplace kept while it was off may be old); one
 * taken off sale stays so. A refusal keeps the marketplace's words on the listing: a listing it would
 * not take off sale is still on sale there, so its values are sent again (or it would oversell); one
 * it would not put back stays off sale. Answers whether values were planned for listings back on sale.
 */
async function settleStatuses(
  ctx: AppContext,
  tx: Db,
  channel: ChannelRecord,
  results: StatusResult[],
): Promise<boolean> {
  const at = ctx.clock();
  const ids = (outcome: StatusResult['outcome'], status: ListingStatus) =>
    results.filter((r) => r.outcome === outcome && r.listing.status === status).map((r) => r.listing.listingId);
  await clearListingError(
    tx,
    results.filter((r) => r.outcome === 'settled').map((r) => r.listing.listingId),
    at,
  );
  const back = await clearTakenOffSale(tx, ids('settled', 'active'), 'active', at);
  const stillOnSale = await clearTakenOffSale(tx, ids('refused', 'inactive'), 'inactive', at);
  for (const result of results)
    if (result.outcome === 'refused') await markListingFailed(tx, [result.listing.listingId], result.message, at);
  if (back.length > 0) {
    await planListingWrites(
      ctx,
      tx,
      channel.accountId,
      back.map((l) => l.productId),
      {
        channelId: channel.id,
        sendAll: true,
        recordAs: { cause: 'bulk_edit', causeRef: `put back on sale on ${marketplaceNames[channel.kind]}` },
      },
    );
  }
  if (stillOnSale.length > 0) {
    await planListingWrites(
      ctx,
      tx,
      channel.accountId,
      stillOnSale.map((l) => l.productId),
      {
        channelId: channel.id,
        againstConfirmed: true,
        recordAs: { cause: 'bulk_edit', causeRef: `still on sale on ${marketplaceNames[channel.kind]}` },
      },
    );
  }
  return back.length > 0;
}

/**
 * How the marketplace took statuses it processes later (Walmart's item feed putting a retired item
 * back): by the submission's per-item result. Settled and refused ones are recorded as sendStatuses
 * does; the rest are asked about again, up to MAX_PUBLISH_CHECKS times, then refused.
 */
async function checkStatuses(
  ctx: AppContext,
  channel: ChannelRecord,
  adapter: MarketplaceAdapter,
  job: Extract<ListingsPublishJob, { mode: 'status-check' }>,
  signal?: AbortSignal,
) {
  const lastCheck = job.check >= MAX_PUBLISH_CHECKS;
  const waiting: typeof job.submissions = [];
  const results: StatusResult[] = [];
  for (const submission of job.submissions) {
    signal?.throwIfAborted();
    const current = new Map(
      (
        await listingsWithProduct(
          ctx.db,
          channel.id,
          submission.listings.map((l) => l.listingId),
        )
      ).map((l) => [l.listingId, l]),
    );
    const listings = submission.listings.filter((l) => current.has(l.listingId));
    if (listings.length === 0 || !adapter.submissionStatus) continue;
    const status = await adapter.submissionStatus(
      { submissionId: submission.submissionId, skus: listings.map((l) => l.sku) },
      signal,
    );
    const bySku = new Map(status.state === 'done' ? status.results.map((r) => [r.sku, r]) : []);
    const still: typeof listings = [];
    for (const { listingId, sku } of listings) {
      const listing = current.get(listingId)!;
      const result = bySku.get(sku);
      if (status.state === 'failed') results.push({ listing, outcome: 'refused', message: status.message });
      else if (result?.outcome === 'confirmed') results.push({ listing, outcome: 'settled' });
      else if (result?.outcome === 'rejected') results.push({ listing, outcome: 'refused', message: result.message });
      else if (lastCheck)
        results.push({
          listing,
          outcome: 'refused',
          message: `The marketplace had not processed the change after ${MAX_PUBLISH_CHECKS} checks (submission ${submission.submissionId})`,
        });
      else still.push({ listingId, sku });
    }
    if (still.length > 0) waiting.push({ ...submission, listings: still });
  }
  const backOnSale = await ctx.db.transaction(async (tx) => {
    const back = await settleStatuses(ctx, tx, channel, results);
    if (waiting.length > 0)
      await requestPublish(
        ctx,
        tx,
        { ...job, check: job.check + 1, submissions: waiting },
        checkDelaySeconds(job.check + 1),
      );
    return back;
  });
  if (backOnSale) await sendDueNow(ctx, channel);
  return {
    settled: results.filter((r) => r.outcome === 'settled').length,
    refused: results.filter((r) => r.outcome === 'refused').length,
    waiting: waiting.reduce((n, s) => n + s.listings.length, 0),
  };
}
