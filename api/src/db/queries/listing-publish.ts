import { and, asc, eq, inArray, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  accounts,
  channels,
  listings,
  listingWrites,
  products,
  type ChannelKind,
  type ListingStatus,
} from '../schema/index.ts';
import { writableAt } from './billing.ts';
import { claimedWriteColumns, type ClaimedWrite } from './listing-writes-sending.ts';

export interface PublishableProduct {
  id: string;
  sku: string;
  title: string;
  description: string | null;
  price: string | null;
  cost: string | null;
  brand: string | null;
  tags: string[];
  gtin: string | null;
  images: string[];
  attributes: Record<string, unknown>;
}

/** A product's attributes as a listing is made with them: the seller's own over the main channel's. */
const productAttributes = sql<Record<string, unknown>>`${products.attributes} || ${products.sellerAttributes}`;

/**
 * The account's products among these ids with what a marketplace asks of a new listing, in SKU
 * order; with `lock`, locked until the transaction ends (in id order, as the planner locks them).
 */
export async function publishableProducts(
  db: Db,
  accountId: string,
  ids: string[],
  options: { lock?: boolean } = {},
): Promise<PublishableProduct[]> {
  if (ids.length === 0) return [];
  const found: PublishableProduct[] = [];
  for (let i = 0; i < ids.length; i += 5000) {
    const query = db
      .select({
        id: products.id,
        sku: products.sku,
        title: products.title,
        description: products.description,
        price: products.price,
        cost: products.cost,
        brand: products.brand,
        tags: products.tags,
        gtin: products.gtin,
        images: products.images,
        attributes: productAttributes,
      })
      .from(products)
      .where(and(eq(products.accountId, accountId), inArray(products.id, ids.slice(i, i + 5000))))
      .orderBy(asc(products.id));
    found.push(...(options.lock ? await query.for('update') : await query));
  }
  return found.sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
}

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
  attributes: productAttributes,
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

export interface ListingWithProduct extends ListingToCreate {
  productId: string;
  status: ListingStatus;
  marketplaceId: string | null;
  /** The seller holds it off sale. */
  takenOffSale: boolean;
  /** A value of ours is waiting or on its way there (a claim a push left behind goes back to waiting, and is sent). */
  writeOnItsWay: boolean;
}

/** The channel's listings among these with their product (for a status change or a check). */
export async function listingsWithProduct(
  db: Db,
  channelId: string,
  listingIds: string[],
): Promise<ListingWithProduct[]> {
  if (listingIds.length === 0) return [];
  return db
    .select({
      ...toCreateColumns,
      productId: products.id,
      status: listings.status,
      marketplaceId: listings.marketplaceId,
      takenOffSale: sql<boolean>`${listings.takenOffSaleAt} is not null`,
      writeOnItsWay: sql<boolean>`exists (select 1 from listing_writes open_write where open_write.listing_id = ${listings.id} and open_write.status in ('pending', 'sending', 'submitted', 'accepted'))`,
    })
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
    .where(
      and(
        eq(listings.channelId, channelId),
        inArray(listings.sku, skus),
        eq(listings.status, 'pending'),
        isNull(listings.marketplaceId),
        isNotNull(listings.productId),
      ),
    );
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
export async function markListingCreated(
  db: Db,
  listingId: string,
  values: { marketplaceId: string | null; status: ListingStatus },
  at: Date,
): Promise<void> {
  await db
    .update(listings)
    .set({
      ...(values.marketplaceId ? { marketplaceId: values.marketplaceId } : {}),
      status: values.status,
      lastError: null,
      updatedAt: at,
    })
    .where(eq(listings.id, listingId));
}

/** The listing could not be created or changed: it keeps the marketplace's words. */
export async function markListingFailed(db: Db, listingIds: string[], message: string, at: Date): Promise<void> {
  if (listingIds.length === 0) return;
  await db
    .update(listings)
    .set({ status: 'error', lastError: message, updatedAt: at })
    .where(inArray(listings.id, listingIds));
}

/** A status the marketplace took: the last error (of an earlier try) is cleared. */
export async function clearListingError(db: Db, listingIds: string[], at: Date): Promise<void> {
  if (listingIds.length === 0) return;
  await db
    .update(listings)
    .set({ lastError: null, updatedAt: at })
    .where(and(inArray(listings.id, listingIds), isNotNull(listings.lastError)));
}

/** Of these listings, the ones on a target channel, by channel, with their product (a status set on the main channel stays ours). */
export async function targetListingsByChannel(
  db: Db,
  accountId: string,
  listingIds: string[],
): Promise<Map<string, Array<{ listingId: string; productId: string }>>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db
    .select({ listingId: listings.id, productId: sql<string>`${listings.productId}`, channelId: listings.channelId })
    .from(listings)
    .innerJoin(channels, eq(channels.id, listings.channelId))
    .where(
      and(
        eq(listings.accountId, accountId),
        inArray(listings.id, listingIds),
        eq(channels.role, 'target'),
        isNotNull(listings.productId),
      ),
    );
  const byChannel = new Map<string, Array<{ listingId: string; productId: string }>>();
  for (const { channelId, ...listing } of rows)
    byChannel.set(channelId, [...(byChannel.get(channelId) ?? []), listing]);
  return byChannel;
}

