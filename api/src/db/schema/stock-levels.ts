import { bigserial, index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalogue.ts';

/**
 * A product's available stock (on hand less committed, never below 0) each time it changed, written by a
 * trigger on `products` in the writer's own statement (migration 0049), whatever moved it: an order, a read
 * of the main channel, an edit, a return. Analytics reads days out of stock and the stock a range ended
 * with from it. `at` is the writer's clock (the row's `updated_at`) when it moved it, the database's otherwise.
 */
export const stockLevels = pgTable(
  'stock_levels',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    available: integer('available').notNull(),
  },
  (t) => [index('stock_levels_product_at_idx').on(t.productId, t.at)],
);
