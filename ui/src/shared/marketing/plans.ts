// The subscription plans (spec section 9), declared once so the landing page and billing
// show the same names, prices and limits. Prices are whole US dollars per month.

export const planIds = ['starter', 'growth', 'business', 'enterprise'] as const;
export type PlanId = (typeof planIds)[number];

export const plans = [
  {
    id: 'starter',
    name: 'Starter',
    price: 25,
    period: '/month',
    description: 'For sellers adding a second marketplace.',
    features: ['Up to 500 SKUs', '2 marketplace connections', 'Hourly sync'],
    popular: false,
  },
  {
    id: 'growth',
    name: 'Growth',
    price: 49,
    period: '/month',
    description: 'For growing brands that cannot afford an oversell.',
    features: ['Up to 2,000 SKUs', '3 marketplace connections', 'Real-time sync'],
    popular: true,
  },
  {
    id: 'business',
    name: 'Business',
    price: 99,
    period: '/month',
    description: 'For teams selling on every marketplace.',
    features: ['Up to 10,000 SKUs', 'All marketplaces', 'API access', 'Team management'],
    popular: false,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 199,
    period: '/month',
    description: 'For high-volume sellers with their own systems.',
    features: ['Unlimited SKUs', 'Custom integrations'],
    popular: false,
  },
] as const satisfies readonly {
  id: PlanId;
  name: string;
  price: number;
  period: '/month';
  description: string;
  features: readonly string[];
  popular: boolean;
}[];

export type Plan = (typeof plans)[number];

/** "$49": the price as shown on plan cards. */
export function formatPlanPrice(plan: Pick<Plan, 'price'>): string {
  return `$${plan.price}`;
}

/** Every plan starts with this trial (spec section 9). */
export const freeTrial = { days: 7, creditCardRequired: false } as const;

/** "7-day free trial. No credit card required." */
export const freeTrialNote = `${freeTrial.days}-day free trial. No credit card required.`;
