import { and, eq, inArray, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { channels, listings, listingWrites, products, type ListingStatus } from '../schema/index.ts';
import { claimedWriteColumns, type ClaimedWrite } from './listing-writes.ts';

/** Prefix of the submission id our writes carry while a marketplace processes the listing's creation. */
export const PUBLISH_SUBMISSION_PREFIX = 'publish:';

/**
 * A listing recorded by publishing and not yet on the marketplace: 'pending', no marketplace id, never
 * confirmed (listings read from a marketplace are confirmed when read). The push leaves its values to
 * the publish job, which creates the listing with them.
 */
export const awaitingCreation = sql`(${listings.status} = 'pending' and ${listings.marketplaceId} is null and ${listings.confirmedAt} is null and ${listings.productId} is not null)`;

export interface ListingToCreate {
  listingId: string;
  sku: string;
  title: string;
  description: string | null;
  brand: string | null;
  gtin: string | null;
  images: string[];
  attributes: Record<string, unknown>;
  price: string | null;
  desiredQuantity: number | null;
  desiredPrice: string | null;
}

const toCreateColumns = {
  listingId: listings.id,
  sku: listings.sku,
  title: products.title,
  description: products.description,
  brand: products.brand,
  gtin: products.gtin,
  images: products.images,
  attributes: products.attributes,
  price: products.price,
  desiredQuantity: listings.desiredQuantity,
  desiredPrice: listings.desiredPrice,
};

/**
 * The channel's listings awaiting creation, with their product and the values to create them with,
 * leaving out those whose creation the marketplace is processing (their writes are in flight).
 */
export async function listingsToCreate(db: Db, channelId: string, limit: number): Promise<ListingToCreate[]> {
  const inFlight = db
    .select({ one: sql`1` })
    .from(listingWrites)
    .where(and(eq(listingWrites.listingId, listings.id), inArray(listingWrites.status, ['submitted', 'accepted'])));
  return db
    .select(toCreateColumns)
    .from(listings)
    .innerJoin(products, eq(products.id, listings.productId))
    .where(and(eq(listings.channelId, channelId), awaitingCreation, notExists(inFlight)))
    .orderBy(listings.sku)
    .limit(limit);
}

/** The channel's listings of these SKUs with their product (for a status change or a check). */
export async function listingsWithProduct(db: Db, channelId: string, listingIds: string[]): Promise<Array<ListingToCreate & { status: ListingStatus; marketplaceId: string | null }>> {
  if (listingIds.length === 0) return [];
  return db
    .select({ ...toCreateColumns, status: listings.status, marketplaceId: listings.marketplaceId })
    .from(listings)
    .innerJoin(products, eq(products.id, listings.productId))
    .where(and(eq(listings.channelId, channelId), inArray(listings.id, listingIds)));
}

/**
 * The channel's listings among these SKUs whose creation the marketplace has not been seen to
 * finish ('pending', no marketplace id yet), by SKU. Their values may be confirmed already (Amazon's
 * quantity notification reads them back first).
 */
export async function awaitingListingsBySku(db: Db, channelId: string, skus: string[]): Promise<Map<string, string>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({ id: listings.id, sku: listings.sku })
    .from(listings)
    .where(and(eq(listings.channelId, channelId), inArray(listings.sku, skus), eq(listings.status, 'pending'), isNull(listings.marketplaceId), isNotNull(listings.productId)));
  return new Map(rows.map((r) => [r.sku, r.id]));
}

/** Takes the listings' waiting values for the create call (as a push claims them), oldest first. */
export async function claimWritesOfListings(db: Db, listingIds: string[], at: Date): Promise<ClaimedWrite[]> {
  if (listingIds.length === 0) return [];
  return db
    .update(listingWrites)
    .set({ status: 'sending', attempts: sql`${listingWrites.attempts} + 1`, updatedAt: at })
    .where(and(inArray(listingWrites.listingId, listingIds), eq(listingWrites.status, 'pending')))
    .returning(claimedWriteColumns);
}

