import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts } from './accounts.ts';
import { channels } from './channels.ts';
import { listings, products } from './catalogue.ts';

export const complianceSeverityValues = ['error', 'warning'] as const;
export type ComplianceSeverityValue = (typeof complianceSeverityValues)[number];

/**
 * A listing's compliance issues as its latest check found them: replaced whole each time the listing
 * is checked again, so an issue fixed is gone. The code names the check (api/src/modules/compliance/checks.ts).
 */
export const complianceIssues = pgTable(
  'compliance_issues',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    code: text('code').notNull(),
    severity: text('severity', { enum: complianceSeverityValues }).notNull(),
    field: text('field').notNull(),
    message: text('message').notNull(),
    fix: text('fix').notNull(),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('compliance_issues_listing_code_key').on(t.listingId, t.code, t.field),
    // The page's list (by SKU, filtered by severity or channel) and its counts.
    index('compliance_issues_account_sku_idx').on(t.accountId, t.sku, t.channelId),
    index('compliance_issues_account_severity_idx').on(t.accountId, t.severity, t.channelId),
  ],
);

/**
 * An account's compliance settings: its restricted words (null: the default list) and how far its
 * listings have been checked (every product and listing stamped before `checkedThrough` was checked).
 */
export const complianceSettings = pgTable('compliance_settings', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  restrictedWords: jsonb('restricted_words').$type<string[]>(),
  checkedThrough: timestamp('checked_through', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/** One problem a marketplace reports on a listing, in its own words (Amazon's listing issues, eBay's listing violations). */
export interface MarketplaceIssueValue {
  code: string;
  message: string;
  severity: ComplianceSeverityValue;
  /** The marketplace took the listing off sale or out of search for it. */
  suppressing: boolean;
}

/**
 * The problems a marketplace last reported on a listing, as its latest read found them (a listing with
 * none has no row): replaced whole at each read, so a problem the marketplace cleared is gone. The
 * compliance checks show them with the marketplace's reason.
 */
export const marketplaceListingIssues = pgTable(
  'marketplace_listing_issues',
  {
    listingId: uuid('listing_id')
      .primaryKey()
      .references(() => listings.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    issues: jsonb('issues').$type<MarketplaceIssueValue[]>().notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('marketplace_listing_issues_channel_idx').on(t.channelId)],
);

/**
 * When the listing violations a marketplace lists for the whole account (eBay's Compliance API) were last read
 * for a channel: the schedule reads a channel again once its turn has come (marketplace-issues.ts), whatever
 * minute the sweep runs at, and a failed read waits for the next turn too.
 */
export const channelViolationReads = pgTable('channel_violation_reads', {
  channelId: uuid('channel_id')
    .primaryKey()
    .references(() => channels.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  readAt: timestamp('read_at', { withTimezone: true }).notNull(),
});
