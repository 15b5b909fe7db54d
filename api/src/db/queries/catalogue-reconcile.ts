import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { writableAt } from './billing.ts';
import {
  accounts,
  channels,
  listingDrift,
  listings,
  listingWrites,
  products,
  type ListingStatus,
} from '../schema/index.ts';

// What a reconciliation compares the channels' answers with: how much it will read, the stored
// products and listings by SKU, and what a listing was last confirmed to hold.

export async function productCount(db: Db, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.accountId, accountId));
  return row?.n ?? 0;
}

/**
 * The account's product count, counted again under a lock held until the transaction ends: two reads of
 * the main channel at once never both fill the same room under the plan's SKU limit.
 */
export async function productCountForGrowth(db: Db, accountId: string): Promise<number> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`catalogue-growth:${accountId}`}))`);
  return productCount(db, accountId);
}

export interface StoredProduct {
  id: string;
  sku: string;
  title: string;
  onHand: number;
  price: string | null;
  /** When the price held was read from the main channel (null: never read, or not since this was added). */
  priceReadAt: Date | null;
}

export async function productsBySku(db: Db, accountId: string, skus: string[]): Promise<Map<string, StoredProduct>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      sku: products.sku,
      title: products.title,
      onHand: products.onHand,
      price: products.price,
      priceReadAt: products.priceReadAt,
    })
    .from(products)
    .where(and(eq(products.accountId, accountId), inArray(products.sku, skus)));
  return new Map(rows.map((r) => [r.sku, r]));
}

export interface StoredListing {
  id: string;
  sku: string;
  productId: string | null;
  confirmedQuantity: number | null;
  confirmedPrice: string | null;
  desiredQuantity: number | null;
  desiredPrice: string | null;
  status: ListingStatus;
  /** The seller holds it off sale: its status is the seller's, not what a read finds. */
  takenOffSale: boolean;
  /** A value of ours is on its way there: what the channel shows now may be before or after it. */
  writeInFlight: boolean;
  confirmedAt: Date | null;
}

export async function listingsBySku(db: Db, channelId: string, skus: string[]): Promise<Map<string, StoredListing>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({
      id: listings.id,
      sku: listings.sku,
      productId: listings.productId,
      confirmedQuantity: listings.confirmedQuantity,
      confirmedPrice: listings.confirmedPrice,
      desiredQuantity: listings.desiredQuantity,
      desiredPrice: listings.desiredPrice,
      status: listings.status,
      takenOffSale: sql<boolean>`${listings.takenOffSaleAt} is not null`,
      // Names written out: in a one-table select drizzle leaves columns unqualified, and inside the
      // subquery "id" would be the write's own id (the probe then never finds anything).
      writeInFlight: sql<boolean>`exists (select 1 from listing_writes in_flight where in_flight.listing_id = listings.id and in_flight.status in ('sending', 'submitted', 'accepted'))`,
      confirmedAt: listings.confirmedAt,
    })
    .from(listings)
    .where(and(eq(listings.channelId, channelId), inArray(listings.sku, skus)));
  return new Map(rows.map((r) => [r.sku, r]));
}

/**
 * What reconciliation found a listing holding becomes what it was last confirmed to hold, unless a
 * value of ours was confirmed or sent since it was looked at (`unchangedSince`): then what was found
 * may be older than that value, and nothing is set. Answers whether it was set.
 */
export async function setConfirmed(
  db: Db,
  listingId: string,
  values: { quantity?: number | null; price?: string | null; status?: ListingStatus },
  at: Date,
  unchangedSince?: { confirmedAt: Date | null },
): Promise<boolean> {
  const unchanged = unchangedSince
    ? [
        unchangedSince.confirmedAt === null
          ? isNull(listings.confirmedAt)
          : eq(listings.confirmedAt, unchangedSince.confirmedAt),
        sql`not exists (select 1 from ${listingWrites} where ${listingWrites.listingId} = ${listings.id} and ${listingWrites.status} in ('sending', 'submitted', 'accepted'))`,
      ]
    : [];
  const set = await db
    .update(listings)
    .set({
      ...(values.quantity !== undefined ? { confirmedQuantity: values.quantity } : {}),
      ...(values.price !== undefined ? { confirmedPrice: values.price } : {}),
      ...(values.status ? { status: values.status } : {}),
      confirmedAt: at,
      updatedAt: at,
    })
    .where(and(eq(listings.id, listingId), ...unchanged))
    .returning({ id: listings.id });
  return set.length > 0;
}

/** Listings of these channels of the account: what a reconciliation will read. */
export async function listingCount(db: Db, accountId: string, channelIds: string[]): Promise<number> {
  if (channelIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(listings)
    .where(and(eq(listings.accountId, accountId), inArray(listings.channelId, channelIds)));
  return row?.n ?? 0;
}

/**
 * SKUs whose title we sent, or are sending, to this channel since it was read (`readAt`): the title
 * read may be older than ours, and is not taken.
 */
export async function skusWithOpenTitleWrites(
  db: Db,
  channelId: string,
  skus: string[],
  readAt: Date,
): Promise<Set<string>> {
  if (skus.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ sku: listingWrites.sku })
    .from(listingWrites)
    .where(
      and(
        eq(listingWrites.channelId, channelId),
        eq(listingWrites.field, 'title'),
        inArray(listingWrites.sku, skus),
        sql`(${listingWrites.status} in ('pending', 'sending', 'submitted', 'accepted') or (${listingWrites.status} = 'confirmed' and ${listingWrites.confirmedAt} >= ${readAt}))`,
      ),
    );
  return new Set(rows.map((r) => r.sku));
}

/** Title writes waiting for a channel that holds that very title already (it was read there): none to send. */
export async function dropTitleWritesHeld(
  db: Db,
  channelId: string,
  held: Array<{ sku: string; after: string }>,
  at: Date,
): Promise<void> {
  for (const { sku, after } of held)
    await db
      .update(listingWrites)
      .set({ status: 'superseded', updatedAt: at })
      .where(
        and(
          eq(listingWrites.channelId, channelId),
          eq(listingWrites.field, 'title'),
          eq(listingWrites.status, 'pending'),
          eq(listingWrites.sku, sku),
          eq(listingWrites.after, after),
        ),
      );
}

/** The title we last sent each listing and the channel confirmed, and when: what it should show. */
export async function lastSentTitles(
  db: Db,
  listingIds: string[],
): Promise<Map<string, { title: string; confirmedAt: Date }>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([listingWrites.listingId], {
      listingId: listingWrites.listingId,
      title: listingWrites.after,
      confirmedAt: listingWrites.confirmedAt,
    })
    .from(listingWrites)
    .where(
      and(
        inArray(listingWrites.listingId, listingIds),
        eq(listingWrites.field, 'title'),
        eq(listingWrites.status, 'confirmed'),
        sql`${listingWrites.confirmedAt} is not null`,
        // A title still on its way makes what the channel shows uncertain: none is compared. (Names written
        // out: drizzle leaves a one-table select's columns unqualified.)
        sql`not exists (select 1 from listing_writes later where later.listing_id = listing_writes.listing_id and later.field = 'title' and later.status in ('pending', 'sending', 'submitted', 'accepted'))`,
      ),
    )
    .orderBy(listingWrites.listingId, desc(listingWrites.confirmedAt));
  return new Map(rows.map((r) => [r.listingId, { title: r.title, confirmedAt: r.confirmedAt! }]));
}

/** The last title found on each listing that the seller chose to keep (an accepted drift), and when. */
export async function acceptedTitles(
  db: Db,
  listingIds: string[],
): Promise<Map<string, { found: string | null; at: Date }>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([listingDrift.listingId], {
      listingId: listingDrift.listingId,
      found: listingDrift.found,
      at: listingDrift.resolvedAt,
    })
    .from(listingDrift)
    .where(
      and(
        inArray(listingDrift.listingId, listingIds),
        eq(listingDrift.field, 'title'),
        eq(listingDrift.resolution, 'accepted'),
      ),
    )
    .orderBy(listingDrift.listingId, desc(listingDrift.resolvedAt));
  return new Map(rows.map((r) => [r.listingId, { found: r.found, at: r.at! }]));
}

/** Channels a light read looks at: syncing, and read in full once (a new main channel's import comes first). */
export async function channelsForLightRead(
  db: Db,
  now: Date,
): Promise<Array<{ accountId: string; channelId: string }>> {
  // Starter syncs hourly (its values wait for the hour too): only real-time plans are read every few minutes.
  return db
    .select({ accountId: channels.accountId, channelId: channels.id })
    .from(channels)
    .innerJoin(accounts, eq(accounts.id, channels.accountId))
    .where(
      and(
        inArray(channels.status, ['active', 'error']),
        sql`${channels.lastSyncAt} is not null`,
        sql`${accounts.plan} <> 'starter'`,
        writableAt(now),
      ),
    );
}
