import { pgTable, uuid, text, jsonb, timestamp, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { channels } from './channels.ts';

export const orderStatusValues = ['open', 'shipped', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatusValues)[number];

export interface OrderLineRecord {
  sku: string;
  quantity: number;
  price: { amount: string; currency: string } | null;
  cancelledQuantity: number;
}

/** An order from any channel, recorded once per (channel, marketplace order id) however often it arrives. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    marketplaceOrderId: text('marketplace_order_id').notNull(),
    status: text('status', { enum: orderStatusValues }).notNull(),
    lines: jsonb('lines').$type<OrderLineRecord[]>().notNull(),
    orderedAt: timestamp('ordered_at', { withTimezone: true }).notNull(),
    /** The marketplace's own last change, so an older copy never overwrites a newer one. */
    marketplaceUpdatedAt: timestamp('marketplace_updated_at', { withTimezone: true }).notNull(),
    /** Units per SKU this order has moved in our stock so far: a later copy moves only the difference. */
    accountedUnits: jsonb('accounted_units').$type<Record<string, number>>().notNull().default({}),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_channel_marketplace_order_key').on(t.channelId, t.marketplaceOrderId),
    index('orders_account_ordered_idx').on(t.accountId, t.orderedAt),
    index('orders_channel_changed_idx').on(t.channelId, t.marketplaceUpdatedAt),
  ],
);
