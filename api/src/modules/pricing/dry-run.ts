import { AppError, type AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  findPricingRule,
  listPricingRules,
  priceableListings,
  type PriceableListing,
  type PricingRuleRecord,
  type PricingRuleValues,
} from '../../db/queries/pricing-rules.ts';
import type { ChannelKind } from '../../db/schema/index.ts';
import {
  centsToPrice,
  compileRules,
  evaluate,
  marginCents,
  ruledCents,
  toCents,
  type Bound,
  type CompiledRule,
  type PricingReport,
} from './evaluate.ts';
import { checkedRule, RULE_GONE, type PricingRuleBody } from './rules.ts';

// A dry run: every target price that would change if this rule were saved, on and run, old and
// new, with the margin where the cost is known. Nothing is stored.

/** One price a run would change, in cents (a dry run may hold 400,000: formatted only when shown). */
export interface PriceMove {
  listing: PriceableListing;
  /** The price the channel is offered now, and the one it would be. */
  beforeCents: number | null;
  afterCents: number;
  /** Margin over cost after the marketplace's fee at the new price (null: no cost known). */
  marginCents: number | null;
  boundedBy: Bound | null;
}

/** A move as the seller sees it: decimal strings, the margin also as a percent of cost. */
export interface PriceMoveView {
  sku: string;
  channelId: string;
  channelKind: ChannelKind;
  channelName: string;
  before: string | null;
  after: string;
  margin: string | null;
  marginPercent: string | null;
  boundedBy: Bound | null;
}

export function moveView(m: PriceMove): PriceMoveView {
  const costCents = toCents(m.listing.cost);
  return {
    sku: m.listing.sku,
    channelId: m.listing.channelId,
    channelKind: m.listing.channelKind,
    channelName: m.listing.channelName,
    before: m.beforeCents === null ? null : centsToPrice(m.beforeCents),
    after: centsToPrice(m.afterCents),
    margin: m.marginCents === null ? null : centsToPrice(m.marginCents),
    marginPercent: m.marginCents === null || !costCents ? null : ((m.marginCents * 100) / costCents).toFixed(1),
    boundedBy: m.boundedBy,
  };
}

/** A product the rule matched but could not fully price: never passed over silently. */
export interface PriceNotice {
  sku: string;
  channelId: string;
  report: PricingReport;
}

export interface DryRun {
  moves: PriceMove[];
  notices: PriceNotice[];
  /** Target listings the rule's channels hold (the guardrail's share is of these). */
  considered: number;
}

/**
 * A run asks for confirmation when more than this share of the prices it considers would move by
 * more than this percent (a rule with a wrong sign or a decimal point out of place).
 */
export const GUARDRAIL = { sharePercent: 10, movePercent: 20 } as const;

/** The price changes of these rules (in evaluation order) for these listings: pure, so the benchmark times it alone. */
export function priceMoves(
  rules: readonly CompiledRule[],
  listings: readonly PriceableListing[],
  only?: string,
): DryRun {
  const moves: PriceMove[] = [];
  const notices: PriceNotice[] = [];
  for (const l of listings) {
    if (!l.priceManaged) continue;
    const outcome = evaluate(rules, l, { id: l.channelId, kind: l.channelKind });
    if (outcome.kind === 'rule' && (only === undefined || outcome.ruleId === only))
      for (const report of outcome.reports) notices.push({ sku: l.sku, channelId: l.channelId, report });
    const afterCents = ruledCents(toCents(l.price), toCents(l.priceOverride), outcome);
    if (afterCents === null) continue;
    const before = l.desiredPrice ?? l.confirmedPrice;
    const beforeCents = toCents(before);
    if (beforeCents !== null && beforeCents === afterCents) continue;
    const costCents = toCents(l.cost);
    moves.push({
      listing: l,
      beforeCents,
      afterCents,
      marginCents: costCents === null ? null : marginCents(afterCents, costCents, l.channelKind),
      boundedBy:
        outcome.kind === 'rule' && outcome.cents !== null && outcome.cents === afterCents ? outcome.boundedBy : null,
    });
  }
  return { moves, notices, considered: listings.length };
}

/** How many moves go past the guardrail's percent, and whether that is more than its share. */
export function guardrail(run: DryRun): { bigMoves: number; needsConfirmation: boolean } {
  let bigMoves = 0;
  for (const m of run.moves)
    if (m.beforeCents && Math.abs(m.afterCents - m.beforeCents) * 100 > m.beforeCents * GUARDRAIL.movePercent)
      bigMoves += 1;
  return { bigMoves, needsConfirmation: bigMoves * 100 > run.considered * GUARDRAIL.sharePercent };
}

/** The account's rules with this one as it would be (replacing its saved self, or added), on. */
export function rulesWith(
  saved: PricingRuleRecord[],
  rule: PricingRuleValues & { id: string },
  nowMs: number,
): CompiledRule[] {
  return compileRules([...saved.filter((r) => r.id !== rule.id), { ...rule, enabled: true }], nowMs);
}

/** The candidate's id in a dry run of an unsaved rule: it cannot match any saved rule's. */
const UNSAVED = 'unsaved';

/** A dry run of a saved rule, or of a rule's body before it is saved. */
export async function dryRun(
  ctx: AppContext,
  accountId: string,
  request: { ruleId: string } | { rule: PricingRuleBody },
): Promise<DryRun> {
  return dryRunIn(ctx.db, ctx.clock(), accountId, request);
}

export async function dryRunIn(
  db: Db,
  now: Date,
  accountId: string,
  request: { ruleId: string } | { rule: PricingRuleBody },
): Promise<DryRun> {
  let rule: PricingRuleValues & { id: string };
  if ('ruleId' in request) {
    const saved = await findPricingRule(db, accountId, request.ruleId);
    if (!saved) throw new AppError(404, RULE_GONE);
    rule = saved;
  } else rule = { id: UNSAVED, ...(await checkedRule(db, accountId, request.rule)) };
  const rules = rulesWith(await listPricingRules(db, accountId), rule, now.getTime());
  // A rule that starts later or has ended prices nothing now: its dry run says so by changing nothing.
  const listings = await priceableListings(db, accountId, rule.definition.channelIds);
  return priceMoves(rules, listings, rule.id);
}
