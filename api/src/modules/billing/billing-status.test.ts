import { describe, expect, it } from 'vitest';
import { billingStatusOf } from './billing-status.ts';

const now = new Date('2026-11-29T12:00:00Z');
const later = new Date('2026-12-02T12:00:00Z');
const earlier = new Date('2026-11-28T12:00:00Z');

describe('billingStatusOf', () => {
  it('keeps an unpaid account in its trial until the trial ends, then read-only', () => {
    expect(billingStatusOf({ plan: 'trial', trialEndsAt: later, subscriptionStatus: null }, now)).toEqual({
      status: 'trialing',
      readOnly: false,
    });
    expect(billingStatusOf({ plan: 'trial', trialEndsAt: earlier, subscriptionStatus: null }, now)).toEqual({
      status: 'trial_ended',
      readOnly: true,
    });
    // A first payment still under way changes nothing until it succeeds.
    expect(
      billingStatusOf({ plan: 'trial', trialEndsAt: earlier, subscriptionStatus: 'incomplete' }, now).readOnly,
    ).toBe(true);
  });

  it('follows the subscription once there is one: past due still works, ended is read-only', () => {
    expect(billingStatusOf({ plan: 'trial', trialEndsAt: earlier, subscriptionStatus: 'active' }, now)).toEqual({
      status: 'active',
      readOnly: false,
    });
    expect(billingStatusOf({ plan: 'trial', trialEndsAt: earlier, subscriptionStatus: 'past_due' }, now)).toEqual({
      status: 'past_due',
      readOnly: false,
    });
    for (const ended of ['canceled', 'unpaid', 'incomplete_expired'] as const)
      expect(billingStatusOf({ plan: 'trial', trialEndsAt: later, subscriptionStatus: ended }, now)).toEqual({
        status: 'canceled',
        readOnly: true,
      });
  });

  it('a paid plan given by staff without a subscription here (an Enterprise contract) is active, never read-only', () => {
    expect(billingStatusOf({ plan: 'enterprise', trialEndsAt: null, subscriptionStatus: null }, now)).toEqual({
      status: 'active',
      readOnly: false,
    });
    expect(billingStatusOf({ plan: 'growth', trialEndsAt: null, subscriptionStatus: 'canceled' }, now).readOnly).toBe(
      true,
    );
  });
});
