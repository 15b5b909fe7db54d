import { pgTable, uuid, text, timestamp } from 'drizzle-orm/pg-core';

export const planValues = ['trial', 'starter', 'growth', 'business', 'enterprise'] as const;
export type Plan = (typeof planValues)[number];

/** A seller's company: the tenant every other record belongs to. */
export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  plan: text('plan', { enum: planValues }).notNull().default('trial'),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
