import { pgTable, text, integer, timestamp } from 'drizzle-orm/pg-core';

/** Fixed-window counters shared by every web process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});
