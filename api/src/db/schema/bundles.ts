import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts } from './accounts.ts';
import { products } from './catalogue.ts';
import { orders } from './orders.ts';

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
    // A component in use is never deleted away silently (the bundle would count only the components left, and
    // oversell): its deletion is refused while a bundle holds it. No action, not restrict: checked at the end of
    // the statement, so deleting an account (its products and its bundles by cascade) goes through.
    componentProductId: uuid('component_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'no action' }),
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

/**
 * What an order's sales of a bundle committed, per order and bundle SKU sold: the bundle units and each
 * component's units. A cancellation gives back exactly these, whatever the bundle is made of by then;
 * units of an order not counted here were sold as the SKU itself (order-ledger.ts, stock/bundles.ts).
 */
export const bundleSales = pgTable(
  'bundle_sales',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The bundle SKU the order sold. */
    sku: text('sku').notNull(),
    /** Bundle units whose components are committed. */
    units: integer('units').notNull(),
    /** Component SKU → its units committed for those bundle units. */
    parts: jsonb('parts').$type<Record<string, number>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.sku] }), index('bundle_sales_account_idx').on(t.accountId)],
);
