import Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import {
  accountRoleOf,
  billingUsage,
  findBilling,
  setStripeCustomer,
  type BillingRecord,
} from '../../db/queries/billing.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';
import { planLimits, skuLimitOfPlan } from './plan-limits.ts';
import { billingStatusOf } from './billing-status.ts';
import { paidPlans, planPrices, priceIdOf, type PaidPlan } from './plan-prices.ts';
import { requireStripe, stripeClient } from './stripe-client.ts';

/** The user acting: who they are and in which account. */
export interface BillingActor {
  userId: string;
  accountId: string;
  email: string;
  accountName?: string;
}

export const OWNER_ONLY = "Only the account's owner manages billing.";

/** A call to Stripe; its failure (down, refused, misconfigured) becomes a 502 the seller can read, never a 500. */
export async function withStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError)
      throw new AppError(502, 'The payment provider did not answer as expected. Please try again in a moment.');
    throw error;
  }
}

export async function requireOwner(ctx: AppContext, actor: BillingActor): Promise<void> {
  if ((await accountRoleOf(ctx.db, actor.accountId, actor.userId)) !== 'owner') throw new AppError(403, OWNER_ONLY);
}

export async function billingOf(ctx: AppContext, accountId: string): Promise<BillingRecord> {
  const billing = await findBilling(ctx.db, accountId);
  if (!billing) throw new AppError(404, 'No such account.');
  return billing;
}

/** The account's plan, trial, subscription, usage against its limits, and whether this user may manage it. */
export async function billingOverview(ctx: AppContext, actor: BillingActor) {
  const [billing, usage, role] = await Promise.all([
    billingOf(ctx, actor.accountId),
    billingUsage(ctx.db, actor.accountId),
    accountRoleOf(ctx.db, actor.accountId, actor.userId),
  ]);
  const { status, readOnly } = billingStatusOf(billing, ctx.clock());
  const limits = planLimits[billing.plan];
  return {
    plan: billing.plan,
    status,
    readOnly,
    trialEndsAt: billing.trialEndsAt?.toISOString() ?? null,
    currentPeriodEnd: billing.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: billing.cancelAtPeriodEnd,
    canManage: role === 'owner',
    hasCustomer: billing.stripeCustomerId !== null,
    usage,
    limits: {
      skus: await skuLimitOfPlan(ctx.db, billing.plan),
      connections: limits.connections,
      realTimeSync: limits.realTime,
    },
    plans: paidPlans.map((plan) => ({
      plan,
      name: planPrices[plan].name,
      monthlyCents: planPrices[plan].monthlyCents,
      skus: planLimits[plan].skus,
      connections: planLimits[plan].connections,
      realTimeSync: planLimits[plan].realTime,
    })),
  };
}

/** The account's Stripe customer, made at its first checkout. */
async function customerOf(ctx: AppContext, actor: BillingActor, billing: BillingRecord): Promise<string> {
  if (billing.stripeCustomerId) return billing.stripeCustomerId;
  const stripe = stripeClient(requireStripe(ctx.stripe));
  const customer = await withStripe(() =>
    stripe.customers.create({
      email: actor.email,
      ...(actor.accountName ? { name: actor.accountName } : {}),
      metadata: { accountId: actor.accountId },
    }),
  );
  // Two checkouts started at once: the first customer noted is the account's.
  return setStripeCustomer(ctx.db, actor.accountId, customer.id);
}

/**
 * A Stripe Checkout session (subscription mode) for a plan: the hosted page takes the card. Owner
 * only; an account already subscribed changes plan in the billing portal instead.
 */
export async function startCheckout(
  ctx: AppContext,
  actor: BillingActor,
  plan: PaidPlan,
  audit: AuditContext,
): Promise<{ url: string }> {
  const settings = requireStripe(ctx.stripe);
  await requireOwner(ctx, actor);
  const billing = await billingOf(ctx, actor.accountId);
  const { status } = billingStatusOf(billing, ctx.clock());
  if (status === 'active' || status === 'past_due')
    throw new AppError(
      409,
      'Your account already has a subscription: change plan or payment method in Manage billing.',
    );
  const stripe = stripeClient(settings);
  const [customer, price] = await Promise.all([
    customerOf(ctx, actor, billing),
    withStripe(() => priceIdOf(settings, plan)),
  ]);
  const session = await withStripe(() =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: actor.accountId,
      line_items: [{ price, quantity: 1 }],
      subscription_data: { metadata: { accountId: actor.accountId, plan } },
      metadata: { accountId: actor.accountId, plan },
      success_url: `${ctx.config.appUrl}/billing?checkout=success`,
      cancel_url: `${ctx.config.appUrl}/billing?checkout=cancelled`,
    }),
  );
  if (!session.url) throw new AppError(502, 'Stripe did not answer a checkout page.');
  await recordAudit(ctx.db, audit, {
    action: 'billing.checkout_started',
    accountId: actor.accountId,
    targetType: 'account',
    targetId: actor.accountId,
    metadata: { plan, checkoutSessionId: session.id },
  });
  return { url: session.url };
}

/** Stripe's customer portal (change plan, cancel, update the card), for an account that has paid before. Owner only. */
export async function openBillingPortal(ctx: AppContext, actor: BillingActor): Promise<{ url: string }> {
  const settings = requireStripe(ctx.stripe);
  await requireOwner(ctx, actor);
  const billing = await billingOf(ctx, actor.accountId);
  if (!billing.stripeCustomerId) throw new AppError(409, 'Choose a plan first: there is no billing to manage yet.');
  const customer = billing.stripeCustomerId;
  // Every plan's price exists before the portal offers plans to change to (made once, then cached).
  await withStripe(() => Promise.all(paidPlans.map((plan) => priceIdOf(settings, plan))));
  const session = await withStripe(() =>
    stripeClient(settings).billingPortal.sessions.create({ customer, return_url: `${ctx.config.appUrl}/billing` }),
  );
  return { url: session.url };
}

/** The account's invoices as Stripe holds them, newest first: date, amount, status and PDF. */
export async function listInvoices(ctx: AppContext, accountId: string) {
  const billing = await billingOf(ctx, accountId);
  if (!billing.stripeCustomerId || !ctx.stripe) return { invoices: [] };
  const stripe = stripeClient(ctx.stripe);
  const customer = billing.stripeCustomerId;
  const invoices = await withStripe(() => stripe.invoices.list({ customer, limit: 100 }));
  return {
    invoices: invoices.data.map((invoice) => ({
      id: invoice.id!,
      number: invoice.number ?? null,
      createdAt: new Date(invoice.created * 1000).toISOString(),
      amountCents: invoice.total,
      currency: invoice.currency,
      status: invoice.status ?? 'draft',
      pdfUrl: invoice.invoice_pdf ?? null,
    })),
  };
}
