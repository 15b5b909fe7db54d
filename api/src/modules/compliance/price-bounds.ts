import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../context.ts';
import { pricingRulesOf } from '../pricing/rules-cache.ts';
import type { ChannelKind } from '../../db/schema/index.ts';
import { centsToPrice, compileRules, evaluate, type CompiledRule } from '../pricing/evaluate.ts';
import type { PriceBounds } from './checks.ts';

// The pricing rules as the compliance checks read them: for each listing, the bounds of the rule that
// prices it (the same evaluation the planner and the dry run make), for checkPriceBounds.

/** The account's active rules, compiled once for all its listings, with their names. */
export interface RuleBook {
  rules: readonly CompiledRule[];
  names: ReadonlyMap<string, string>;
}

/** The rules as the planner reads them (kept in memory between reads, told of changes: pricing/rules-cache.ts). */
export async function ruleBookOf(
  ctx: Pick<AppContext, 'caches'>,
  db: Db,
  accountId: string,
  nowMs: number,
): Promise<RuleBook> {
  const rules = await pricingRulesOf(ctx, db, accountId);
  return { rules: compileRules(rules, nowMs), names: new Map(rules.map((r) => [r.id, r.name])) };
}

/** What a listing holds that the rules read. */
export interface PricedListing {
  sku: string;
  brand: string | null;
  tags: readonly string[];
  mainPrice: string | null;
  cost: string | null;
  channelId: string;
  channelKind: ChannelKind;
  heldPrice: string | null;
  override: string | null;
}

const priceOrNull = (cents: number | null) => (cents === null ? null : centsToPrice(cents));

/** The bounds of the rule that prices this listing; null when none does. */
export function priceBoundsOf(book: RuleBook, listing: PricedListing): PriceBounds | null {
  if (book.rules.length === 0) return null;
  const outcome = evaluate(
    book.rules,
    { sku: listing.sku, brand: listing.brand, tags: listing.tags, price: listing.mainPrice, cost: listing.cost },
    { id: listing.channelId, kind: listing.channelKind },
  );
  if (outcome.kind === 'no_rule') return null;
  return {
    ruleName: book.names.get(outcome.ruleId) ?? 'pricing rule',
    floor: priceOrNull(outcome.floorCents),
    ceiling: priceOrNull(outcome.ceilingCents),
    marginWithoutCost: outcome.reports.includes('no_cost_for_margin'),
    floorAboveCeiling: outcome.reports.includes('floor_above_ceiling'),
    held: listing.heldPrice,
    override: listing.override,
  };
}
