import crypto from 'node:crypto';
import { AppError, type AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { findChannel, type ChannelRecord } from '../../db/queries/channels.ts';
import { accountCurrency } from '../../db/queries/catalogue.ts';
import { editableProducts, insertPendingListings, skusListedOn } from '../../db/queries/listing-edits.ts';
import {
  PUBLISH_SUBMISSION_PREFIX,
  awaitingListingsBySku,
  claimWritesOfListings,
  clearListingError,
  failedCreationsOn,
  listingsToCreate,
  listingsWithProduct,
  markListingCreated,
  markListingFailed,
  reopenFailedCreations,
  targetListingsByChannel,
  type ListingToCreate,
} from '../../db/queries/listing-publish.ts';
import { confirmWrites, failWrites, markInFlight, releaseClaims, requeueWrites, writesOfSubmission, type ClaimedWrite } from '../../db/queries/listing-writes.ts';
import type { ListingStatus } from '../../db/schema/index.ts';
import type { MarketplaceAdapter } from '../../marketplaces/marketplace-adapter.ts';
import type { CreateOutcome, ListingState, NewListing } from '../../marketplaces/types.ts';
import { enqueue } from '../../workers/job-queue.ts';
import { LISTINGS_PUBLISH_QUEUE, type ListingsPublishJob } from '../../workers/queues.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';
import { adapterForChannel } from '../channels/channel-adapter.ts';
import { withChannelHealth } from '../sync/channel-health.ts';
import { planListingWrites, requestChannelPush } from '../sync/plan-writes.ts';
import { missingForListing } from './publish-requirements.ts';

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
  if (channel.role === 'main') throw new AppError(409, 'Products come from the main channel. Choose a target channel to publish to.');
  if (channel.status === 'paused') throw new AppError(409, 'This channel is paused. Resume it to publish to it.');
  return channel;
}

/** Each product (the account's only) against the channel's marketplace: ready, missing something, or listed there already. */
async function checkProducts(db: Db, accountId: string, channel: ChannelRecord, productIds: string[], options: { lock?: boolean } = {}): Promise<PublishCheckItem[]> {
  const products = await editableProducts(db, accountId, [...new Set(productIds)], options);
  const skus = products.map((p) => p.sku);
  // A listing whose creation the marketplace refused can be published again (once the product is fixed).
  const refused = await failedCreationsOn(db, channel.id, skus);
  const listed = new Set([...(await skusListedOn(db, channel.id, skus))].filter((sku) => !refused.has(sku)));
  return products.map((product) => {
    if (listed.has(product.sku)) return { productId: product.id, sku: product.sku, title: product.title, status: 'listed', missing: [] };
    const missing = missingForListing(channel.kind, product);
    return { productId: product.id, sku: product.sku, title: product.title, status: missing.length > 0 ? 'missing' : 'ready', missing };
  });
}

export async function checkPublish(ctx: AppContext, accountId: string, request: PublishRequest): Promise<{ channel: ChannelRecord; items: PublishCheckItem[] }> {
  const channel = await targetChannel(ctx.db, accountId, request.channelId);
  return { channel, items: await checkProducts(ctx.db, accountId, channel, request.productIds) };
}

/**
 * Lists the ready products on the channel: each becomes a listing waiting for the marketplace
 * ('pending'), its quantity and price by the channel's rules are recorded as values to send, and a
 * publish job that creates the listings with those values is enqueued, all in one transaction. The
 * channel's push leaves a listing's values alone until the marketplace holds it. Products missing
 * something, or listed there already, are left out.
 */
