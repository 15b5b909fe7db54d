import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import { lockBilling } from '../../db/queries/billing.ts';
import type { AuditContext } from '../audit/audit-log.ts';
import { billingOverview, billingOf, requireOwner, withStripe, type BillingActor } from './billing.ts';
import { billingStatusOf } from './billing-status.ts';
import { planPrices, priceIdOf, type PaidPlan } from './plan-prices.ts';
import { requireStripe, stripeClient } from './stripe-client.ts';
import { applySubscription } from './stripe-webhook.ts';

/** The account's live subscription and its item, for a plan change by its owner. */
async function changeable(ctx: AppContext, actor: BillingActor, plan: PaidPlan) {
  const settings = requireStripe(ctx.stripe);
  await requireOwner(ctx, actor);
  const billing = await billingOf(ctx, actor.accountId);
  const { status } = billingStatusOf(billing, ctx.clock());
  if ((status !== 'active' && status !== 'past_due') || !billing.stripeSubscriptionId)
    throw new AppError(409, 'Choose a plan first: there is no subscription to change.');
  if (billing.plan === plan) throw new AppError(409, `You are on the ${planPrices[plan].name} plan already.`);
  const stripe = stripeClient(settings);
  const subscriptionId = billing.stripeSubscriptionId;
  const [subscription, price] = await Promise.all([
    withStripe(() => stripe.subscriptions.retrieve(subscriptionId)),
    withStripe(() => priceIdOf(settings, plan)),
  ]);
  const item = subscription.items.data[0];
  if (!item) throw new AppError(409, 'The subscription has no plan to change.');
  return { settings, stripe, subscription, item, price };
}

/**
 * What changing plan now costs: Stripe's preview of the invoice the change makes (the unused time
 * of the current plan credited, the rest of the period at the new price), nothing changed yet.
 */
export async function previewPlanChange(ctx: AppContext, actor: BillingActor, plan: PaidPlan) {
  const { stripe, subscription, item, price } = await changeable(ctx, actor, plan);
  const preview: Stripe.Invoice = await withStripe(() =>
    stripe.invoices.createPreview({
      customer: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
      subscription: subscription.id,
      subscription_details: { items: [{ id: item.id, price }], proration_behavior: 'always_invoice' },
    }),
  );
  return {
    plan,
    amountDueCents: preview.amount_due,
    currency: preview.currency,
    lines: preview.lines.data.map((line) => ({ description: line.description ?? '', amountCents: line.amount })),
  };
}

/**
 * Changes the plan now, the prorated difference invoiced at once, and applies the subscription
 * Stripe answers at once (its webhook, arriving after, then changes nothing).
 */
export async function changePlan(ctx: AppContext, actor: BillingActor, plan: PaidPlan, audit: AuditContext) {
  const { settings, stripe, subscription, item, price } = await changeable(ctx, actor, plan);
  const updated = await withStripe(() =>
    stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price }],
      proration_behavior: 'always_invoice',
    }),
  );
  await ctx.db.transaction(async (tx) => {
    const before = await lockBilling(tx, actor.accountId);
    // Read again under the account's lock: a webhook applied meanwhile may hold a newer state than the update's answer.
    const latest = await withStripe(() => stripe.subscriptions.retrieve(updated.id));
    if (before)
      await applySubscription(tx, settings, actor.accountId, before, latest, audit, { source: 'plan change' });
  });
  return billingOverview(ctx, actor);
}
