import type { RequestHandler } from 'express';
import type { AppContext } from '../../context.ts';
import { requireWritable } from '../../modules/billing/plan-enforcement.ts';

/**
 * For requests that change what the account's marketplaces hold (Sync now, bulk edits and their undo, CSV
 * imports, rule runs and their undo, publishing, drift overwritten, pushes retried): a read-only account (its trial or plan
 * ended unpaid) is answered 403 with the way back to Billing, before anything is stored or counted.
 */
export function requireWritableAccount(ctx: Pick<AppContext, 'db' | 'clock'>): RequestHandler {
  return async (req, _res, next) => {
    await requireWritable(ctx.db, req.user!.accountId, ctx.clock());
    next();
  };
}
