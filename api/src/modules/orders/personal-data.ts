import type { AppContext } from '../../context.ts';
import { erasePersonalData } from '../../db/queries/shipments.ts';

/**
 * Buyers' names and addresses are kept while an order is to ship and `orderPersonalDataDays` after
 * (counted from the order, a bound any shipped order has passed), then erased by the hourly
 * maintenance; the order, its lines and totals stay for the seller's records and analytics.
 */
export async function eraseOrderPersonalData(ctx: AppContext): Promise<number> {
  const now = ctx.clock();
  return erasePersonalData(ctx.db, new Date(now.getTime() - ctx.config.orderPersonalDataDays * 86_400_000), now);
}
