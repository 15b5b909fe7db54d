import { date, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The account's sales per channel and UTC hour, kept by the `analytics.rollup` job so a report sums a few
 * rows an hour instead of every line of every order (issue 25: a year of 1,000,000 orders). Per currency of
 * the lines: `units` and `revenue` of the lines priced in it ('' for lines without a price), `orders` the
 * orders counted in that row (each order once, in the row of the first of its lines' currencies).
 * No foreign keys: an account's deletion cascades to its orders, whose trigger marks their hours; the job
 * then finds no orders and leaves no rows.
 */
export const salesHours = pgTable(
  'sales_hours',
  {
    accountId: uuid('account_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    channelId: uuid('channel_id').notNull(),
    currency: text('currency').notNull(),
    orders: integer('orders').notNull(),
    units: integer('units').notNull(),
    revenue: numeric('revenue', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.hour, t.channelId, t.currency] })],
);

/**
 * Hours whose orders changed since the job last summed them, marked by a trigger on `orders` in the same
 * transaction as the change: a report reads these hours from the orders themselves, so it is exact at once.
 */
export const salesDirtyHours = pgTable(
  'sales_dirty_hours',
  {
    accountId: uuid('account_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.hour] })],
);

/**
 * Units and revenue per account, UTC day, channel, SKU and currency of the lines: the best and slowest SKUs
 * of a report sum these rows for its whole days (a SKU's lines of a day in one row, read without the orders'
 * JSON). Summed with the day's hours: a day with a marked hour is read from the orders.
 */
export const salesSkuDays = pgTable(
  'sales_sku_days',
  {
    accountId: uuid('account_id').notNull(),
    day: date('day').notNull(),
    channelId: uuid('channel_id').notNull(),
    sku: text('sku').notNull(),
    currency: text('currency').notNull(),
    units: integer('units').notNull(),
    revenue: numeric('revenue', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day, t.channelId, t.sku, t.currency] })],
);
