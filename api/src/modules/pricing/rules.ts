import { AppError, type AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  deletePricingRule,
  findPricingRule,
  insertPricingRule,
  listPricingRules,
  targetChannelKinds,
  updatePricingRule,
  type PricingRuleRecord,
  type PricingRuleValues,
} from '../../db/queries/pricing-rules.ts';
import { requireFullCheck } from '../../db/queries/compliance.ts';
import type { PricingRuleDefinition } from '../../db/schema/index.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';
import { pricingRulesWritten } from './rules-cache.ts';

// Pricing rules: saved, changed, deleted. Saving a rule sends nothing by itself: a run does (with
// its dry run first), and a rule that is on also prices every later change of a main price. A change of
// a rule has every listing's compliance checked again (their price bounds may have moved).

export const RULE_GONE = 'No such pricing rule.';

/** A rule as the seller sends it: what it is, its name, priority, on/off and dates (ISO strings). */
export interface PricingRuleBody extends PricingRuleDefinition {
  name: string;
  priority: number;
  enabled: boolean;
  startsAt: string | null;
  endsAt: string | null;
}

const SKUS_MAX = 10_000;
/** Bases that follow other sellers' offers. */
const competitorBases: ReadonlySet<string> = new Set(['lowest_offer', 'featured_offer']);
/** Marketplaces whose adapters read other sellers' offers (MarketplaceAdapter.competition). */
const competitionKinds: ReadonlySet<string> = new Set(['amazon']);

/**
 * Checks what the contract cannot: the channels are the account's targets, the numbers make sense
 * together. Answers the values to store, or a 400 with what to fix.
 */
export async function checkedRule(db: Db, accountId: string, body: PricingRuleBody): Promise<PricingRuleValues> {
  const bad = (message: string) => new AppError(400, message);
  const name = body.name.trim();
  if (!name) throw bad('Give the rule a name.');
  const channelIds = [...new Set(body.channelIds)];
  if (channelIds.length === 0) throw bad('Choose at least one channel for the rule.');
  const targets = await targetChannelKinds(db, accountId, channelIds);
  if (channelIds.some((id) => !targets.has(id)))
    throw bad('A rule prices your other channels only: your main channel keeps its own prices.');
  if (competitorBases.has(body.action.basis) && channelIds.some((id) => !competitionKinds.has(targets.get(id)!)))
    throw bad("Other sellers' prices are known on Amazon only: choose Amazon channels for a rule that follows them.");
  const scope = body.scope;
  if (scope.kind === 'brand' && !scope.brand?.trim()) throw bad('Enter the brand the rule is for.');
  if (scope.kind === 'tag' && !scope.tag?.trim()) throw bad('Enter the tag the rule is for.');
  if (scope.kind === 'tag' && scope.tag.includes(',')) throw bad('A tag cannot hold a comma.');
  if (scope.kind === 'sku_prefix' && !scope.prefix) throw bad('Enter the start of the SKUs the rule is for.');
  if (scope.kind === 'skus') {
    const skus = [...new Set((scope.skus ?? []).map((s) => s.trim()).filter(Boolean))];
    if (skus.length === 0) throw bad('List the SKUs the rule is for.');
    if (skus.length > SKUS_MAX) throw bad(`A rule can list up to ${SKUS_MAX} SKUs; use a brand or a SKU prefix.`);
  }
  const value = Number(body.action.value);
  if (body.action.basis === 'fixed' && !(value > 0)) throw bad('A fixed price must be more than 0.');
  if (body.action.basis !== 'fixed' && body.action.change === 'percent' && value <= -100)
    throw bad('A price can be lowered by less than 100 %.');
  if (body.minPrice !== null && body.maxPrice !== null && Number(body.minPrice) > Number(body.maxPrice))
    throw bad('The minimum price is above the maximum price.');
  if (body.maxPrice !== null && !(Number(body.maxPrice) > 0)) throw bad('The maximum price must be more than 0.');
  const startsAt = body.startsAt === null ? null : new Date(body.startsAt);
  const endsAt = body.endsAt === null ? null : new Date(body.endsAt);
  if (startsAt && endsAt && endsAt <= startsAt) throw bad('The rule must end after it starts.');
  return {
    name,
    priority: body.priority,
    enabled: body.enabled,
    startsAt,
    endsAt,
    definition: {
      channelIds,
      scope:
        scope.kind === 'all'
          ? { kind: 'all' }
          : scope.kind === 'brand'
            ? { kind: 'brand', brand: scope.brand.trim() }
            : scope.kind === 'tag'
              ? { kind: 'tag', tag: scope.tag.trim() }
              : scope.kind === 'sku_prefix'
                ? { kind: 'sku_prefix', prefix: scope.prefix }
                : { kind: 'skus', skus: [...new Set(scope.skus.map((s) => s.trim()).filter(Boolean))] },
      action: { basis: body.action.basis, change: body.action.change, value: body.action.value },
      rounding: body.rounding,
      minPrice: body.minPrice,
      minMarginPercent: body.minMarginPercent,
      maxPrice: body.maxPrice,
    },
  };
}

export function listRules(ctx: AppContext, accountId: string): Promise<PricingRuleRecord[]> {
  return listPricingRules(ctx.db, accountId);
}

export async function getRule(ctx: AppContext, accountId: string, ruleId: string): Promise<PricingRuleRecord> {
  const rule = await findPricingRule(ctx.db, accountId, ruleId);
  if (!rule) throw new AppError(404, RULE_GONE);
  return rule;
}

export async function createRule(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  body: PricingRuleBody,
): Promise<PricingRuleRecord> {
  return ctx.db.transaction(async (tx) => {
    pricingRulesWritten(ctx, tx, accountId);
    const rule = await insertPricingRule(tx, accountId, await checkedRule(tx, accountId, body), ctx.clock());
    await requireFullCheck(tx, accountId);
    await recordAudit(tx, audit, {
      action: 'pricing.rule_created',
      accountId,
      targetType: 'pricing_rule',
      targetId: rule.id,
      after: rule,
    });
    return rule;
  });
}

export async function updateRule(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  ruleId: string,
  body: PricingRuleBody,
): Promise<PricingRuleRecord> {
  return ctx.db.transaction(async (tx) => {
    pricingRulesWritten(ctx, tx, accountId);
    const before = await findPricingRule(tx, accountId, ruleId, { lock: true });
    if (!before) throw new AppError(404, RULE_GONE);
    const rule = (await updatePricingRule(tx, accountId, ruleId, await checkedRule(tx, accountId, body), ctx.clock()))!;
    await requireFullCheck(tx, accountId);
    await recordAudit(tx, audit, {
      action: 'pricing.rule_changed',
      accountId,
      targetType: 'pricing_rule',
      targetId: rule.id,
      before,
      after: rule,
    });
    return rule;
  });
}

export async function deleteRule(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  ruleId: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    pricingRulesWritten(ctx, tx, accountId);
    const before = await findPricingRule(tx, accountId, ruleId, { lock: true });
    if (!before || !(await deletePricingRule(tx, accountId, ruleId))) throw new AppError(404, RULE_GONE);
    await requireFullCheck(tx, accountId);
    await recordAudit(tx, audit, {
      action: 'pricing.rule_deleted',
      accountId,
      targetType: 'pricing_rule',
      targetId: ruleId,
      before,
    });
  });
}
