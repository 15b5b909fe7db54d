import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { channels, listings, products, type ListingStatus } from '../schema/index.ts';
import { notABundle } from './bundles.ts';

// What a read of a channel stores in the catalogue: the main channel's products, each channel's
// listings linked to them by SKU, and when the channel was last read.

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
  /**
   * The main channel's tags (Shopify's): a new product starts with them; from then on the tags are the
   * seller's own here (a read never undoes an edit made in the catalogue).
   */
  tags?: string[];
}

/**
 * Upserts a page of the main channel's products, read at `readAt`; answers their ids by SKU. A
 * price or on hand read before the one a product holds stays as it is (two reads stored out of
 * order). Safe to repeat.
 */
export async function upsertProducts(
  db: Db,
  accountId: string,
  sourceChannelId: string,
  items: ProductInput[],
  readAt: Date,
  at: Date,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  // The main channel's stock is the truth; where it did not say, a product keeps the stock it had.
  for (const [group, knowsStock] of [
    [items.filter((i) => i.onHand !== null), true],
    [items.filter((i) => i.onHand === null), false],
  ] as const) {
    if (group.length === 0) continue;
    const rows = await db
      .insert(products)
      .values(
        group.map((i) => ({
          accountId,
          sourceChannelId,
          ...i,
          onHand: i.onHand ?? 0,
          priceReadAt: readAt,
          ...(knowsStock ? { stockReadAt: readAt } : {}),
          importedAt: at,
          updatedAt: at,
        })),
      )
      .onConflictDoUpdate({
        target: [products.accountId, products.sku],
        set: {
          title: sql`excluded.title`,
          description: sql`excluded.description`,
          brand: sql`excluded.brand`,
          gtin: sql`excluded.gtin`,
          images: sql`excluded.images`,
          attributes: sql`excluded.attributes`,
          price: sql`case when ${readNoOlderThan(products.priceReadAt)} then excluded.price else ${products.price} end`,
          currency: sql`excluded.currency`,
          priceReadAt: sql`greatest(${products.priceReadAt}, excluded.price_read_at)`,
          sourceChannelId: sql`excluded.source_channel_id`,
          ...(knowsStock
            ? {
                // A bundle's on hand is its components' figure, never the main channel's count of it.
                onHand: sql`case when ${readNoOlderThan(products.stockReadAt)} and ${notABundle} then excluded.on_hand else ${products.onHand} end`,
                stockReadAt: sql`greatest(${products.stockReadAt}, excluded.stock_read_at)`,
              }
            : {}),
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .returning({ id: products.id, sku: products.sku });
    rows.forEach((r) => ids.set(r.sku, r.id));
  }
  return ids;
}

/** In an upsert of products: the row proposed was read no earlier than the one stored (or nothing was stored as read). */
const readNoOlderThan = (column: typeof products.priceReadAt | typeof products.stockReadAt) =>
  sql`(${column} is null or excluded.${sql.identifier(column.name)} >= ${column})`;

export interface ListingInput {
  sku: string;
  marketplaceId: string | null;
  status: ListingStatus;
  quantity: number | null;
  price: string | null;
  /** The marketplace's category of the listing, where its read says (CatalogueItem.category). */
  category?: string | null;
}

/**
 * Upserts what a channel holds, as read at `readAt`; `productIds` links them to the catalogue (a SKU the main lacks
 * stays unlinked). A listing's confirmed values are when the marketplace was last seen holding them: a read answered
 * late (a page read before a write of ours was confirmed, or before another read) leaves the newer ones in place.
 */
export async function upsertListings(
  db: Db,
  accountId: string,
  channelId: string,
  items: ListingInput[],
  productIds: Map<string, string>,
  readAt: Date,
  at: Date,
): Promise<void> {
  if (items.length === 0) return;
  const readNewer = sql`(${listings.confirmedAt} is null or ${listings.confirmedAt} <= excluded.confirmed_at)`;
  const fromRead = (column: string, stored: SQLWrapper) =>
    sql`case when ${readNewer} then ${sql.raw(`excluded.${column}`)} else ${stored} end`;
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
        category: i.category ?? null,
        confirmedAt: readAt,
        updatedAt: at,
      })),
    )
    .onConflictDoUpdate({
      target: [listings.channelId, listings.sku],
      set: {
        productId: sql`excluded.product_id`,
        marketplaceId: sql`coalesce(excluded.marketplace_id, ${listings.marketplaceId})`,
        status: fromRead('status', listings.status),
        confirmedQuantity: fromRead('confirmed_quantity', listings.confirmedQuantity),
        confirmedPrice: fromRead('confirmed_price', listings.confirmedPrice),
        // A read that does not say the category (a marketplace without one) keeps the one known.
        category: sql`coalesce(excluded.category, ${listings.category})`,
        confirmedAt: sql`greatest(excluded.confirmed_at, ${listings.confirmedAt})`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

export async function markSynced(db: Db, accountId: string, channelId: string, at: Date): Promise<void> {
  await db
    .update(channels)
    .set({ lastSyncAt: at })
    .where(and(eq(channels.id, channelId), eq(channels.accountId, accountId)));
}

/** Links listings read before their product existed (a target read before the main), by SKU. */
export async function linkListingsToProducts(db: Db, accountId: string): Promise<void> {
  await db.execute(sql`
    update ${listings} set product_id = p.id, updated_at = now()
    from ${products} p
    where ${listings.accountId} = ${accountId} and ${listings.productId} is null and p.account_id = ${accountId} and p.sku = ${listings.sku}`);
}