export async function publishListings(ctx: AppContext, audit: AuditContext, accountId: string, request: PublishRequest): Promise<{ channelId: string; published: number; notReady: number; alreadyListed: number }> {
  return ctx.db.transaction(async (tx) => {
    const channel = await targetChannel(tx, accountId, request.channelId);
    const items = await checkProducts(tx, accountId, channel, request.productIds, { lock: true });
    const ready = items.filter((i) => i.status === 'ready');
    const notReady = items.filter((i) => i.status === 'missing').length;
    const alreadyListed = items.filter((i) => i.status === 'listed').length;
    if (ready.length === 0) throw new AppError(409, notReady > 0 ? 'None of these products has what the marketplace requires yet.' : 'These products are already listed on this channel.');
    const at = ctx.clock();
    const published = (await reopenFailedCreations(tx, channel.id, ready.map((i) => i.sku), at)) + (await insertPendingListings(tx, accountId, channel.id, ready, at));
    await planListingWrites(ctx, tx, accountId, ready.map((i) => i.productId), { channelId: channel.id, recordAs: { cause: 'bulk_edit', causeRef: `published on ${channel.kind}`, actorUserId: audit.actorUserId } });
    await requestPublish(ctx, tx, { mode: 'create', accountId, channelId: channel.id });
    await recordAudit(tx, audit, { action: 'listings.published', accountId, targetType: 'channel', targetId: channel.id, metadata: { published, notReady, alreadyListed, sample: ready.slice(0, 20).map((i) => i.sku) } });
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

/** Enqueued in the caller's transaction, so the job exists exactly when the listings it works on do. */
export function requestPublish(ctx: AppContext, tx: Db, job: ListingsPublishJob, startAfter?: number): Promise<string | null> {
  const singletonKey = job.mode === 'create' ? job.channelId : `${job.mode}:${job.channelId}:${crypto.randomUUID()}`;
  return enqueue<ListingsPublishJob>(ctx.jobs, tx, LISTINGS_PUBLISH_QUEUE, job, { singletonKey, ...(startAfter !== undefined ? { startAfter } : {}) });
}

/**
 * A bulk edit set these listings' status: the ones on target channels are sent to their marketplace
 * (put on sale, or taken off) by a job per channel, enqueued in the edit's transaction.
 */
export async function requestListingStatusSends(ctx: AppContext, tx: Db, accountId: string, updates: Array<{ listingId: string; status: ListingStatus }>): Promise<void> {
  const sendable = updates.filter((u) => u.status === 'active' || u.status === 'inactive').map((u) => u.listingId);
  for (const [channelId, listingIds] of await targetListingsByChannel(tx, accountId, sendable)) {
    await requestPublish(ctx, tx, { mode: 'status', accountId, channelId, listingIds });
  }
}

/** The product as the marketplace should list it, with the values claimed for it (else the listing's desired ones): what is sent is what gets confirmed. */
function newListingOf(listing: ListingToCreate, currency: string, claimed: ClaimedWrite[] = []): NewListing {
  const value = (field: ClaimedWrite['field']) => claimed.filter((w) => w.listingId === listing.listingId && w.field === field).at(-1)?.after;
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
  };
}

/** Whether the marketplace shows the value a write asked for. */
function holds(write: Pick<ClaimedWrite, 'field' | 'after'>, state: ListingState | undefined): boolean {
  if (!state) return false;
  if (write.field === 'quantity') return state.quantity === Number(write.after);
  return state.price !== null && Number(state.price.amount) === Number(write.after);
}

export async function runPublishJob(ctx: AppContext, job: ListingsPublishJob, signal?: AbortSignal): Promise<unknown> {
  const channel = await findChannel(ctx.db, job.accountId, job.channelId);
  if (!channel || channel.role !== 'target' || (channel.status !== 'active' && channel.status !== 'error')) return 'nothing';
  return withChannelHealth(ctx, channel, async () => {
    const adapter = await adapterForChannel(ctx, channel);
    if (job.mode === 'create') return createAwaiting(ctx, channel, adapter, signal);
    if (job.mode === 'check') return checkCreations(ctx, channel, adapter, job, signal);
    return sendStatuses(ctx, channel, adapter, job.listingIds, signal);
  });
}

/**
 * Creates the channel's listings awaiting creation with their values: created ones get the
 * marketplace's id and turn active, their values confirmed; accepted ones wait for a check; refused
 * ones turn 'error' with the marketplace's words. A listing created once is no longer awaiting, so a
 * second run creates nothing again.
 */
async function createAwaiting(ctx: AppContext, channel: ChannelRecord, adapter: MarketplaceAdapter, signal?: AbortSignal) {
  const currency = (await accountCurrency(ctx.db, channel.accountId)) ?? 'USD';
  const totals = { created: 0, accepted: 0, rejected: 0, unknown: 0 };
  const tried = new Set<string>();
  for (;;) {
    signal?.throwIfAborted();
    const round = (await listingsToCreate(ctx.db, channel.id, CREATE_ROUND + tried.size)).filter((l) => !tried.has(l.listingId)).slice(0, CREATE_ROUND);
    if (round.length === 0) break;
    round.forEach((l) => tried.add(l.listingId));
    const claimed = await claimWritesOfListings(ctx.db, round.map((l) => l.listingId), ctx.clock());
    let outcomes: CreateOutcome[];
    try {
      outcomes = await adapter.createListings(round.map((l) => newListingOf(l, currency, claimed)), signal);
    } catch (error) {
      await releaseClaims(ctx.db, channel.id, ctx.clock(), claimed.map((w) => w.id), error instanceof Error ? error.message : String(error));
      throw error;
    }
    const bySku = new Map(outcomes.map((o) => [o.sku, o]));
    const writesOf = (listingId: string) => claimed.filter((w) => w.listingId === listingId);
    const submissions = new Map<string, { submissionId: string; checkBy: 'submission' | 'read'; skus: string[] }>();
    await ctx.db.transaction(async (tx) => {
      const at = ctx.clock();
      for (const listing of round) {
        const outcome: CreateOutcome = bySku.get(listing.sku) ?? { sku: listing.sku, outcome: 'unknown', message: 'The marketplace gave no answer for this SKU' };
        const writes = writesOf(listing.listingId);
        totals[outcome.outcome === 'created' ? 'created' : outcome.outcome] += 1;
        if (outcome.outcome === 'created') {
          await confirmWrites(tx, writes, at);
          await markListingCreated(tx, listing.listingId, { marketplaceId: outcome.marketplaceId, status: 'active' }, at);
        } else if (outcome.outcome === 'accepted') {
          const entry = submissions.get(outcome.submissionId) ?? { submissionId: outcome.submissionId, checkBy: outcome.checkBy, skus: [] };
          entry.skus.push(listing.sku);
          submissions.set(outcome.submissionId, entry);
          await markInFlight(tx, writes.map((w) => [w.id]), 'accepted', `${PUBLISH_SUBMISSION_PREFIX}${outcome.submissionId}`, at);
        } else if (outcome.outcome === 'rejected') {
          await failWrites(tx, writes.map((w) => ({ id: w.id, listingId: w.listingId, message: outcome.message })), at);
          await markListingFailed(tx, [listing.listingId], outcome.message, at);
        } else {
          await releaseClaims(tx, channel.id, at, writes.map((w) => w.id), outcome.message);
        }
      }
      if (submissions.size > 0) {
        await requestPublish(ctx, tx, { mode: 'check', accountId: channel.accountId, channelId: channel.id, check: 1, submissions: [...submissions.values()] }, checkDelaySeconds(1));
      }
      // Values queued while the listing was being created wait for the channel's push.
      if (outcomes.some((o) => o.outcome === 'created')) await requestChannelPush(ctx, tx, { accountId: channel.accountId, channelId: channel.id });
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
async function checkCreations(ctx: AppContext, channel: ChannelRecord, adapter: MarketplaceAdapter, job: Extract<ListingsPublishJob, { mode: 'check' }>, signal?: AbortSignal) {
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
    const writes = await writesOfSubmission(ctx.db, channel.id, `${PUBLISH_SUBMISSION_PREFIX}${submission.submissionId}`);
    const still = skus.filter((sku) => !present.includes(sku) && !rejected.has(sku));
    await ctx.db.transaction(async (tx) => {
      const at = ctx.clock();
      for (const sku of present) {
        const state = states.get(sku)!;
        const listingId = awaiting.get(sku)!;
        const ofListing = writes.filter((w) => w.listingId === listingId);
        await confirmWrites(tx, ofListing.filter((w) => holds(w, state)), at);
        await requeueWrites(tx, ofListing.filter((w) => !holds(w, state)), 'Sent again: the new listing did not show this value yet', at);
        await markListingCreated(tx, listingId, { marketplaceId: state.marketplaceId, status: state.status }, at);
      }
      const failed = [...rejected].map(([sku, message]) => ({ sku, message }));
      if (lastCheck) for (const sku of still) failed.push({ sku, message: `The marketplace had not created the listing after ${MAX_PUBLISH_CHECKS} checks (submission ${submission.submissionId})` });
      for (const { sku, message } of failed) {
        const listingId = awaiting.get(sku)!;
        await failWrites(tx, writes.filter((w) => w.listingId === listingId).map((w) => ({ id: w.id, listingId, message })), at);
        await markListingFailed(tx, [listingId], message, at);
      }
      if (present.length > 0) await requestChannelPush(ctx, tx, { accountId: channel.accountId, channelId: channel.id });
    });
    totals.created += present.length;
    totals.rejected += rejected.size + (lastCheck ? still.length : 0);
    if (!lastCheck && still.length > 0) waiting.push({ ...submission, skus: still });
  }
  if (waiting.length > 0) {
    totals.waiting = waiting.reduce((n, s) => n + s.skus.length, 0);
    await requestPublish(ctx, ctx.db, { ...job, check: job.check + 1, submissions: waiting }, checkDelaySeconds(job.check + 1));
  }
  return totals;
}

/**
 * Sends each listing's status as we hold it now (a later edit wins: the job reads the status when it
 * runs). A status the marketplace refuses leaves the listing in 'error' with its words.
 */
async function sendStatuses(ctx: AppContext, channel: ChannelRecord, adapter: MarketplaceAdapter, listingIds: string[], signal?: AbortSignal) {
  const currency = (await accountCurrency(ctx.db, channel.accountId)) ?? 'USD';
  const listings = (await listingsWithProduct(ctx.db, channel.id, listingIds)).filter((l) => (l.status === 'active' || l.status === 'inactive') && l.marketplaceId !== null);
  let unknown = 0;
  const settled: string[] = [];
  const refused: Array<{ listingId: string; message: string }> = [];
  for (const listing of listings) {
    signal?.throwIfAborted();
    const outcome = await adapter.setListingActive({ sku: listing.sku, active: listing.status === 'active', listing: newListingOf(listing, currency) }, signal);
    if (outcome.outcome === 'confirmed' || outcome.outcome === 'accepted') settled.push(listing.listingId);
    else if (outcome.outcome === 'rejected') refused.push({ listingId: listing.listingId, message: outcome.message });
    else unknown += 1;
  }
  await ctx.db.transaction(async (tx) => {
    const at = ctx.clock();
    await clearListingError(tx, settled, at);
    for (const { listingId, message } of refused) await markListingFailed(tx, [listingId], message, at);
  });
  if (unknown > 0) throw new PublishIncomplete(unknown);
  return { sent: settled.length, refused: refused.length };
}
