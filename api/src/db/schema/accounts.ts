import { pgTable, uuid, text, timestamp, boolean, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const planValues = ['trial', 'starter', 'growth', 'business', 'enterprise'] as const;
export type Plan = (typeof planValues)[number];

/** A Stripe subscription's status as Stripe names it (https://docs.stripe.com/api/subscriptions/object#subscription_object-status). */
export const subscriptionStatusValues = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatusValues)[number];

/**
 * A seller's company: the tenant every other record belongs to. Its plan is the trial's until a
 * subscription is paid; the subscription's state is Stripe's, as its last webhook left it.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    plan: text('plan', { enum: planValues }).notNull().default('trial'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    subscriptionStatus: text('subscription_status', { enum: subscriptionStatusValues }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  },
  (t) => [
    uniqueIndex('accounts_stripe_customer_id_key')
      .on(t.stripeCustomerId)
      .where(sql`${t.stripeCustomerId} is not null`),
  ],
);

/** Stripe events applied, once each by id: a delivery Stripe repeats changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
