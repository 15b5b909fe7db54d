import { Router } from 'express';
import type { components } from '@contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import { auditContext, requireUser } from '../request-context.ts';
import { accountRateLimit } from '../middleware/rate-limit.ts';
import type { PricingRuleRecord } from '../../db/queries/pricing-rules.ts';
import { csvLine } from '../../modules/listings/catalogue-csv.ts';
import {
  getRun,
  runRule,
  runView,
  RunNeedsConfirmation,
  undoRun,
  type RunView,
} from '../../modules/listings/pricing-rule-runs.ts';
import { dryRun, guardrail, moveView, type DryRun } from '../../modules/pricing/dry-run.ts';
import { createRule, deleteRule, listRules, updateRule, type PricingRuleBody } from '../../modules/pricing/rules.ts';
import { requireWritableAccount } from '../middleware/writable-account.ts';

type ApiRule = components['schemas']['PricingRule'];
type ApiRuleBody = components['schemas']['PricingRuleBody'];
type ApiRun = components['schemas']['PricingRuleRun'];

/** How many changes and notices a JSON dry run lists (the CSV has them all). */
const DRY_RUN_ITEMS = 1000;

const toApiRule = (rule: PricingRuleRecord): ApiRule => {
  const { scope, ...definition } = rule.definition;
  return {
    id: rule.id,
    name: rule.name,
    priority: rule.priority,
    enabled: rule.enabled,
    startsAt: rule.startsAt?.toISOString() ?? null,
    endsAt: rule.endsAt?.toISOString() ?? null,
    ...definition,
    scope,
    createdAt: rule.createdAt.toISOString(),
    updatedAt: rule.updatedAt.toISOString(),
  };
};

/** The contract's flat scope as the rule's own: the field its kind names (absent: empty, refused by the use case). */
/** The contract's scope (one object, the value beside its kind) as the rule keeps it; every kind named. */
function scopeOf(scope: ApiRuleBody['scope']): PricingRuleBody['scope'] {
  switch (scope.kind) {
    case 'all':
      return { kind: 'all' };
    case 'brand':
      return { kind: 'brand', brand: scope.brand ?? '' };
    case 'tag':
      return { kind: 'tag', tag: scope.tag ?? '' };
    case 'sku_prefix':
      return { kind: 'sku_prefix', prefix: scope.prefix ?? '' };
    case 'skus':
      return { kind: 'skus', skus: scope.skus ?? [] };
  }
}

const fromApiBody = ({ scope, ...rest }: ApiRuleBody): PricingRuleBody => ({ ...rest, scope: scopeOf(scope) });

const toApiRun = ({ run, pushes }: RunView): ApiRun => ({
  runId: run.id,
  ruleId: run.ruleId,
  ruleName: run.ruleName,
  prices: run.prices,
  createdAt: run.createdAt.toISOString(),
  undoneAt: run.undoneAt?.toISOString() ?? null,
  pushes,
});

function dryRunCsv(run: DryRun): string {
  const header = csvLine([
    'sku',
    'channel',
    'marketplace',
    'old_price',
    'new_price',
    'margin',
    'margin_percent',
    'held_by',
  ]);
  return (
    header +
    run.moves
      .map((move) => {
        const m = moveView(move);
        return csvLine([
          m.sku,
          m.channelName,
          m.channelKind,
          m.before,
          m.after,
          m.margin,
          m.marginPercent,
          m.boundedBy,
        ]);
      })
      .join('')
  );
}

/** Pricing rules, their dry runs, runs and undo: every call acts on the signed-in (or impersonated) user's account. */
export function pricingRoutes(ctx: AppContext): Router {
  const router = Router();
  const writable = requireWritableAccount(ctx);

  router.get('/api/pricing-rules', requireUser, async (req, res) => {
    res.json({ items: (await listRules(ctx, req.user!.accountId)).map(toApiRule) });
  });

  router.post('/api/pricing-rules', requireUser, async (req, res) => {
    const rule = await createRule(ctx, auditContext(req), req.user!.accountId, fromApiBody(req.body));
    res.status(201).json(toApiRule(rule));
  });

  router.post('/api/pricing-rules/dry-run', requireUser, accountRateLimit(ctx, 'pricingDryRun'), async (req, res) => {
    const body = req.body as components['schemas']['PricingDryRunRequest'];
    if (!body.ruleId === !body.rule) throw new AppError(400, 'Send either a saved rule (ruleId) or a rule (rule).');
    const run = await dryRun(
      ctx,
      req.user!.accountId,
      body.ruleId ? { ruleId: body.ruleId } : { rule: fromApiBody(body.rule!) },
    );
    if (req.query.format === 'csv') {
      res
        .status(200)
        .set({
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="pricing-dry-run.csv"',
          'Cache-Control': 'no-store',
        })
        .send(dryRunCsv(run));
      return;
    }
    res.json({
      items: run.moves.slice(0, DRY_RUN_ITEMS).map(moveView),
      total: run.moves.length,
      considered: run.considered,
      ...guardrail(run),
      notices: run.notices.slice(0, DRY_RUN_ITEMS),
    });
  });

  router.put('/api/pricing-rules/:ruleId', requireUser, async (req, res) => {
    const rule = await updateRule(
      ctx,
      auditContext(req),
      req.user!.accountId,
      String(req.params.ruleId),
      fromApiBody(req.body),
    );
    res.json(toApiRule(rule));
  });

  router.delete('/api/pricing-rules/:ruleId', requireUser, async (req, res) => {
    await deleteRule(ctx, auditContext(req), req.user!.accountId, String(req.params.ruleId));
    res.status(204).end();
  });

  router.post(
    '/api/pricing-rules/:ruleId/run',
    requireUser,
    writable,
    accountRateLimit(ctx, 'pricingRun'),
    async (req, res) => {
      const confirmed = (req.body as components['schemas']['PricingRunRequest'] | undefined)?.confirmed === true;
      try {
        const run = await runRule(ctx, auditContext(req), req.user!.accountId, String(req.params.ruleId), {
          confirmed,
        });
        res.status(201).json(toApiRun(await runView(ctx, req.user!.accountId, run)));
      } catch (error) {
        if (!(error instanceof RunNeedsConfirmation)) throw error;
        res.status(409).json({ message: error.message, prices: error.prices, bigMoves: error.bigMoves });
      }
    },
  );

  router.get('/api/pricing-rule-runs/:runId', requireUser, async (req, res) => {
    res.json(toApiRun(await getRun(ctx, req.user!.accountId, String(req.params.runId))));
  });

  router.post('/api/pricing-rule-runs/:runId/undo', requireUser, writable, async (req, res) => {
    res.json(await undoRun(ctx, auditContext(req), req.user!.accountId, String(req.params.runId)));
  });

  return router;
}
