import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { listPricingRules } from '../../db/queries/pricing-rules.ts';

/**
 * The account's pricing rules, kept in memory between plans (every order's plan reads them: one
 * statement fewer each); told of changes by the database (db/change-notices.ts).
 */
export const pricingRulesOf = (ctx: Pick<AppContext, 'caches'>, tx: Db, accountId: string) =>
  ctx.caches.pricingRules.get(tx, accountId, (db) => listPricingRules(db, accountId));

/**
 * Call in a transaction that writes the account's pricing rules, before it plans: it plans with what
 * it wrote, and this process forgets what it kept once it commits.
 */
export const pricingRulesWritten = (ctx: AppContext, tx: Db, accountId: string) =>
  ctx.caches.pricingRules.written(tx, accountId);
