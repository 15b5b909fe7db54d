import type { Db } from '../../db/client.ts';
import { AppError } from '../../context.ts';
import { billingUsage, lockBilling } from '../../db/queries/billing.ts';
import { billingStatusOf } from './billing-status.ts';
import { planLimits, planNames } from './plan-limits.ts';

/**
 * Refuses a new marketplace connection beyond the plan's (pages.md section 5), and any while the
 * account is read-only. The account's row stays locked until the transaction ends, so two
 * connections made at once are counted one after the other. Nothing already connected is touched.
 */
export async function requireConnectionRoom(db: Db, accountId: string, now: Date): Promise<void> {
  const billing = await lockBilling(db, accountId);
  if (!billing) throw new AppError(404, 'No such account.');
  const { status, readOnly } = billingStatusOf(billing, now);
  if (readOnly)
    throw new AppError(
      403,
      `${status === 'trial_ended' ? 'Your free trial has ended' : 'Your plan has ended'}: choose a plan on the Billing page to connect channels. All your data is kept.`,
    );
  const limit = planLimits[billing.plan].connections;
  if (limit === null) return;
  const { connections } = await billingUsage(db, accountId);
  if (connections >= limit)
    throw new AppError(
      403,
      `Your ${planNames[billing.plan]} includes ${limit} marketplace connections. Upgrade your plan on the Billing page to connect another; nothing was changed.`,
    );
}
