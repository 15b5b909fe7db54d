import type { AppContext } from '../../context.ts';
import { skuLimitState } from '../../db/queries/sku-limit.ts';
import { skuLimitOfPlan } from '../billing/plan-limits.ts';

/**
 * The plan's SKU limit as the catalogue and the dashboard tell it: the limit (null: unlimited) and
 * how many SKUs the main channel has beyond it, which are not synced until the seller upgrades.
 */
export async function skuLimitOf(
  ctx: AppContext,
  accountId: string,
): Promise<{ skuLimit: number | null; skusBeyondLimit: number }> {
  const state = await skuLimitState(ctx.db, accountId);
  const skuLimit = await skuLimitOfPlan(ctx.db, state.plan);
  return { skuLimit, skusBeyondLimit: skuLimit === null ? 0 : state.beyond };
}
