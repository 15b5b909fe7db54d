import { pgTable, uuid, text, timestamp, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { channels } from './channels.ts';
import { orders } from './orders.ts';

/**
 * A target channel's order created in the account's main Shopify store (so the seller ships from
 * one place): one per order, the Shopify order's GID once created, and whether its fulfilment's
 * tracking went back to the marketplace the order came from.
 */
export const shopifyOrderCopies = pgTable(
  'shopify_order_copies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The main Shopify store it was created in. */
    shopifyChannelId: uuid('shopify_channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    /** The tag it carries in Shopify, to find it again when the answer to its creation was lost. */
    tag: text('tag').notNull(),
    shopifyOrderId: text('shopify_order_id'),
    /** Its name in the store (#1005), what the seller searches for in the Shopify admin. */
    shopifyOrderName: text('shopify_order_name'),
    /** pending (asked for), created, shipped (its tracking sent to the marketplace), failed. */
    status: text('status').notNull().default('pending'),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shopify_order_copies_order').on(t.orderId),
    index('shopify_order_copies_shopify_order').on(t.shopifyChannelId, t.shopifyOrderId),
  ],
);
