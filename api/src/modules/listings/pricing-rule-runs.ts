import crypto from 'node:crypto';
import { AppError, type AppContext } from '../../context.ts';
import { batchPushCounts } from '../../db/queries/listing-edits.ts';
import {
  findPricingRule,
  findPricingRuleRun,
  insertPricingRuleRun,
  markRunUndone,
  runPriceChanges,
  setRunPrices,
  updatePricingRule,
  type PricingRuleRunRecord,
} from '../../db/queries/pricing-rules.ts';
import { AUDIT_SAMPLE, recordAudit, sampleBeforeAndAfter, type AuditContext } from '../audit/audit-log.ts';
import { dryRunIn, guardrail, GUARDRAIL, moveView } from '../pricing/dry-run.ts';
import { RULE_GONE } from '../pricing/rules.ts';
import { samePrice } from '../push/desired-values.ts';
import { planListingWrites } from '../push/plan-writes.ts';
import { pricingRulesWritten } from '../pricing/rules-cache.ts';

// Running a pricing rule and undoing a run. Here rather than in pricing/: both go through the
// push planner (push/plan-writes.ts), which itself prices with pricing/evaluate.ts, so pricing stays
// below push and these sit above both, as bulk edits do.

export const RUN_GONE = 'No such pricing rule run.';

/** A run that would move many prices a lot, not confirmed: what the seller is asked to confirm. */
export class RunNeedsConfirmation extends Error {
  constructor(
    readonly prices: number,
    readonly bigMoves: number,
  ) {
    super(
      `This run would change ${prices} prices, ${bigMoves} of them by more than ${GUARDRAIL.movePercent} %. ` +
        'Check the dry run, then confirm to run it.',
    );
  }
}

export interface RunView {
  run: PricingRuleRunRecord;
  pushes: { total: number; confirmed: number; failed: number; open: number };
}

export async function runView(ctx: AppContext, accountId: string, run: PricingRuleRunRecord): Promise<RunView> {
  return { run, pushes: await batchPushCounts(ctx.db, accountId, run.id) };
}

export async function getRun(ctx: AppContext, accountId: string, runId: string): Promise<RunView> {
  const run = await findPricingRuleRun(ctx.db, accountId, runId);
  if (!run) throw new AppError(404, RUN_GONE);
  return runView(ctx, accountId, run);
}

/**
 * Runs a saved rule: it is turned on, and every price its dry run lists is a change (cause
 * pricing_rule, the run as causeRef, before and after) pushed through the engine as a bulk edit's
 * are. A run that would move more than the guardrail's share of prices by more than its percent is
 * refused unless confirmed.
 */
export async function runRule(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  ruleId: string,
  options: { confirmed: boolean },
): Promise<PricingRuleRunRecord> {
  return ctx.db.transaction(async (tx) => {
    const rule = await findPricingRule(tx, accountId, ruleId, { lock: true });
    if (!rule) throw new AppError(404, RULE_GONE);
    const at = ctx.clock();
    const preview = await dryRunIn(tx, at, accountId, { ruleId });
    const { bigMoves, needsConfirmation } = guardrail(preview);
    if (needsConfirmation && !options.confirmed) throw new RunNeedsConfirmation(preview.moves.length, bigMoves);
    if (!rule.enabled) {
      pricingRulesWritten(ctx, tx, accountId);
      await updatePricingRule(tx, accountId, ruleId, { enabled: true }, at);
    }
    const runId = crypto.randomUUID();
    await insertPricingRuleRun(
      tx,
      accountId,
      { id: runId, ruleId, ruleName: rule.name, actorUserId: audit.actorUserId },
      at,
    );
    const prices = await planListingWrites(
      ctx,
      tx,
      accountId,
      [...new Set(preview.moves.map((m) => m.listing.productId))],
      {
        priceOnly: true,
        listingIds: new Set(preview.moves.map((m) => m.listing.listingId)),
        recordAs: { cause: 'pricing_rule', causeRef: runId, actorUserId: audit.actorUserId },
      },
    );
    const run = await setRunPrices(tx, runId, prices);
    await recordAudit(tx, audit, {
      action: 'pricing.rule_run',
      accountId,
      targetType: 'pricing_rule',
      targetId: ruleId,
      // The first prices moved, as the dry run showed them; the run itself keeps every one (and undoes them).
      ...sampleBeforeAndAfter(
        preview.moves
          .slice(0, AUDIT_SAMPLE)
          .map(moveView)
          .map((m) => ({ sku: m.sku, channel: m.channelName, price: { before: m.before, after: m.after } })),
        (m) => ({ sku: m.sku, channel: m.channel }),
      ),
      metadata: { runId, prices, bigMoves, confirmed: options.confirmed },
    });
    return run;
  });
}

export interface RunUndoOutcome {
  runId: string;
  restored: number;
  skipped: Array<{ sku: string; channelId: string; now: string | null }>;
}

/**
 * Undoes a run as a whole: its rule is turned off (or it would price them again), and each price
 * it set goes back to what the channel's rules now give without it, as new changes (causeRef
 * `undo:<run>`). A price changed by something else since the run is left as it is and listed.
 */
export async function undoRun(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  runId: string,
): Promise<RunUndoOutcome> {
  return ctx.db.transaction(async (tx) => {
    const run = await findPricingRuleRun(tx, accountId, runId, { lock: true });
    if (!run) throw new AppError(404, RUN_GONE);
    if (run.undoneAt) throw new AppError(409, 'This run was already undone.');
    const at = ctx.clock();
    if (run.ruleId) {
      pricingRulesWritten(ctx, tx, accountId);
      await updatePricingRule(tx, accountId, run.ruleId, { enabled: false }, at);
    }
    const outcome: RunUndoOutcome = { runId, restored: 0, skipped: [] };
    const restore = new Set<string>();
    const productIds = new Set<string>();
    for (const change of await runPriceChanges(tx, accountId, runId)) {
      if (!change.listingId || !samePrice(change.desiredNow, change.after)) {
        outcome.skipped.push({ sku: change.sku, channelId: change.channelId, now: change.desiredNow });
        continue;
      }
      restore.add(change.listingId);
      productIds.add(change.productId);
    }
    outcome.restored = await planListingWrites(ctx, tx, accountId, [...productIds], {
      priceOnly: true,
      listingIds: restore,
      recordAs: { cause: 'pricing_rule', causeRef: `undo:${runId}`, actorUserId: audit.actorUserId },
    });
    await markRunUndone(tx, runId, audit.actorUserId, at);
    await recordAudit(tx, audit, {
      action: 'pricing.run_undone',
      accountId,
      targetType: 'pricing_rule_run',
      targetId: runId,
      metadata: { restored: outcome.restored, skipped: outcome.skipped.length },
    });
    return outcome;
  });
}
