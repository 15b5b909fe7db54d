import { pgTable, uuid, text, jsonb, timestamp, integer, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts } from './accounts.ts';

export const channelKindValues = ['amazon', 'walmart', 'ebay', 'shopify'] as const;
export type ChannelKind = (typeof channelKindValues)[number];
export const channelRoleValues = ['main', 'target'] as const;
export type ChannelRole = (typeof channelRoleValues)[number];
export const channelStatusValues = ['active', 'paused', 'error', 'disconnected'] as const;
export type ChannelStatus = (typeof channelStatusValues)[number];
export const channelEnvironmentValues = ['sandbox', 'production'] as const;
export type ChannelEnvironment = (typeof channelEnvironmentValues)[number];

/** How a channel offers stock and prices (pages.md section 1). */
export interface ChannelRules {
  syncQuantity: boolean;
  syncPrice: boolean;
  /** Percent of available stock offered, 0 to 100. */
  stockPercent: number;
  /** Units held back from this channel. */
  bufferUnits: number;
  /** Most units ever offered; null for no cap. */
  maxQuantity: number | null;
  /** At or below this available quantity the channel is offered 0. */
  outOfStockThreshold: number;
  /**
   * A target's orders are also created in the main Shopify store (tagged, not charged, stock not
   * moved there) so the seller ships from one place. Absent on rules saved before it existed: off.
   */
  createOrdersInShopify?: boolean;
  /** Titles edited in the hub are sent to this channel. Absent on rules saved before it existed: on. */
  syncTitle?: boolean;
}

export const defaultChannelRules: ChannelRules = {
  syncQuantity: true,
  syncPrice: true,
  stockPercent: 100,
  bufferUnits: 0,
  maxQuantity: null,
  outOfStockThreshold: 0,
  createOrdersInShopify: false,
  syncTitle: true,
};

/** A choice the seller made among the marketplace's own options: its id, and its name as the marketplace showed it. */
export interface MarketplaceChoice {
  id: string;
  name: string;
}

/**
 * What a new listing on this channel needs that only the seller can choose, chosen once per
 * channel and kept (a product's own attributes win: `productType`, `ebayCategoryId`,
 * `ebayMerchantLocationKey`). No secret: the marketplace's ids and names only.
 * - Amazon: the product type new listings are created under (Product Type Definitions API);
 * - eBay: the leaf category, the inventory location offers ship from, and the business policies
 *   (shipping, payment, returns) an offer must have before it is published.
 */
export interface ChannelPublishSettings {
  productType?: MarketplaceChoice;
  categoryId?: string;
  merchantLocation?: MarketplaceChoice;
  fulfillmentPolicy?: MarketplaceChoice;
  paymentPolicy?: MarketplaceChoice;
  returnPolicy?: MarketplaceChoice;
}

/** One connected marketplace account of a seller's account. */
export const channels = pgTable(
  'channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: channelKindValues }).notNull(),
    role: text('role', { enum: channelRoleValues }).notNull(),
    status: text('status', { enum: channelStatusValues }).notNull().default('active'),
    statusReason: text('status_reason'),
    environment: text('environment', { enum: channelEnvironmentValues }).notNull(),
    /** The marketplace's own id of the seller (Amazon seller id, Walmart partner, eBay user, shop domain). */
    externalSellerId: text('external_seller_id').notNull(),
    displayName: text('display_name').notNull(),
    /** AES-256-GCM; null once disconnected (credentials are deleted). */
    credentialsCiphertext: text('credentials_ciphertext'),
    rules: jsonb('rules').$type<ChannelRules>().notNull(),
    publishSettings: jsonb('publish_settings').$type<ChannelPublishSettings>().notNull().default({}),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    /** Failed attempts in a row (pushes, reads); past a few the channel turns `error` until one works. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** On the main channel: SKUs its last import found beyond the plan's SKU limit (not imported). */
    skusBeyondLimit: integer('skus_beyond_limit').notNull().default(0),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
    /** What the last failed attempt said (shown while no attempt has worked since). */
    lastFailureReason: text('last_failure_reason'),
    /** Orders changed up to this moment have been read from the marketplace. */
    ordersReadUntil: timestamp('orders_read_until', { withTimezone: true }),
    /** Buyers' returns changed up to this moment have been read (with the orders, at the marketplace's own pace). */
    returnsReadUntil: timestamp('returns_read_until', { withTimezone: true }),
    /**
     * On a plan that syncs on a schedule (Starter), values queued up to this moment are due to be
     * sent; later ones wait for the channel's next sync. Real-time plans send every value at once.
     */
    writesDueUntil: timestamp('writes_due_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('channels_account_idx').on(t.accountId),
    // Exactly one main channel per account among connected ones; the database itself guarantees it.
    uniqueIndex('channels_one_main_per_account')
      .on(t.accountId)
      .where(sql`${t.role} = 'main' and ${t.status} <> 'disconnected'`),
    // The same marketplace account connects once per seller account.
    uniqueIndex('channels_account_marketplace_seller_key')
      .on(t.accountId, t.kind, t.environment, t.externalSellerId)
      .where(sql`${t.status} <> 'disconnected'`),
  ],
);

/**
 * A channel's rate-limit use as the last worker to call it saw it (the busiest of the seller's
 * limits over a minute, and the 429s). Apart from `channels`, whose row the planners lock.
 */
export const channelRateLimits = pgTable('channel_rate_limits', {
  channelId: uuid('channel_id')
    .primaryKey()
    .references(() => channels.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  percent: integer('percent').notNull(),
  operation: text('operation'),
  limited: integer('limited').notNull(),
  notedAt: timestamp('noted_at', { withTimezone: true }).notNull(),
});