/** The values waiting for these listings that no push has taken yet are dropped (superseded). */
export async function dropPendingWrites(db: Db, listingIds: string[], at: Date): Promise<void> {
  if (listingIds.length === 0) return;
  await db
    .update(listingWrites)
    .set({ status: 'superseded', updatedAt: at })
    .where(and(inArray(listingWrites.listingId, listingIds), eq(listingWrites.status, 'pending')));
}

/** Whether the seller holds each of these SKUs off sale on the channel (SKUs the channel has no listing of are left out). */
export async function offSaleBySku(db: Db, channelId: string, skus: string[]): Promise<Map<string, boolean>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({ sku: listings.sku, takenOffSale: sql<boolean>`${listings.takenOffSaleAt} is not null` })
    .from(listings)
    .where(and(eq(listings.channelId, channelId), inArray(listings.sku, skus)));
  return new Map(rows.map((r) => [r.sku, r.takenOffSale]));
}

/**
 * The seller's intent to keep these listings off sale ends: on those whose status is still `status`
 * (a later edit may have changed it meanwhile). Answers the listings cleared, with their product.
 */
export async function clearTakenOffSale(
  db: Db,
  listingIds: string[],
  status: 'active' | 'inactive',
  at: Date,
): Promise<Array<{ listingId: string; productId: string }>> {
  if (listingIds.length === 0) return [];
  return db
    .update(listings)
    .set({ takenOffSaleAt: null, updatedAt: at })
    .where(
      and(
        inArray(listings.id, listingIds),
        eq(listings.status, status),
        isNotNull(listings.takenOffSaleAt),
        isNotNull(listings.productId),
      ),
    )
    .returning({ listingId: listings.id, productId: sql<string>`${listings.productId}` });
}

/** The account's listings among these that the seller holds off sale, with their channel's marketplace. */
export async function listingsHeldOffSale(
  db: Db,
  accountId: string,
  listingIds: string[],
): Promise<Map<string, ChannelKind>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db
    .select({ id: listings.id, kind: channels.kind })
    .from(listings)
    .innerJoin(channels, eq(channels.id, listings.channelId))
    .where(
      and(eq(listings.accountId, accountId), inArray(listings.id, listingIds), isNotNull(listings.takenOffSaleAt)),
    );
  return new Map(rows.map((r) => [r.id, r.kind]));
}

/** Channels with listings awaiting creation and no creation under way: the schedule's safety net when a publish job was lost. */
export async function channelsAwaitingCreation(
  db: Db,
  now: Date,
): Promise<Array<{ accountId: string; channelId: string }>> {
  const inFlight = db
    .select({ one: sql`1` })
    .from(listingWrites)
    .where(and(eq(listingWrites.listingId, listings.id), inArray(listingWrites.status, ['submitted', 'accepted'])));
  return db
    .selectDistinct({ accountId: listings.accountId, channelId: listings.channelId })
    .from(listings)
    .innerJoin(channels, eq(channels.id, listings.channelId))
    .innerJoin(accounts, eq(accounts.id, listings.accountId))
    .where(
      and(
        awaitingCreation,
        notExists(inFlight),
        inArray(channels.status, ['active', 'error']),
        eq(channels.role, 'target'),
        writableAt(now),
      ),
    );
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
