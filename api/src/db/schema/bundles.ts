import { check, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts } from './accounts.ts';
import { products } from './catalogue.ts';

/**
 * A bundle (a kit) is a product of ours made of other products: each row one component and how many
 * units of it one bundle takes. A bundle holds no stock of its own: what it offers is the minimum over
 * its components of floor(component available / quantity), kept on the bundle's product row
 * (modules/stock/bundles.ts). A bundle is never a component: no cycles, one level only.
 */
export const bundleComponents = pgTable(
  'bundle_components',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    bundleProductId: uuid('bundle_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    componentProductId: uuid('component_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bundleProductId, t.componentProductId] }),
    // A change of a component finds every bundle using it.
    index('bundle_components_component_idx').on(t.componentProductId),
    index('bundle_components_account_idx').on(t.accountId),
    check('bundle_components_quantity_positive', sql`${t.quantity} >= 1`),
    check('bundle_components_not_itself', sql`${t.bundleProductId} <> ${t.componentProductId}`),
  ],
);
