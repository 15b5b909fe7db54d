import { index, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts } from './accounts.ts';
import { channels } from './channels.ts';
import { orders } from './orders.ts';

export const feeSourceValues = ['marketplace', 'estimate'] as const;
export type FeeSource = (typeof feeSourceValues)[number];

/**
 * The marketplace's fees on one order (issue 25's profit): read from its finances API where it reports
 * them ('marketplace': Amazon's financial events, eBay's SALE transaction), else estimated from the
 * account's fee table ('estimate'). One row per order, written by the `analytics.read-fees` job: once, and again
 * where the marketplace adjusts its fees later (`readAgainAt`).
 */
export const orderFees = pgTable(
  'order_fees',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    source: text('source', { enum: feeSourceValues }).notNull(),
    /** When the marketplace's fees were first read (and stored). */
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    /**
     * When the marketplace is asked for the order's fees again, for the adjustments it posts after the first ones (a
     * refund's fee credited back and refund commission); null once they are final, and for estimates.
     */
    readAgainAt: timestamp('read_again_at', { withTimezone: true }),
  },
  (t) => [
    index('order_fees_account_channel_idx').on(t.accountId, t.channelId),
    index('order_fees_read_again_idx')
      .on(t.channelId, t.readAgainAt)
      .where(sql`${t.readAgainAt} is not null`),
  ],
);

/**
 * The account's fee table: what a channel kind whose marketplace reports no fees (Walmart, Shopify) takes
 * per order, as a percent of its total plus a fixed amount in the order's currency. A kind without a row
 * takes the defaults (modules/analytics/fee-table.ts).
 */
export const feeTables = pgTable(
  'fee_tables',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    channelKind: text('channel_kind').notNull(),
    percent: numeric('percent', { precision: 6, scale: 3 }).notNull(),
    fixed: numeric('fixed', { precision: 10, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.channelKind] })],
);

/**
 * An order whose marketplace has posted no fees yet (Amazon posts them when the order ships): how often it was
 * asked, and when to ask again, further apart each time, so a read job moves on to other orders meanwhile.
 */
export const orderFeeChecks = pgTable(
  'order_fee_checks',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    checks: integer('checks').notNull(),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('order_fee_checks_account_idx').on(t.accountId)],
);
