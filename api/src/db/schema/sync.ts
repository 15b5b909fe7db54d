import { pgTable, uuid, text, timestamp, integer, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts } from './accounts.ts';
import { channels } from './channels.ts';
import { listings, products } from './catalogue.ts';
import { orders } from './orders.ts';
import { users } from './users.ts';

/** Why a value moved (pages.md section 1, "Change"). */
export const changeCauseValues = [
  'order',
  'cancellation',
  'main_change',
  'pricing_rule',
  'bulk_edit',
  'import',
  'reconciliation',
  'rule_change',
  'return',
  'ad_rule',
  'ad_undo',
] as const;
export type ChangeCause = (typeof changeCauseValues)[number];

/**
 * The values a change can move: the product's available stock and price, what one listing holds, or the
 * seller's own data of a product (its cost, its tags: before and after the tags in order, comma-separated).
 */
export const changeFieldValues = [
  'available',
  'on_hand',
  'price',
  'quantity',
  'title',
  'quantity_cap',
  'cost',
  'tags',
  'attributes',
  'ad_state',
] as const;
export type ChangeField = (typeof changeFieldValues)[number];

/**
 * One change of a value, with its cause and its before and after. The history users read, and
 * what undo starts from. A change to a product's stock or price leads to listing writes, one per
 * channel, which carry its result there.
 */
