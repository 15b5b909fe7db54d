import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, jsonb, timestamp, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { channels } from './channels.ts';

/**
 * What marketplaces push to us (webhooks and notifications), verified, once per delivery id:
 * a delivery repeated by the marketplace is dropped here. The sync engine consumes them.
 */
export const marketplaceEvents = pgTable(
  'marketplace_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    /** The marketplace's own id of the delivery (X-Shopify-Webhook-Id, EventBridge id, notificationId…). */
    deliveryId: text('delivery_id').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the engine acted on it; a delivery holding an order to apply stays null until its channel's job applies it. */
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('marketplace_events_delivery_key').on(t.channelId, t.deliveryId),
    index('marketplace_events_unprocessed_idx').on(t.receivedAt),
    index('marketplace_events_to_apply_idx')
      .on(t.channelId, t.receivedAt)
      .where(sql`${t.processedAt} is null`),
  ],
);
