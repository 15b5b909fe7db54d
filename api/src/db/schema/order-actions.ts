import {
  pgTable,
  uuid,
  text,
  jsonb,
  timestamp,
  uniqueIndex,
  index,
  integer,
  numeric,
  boolean,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { channels } from './channels.ts';
import { orders } from './orders.ts';
import { users } from './users.ts';

/** Our words for why a seller cancels or refunds; each adapter maps them to its marketplace's codes. */
export const cancellationReasonValues = [
  'out of stock',
  'buyer asked',
  'cannot ship to address',
  'pricing error',
  'other',
] as const;
export const refundReasonValues = [
  'buyer returned',
  'damaged',
  'not as described',
  'buyer cancelled',
  'shipping delay',
  'other',
] as const;

/** A request to a marketplace on an order: sending until it answers, then confirmed or failed with its words. */
export const orderRequestStates = ['sending', 'confirmed', 'failed'] as const;
export type OrderRequestState = (typeof orderRequestStates)[number];

export interface OrderActionLineRecord {
  lineId: string;
  sku: string;
  quantity: number;
}

/** A seller's cancellation of units of an order, sent to its marketplace by the `orders.fulfil` job until it answers. */
export const orderCancellations = pgTable(
  'order_cancellations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: cancellationReasonValues }).notNull(),
    wholeOrder: boolean('whole_order').notNull(),
    lines: jsonb('lines').$type<OrderActionLineRecord[]>().notNull(),
    state: text('state', { enum: orderRequestStates }).notNull().default('sending'),
    /** The marketplace's words when it refused. */
    message: text('message'),
    attempts: integer('attempts').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('order_cancellations_order_idx').on(t.orderId)],
);

/**
 * A seller's refund: sent to the marketplace where its API takes refunds, else `recorded` (given on
 * the marketplace, kept here for analytics).
 */
export const refundStates = [...orderRequestStates, 'recorded'] as const;
export type RefundState = (typeof refundStates)[number];

export interface RefundLineRecord extends OrderActionLineRecord {
  amount: { amount: string; currency: string };
}

export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: refundReasonValues }).notNull(),
    note: text('note'),
    wholeOrder: boolean('whole_order').notNull(),
    lines: jsonb('lines').$type<RefundLineRecord[]>().notNull(),
    totalAmount: numeric('total_amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    state: text('state', { enum: refundStates }).notNull().default('sending'),
    message: text('message'),
    attempts: integer('attempts').notNull().default(0),
    marketplaceRefundId: text('marketplace_refund_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId),
    // Refunds over time, per account (analytics).
    index('order_refunds_account_created_idx').on(t.accountId, t.createdAt),
  ],
);

export const returnStatusValues = ['requested', 'in transit', 'received', 'refunded', 'closed'] as const;
export type ReturnStatusValue = (typeof returnStatusValues)[number];

export interface ReturnLineRecord {
  lineId: string | null;
  sku: string;
  quantity: number;
  /** The marketplace says the units go back to sellable stock. */
  restock: boolean;
}

/** A buyer's return, as its marketplace reports it; restocked once (by the marketplace's say or the seller's). */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    /** The order we hold for it; null for an order from before the channel was connected. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    marketplaceOrderId: text('marketplace_order_id').notNull(),
    marketplaceReturnId: text('marketplace_return_id').notNull(),
    status: text('status', { enum: returnStatusValues }).notNull(),
    reason: text('reason'),
    lines: jsonb('lines').$type<ReturnLineRecord[]>().notNull(),
    refunded: jsonb('refunded').$type<{ amount: string; currency: string }>(),
    marketplaceCreatedAt: timestamp('marketplace_created_at', { withTimezone: true }).notNull(),
    marketplaceUpdatedAt: timestamp('marketplace_updated_at', { withTimezone: true }).notNull(),
    /** When its units went back on hand on the main channel (once). */
    restockedAt: timestamp('restocked_at', { withTimezone: true }),
    /** Who restocked it; null when the marketplace's report did. */
    restockedBy: uuid('restocked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_returns_channel_return_key').on(t.channelId, t.marketplaceReturnId),
    index('order_returns_account_created_idx').on(t.accountId, t.marketplaceCreatedAt, t.id),
    index('order_returns_order_idx').on(t.orderId),
  ],
);
