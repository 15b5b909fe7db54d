// What the trial bar and the Billing page say, in one place (the trial: product-spec section 9, 7 days,
// no card; the bar counts days, then hours on the last day; pages.md section 5).

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * "7 days left" at registration (days rounded up), then on the last day "5 hours left", and in its
 * last hour "less than an hour left".
 */
export function trialTimeLeft(trialEndsAt: string, now: number): string {
  const left = Date.parse(trialEndsAt) - now;
  if (left >= DAY) {
    const days = Math.ceil(left / DAY);
    return `${days} ${days === 1 ? 'day' : 'days'} left`;
  }
  if (left >= HOUR) {
    const hours = Math.floor(left / HOUR);
    return `${hours} ${hours === 1 ? 'hour' : 'hours'} left`;
  }
  return left > 0 ? 'less than an hour left' : 'ended';
}

export const billingTexts = {
  choosePlan: 'Choose a plan',
  manageBilling: 'Manage billing',
  updatePaymentMethod: 'Update payment method',
  trialEnded: 'Your free trial has ended. Sync is paused and all your data is kept: choose a plan to resume.',
  planEnded: 'Your plan has ended. Sync is paused and all your data is kept: choose a plan to resume.',
  pastDue: 'Your last payment failed. Update your payment method to keep your plan.',
  ownerOnly: "Only the account's owner manages billing.",
  /** The same messages in a few words, for the top bar on a phone. */
  trialEndedShort: 'Trial ended: sync paused',
  planEndedShort: 'Plan ended: sync paused',
  pastDueShort: 'Payment failed',
} as const;

/** "$49.00", "$1,204.50": amounts in cents of a currency. */
export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** "December 17, 2026". */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
