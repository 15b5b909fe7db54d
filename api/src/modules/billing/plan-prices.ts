import type Stripe from 'stripe';
import type { Plan } from '../../db/schema/index.ts';
import { stripeClient, type StripeSettings } from './stripe-client.ts';

export const paidPlans = ['starter', 'growth', 'business', 'enterprise'] as const satisfies readonly Plan[];
export type PaidPlan = (typeof paidPlans)[number];

/** The spec's plan table: monthly prices in US cents, and the names on invoices. */
export const planPrices: Record<PaidPlan, { name: string; monthlyCents: number }> = {
  starter: { name: 'Starter', monthlyCents: 2_500 },
  growth: { name: 'Growth', monthlyCents: 4_900 },
  business: { name: 'Business', monthlyCents: 9_900 },
  enterprise: { name: 'Enterprise', monthlyCents: 19_900 },
};

/** The lookup key of a plan's monthly price, by which it is found on an account where no id is configured. */
export const lookupKeyOf = (plan: PaidPlan) => `marketplace_hub_${plan}_monthly`;

/** Price ids found by lookup key, per settings (the catalogue does not change while the process runs). */
const found = new WeakMap<StripeSettings, Map<PaidPlan, Promise<string>>>();

/**
 * The Stripe price a plan is sold at: the configured id (STRIPE_PRICE_GROWTH…), else the price with
 * the plan's lookup key, made with its product the first time (so a new Stripe account or the
 * sandbox needs no setup).
 */
export function priceIdOf(settings: StripeSettings, plan: PaidPlan): Promise<string> {
  const configured = settings.priceIds[plan];
  if (configured) return Promise.resolve(configured);
  let cache = found.get(settings);
  if (!cache) found.set(settings, (cache = new Map()));
  let id = cache.get(plan);
  if (!id) {
    id = findOrCreatePrice(stripeClient(settings), plan);
    id.catch(() => cache.delete(plan));
    cache.set(plan, id);
  }
  return id;
}

async function findOrCreatePrice(stripe: Stripe, plan: PaidPlan): Promise<string> {
  const lookupKey = lookupKeyOf(plan);
  const existing = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  if (existing.data[0]) return existing.data[0].id;
  const price = await stripe.prices.create({
    currency: 'usd',
    unit_amount: planPrices[plan].monthlyCents,
    recurring: { interval: 'month' },
    lookup_key: lookupKey,
    product_data: { name: `Marketplace Hub ${planPrices[plan].name}`, metadata: { plan } },
    metadata: { plan },
  });
  return price.id;
}

/** The plan a subscription's price sells: a configured id, else its lookup key or metadata; undefined for a stranger. */
export function planOfPrice(settings: StripeSettings, price: Stripe.Price): PaidPlan | undefined {
  const configured = paidPlans.find((plan) => settings.priceIds[plan] === price.id);
  if (configured) return configured;
  return (
    paidPlans.find((plan) => price.lookup_key === lookupKeyOf(plan)) ??
    paidPlans.find((plan) => price.metadata?.plan === plan)
  );
}