/** The marketplace holds the listing now, under its own id. */
export async function markListingCreated(db: Db, listingId: string, values: { marketplaceId: string | null; status: ListingStatus }, at: Date): Promise<void> {
  await db
    .update(listings)
    .set({ ...(values.marketplaceId ? { marketplaceId: values.marketplaceId } : {}), status: values.status, lastError: null, updatedAt: at })
    .where(eq(listings.id, listingId));
}

/** The listing could not be created or changed: it keeps the marketplace's words. */
export async function markListingFailed(db: Db, listingIds: string[], message: string, at: Date): Promise<void> {
  if (listingIds.length === 0) return;
  await db.update(listings).set({ status: 'error', lastError: message, updatedAt: at }).where(inArray(listings.id, listingIds));
}

/** A status the marketplace took: the last error (of an earlier try) is cleared. */
export async function clearListingError(db: Db, listingIds: string[], at: Date): Promise<void> {
  if (listingIds.length === 0) return;
  await db.update(listings).set({ lastError: null, updatedAt: at }).where(and(inArray(listings.id, listingIds), isNotNull(listings.lastError)));
}

/** Of these listings, the ones on a target channel, by channel (a status set on the main channel stays ours). */
export async function targetListingsByChannel(db: Db, accountId: string, listingIds: string[]): Promise<Map<string, string[]>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db
    .select({ id: listings.id, channelId: listings.channelId })
    .from(listings)
    .innerJoin(channels, eq(channels.id, listings.channelId))
    .where(and(eq(listings.accountId, accountId), inArray(listings.id, listingIds), eq(channels.role, 'target'), isNotNull(listings.productId)));
  const byChannel = new Map<string, string[]>();
  for (const row of rows) byChannel.set(row.channelId, [...(byChannel.get(row.channelId) ?? []), row.id]);
  return byChannel;
}

/** Channels with listings awaiting creation and no creation under way: the schedule's safety net when a publish job was lost. */
export async function channelsAwaitingCreation(db: Db): Promise<Array<{ accountId: string; channelId: string }>> {
  const inFlight = db
    .select({ one: sql`1` })
    .from(listingWrites)
    .where(and(eq(listingWrites.listingId, listings.id), inArray(listingWrites.status, ['submitted', 'accepted'])));
  return db
    .selectDistinct({ accountId: listings.accountId, channelId: listings.channelId })
    .from(listings)
    .innerJoin(channels, eq(channels.id, listings.channelId))
    .where(and(awaitingCreation, notExists(inFlight), inArray(channels.status, ['active', 'error']), eq(channels.role, 'target')));
}

/** A creation the marketplace refused: the listing is 'error' without a marketplace id and was never confirmed. */
const failedCreation = sql`(${listings.status} = 'error' and ${listings.marketplaceId} is null and ${listings.confirmedAt} is null and ${listings.productId} is not null)`;

/** The SKUs among these whose listing on the channel is a refused creation (they can be published again). */
export async function failedCreationsOn(db: Db, channelId: string, skus: string[]): Promise<Set<string>> {
  if (skus.length === 0) return new Set();
  const rows = await db
    .select({ sku: listings.sku })
    .from(listings)
    .where(and(eq(listings.channelId, channelId), inArray(listings.sku, skus), failedCreation));
  return new Set(rows.map((r) => r.sku));
}

/**
 * Refused creations published again: pending once more, the refusal cleared, and no values asked
 * for yet, so the values are planned afresh (and confirmed when the listing is created).
 */
export async function reopenFailedCreations(db: Db, channelId: string, skus: string[], at: Date): Promise<number> {
  if (skus.length === 0) return 0;
  const rows = await db
    .update(listings)
    .set({ status: 'pending', lastError: null, desiredQuantity: null, desiredPrice: null, updatedAt: at })
    .where(and(eq(listings.channelId, channelId), inArray(listings.sku, skus), failedCreation))
    .returning({ id: listings.id });
  return rows.length;
}
