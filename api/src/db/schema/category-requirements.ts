import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { channels } from './channels.ts';

/** An attribute a marketplace's category asks listings to carry, as its definition describes it. */
export interface RequiredAttributeValue {
  /** The name the marketplace gives it (Amazon's attribute name, eBay's aspect name). */
  name: string;
  /** The marketplace's own label for it. */
  label: string;
  /** The values the marketplace offers; absent: free text. */
  values?: string[];
  /** Only `values` are taken. */
  valuesOnly?: boolean;
  /** A product field the listing is made with gives it (the brand), so no attribute is needed when that is set. */
  fromProduct?: 'brand';
}

/**
 * What each marketplace category a channel's listings are in (or are to be created in) asks of a listing, as the
 * marketplace's definition said when last read (modules/compliance/category-requirements.ts): Amazon's product
 * type definition (its schema's `required`), eBay's item aspects (`aspectRequired`). Read again after a week; a
 * read that failed keeps its reason and is tried again sooner.
 */
export const categoryRequirements = pgTable(
  'category_requirements',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    /** The marketplace's name for the category (eBay's category name, Amazon's product type display name). */
    categoryName: text('category_name'),
    attributes: jsonb('attributes').$type<RequiredAttributeValue[]>().notNull().default([]),
    failure: text('failure'),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.category] })],
);
