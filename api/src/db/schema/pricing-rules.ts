import { pgTable, uuid, text, jsonb, timestamp, integer, boolean, index } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './users.ts';

/** Which products a rule prices (a tag: the products holding it, any case). */
export type PricingRuleScope =
  | { kind: 'all' }
  | { kind: 'brand'; brand: string }
  | { kind: 'tag'; tag: string }
  | { kind: 'sku_prefix'; prefix: string }
  | { kind: 'skus'; skus: string[] };

/**
 * How a rule computes its price: from the main price, the cost or a competitor's offer, plus or minus
 * a percent or an amount (value signed: "-5" lowers), or a fixed price (value: the price). Decimal strings.
 */
export const pricingBases = ['main_price', 'cost', 'fixed', 'lowest_offer', 'featured_offer'] as const;

export interface PricingRuleAction {
  /**
   * `lowest_offer` and `featured_offer`: another seller's lowest landed price, or the featured offer's
   * (Amazon's Buy Box), where the marketplace shows them (Amazon); plus or minus the change, so "-0.01"
   * beats it by a cent. Without competition known, the main price within the rule's bounds.
   */
  basis: (typeof pricingBases)[number];
  change: 'percent' | 'amount';
  value: string;
}

export const pricingRoundingValues = ['none', 'whole', 'ends_99', 'ends_95'] as const;
export type PricingRounding = (typeof pricingRoundingValues)[number];

/** What a rule is, apart from its name, priority, on/off and dates: kept as one document. */
export interface PricingRuleDefinition {
  /** The target channels it prices (the main channel is never repriced). */
  channelIds: string[];
  scope: PricingRuleScope;
  action: PricingRuleAction;
  rounding: PricingRounding;
  /** Floor: a minimum price, and/or a minimum margin over cost after the marketplace's fee (percent of cost). */
  minPrice: string | null;
  minMarginPercent: string | null;
  /** Ceiling: a maximum price (MAP). */
  maxPrice: string | null;
}

/**
 * An account's pricing rules: the first one on by priority (lowest number first) that matches a
 * product on a channel gives that channel's price (pages.md §3 Listings → Pricing rules).
 */
export const pricingRules = pgTable(
  'pricing_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    priority: integer('priority').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    definition: jsonb('definition').$type<PricingRuleDefinition>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pricing_rules_account_priority_idx').on(t.accountId, t.priority)],
);

/**
 * One run of a rule: its prices are changes (cause `pricing_rule`, this run's id as causeRef), and
 * undo starts from them. Undone once at most; undo turns the rule off.
 */
export const pricingRuleRuns = pgTable(
  'pricing_rule_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ruleId: uuid('rule_id').references(() => pricingRules.id, { onDelete: 'set null' }),
    ruleName: text('rule_name').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    prices: integer('prices').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: uuid('undone_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('pricing_rule_runs_account_created_idx').on(t.accountId, t.createdAt)],
);
