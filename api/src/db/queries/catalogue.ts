import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { channels, listingDrift, listings, listingWrites, products, type ListingStatus } from '../schema/index.ts';

export interface ProductInput {
  sku: string;
  title: string;
  description: string | null;
  brand: string | null;
  gtin: string | null;
  images: string[];
  attributes: Record<string, unknown>;
  price: string | null;
  currency: string | null;
  /** Null when the marketplace did not say (the stored value stays). */
  onHand: number | null;
}

/** Upserts a page of the main channel's products; answers their ids by SKU. Safe to repeat. */
export async function upsertProducts(db: Db, accountId: string, sourceChannelId: string, items: ProductInput[], at: Date): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  // The main channel's stock is the truth; where it did not say, a product keeps the stock it had.
  for (const [group, knowsStock] of [
    [items.filter((i) => i.onHand !== null), true],
    [items.filter((i) => i.onHand === null), false],
  ] as const) {
    if (group.length === 0) continue;
    const rows = await db
      .insert(products)
      .values(group.map((i) => ({ accountId, sourceChannelId, ...i, onHand: i.onHand ?? 0, importedAt: at, updatedAt: at })))
      .onConflictDoUpdate({
        target: [products.accountId, products.sku],
        set: {
          title: sql`excluded.title`,
          description: sql`excluded.description`,
          brand: sql`excluded.brand`,
          gtin: sql`excluded.gtin`,
          images: sql`excluded.images`,
          attributes: sql`excluded.attributes`,
          price: sql`excluded.price`,
          currency: sql`excluded.currency`,
          sourceChannelId: sql`excluded.source_channel_id`,
          ...(knowsStock ? { onHand: sql`excluded.on_hand` } : {}),
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .returning({ id: products.id, sku: products.sku });
    rows.forEach((r) => ids.set(r.sku, r.id));
  }
  return ids;
}

export interface ListingInput {
  sku: string;
  marketplaceId: string | null;
  status: ListingStatus;
  quantity: number | null;
  price: string | null;
}

/** Upserts what a channel holds; `productIds` links them to the catalogue (a SKU the main lacks stays unlinked). */
export async function upsertListings(db: Db, accountId: string, channelId: string, items: ListingInput[], productIds: Map<string, string>, at: Date): Promise<void> {
  if (items.length === 0) return;
  await db
    .insert(listings)
    .values(
      items.map((i) => ({
        accountId,
        channelId,
        productId: productIds.get(i.sku) ?? null,
        sku: i.sku,
        marketplaceId: i.marketplaceId,
        status: i.status,
        confirmedQuantity: i.quantity,
        confirmedPrice: i.price,
        confirmedAt: at,
        updatedAt: at,
      })),
    )
    .onConflictDoUpdate({
      target: [listings.channelId, listings.sku],
      set: {
        productId: sql`excluded.product_id`,
        marketplaceId: sql`coalesce(excluded.marketplace_id, ${listings.marketplaceId})`,
        status: sql`excluded.status`,
        confirmedQuantity: sql`excluded.confirmed_quantity`,
        confirmedPrice: sql`excluded.confirmed_price`,
        confirmedAt: sql`excluded.confirmed_at`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** The account's product ids by SKU, for linking a target's listings. */
export async function productIdsBySku(db: Db, accountId: string): Promise<Map<string, string>> {
  const rows = await db.select({ id: products.id, sku: products.sku }).from(products).where(eq(products.accountId, accountId));
  return new Map(rows.map((r) => [r.sku, r.id]));
}

export async function markSynced(db: Db, accountId: string, channelId: string, at: Date): Promise<void> {
  await db.update(channels).set({ lastSyncAt: at }).where(and(eq(channels.id, channelId), eq(channels.accountId, accountId)));
}

/** The currency the account's main channel prices in (the catalogue's), for price pushes. */
export async function accountCurrency(db: Db, accountId: string): Promise<string | null> {
  const [row] = await db.select({ currency: products.currency }).from(products).where(and(eq(products.accountId, accountId), isNotNull(products.currency))).limit(1);
  return row?.currency ?? null;
}

export async function productCount(db: Db, accountId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(eq(products.accountId, accountId));
  return row?.n ?? 0;
}

export interface StoredProduct {
  id: string;
  sku: string;
  onHand: number;
  price: string | null;
}

export async function productsBySku(db: Db, accountId: string, skus: string[]): Promise<Map<string, StoredProduct>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, sku: products.sku, onHand: products.onHand, price: products.price })
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
export async function setConfirmed(db: Db, listingId: string, values: { quantity?: number | null; price?: string | null; status?: ListingStatus }, at: Date, unchangedSince?: { confirmedAt: Date | null }): Promise<boolean> {
  const unchanged = unchangedSince
    ? [
        unchangedSince.confirmedAt === null ? isNull(listings.confirmedAt) : eq(listings.confirmedAt, unchangedSince.confirmedAt),
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

/** Opens (or refreshes) a drift entry for a value changed by hand on a target channel. */
export async function openDrift(db: Db, input: { accountId: string; channelId: string; listingId: string; sku: string; field: 'price' | 'quantity'; expected: string | null; found: string | null }, at: Date): Promise<void> {
  await db
    .insert(listingDrift)
    .values({ ...input, detectedAt: at })
    .onConflictDoUpdate({ target: [listingDrift.listingId, listingDrift.field], targetWhere: sql`${listingDrift.resolvedAt} is null`, set: { found: sql`excluded.found`, detectedAt: sql`excluded.detected_at` } });
}

/** Links listings read before their product existed (a target read before the main), by SKU. */
export async function linkListingsToProducts(db: Db, accountId: string): Promise<void> {
  await db.execute(sql`
    update ${listings} set product_id = p.id
    from ${products} p
    where ${listings.accountId} = ${accountId} and ${listings.productId} is null and p.account_id = ${accountId} and p.sku = ${listings.sku}`);
}

export interface OpenDrift {
  id: string;
  channelId: string;
  channelKind: 'amazon' | 'walmart' | 'ebay' | 'shopify';
  listingId: string;
  productId: string | null;
  sku: string;
  field: 'price' | 'quantity';
  expected: string | null;
  found: string | null;
  detectedAt: Date;
}

const driftColumns = {
  id: listingDrift.id,
  channelId: listingDrift.channelId,
  channelKind: channels.kind,
  listingId: listingDrift.listingId,
  productId: listings.productId,
  sku: listingDrift.sku,
  field: listingDrift.field,
  expected: listingDrift.expected,
  found: listingDrift.found,
  detectedAt: listingDrift.detectedAt,
};

export async function listOpenDrift(db: Db, accountId: string, limit = 500): Promise<OpenDrift[]> {
  return db
    .select(driftColumns)
    .from(listingDrift)
    .innerJoin(channels, eq(channels.id, listingDrift.channelId))
    .innerJoin(listings, eq(listings.id, listingDrift.listingId))
    .where(and(eq(listingDrift.accountId, accountId), isNull(listingDrift.resolvedAt)))
    .orderBy(desc(listingDrift.detectedAt))
    .limit(limit);
}

/** An open drift entry of the account, locked for its resolution. */
export async function lockOpenDrift(db: Db, accountId: string, driftId: string): Promise<OpenDrift | undefined> {
  const [row] = await db
    .select(driftColumns)
    .from(listingDrift)
    .innerJoin(channels, eq(channels.id, listingDrift.channelId))
    .innerJoin(listings, eq(listings.id, listingDrift.listingId))
    .where(and(eq(listingDrift.id, driftId), eq(listingDrift.accountId, accountId), isNull(listingDrift.resolvedAt)))
    .for('update', { of: listingDrift });
  return row;
}

export async function resolveDrift(db: Db, driftId: string, resolution: 'accepted' | 'overwritten', userId: string | null, at: Date): Promise<void> {
  await db.update(listingDrift).set({ resolvedAt: at, resolution, resolvedBy: userId }).where(eq(listingDrift.id, driftId));
}

/** The listing's own price there; when it is what the channel holds already, it is also what we ask for. */
export async function setPriceOverride(db: Db, listingId: string, price: string | null, at: Date): Promise<void> {
  await db
    .update(listings)
    .set({ priceOverride: price, ...(price !== null ? { desiredPrice: sql`case when ${listings.confirmedPrice} = ${price}::numeric then ${price}::numeric else ${listings.desiredPrice} end` } : {}), updatedAt: at })
    .where(eq(listings.id, listingId));
}

/** The SKU of a Shopify inventory item, as the main channel's import recorded it. */
export async function skuOfInventoryItem(db: Db, accountId: string, inventoryItemId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ sku: products.sku })
    .from(products)
    .where(and(eq(products.accountId, accountId), sql`${products.attributes}->>'inventoryItemId' = ${inventoryItemId}`))
    .limit(1);
  return row?.sku;
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
