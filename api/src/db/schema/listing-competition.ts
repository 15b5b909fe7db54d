import { boolean, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { listings } from './catalogue.ts';

/**
 * Other sellers' offers on one of our listings, as the marketplace last told them (Amazon's
 * ANY_OFFER_CHANGED and competitive summary): landed prices (price plus shipping). One row per
 * listing, replaced by a newer report only; repricing rules read it.
 */
export const listingCompetition = pgTable(
  'listing_competition',
  {
    listingId: uuid('listing_id')
      .primaryKey()
      .references(() => listings.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The lowest landed price of another seller's new offer; null: nobody else offers it. */
    lowestOther: numeric('lowest_other', { precision: 12, scale: 2 }),
    /** The featured offer's (the Buy Box) landed price; null: none featured. */
    featured: numeric('featured', { precision: 12, scale: 2 }),
    featuredIsOurs: boolean('featured_is_ours').notNull(),
    currency: text('currency').notNull(),
    /** When the marketplace saw the offers so: an older report never replaces a newer one. */
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('listing_competition_account_idx').on(t.accountId)],
);
