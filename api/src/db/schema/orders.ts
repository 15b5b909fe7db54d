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
import { sql } from 'drizzle-orm';
import { accounts } from './accounts.ts';
import { channels } from './channels.ts';
import { users } from './users.ts';

export const orderStatusValues = ['open', 'shipped', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatusValues)[number];

/** How far an order has gone, in the seller's words (the Orders page). */
export const fulfilmentStatusValues = [
  'unshipped',
  'partially shipped',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
  'returned',
] as const;
export type FulfilmentStatusValue = (typeof fulfilmentStatusValues)[number];

export interface OrderLineRecord {
  sku: string;
  quantity: number;
  price: { amount: string; currency: string } | null;
  cancelledQuantity: number;
  /** The marketplace's id of the line, which a shipment names. */
  lineId?: string;
  title?: string;
  /** Units the marketplace reports shipped. */
  shippedQuantity?: number;
}

export interface ShipToRecord {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postalCode: string;
  countryCode: string;
  phone: string | null;
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
    /** Fulfilled by the marketplace from its own stock (Amazon AFN, Walmart WFS): it holds none of ours. Once known, kept. */
    fulfilledByMarketplace: boolean('fulfilled_by_marketplace').notNull().default(false),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The number seller and buyer know the order by (the marketplace order id until a read says otherwise). */
    orderNumber: text('order_number').notNull(),
    /** Personal data: shown to the account's members only, never logged, erased with the address after retention. */
    buyerName: text('buyer_name'),
    shipTo: jsonb('ship_to').$type<ShipToRecord>(),
    totalAmount: numeric('total_amount', { precision: 14, scale: 2 }),
    currency: text('currency'),
    shipBy: timestamp('ship_by', { withTimezone: true }),
    fulfilment: text('fulfilment', { enum: fulfilmentStatusValues }).notNull().default('unshipped'),
    /** The marketplace's fees on the order, where its order read reports them. */
    fees: jsonb('fees').$type<{ amount: string; currency: string }>(),
    /** Lowercased order number, buyer name and SKUs: what the Orders page's search looks in (trigram index). */
    searchText: text('search_text').notNull().default(''),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    /** When the buyer's name and address were erased under the retention period (the order stays). */
    personalDataErasedAt: timestamp('personal_data_erased_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_channel_marketplace_order_key').on(t.channelId, t.marketplaceOrderId),
    index('orders_account_ordered_idx').on(t.accountId, t.orderedAt, t.id),
    index('orders_channel_changed_idx').on(t.channelId, t.marketplaceUpdatedAt),
    // The live Orders page: the account's latest change (GET /api/sync/events, event `orders`).
    index('orders_account_updated_idx').on(t.accountId, t.updatedAt),
    // Tracking files name orders by the number the seller knows, or the marketplace's id.
    index('orders_account_number_idx').on(t.accountId, t.orderNumber),
    index('orders_account_marketplace_id_idx').on(t.accountId, t.marketplaceOrderId),
    // One channel's orders, newest first (the page's channel filter).
    index('orders_channel_ordered_idx').on(t.channelId, t.orderedAt, t.id),
    index('orders_account_fulfilment_idx').on(t.accountId, t.fulfilment, t.orderedAt, t.id),
    index('orders_account_ship_by_idx')
      .on(t.accountId, t.shipBy)
      .where(sql`${t.fulfilment} in ('unshipped', 'partially shipped')`),
    // The page's other sorts, as orderPage's keys say them (keyset paging).
    index('orders_account_ship_by_sort_idx').on(t.accountId, sql`coalesce(${t.shipBy}, 'infinity'::timestamptz)`, t.id),
    index('orders_account_total_sort_idx').on(t.accountId, sql`coalesce(${t.totalAmount}, -1)`, t.id),
    index('orders_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export const orderEventKinds = [
  'received',
  'acknowledged',
  'shipped',
  'shipment failed',
  'delivered',
  'cancelled',
  'cancellation failed',
  'refunded',
  'refund failed',
  'returned',
  'restocked',
  'fees adjusted',
] as const;
export type OrderEventKind = (typeof orderEventKinds)[number];

/** One step of an order's timeline: what happened, when, and who or what did it. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: orderEventKinds }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Who or what: the marketplace's name, a person's name, or "Marketplace Hub". */
    actor: text('actor').notNull(),
    detail: text('detail'),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at)],
);

export const shipmentStates = ['sending', 'confirmed', 'failed'] as const;
export type ShipmentState = (typeof shipmentStates)[number];

export interface ShipmentLineRecord {
  lineId: string;
  sku: string;
  quantity: number;
}

/** A parcel the seller shipped, sent to the order's marketplace by the `orders.ship` job until it answers. */
export const shipments = pgTable(
  'shipments',
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
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull(),
    lines: jsonb('lines').$type<ShipmentLineRecord[]>().notNull(),
    state: text('state', { enum: shipmentStates }).notNull().default('sending'),
    /** The marketplace's words when it refused the shipment. */
    message: text('message'),
    attempts: integer('attempts').notNull().default(0),
    marketplaceShipmentId: text('marketplace_shipment_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('shipments_order_idx').on(t.orderId), index('shipments_account_state_idx').on(t.accountId, t.state)],
);
