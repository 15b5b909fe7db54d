import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { channels } from './channels.ts';
import { products } from './catalogue.ts';
import { changes } from './sync.ts';

export const adMarketplaceValues = ['amazon', 'walmart', 'ebay'] as const;
export type AdMarketplace = (typeof adMarketplaceValues)[number];
export const adStateValues = ['enabled', 'paused', 'archived'] as const;
export type AdState = (typeof adStateValues)[number];
/** Why the stock-aware rules hold an ad paused: the SKU sold out, is about to, or its listing cannot sell. */
export const adPauseReasonValues = ['out_of_stock', 'low_cover', 'listing_problem'] as const;
export type AdPauseReason = (typeof adPauseReasonValues)[number];

/**
 * An advertising account of the seller on a marketplace (Amazon Ads profile, Walmart Connect advertiser, eBay
 * Promoted Listings), reached with the credentials of the seller's channel on that marketplace.
 */
export const adAccounts = pgTable(
  'ad_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    marketplace: text('marketplace', { enum: adMarketplaceValues }).notNull(),
    /** The marketplace's id of the advertising account (Amazon's profileId). */
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    /** The last read's failure, in the marketplace's words; null once a read succeeds. */
    lastError: text('last_error'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('ad_accounts_channel_external_uq').on(t.channelId, t.externalId), index().on(t.accountId)],
);

/** A campaign as the marketplace last said it is. */
export const adCampaigns = pgTable(
  'ad_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    adAccountId: uuid('ad_account_id')
      .notNull()
      .references(() => adAccounts.id, { onDelete: 'cascade' }),
    campaignId: text('campaign_id').notNull(),
    name: text('name').notNull(),
    state: text('state', { enum: adStateValues }).notNull(),
    /** Null: the campaign has no daily budget (eBay's cost-per-sale campaigns). */
    dailyBudget: numeric('daily_budget', { precision: 12, scale: 2 }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('ad_campaigns_external_uq').on(t.adAccountId, t.campaignId), index().on(t.accountId)],
);

/**
 * An ad of one SKU in a campaign. `state` is what the marketplace holds; `desiredState` one of ours on its way
 * (null once sent and taken); `pausedBy` the stock-aware rule's reason while it holds the ad paused, so only the
 * ads it paused are resumed by it.
 */
export const productAds = pgTable(
  'product_ads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    adAccountId: uuid('ad_account_id')
      .notNull()
      .references(() => adAccounts.id, { onDelete: 'cascade' }),
    adId: text('ad_id').notNull(),
    campaignId: text('campaign_id').notNull(),
    adGroupId: text('ad_group_id').notNull(),
    sku: text('sku').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    state: text('state', { enum: adStateValues }).notNull(),
    desiredState: text('desired_state', { enum: adStateValues }),
    pausedBy: text('paused_by', { enum: adPauseReasonValues }),
    /**
     * The rule's reason the seller overrode by undoing its pause: the ad runs despite it until that reason clears
     * (then the rules look after the ad again); another reason still pauses it.
     */
    rulesOverridden: text('rules_overridden', { enum: adPauseReasonValues }),
    /** Whether the marketplace lets this ad be paused on its own (eBay's cost-per-sale ads cannot be). */
    pausable: boolean('pausable').notNull().default(true),
    /** The marketplace's refusal of the last state sent. */
    lastError: text('last_error'),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('product_ads_external_uq').on(t.adAccountId, t.adId),
    index().on(t.accountId, t.sku),
    index().on(t.productId),
  ],
);

/**
 * Which ads an ad rule's move (a change of the SKU, field ad_state) moved: a SKU may have several ads on one
 * marketplace, and its undo puts back exactly those.
 */
export const adRuleActions = pgTable(
  'ad_rule_actions',
  {
    changeId: uuid('change_id')
      .notNull()
      .references(() => changes.id, { onDelete: 'cascade' }),
    productAdId: uuid('product_ad_id')
      .notNull()
      .references(() => productAds.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.changeId, t.productAdId] }), index().on(t.productAdId)],
);

/** One day of an ad's (or a campaign's) figures, as the marketplace's report gave them. */
export const adPerformanceDaily = pgTable(
  'ad_performance_daily',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    adAccountId: uuid('ad_account_id')
      .notNull()
      .references(() => adAccounts.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    campaignId: text('campaign_id').notNull(),
    /** '' for a campaign's row without an ad. */
    adId: text('ad_id').notNull(),
    sku: text('sku'),
    impressions: integer('impressions').notNull(),
    clicks: integer('clicks').notNull(),
    spend: numeric('spend', { precision: 14, scale: 2 }).notNull(),
    sales: numeric('sales', { precision: 14, scale: 2 }).notNull(),
    orders: integer('orders').notNull(),
    units: integer('units').notNull(),
  },
  (t) => [primaryKey({ columns: [t.adAccountId, t.day, t.campaignId, t.adId] }), index().on(t.accountId, t.day)],
);

/** The account's stock-aware ad rules. Without a row: the defaults below. */
export const adRules = pgTable('ad_rules', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  pauseOutOfStock: boolean('pause_out_of_stock').notNull().default(true),
  /** Pause below this many days of cover at the recent sales rate; null: not on cover. */
  pauseBelowDaysOfCover: integer('pause_below_days_of_cover'),
  /** Pause the ads of a SKU whose listing on that marketplace is suppressed or in error. */
  pauseListingProblems: boolean('pause_listing_problems').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
