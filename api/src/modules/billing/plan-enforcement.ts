import type { Db } from '../../db/client.ts';
import { AppError } from '../../context.ts';
import { billingUsage, findBilling, lockBilling, type BillingRecord } from '../../db/queries/billing.ts';
import { billingStatusOf, type BillingStatus } from './billing-status.ts';
import { planLimits, planNames } from './plan-limits.ts';

/** Why a new connection is refused, as a code: the consent pages show their own words for it, never the address's. */
export type ConnectionRefusal = 'plan_limit' | 'trial_ended' | 'plan_ended';

/** A refused connection: its message for the API's answers, its reason for the consent flows' redirects. */
export class ConnectionRefused extends AppError {
  constructor(
    message: string,
    readonly reason: ConnectionRefusal,
  ) {
    super(403, message);
  }
}

/**
 * Refuses a new marketplace connection beyond the plan's (pages.md section 5), and any while the
 * account is read-only. The account's row stays locked until the transaction ends, so two
 * connections made at once are counted one after the other. Nothing already connected is touched.
 * `lock: false` only looks (before a consent page opens: its answer is checked again, locked, on return).
 */
export async function requireConnectionRoom(
  db: Db,
  accountId: string,
  now: Date,
  { lock = true }: { lock?: boolean } = {},
): Promise<void> {
  const billing = lock ? await lockBilling(db, accountId) : await findBilling(db, accountId);
  if (!billing) throw new AppError(404, 'No such account.');
  const { status, readOnly } = billingStatusOf(billing, now);
  if (readOnly)
    throw new ConnectionRefused(
      `${endedText(status)}: choose a plan on the Billing page to connect channels. All your data is kept.`,
      status === 'trial_ended' ? 'trial_ended' : 'plan_ended',
    );
  const limit = planLimits[billing.plan].connections;
  if (limit === null) return;
  const { connections } = await billingUsage(db, accountId);
  if (connections >= limit)
    throw new ConnectionRefused(
      `Your ${planNames[billing.plan]} includes ${limit} marketplace connections. Upgrade your plan on the Billing page to connect another; nothing was changed.`,
      'plan_limit',
    );
}

const endedText = (status: BillingStatus) =>
  status === 'trial_ended' ? 'Your free trial has ended' : 'Your plan has ended';

/** The reason a read-only account's request to change marketplace data is refused (the UI links it to Billing). */
export function readOnlyMessage(status: BillingStatus): string {
  return `${endedText(status)}: nothing is sent to your marketplaces until you choose a plan on the Billing page. All your data is kept.`;
}

/**
 * Whether a job of this account writes nothing to its marketplaces now (its trial or plan ended unpaid:
 * billing-status.ts). Pushes and publishes end at once; what they would have sent stays waiting, and the
 * minute's tick asks for it again once the account is paid for.
 */
export function writesPaused(
  account: Pick<BillingRecord, 'plan' | 'trialEndsAt' | 'subscriptionStatus'>,
  now: Date,
): boolean {
  return billingStatusOf(account, now).readOnly;
}

/**
 * Refuses a request that would change the account's marketplace data (Sync now, a bulk edit or its undo, a
 * CSV import, a rule's run or undo, a publish, a drift overwritten, a retry) while the account is read-only: 403 with
 * the way back. Nothing stored is touched.
 */
export async function requireWritable(db: Db, accountId: string, now: Date): Promise<void> {
  const billing = await findBilling(db, accountId);
  if (!billing) throw new AppError(404, 'No such account.');
  const { status, readOnly } = billingStatusOf(billing, now);
  if (readOnly) throw new AppError(403, readOnlyMessage(status));
}
