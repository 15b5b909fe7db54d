import { delay, type HttpHandler } from 'msw';
import type { components } from '@contract';
import { http } from './http';

type BillingOverview = components['schemas']['BillingOverview'];
type BillingInvoice = components['schemas']['BillingInvoice'];

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** Times relative to the moment of the request, so the trial bar reads the same whenever a story runs. */
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

const plans: BillingOverview['plans'] = [
  { plan: 'starter', name: 'Starter', monthlyCents: 2500, skus: 500, connections: 2, realTimeSync: false },
  { plan: 'growth', name: 'Growth', monthlyCents: 4900, skus: 2000, connections: 3, realTimeSync: true },
  { plan: 'business', name: 'Business', monthlyCents: 9900, skus: 10000, connections: null, realTimeSync: true },
  { plan: 'enterprise', name: 'Enterprise', monthlyCents: 19900, skus: null, connections: null, realTimeSync: true },
];

const trial = (): BillingOverview => ({
  plan: 'trial',
  status: 'trialing',
  readOnly: false,
  trialEndsAt: fromNow(5 * DAY + 20 * HOUR),
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  canManage: true,
  hasCustomer: false,
  usage: { skus: 412, connections: 3 },
  limits: { skus: 1000, connections: null, realTimeSync: true },
  plans,
});

const growth = (): BillingOverview => ({
  ...trial(),
  plan: 'growth',
  status: 'active',
  trialEndsAt: fromNow(-20 * DAY),
  currentPeriodEnd: fromNow(18 * DAY),
  hasCustomer: true,
  limits: { skus: 2000, connections: 3, realTimeSync: true },
});

/** The account's billing in each state a seller meets. */
export const billingFixtures = {
  trial,
  trialLastDay: (): BillingOverview => ({ ...trial(), trialEndsAt: fromNow(5 * HOUR + 10 * 60_000) }),
  trialEnded: (): BillingOverview => ({
    ...trial(),
    status: 'trial_ended',
    readOnly: true,
    trialEndsAt: fromNow(-DAY),
  }),
  member: (): BillingOverview => ({ ...trial(), canManage: false }),
  growth,
  pastDue: (): BillingOverview => ({ ...growth(), status: 'past_due' }),
  cancelling: (): BillingOverview => ({ ...growth(), cancelAtPeriodEnd: true }),
  canceled: (): BillingOverview => ({
    ...growth(),
    status: 'canceled',
    readOnly: true,
    currentPeriodEnd: fromNow(-2 * DAY),
    cancelAtPeriodEnd: true,
  }),
} satisfies Record<string, () => BillingOverview>;

export const billingInvoiceFixtures: BillingInvoice[] = [
  {
    id: 'in_1002',
    number: 'A1B2C3D4-0002',
    createdAt: '2026-11-10T09:00:00.000Z',
    amountCents: 4900,
    currency: 'usd',
    status: 'open',
    pdfUrl: '/sandbox/stripe/invoices/in_1002/pdf',
  },
  {
    id: 'in_1001',
    number: 'A1B2C3D4-0001',
    createdAt: '2026-10-10T09:00:00.000Z',
    amountCents: 4900,
    currency: 'usd',
    status: 'paid',
    pdfUrl: '/sandbox/stripe/invoices/in_1001/pdf',
  },
];

/** Where the mocked Checkout and portal send the browser (a story asserts the address, never follows it). */
export const CHECKOUT_URL = '/sandbox/stripe/checkout/cs_test_story';
export const PORTAL_URL = '/sandbox/stripe/billing/bps_story';

/** Growth to Business on the 12th of 30 days: Growth's unused 18 days credited, Business's charged. */
export const planChangePreviewFixture: components['schemas']['BillingPlanChangePreview'] = {
  plan: 'business',
  amountDueCents: 3000,
  currency: 'usd',
  lines: [
    { description: 'Unused time on Marketplace Hub Growth (per month)', amountCents: -2940 },
    { description: 'Remaining time on Marketplace Hub Business (per month)', amountCents: 5940 },
  ],
};

const scenario = (overview: () => BillingOverview, invoices: BillingInvoice[] = []): HttpHandler[] => [
  http.get('/api/billing', ({ response }) => response(200).json(overview())),
  http.get('/api/billing/invoices', ({ response }) => response(200).json({ invoices })),
  http.post('/api/billing/checkout', ({ response }) => response(201).json({ url: CHECKOUT_URL })),
  http.post('/api/billing/portal', ({ response }) => response(201).json({ url: PORTAL_URL })),
  http.post('/api/billing/plan-change/preview', async ({ request, response }) => {
    const { plan } = await request.json();
    return response(200).json({ ...planChangePreviewFixture, plan });
  }),
  http.post('/api/billing/plan-change', async ({ request, response }) => {
    const { plan } = await request.json();
    const offer = plans.find((p) => p.plan === plan)!;
    return response(200).json({
      ...overview(),
      plan,
      limits: { skus: offer.skus, connections: offer.connections, realTimeSync: offer.realTimeSync },
    });
  }),
];

export const billingHandlers = {
  trial: scenario(billingFixtures.trial),
  trialLastDay: scenario(billingFixtures.trialLastDay),
  trialEnded: scenario(billingFixtures.trialEnded),
  member: [
    ...scenario(billingFixtures.member).slice(0, 2),
    http.post('/api/billing/checkout', ({ response }) =>
      response(403).json({ message: "Only the account's owner manages billing." }),
    ),
  ],
  growth: scenario(billingFixtures.growth, billingInvoiceFixtures.slice(1)),
  pastDue: scenario(billingFixtures.pastDue, billingInvoiceFixtures),
  cancelling: scenario(billingFixtures.cancelling, billingInvoiceFixtures.slice(1)),
  canceled: scenario(billingFixtures.canceled, billingInvoiceFixtures.slice(1)),
  loading: [
    http.get('/api/billing', async ({ response }) => {
      await delay('infinite');
      return response(200).json(trial());
    }),
  ],
  failsToLoad: [
    http.get('/api/billing', ({ response }) =>
      response(503).json({ message: 'The service is briefly unavailable. Try again.' }),
    ),
  ],
} satisfies Record<string, HttpHandler[]>;

export type BillingScenario = keyof typeof billingHandlers;
