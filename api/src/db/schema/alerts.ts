import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './users.ts';

/** What an alert is about: sync never fails silently (pages.md §2). */
export const alertKindValues = [
  'channel_error',
  'pushes_failing',
  'listing_suppressed',
  'low_stock',
  'late_order',
] as const;
export type AlertKind = (typeof alertKindValues)[number];

/**
 * One cause of an alert while it lasts: raised once (a unique open row per kind and subject), mailed to the
 * account's people once (`deliveredAt`) and posted to its webhook once (`postedAt`), resolved when the cause is gone. A cause that comes back later is
 * a new alert.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: alertKindValues }).notNull(),
    /** The channel, listing, product or order the alert is about. */
    subjectId: uuid('subject_id').notNull(),
    title: text('title').notNull(),
    detail: text('detail').notNull(),
    /** Where in the product the seller fixes it (a path of the app). */
    fixPath: text('fix_path').notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** When the account's people were mailed of it. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** When it was posted to the account's webhook (or found none set): apart from the mail, so a webhook down mails nobody twice. */
    postedAt: timestamp('posted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alerts_open_cause_idx')
      .on(t.accountId, t.kind, t.subjectId)
      .where(sql`${t.resolvedAt} is null`),
    index('alerts_account_raised_idx').on(t.accountId, t.raisedAt),
  ],
);

/** An account's alert settings: where alerts are posted besides mail, and what counts as low stock. */
export const alertSettings = pgTable('alert_settings', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  /** A Slack-compatible incoming webhook, encrypted (its URL is its secret); null: none. */
  webhookUrlCiphertext: text('webhook_url_ciphertext'),
  lowStockUnits: integer('low_stock_units').notNull().default(5),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's choice per kind of alert; no row: mailed. */
export const alertPreferences = pgTable(
  'alert_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: alertKindValues }).notNull(),
    email: boolean('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * What may have changed whether a product is low on stock since the alerts last looked: its stock, a listing of it
 * put on or taken off sale, the product made or gone; no product: the account's low-stock level changed, so all of
 * its products are looked at. Written by triggers in the writer's own transaction and taken by the look that sees
 * them, so a change committed while a look runs waits for the next one (a time of change, set before its
 * transaction commits, could be older than a look that never saw it). Append-only: no writer waits on another.
 */
export const lowStockChanges = pgTable('low_stock_changes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: uuid('account_id').notNull(),
  productId: uuid('product_id'),
});
