import {
  endedSubscriptionStatuses,
  workingSubscriptionStatuses,
  type BillingRecord,
} from '../../db/queries/billing.ts';

/**
 * Where an account stands, from its trial and its subscription as Stripe last told us:
 * - `trialing`: in its 7 days, no card;
 * - `trial_ended`: the trial is over and nothing was paid;
 * - `active`: paid (a cancellation may be set for the period's end: it stays active until then);
 * - `past_due`: a renewal failed; Stripe tries again, the account keeps working meanwhile;
 * - `canceled`: the subscription ended (cancelled, or unpaid after Stripe's retries).
 * Trial over and subscription ended make the account read-only: sync paused, data kept, nothing deleted.
 */
export const billingStatusValues = ['trialing', 'trial_ended', 'active', 'past_due', 'canceled'] as const;
export type BillingStatus = (typeof billingStatusValues)[number];

export function billingStatusOf(
  record: Pick<BillingRecord, 'plan' | 'trialEndsAt' | 'subscriptionStatus'>,
  now: Date,
): { status: BillingStatus; readOnly: boolean } {
  // The rule is db/queries/billing.ts's (its lists, and `readOnlyAt` for the SQL), kept to one by its tests.
  const subscription = record.subscriptionStatus;
  if (subscription !== null && isOneOf(endedSubscriptionStatuses, subscription))
    return { status: 'canceled', readOnly: true };
  if (subscription !== null && isOneOf(workingSubscriptionStatuses, subscription))
    return { status: subscription === 'past_due' ? 'past_due' : 'active', readOnly: false };
  // A paid plan given without a subscription here (by staff: an Enterprise contract invoiced apart) is active.
  if (record.plan !== 'trial') return { status: 'active', readOnly: false };
  // No subscription yet (or its first payment still under way): the trial decides.
  const inTrial = record.trialEndsAt !== null && now.getTime() < record.trialEndsAt.getTime();
  return inTrial ? { status: 'trialing', readOnly: false } : { status: 'trial_ended', readOnly: true };
}

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}
