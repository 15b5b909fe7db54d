import type { ChannelKind, PricingRounding, PricingRuleAction, PricingRuleDefinition } from '../../db/schema/index.ts';

// Pricing rules, evaluated (pages.md §2: a target's desired price is the result of its pricing rules
// on the main price, never outside their floor and ceiling). Pure: no clock, no database. Money is
// integer cents inside; decimal strings ("12.50") at the edges, as everywhere else.

/**
 * The marketplace's cut of a sale, in basis points, used for a margin floor. The usual referral
 * fees each marketplace publishes for most categories: Amazon's referral fee schedule (15 %),
 * Walmart Marketplace's referral fees (15 %), eBay's final value fee for most categories
 * (13.25 %), Shopify (no referral fee on the seller's own store: 0 %).
 */
export const marketplaceFeeBasisPoints: Readonly<Record<ChannelKind, number>> = {
  amazon: 1500,
  walmart: 1500,
  ebay: 1325,
  shopify: 0,
};

/** A rule as the evaluator takes it. */
export interface PricingRuleInput {
  id: string;
  priority: number;
  enabled: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  definition: PricingRuleDefinition;
}

/** A rule ready to evaluate many times: amounts in cents, sets for look-ups. */
export interface CompiledRule {
  id: string;
  channelIds: ReadonlySet<string>;
  matches: (p: { sku: string; brand: string | null; tags?: readonly string[] }) => boolean;
  basis: PricingRuleAction['basis'];
  /** Percent change in basis points of the base (change 'percent'), or cents (amount, fixed). */
  percentBp: number | null;
  amountCents: number;
  rounding: PricingRounding;
  minPriceCents: number | null;
  minMarginBp: number | null;
  maxPriceCents: number | null;
}

export interface PricedProduct {
  sku: string;
  brand: string | null;
  /** The product's tags (a tag rule's scope); absent: none. */
  tags?: readonly string[];
  /** The main channel's price and the cost, decimal strings (null: unknown). */
  price: string | null;
  cost: string | null;
  /**
   * Other sellers' offers on this listing as the marketplace last told them (landed prices), and the
   * price it holds now; absent or null: none known (competitor rules then price from the main price).
   */
  competition?: { lowestOther: string | null; featured: string | null; featuredIsOurs: boolean } | null;
  confirmedPrice?: string | null;
}

export type Bound = 'floor_price' | 'floor_margin' | 'ceiling';

/** Why a rule could not do all it says for a product: always reported, never silent. */
export type PricingReport =
  | 'no_cost_for_margin'
  | 'no_cost'
  | 'no_main_price'
  | 'floor_above_ceiling'
  /** A competitor rule with no other offer known for the listing: priced from the main price. */
  | 'no_competition';

export type RuleOutcome =
  | { kind: 'no_rule' }
  | {
      kind: 'rule';
      ruleId: string;
      /** The rule's price in cents; null when it could not compute one (see reports). */
      cents: number | null;
      /** What held the price at a bound, if anything did. */
      boundedBy: Bound | null;
      /** The bounds in force for this product on this channel (the guardrail for any price sent). */
      floorCents: number | null;
      ceilingCents: number | null;
      reports: PricingReport[];
    };

/** "12.5" → 1250; null for anything that is not a plain non-negative or signed decimal. */
export function toCents(value: string | null): number | null {
  if (value === null) return null;
  const n = Number(value);
  return Number.isFinite(n) ? Math.round(n * 100) : null;
}