export const changes = pgTable(
  'changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** Set when the change is about one listing (a value found on a channel by reconciliation). */
    channelId: uuid('channel_id').references(() => channels.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    cause: text('cause', { enum: changeCauseValues }).notNull(),
    /** What caused it, readable: the order's marketplace id, the rule's name, the run's id. */
    causeRef: text('cause_ref'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    field: text('field', { enum: changeFieldValues }).notNull(),
    before: text('before'),
    after: text('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('changes_account_created_idx').on(t.accountId, t.createdAt),
    index('changes_product_created_idx').on(t.productId, t.createdAt),
    // A SKU's history in the catalogue, also for a SKU without a product.
    index('changes_account_sku_created_idx').on(t.accountId, t.sku, t.createdAt),
    // The stock changes one order caused (its drawer on the Orders page).
    index('changes_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    // A bulk change's values (by its causeRef), for its progress and its undo.
    index('changes_account_cause_ref_idx').on(t.accountId, t.causeRef),
  ],
);

/**
 * - pending: to send; at most one per listing and field (a newer value supersedes it);
 * - sending: claimed by the channel's push (one push per channel at a time);
 * - submitted: in a feed the marketplace is processing; accepted: taken for asynchronous processing;
 * - confirmed: the marketplace holds the value; failed: refused, with the marketplace's message;
 * - superseded: a newer value replaced it before it was sent.
 */
export const listingWriteStatusValues = [
  'pending',
  'sending',
  'submitted',
  'accepted',
  'confirmed',
  'failed',
  'superseded',
] as const;
export type ListingWriteStatus = (typeof listingWriteStatusValues)[number];
export const listingWriteFieldValues = ['quantity', 'price', 'title'] as const;
export type ListingWriteField = (typeof listingWriteFieldValues)[number];

/**
 * A value to set on one listing of a channel: the outbox of pushes, and each change's result per
 * channel. Values are absolute, so sending one again is harmless.
 */
export const listingWrites = pgTable(
  'listing_writes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    changeId: uuid('change_id').references(() => changes.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    field: text('field', { enum: listingWriteFieldValues }).notNull(),
    before: text('before'),
    after: text('after').notNull(),
    status: text('status', { enum: listingWriteStatusValues }).notNull().default('pending'),
    /** The marketplace's words when it refused, or the last transient failure while retrying. */
    message: text('message'),
    attempts: integer('attempts').notNull().default(0),
    /** The feed or asynchronous submission carrying it, to read its result from. */
    submissionId: text('submission_id'),
    /** Its SKU's place in the feed: a processing report names items by their place, not their SKU. */
    submissionPosition: integer('submission_position'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('listing_writes_one_pending')
      .on(t.listingId, t.field)
      .where(sql`${t.status} = 'pending'`),
    index('listing_writes_channel_open_idx')
      .on(t.channelId, t.status)
      .where(sql`${t.status} in ('pending', 'sending', 'submitted', 'accepted')`),
    index('listing_writes_change_idx').on(t.changeId),
    index('listing_writes_listing_idx').on(t.listingId, t.createdAt),
    // "Is a value of this listing on its way?" is asked per listing by every claim and every read of a channel.
    index('listing_writes_in_flight_idx')
      .on(t.listingId)
      .where(sql`${t.status} in ('sending', 'submitted', 'accepted')`),
    // Sync activity: a channel's writes settled in the last day, and the refusals still listed.
    index('listing_writes_channel_updated_idx').on(t.channelId, t.updatedAt),
    index('listing_writes_failed_idx')
      .on(t.accountId, t.updatedAt)
      .where(sql`${t.status} = 'failed'`),
  ],
);

export const stockAdjustmentStatusValues = ['pending', 'sending', 'applied', 'failed'] as const;
export type StockAdjustmentStatus = (typeof stockAdjustmentStatusValues)[number];

/**
 * Units sold (or released) on another channel, to pass to the main channel as a relative
 * adjustment. Until applied they are the product's committed units. The key is deterministic, so
 * the same order line seen twice makes one adjustment, and the marketplace (where it can) drops a replay.
 */
export const stockAdjustments = pgTable(
  'stock_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Negative for a sale, positive for units released by a cancellation. */
    delta: integer('delta').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: stockAdjustmentStatusValues }).notNull().default('pending'),
    /** For marketplaces without idempotent adjustments: the quantity read before setting, and the one set. */
    readBefore: integer('read_before'),
    expectedAfter: integer('expected_after'),
    /** The adjuster run that claimed it while 'sending': a run that finds it taken over sends nothing more. */
    claimedBy: uuid('claimed_by'),
    /** Where the marketplace takes many under one key (Shopify): the key of the round it was sent in, which a resend keeps. */
    sentKey: text('sent_key'),
    message: text('message'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_adjustments_key').on(t.accountId, t.idempotencyKey),
    index('stock_adjustments_open_idx')
      .on(t.accountId, t.status)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index('stock_adjustments_product_idx').on(t.productId, t.appliedAt),
  ],
);

export const driftFieldValues = ['price', 'quantity', 'title'] as const;
export type DriftField = (typeof driftFieldValues)[number];
export const driftResolutionValues = ['accepted', 'overwritten'] as const;

/** A value edited by hand on a target channel, waiting for the seller to accept it or overwrite it. */
export const listingDrift = pgTable(
  'listing_drift',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    field: text('field', { enum: driftFieldValues }).notNull(),
    /** What we last confirmed there, and what the channel now holds. */
    expected: text('expected'),
    found: text('found'),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution', { enum: driftResolutionValues }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('listing_drift_one_open')
      .on(t.listingId, t.field)
      .where(sql`${t.resolvedAt} is null`),
    index('listing_drift_account_idx').on(t.accountId, t.detectedAt),
  ],
);

export const syncRunKindValues = ['import', 'reconcile'] as const;
export type SyncRunKind = (typeof syncRunKindValues)[number];
export const syncRunStatusValues = ['queued', 'running', 'succeeded', 'partial', 'failed'] as const;
export type SyncRunStatus = (typeof syncRunStatusValues)[number];
export const syncRunTriggerValues = ['user', 'schedule', 'connect'] as const;
export type SyncRunTrigger = (typeof syncRunTriggerValues)[number];

/** One run of an import or a reconciliation, with the progress the browser watches. */
export const syncRuns = pgTable(
  'sync_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Null for a run over the whole account. */
    channelId: uuid('channel_id').references(() => channels.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: syncRunKindValues }).notNull(),
    trigger: text('trigger', { enum: syncRunTriggerValues }).notNull(),
    status: text('status', { enum: syncRunStatusValues }).notNull().default('queued'),
    /** Listings read so far, of how many; repairs made; items that failed. */
    total: integer('total'),
    done: integer('done').notNull().default(0),
    repaired: integer('repaired').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    message: text('message'),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('sync_runs_account_updated_idx').on(t.accountId, t.updatedAt)],
);
