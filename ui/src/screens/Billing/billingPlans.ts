import type { BadgeTone } from '../../index';
import type { BillingOverview } from '../../api';
import { formatDay } from '../../shared/billing/billingTexts';

const planNames: Record<BillingOverview['plan'], string> = {
  trial: 'Free trial',
  starter: 'Starter',
  growth: 'Growth',
  business: 'Business',
  enterprise: 'Enterprise',
};

export const planName = (plan: BillingOverview['plan']) => planNames[plan];

/** The plan's state in a word or two, and its colour. */
export function statusBadge(billing: BillingOverview): { label: string; tone: BadgeTone } {
  switch (billing.status) {
    case 'trialing':
      return { label: 'Trial', tone: 'brand' };
    case 'trial_ended':
      return { label: 'Trial ended', tone: 'critical' };
    case 'past_due':
      return { label: 'Past due', tone: 'critical' };
    case 'canceled':
      return { label: 'Ended', tone: 'critical' };
    case 'active':
      return billing.cancelAtPeriodEnd && billing.currentPeriodEnd
        ? { label: `Ends ${formatDay(billing.currentPeriodEnd)}`, tone: 'caution' }
        : { label: 'Active', tone: 'positive' };
  }
}