export function centsToPrice(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** Whether the rule applies at this moment: on, and within its dates (start inclusive, end exclusive). */
export function ruleActive(rule: PricingRuleInput, nowMs: number): boolean {
  return (
    rule.enabled &&
    (rule.startsAt === null || rule.startsAt.getTime() <= nowMs) &&
    (rule.endsAt === null || nowMs < rule.endsAt.getTime())
  );
}

function scopeMatcher(scope: PricingRuleDefinition['scope']): CompiledRule['matches'] {
  switch (scope.kind) {
    case 'all':
      return () => true;
    case 'brand': {
      const brand = scope.brand.trim().toLowerCase();
      return (p) => p.brand !== null && p.brand.trim().toLowerCase() === brand;
    }
    case 'tag': {
      const tag = scope.tag.trim().toLowerCase();
      return (p) => p.tags?.some((t) => t.toLowerCase() === tag) ?? false;
    }
    case 'sku_prefix':
      return (p) => p.sku.startsWith(scope.prefix);
    case 'skus': {
      const skus = new Set(scope.skus);
      return (p) => skus.has(p.sku);
    }
  }
}

/**
 * The account's rules in evaluation order: active ones only, by priority (lowest first), ties by
 * id so the order never depends on how the rows came back.
 */
export function compileRules(rules: PricingRuleInput[], nowMs: number): CompiledRule[] {
  return rules
    .filter((r) => ruleActive(r, nowMs))
    .sort((a, b) => a.priority - b.priority || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((r) => {
      const d = r.definition;
      const value = Number(d.action.value);
      return {
        id: r.id,
        channelIds: new Set(d.channelIds),
        matches: scopeMatcher(d.scope),
        basis: d.action.basis,
        percentBp: d.action.basis !== 'fixed' && d.action.change === 'percent' ? Math.round(value * 100) : null,
        amountCents: Math.round(value * 100),
        rounding: d.rounding,
        minPriceCents: toCents(d.minPrice),
        minMarginBp: d.minMarginPercent === null ? null : Math.round(Number(d.minMarginPercent) * 100),
        maxPriceCents: toCents(d.maxPrice),
      };
    });
}

/** Rounds to a price ending: the nearest whole, .99 or .95 (ties up); never below one cent. */
export function roundCents(cents: number, rounding: PricingRounding): number {
  if (rounding === 'none') return cents;
  if (rounding === 'whole') return Math.max(100, Math.round(cents / 100) * 100);
  const ending = rounding === 'ends_99' ? 99 : 95;
  const below = Math.floor((cents - ending) / 100) * 100 + ending;
  const above = below + 100;
  const nearest = cents - below < above - cents ? below : above;
  return nearest > 0 ? nearest : above;
}

/** The lowest price whose proceeds after the fee leave the cost plus the margin (percent of cost). */
export function marginFloorCents(costCents: number, marginBp: number, feeBp: number): number {
  if (feeBp >= 10_000) return Number.POSITIVE_INFINITY;
  // price × (1 − fee) ≥ cost × (1 + margin): in integer basis points, rounded up to the cent.
  return Math.ceil((costCents * (10_000 + marginBp)) / (10_000 - feeBp));
}

/** Margin over cost after the fee, in cents, for a price: what the dry run shows. */
export function marginCents(priceCents: number, costCents: number, kind: ChannelKind): number {
  return Math.floor((priceCents * (10_000 - marketplaceFeeBasisPoints[kind])) / 10_000) - costCents;
}

/**
 * The price the first matching rule gives a product on a channel, or "no rule". The price is never
 * outside the rule's floor (the higher of its minimum price and its margin floor) and ceiling; a
 * floor above the ceiling gives no price, reported. A product without cost gets no margin floor,
 * and that is reported.
 */
export function evaluate(
  rules: readonly CompiledRule[],
  product: PricedProduct,
  channel: { id: string; kind: ChannelKind },
): RuleOutcome {
  const rule = rulesFor(rules, channel.id).find((r) => r.matches(product));
  if (!rule) return NO_RULE;
  const reports: PricingReport[] = [];
  const costCents = toCents(product.cost);
  let floorCents = rule.minPriceCents;
  let marginFloor: number | null = null;
  if (rule.minMarginBp !== null) {
    if (costCents === null) reports.push('no_cost_for_margin');
    else {
      marginFloor = marginFloorCents(costCents, rule.minMarginBp, marketplaceFeeBasisPoints[channel.kind]);
      floorCents = floorCents === null ? marginFloor : Math.max(floorCents, marginFloor);
    }
  }
  const ceilingCents = rule.maxPriceCents;
  const unpriced = (report: PricingReport): RuleOutcome => {
    reports.push(report);
    return { kind: 'rule', ruleId: rule.id, cents: null, boundedBy: null, floorCents, ceilingCents, reports };
  };
  if (floorCents !== null && ceilingCents !== null && floorCents > ceilingCents) return unpriced('floor_above_ceiling');
  if (rule.basis === 'lowest_offer' || rule.basis === 'featured_offer') {
    const target = competitorBase(rule.basis, product);
    if (target === 'keep') {
      // The Buy Box is ours and nobody offers less: our price stays (lowering it would race ourselves).
      const held = toCents(product.confirmedPrice ?? null);
      if (held !== null) {
        const { cents, boundedBy } = clamp(held, floorCents, ceilingCents, marginFloor);
        return { kind: 'rule', ruleId: rule.id, cents, boundedBy, floorCents, ceilingCents, reports };
      }
    }
    if (target === null || target === 'keep') return unpriced('no_competition');
    return priced(rule, target, floorCents, ceilingCents, marginFloor, reports);
  }
  const base = rule.basis === 'main_price' ? toCents(product.price) : rule.basis === 'cost' ? costCents : 0;
  if (base === null) return unpriced(rule.basis === 'cost' ? 'no_cost' : 'no_main_price');
  return priced(rule, base, floorCents, ceilingCents, marginFloor, reports);
}

/** The rule's change on its base, rounded and held within its bounds. */
function priced(
  rule: CompiledRule,
  base: number,
  floorCents: number | null,
  ceilingCents: number | null,
  marginFloor: number | null,
  reports: PricingReport[],
): RuleOutcome {
  const raw =
    rule.basis === 'fixed'
      ? rule.amountCents
      : rule.percentBp !== null
        ? base + Math.round((base * rule.percentBp) / 10_000)
        : base + rule.amountCents;
  const rounded = roundCents(Math.max(1, raw), rule.rounding);
  const { cents, boundedBy } = clamp(rounded, floorCents, ceilingCents, marginFloor);
  return { kind: 'rule', ruleId: rule.id, cents, boundedBy, floorCents, ceilingCents, reports };
}

/**
 * What a competitor rule prices from: another seller's lowest offer, or the featured offer; when the
 * featured offer is ours, the cheaper offer that threatens it, or `keep` while none does. Null: no
 * competition known.
 */
function competitorBase(basis: 'lowest_offer' | 'featured_offer', product: PricedProduct): number | 'keep' | null {
  const competition = product.competition;
  if (!competition) return null;
  const lowestOther = toCents(competition.lowestOther);
  if (basis === 'lowest_offer') return lowestOther;
  if (!competition.featuredIsOurs) return toCents(competition.featured);
  const ours = toCents(product.confirmedPrice ?? competition.featured);
  return lowestOther !== null && ours !== null && lowestOther < ours ? lowestOther : 'keep';
}

const NO_RULE: RuleOutcome = Object.freeze({ kind: 'no_rule' });

/** Each compiled rule list's rules per channel, worked out once (a dry run asks for 400,000 listings). */
const byChannel = new WeakMap<readonly CompiledRule[], Map<string, CompiledRule[]>>();

function rulesFor(rules: readonly CompiledRule[], channelId: string): CompiledRule[] {
  let perChannel = byChannel.get(rules);
  if (!perChannel) byChannel.set(rules, (perChannel = new Map()));
  let found = perChannel.get(channelId);
  if (!found) perChannel.set(channelId, (found = rules.filter((r) => r.channelIds.has(channelId))));
  return found;
}

/** A price held within a floor and a ceiling, with what held it. */
export function clamp(
  cents: number,
  floorCents: number | null,
  ceilingCents: number | null,
  marginFloor: number | null = null,
): { cents: number; boundedBy: Bound | null } {
  if (floorCents !== null && cents < floorCents)
    return { cents: floorCents, boundedBy: marginFloor === floorCents ? 'floor_margin' : 'floor_price' };
  if (ceilingCents !== null && cents > ceilingCents) return { cents: ceilingCents, boundedBy: 'ceiling' };
  return { cents, boundedBy: null };
}

/**
 * The price a target channel is offered with the rules: the seller's own price for the listing
 * (override) or else the rule's price or else the main price, then held within the rule's floor
 * and ceiling whatever its source (the guardrail: nothing outside them is ever sent). Null: no
 * price can be sent (none known, or the rule's floor is above its ceiling).
 */
export function ruledPrice(mainPrice: string | null, override: string | null, outcome: RuleOutcome): string | null {
  if (outcome.kind === 'no_rule') return override ?? mainPrice;
  const cents = ruledCents(toCents(mainPrice), toCents(override), outcome);
  return cents === null ? null : centsToPrice(cents);
}

/** ruledPrice in cents. */
export function ruledCents(
  mainCents: number | null,
  overrideCents: number | null,
  outcome: RuleOutcome,
): number | null {
  if (outcome.kind === 'no_rule') return overrideCents ?? mainCents;
  if (outcome.reports.includes('floor_above_ceiling')) return null;
  const chosen = overrideCents ?? outcome.cents ?? mainCents;
  if (chosen === null) return null;
  if (outcome.floorCents !== null && chosen < outcome.floorCents) return outcome.floorCents;
  if (outcome.ceilingCents !== null && chosen > outcome.ceilingCents) return outcome.ceilingCents;
  return chosen;
}
