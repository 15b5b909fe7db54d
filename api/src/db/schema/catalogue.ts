import {
  pgTable,
  uuid,
  text,
  jsonb,
  timestamp,
  integer,
  numeric,
  uniqueIndex,
  index,
  boolean,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts } from './accounts.ts';
import { channels } from './channels.ts';

export const listingStatusValues = ['active', 'pending', 'error', 'suppressed', 'inactive', 'not listed'] as const;
export type ListingStatus = (typeof listingStatusValues)[number];

/**
 * One SKU of an account's catalogue, as its main channel describes it. `onHand` is the main
 * channel's stock; `committed` counts units sold elsewhere that the main channel does not yet show.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    brand: text('brand'),
    gtin: text('gtin'),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The seller's own attribute values (the drawer's Attributes, for what a marketplace's category asks):
     * they win over the main channel's `attributes` of the same name, and a read of the main channel never
     * replaces them. A value null takes the name away.
     */
    sellerAttributes: jsonb('seller_attributes').$type<Record<string, string>>().notNull().default({}),
    price: numeric('price', { precision: 12, scale: 2 }),
    currency: text('currency'),
    /** The seller's own: what one unit costs them (profit, cost-based prices, margin floors). */
    cost: numeric('cost', { precision: 12, scale: 2 }),
    /**
     * The seller's own labels (pricing rules' scope, the catalogue's filter): a Shopify main channel's tags when
     * the product is first read, the seller's from then on (the drawer, a bulk edit, the CSV).
     */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    onHand: integer('on_hand').notNull().default(0),
    committed: integer('committed').notNull().default(0),
    /**
     * When the price and the on hand held here were read from the main channel: a read older than
     * the one taken (two reads under way at once, their answers stored in either order) is not taken.
     */
    priceReadAt: timestamp('price_read_at', { withTimezone: true }),
    stockReadAt: timestamp('stock_read_at', { withTimezone: true }),
    /** The main channel this product was last read from. */
    sourceChannelId: uuid('source_channel_id').references(() => channels.id, { onDelete: 'set null' }),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_account_sku_key').on(t.accountId, t.sku),
    index('products_account_title_idx').on(t.accountId, t.title),
    // A Shopify main channel's stock webhooks name the inventory item, not the SKU.
    index('products_inventory_item_idx').on(t.accountId, sql`(${t.attributes}->>'inventoryItemId')`),
    // The catalogue's search (any part of SKU, title or brand, any case; a GTIN's beginning) and sorts, at 100,000 SKUs.
    index('products_sku_trgm_idx').using('gin', t.sku.op('gin_trgm_ops')),
    index('products_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('products_brand_trgm_idx').using('gin', t.brand.op('gin_trgm_ops')),
    index('products_account_gtin_idx').on(t.accountId, t.gtin.op('text_pattern_ops')),
    index('products_account_available_idx').on(t.accountId, sql`greatest(${t.onHand} - ${t.committed}, 0)`, t.sku),
    index('products_account_updated_idx').on(t.accountId, t.updatedAt, t.sku),
  ],
);

/**
 * A SKU on one channel: what the marketplace last confirmed, and what we want it to hold.
 * A SKU on a target that the main channel lacks has no product: it is shown, never deleted.
 */
export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    marketplaceId: text('marketplace_id'),
    status: text('status', { enum: listingStatusValues }).notNull().default('not listed'),
    confirmedQuantity: integer('confirmed_quantity'),
    confirmedPrice: numeric('confirmed_price', { precision: 12, scale: 2 }),
    desiredQuantity: integer('desired_quantity'),
    desiredPrice: numeric('desired_price', { precision: 12, scale: 2 }),
    /** A price the seller chose for this channel (accepting a hand edit, or in the drawer); wins over the rules. */
    priceOverride: numeric('price_override', { precision: 12, scale: 2 }),
    /**
     * The most units the seller lets this channel offer (set in the drawer); null: no cap, the
     * channel's rules decide. Only ever lowers what the rules give, so it never oversells; 0 offers none.
     */
    quantityCap: integer('quantity_cap'),
    lastError: text('last_error'),
    /**
     * The seller took this listing off sale (a status set to inactive), and since when; null while
     * it is meant to be on sale. The seller's intent, apart from `status` (what the marketplace
     * shows: Amazon reads a listing out of stock as not buyable too). While it is set, no push puts
     * the listing back on sale; it is cleared once the marketplace has put it back.
     */
    takenOffSaleAt: timestamp('taken_off_sale_at', { withTimezone: true }),
    /**
     * The marketplace fulfils this offer from its own stock (Amazon FBA, Walmart WFS): its quantity is the
     * marketplace's (`marketplaceQuantity`, as last read), ours is never sent to it, and its orders commit none of ours.
     */
    fulfilledByMarketplace: boolean('fulfilled_by_marketplace').notNull().default(false),
    marketplaceQuantity: integer('marketplace_quantity'),
    /**
     * The marketplace's category the listing is in, as it last said or as we created it: Amazon's product type,
     * eBay's leaf category; null where not known (Walmart, Shopify, a listing not read since). The compliance
     * checks hold the listing to what that category asks (category_requirements).
     */
    category: text('category'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('listings_channel_sku_key').on(t.channelId, t.sku),
    index('listings_product_idx').on(t.productId),
    // The catalogue's status filters pick their SKUs here without reading a listing (an index-only scan: 2,000 of 6,000
    // inactive listings of one channel in 1 ms, not 11 from the heap); its first two columns serve what (account, status) did.
    index('listings_account_status_channel_idx').on(t.accountId, t.status, t.channelId, t.productId, t.sku),
    // The catalogue's "with errors" filter, its SKUs found only on targets, and its live updates.
    index('listings_account_errors_idx')
      .on(t.accountId, t.productId)
      .where(sql`${t.status} = 'error' or ${t.lastError} is not null`),
    // A page of "with errors" sorted by SKU, cut from the failing listings in the index's order, with no heap read.
    index('listings_account_errors_sku_idx')
      .on(t.accountId, t.sku, t.productId, t.channelId)
      .where(sql`${t.status} = 'error' or ${t.lastError} is not null`),
    index('listings_account_unlinked_idx')
      .on(t.accountId, t.sku)
      .where(sql`${t.productId} is null`),
    index('listings_account_updated_idx').on(t.accountId, t.updatedAt),
    // A marketplace's notice naming its own product id (Amazon's ASIN) finds our listing of it.
    index('listings_channel_marketplace_id_idx')
      .on(t.channelId, t.marketplaceId)
      .where(sql`${t.marketplaceId} is not null`),
  ],
);
