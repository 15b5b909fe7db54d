import type { RequestHandler, Response } from 'express';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { Config, RateLimitRule } from '../../config.ts';
import { consumeAttempt, type RateDecision } from '../../modules/rate-limit/rate-limiter.ts';

function refuse(res: Response, decision: RateDecision, what: string): void {
  const minutes = Math.ceil(decision.retryAfterSeconds / 60);
  res
    .status(429)
    .set('Retry-After', String(decision.retryAfterSeconds))
    .json({ message: `${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` });
}

/**
 * Limits attempts per client IP and per email in the body; 429 with Retry-After when over.
 * Runs after validation, so malformed requests cost nothing.
 */
export function rateLimit(name: string, rule: RateLimitRule, db: Db, clock: () => Date): RequestHandler {
  return async (req, res, next) => {
    try {
      const now = clock();
      const checks: Array<[string, number]> = [[`${name}:ip:${req.ip ?? 'unknown'}`, rule.perIp]];
      const email = typeof req.body?.email === 'string' ? req.body.email.trim().toLowerCase() : undefined;
      const userId = (req.user as { id?: string } | undefined)?.id;
      if (email) checks.push([`${name}:email:${email}`, rule.perEmail]);
      else if (userId) checks.push([`${name}:user:${userId}`, rule.perEmail]);
      for (const [key, limit] of checks) {
        const decision = await consumeAttempt(db, key, limit, rule.windowSeconds, now);
        if (!decision.allowed) return refuse(res, decision, 'Too many attempts');
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}

export type LimitedWork = keyof Config['accountRateLimits'];

/** How the refusal names each kind of limited work. */
const limitedWorkNames: Record<LimitedWork, string> = {
  bulkEditPreview: 'bulk edit previews',
  bulkEdit: 'bulk edits',
  csvImportPreview: 'import previews',
  csvImport: 'imports',
  export: 'exports',
  publishCheck: 'publish checks',
  publish: 'publish requests',
  syncNow: 'syncs',
  shipments: 'shipments',
  shipmentCsv: 'tracking files',
  orderActions: 'cancellations and refunds',
  pricingDryRun: 'pricing previews',
  pricingRun: 'pricing rule runs',
};

/**
 * Limits expensive work per account (whoever of it is signed in, staff viewing as it included) and
 * per client IP; 429 with Retry-After and "Too many bulk edits in a short time…" when over. Mount
 * after requireUser: the contract has refused malformed requests by then, so they cost nothing.
 */
export function accountRateLimit(ctx: Pick<AppContext, 'config' | 'db' | 'clock'>, work: LimitedWork): RequestHandler {
  const rule = ctx.config.accountRateLimits[work];
  return async (req, res, next) => {
    try {
      const now = ctx.clock();
      const checks: Array<[string, number]> = [
        [`${work}:account:${req.user!.accountId}`, rule.perAccount],
        [`${work}:ip:${req.ip ?? 'unknown'}`, rule.perIp],
      ];
      for (const [key, limit] of checks) {
        const decision = await consumeAttempt(ctx.db, key, limit, rule.windowSeconds, now);
        if (!decision.allowed) return refuse(res, decision, `Too many ${limitedWorkNames[work]} in a short time`);
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
