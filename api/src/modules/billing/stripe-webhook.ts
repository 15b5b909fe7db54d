import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import type { Database, Db } from '../../db/client.ts';
import {
  accountExists,
  accountOfStripeCustomer,
  lockBilling,
  recordStripeEvent,
  setSubscription,
  type BillingRecord,
  type SubscriptionFields,
} from '../../db/queries/billing.ts';
import { subscriptionStatusValues, type SubscriptionStatus } from '../../db/schema/index.ts';
import { recordAudit, systemContext, type AuditContext } from '../audit/audit-log.ts';
import { planOfPrice } from './plan-prices.ts';
import { stripeClient, type StripeSettings } from './stripe-client.ts';

export type WebhookVerdict = { status: 200; duplicate: boolean } | { status: 400 | 404; message: string };

/** The events that move an account's subscription; any other is recorded and left alone. */
const subscriptionEvents = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

/** The subscription an event is about, and the account it names where it names one. */
function subjectOf(event: Stripe.Event): { subscriptionId: string | undefined; accountId: string | undefined } {
  const object = event.data.object as unknown as Record<string, unknown>;
  const idOf = (value: unknown) =>
    typeof value === 'string' ? value : (value as { id?: string } | null | undefined)?.id;
  if (event.type === 'checkout.session.completed') {
    const session = event.data.object;
    return { subscriptionId: idOf(session.subscription), accountId: session.client_reference_id ?? undefined };
  }
  if (event.type.startsWith('customer.subscription.'))
    return { subscriptionId: object.id as string, accountId: undefined };
  if (event.type.startsWith('invoice.')) {
    const invoice = event.data.object as Stripe.Invoice;
    // Where the endpoint's API version has it: under parent (2025 on), or on the invoice itself (before).
    const subscription = invoice.parent?.subscription_details?.subscription ?? object.subscription;
    return { subscriptionId: idOf(subscription), accountId: undefined };
  }
  return { subscriptionId: undefined, accountId: undefined };
}

/** The account a subscription belongs to: the id we gave it at checkout, else its customer's account. */
async function accountOf(
  db: Database,
  subscription: Stripe.Subscription,
  named: string | undefined,
): Promise<string | undefined> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  for (const candidate of [subscription.metadata?.accountId, named])
    if (candidate && uuid.test(candidate) && (await accountExists(db, candidate))) return candidate;
  const customer = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
  return accountOfStripeCustomer(db, customer);
}

/** The account's fields as this subscription, now, sets them (its plan kept where its price is not ours). */
function fieldsOf(
  settings: StripeSettings,
  subscription: Stripe.Subscription,
  before: BillingRecord,
): SubscriptionFields {
  const item = subscription.items.data[0];
  // The plan is the price's once paid for (or being paid: a renewal Stripe retries); a checkout whose first
  // payment is still under way, or never came, gives nothing.
  const paid = ['active', 'trialing', 'past_due'].includes(subscription.status);
  const plan = item && paid ? planOfPrice(settings, item.price) : undefined;
  return {
    plan: plan ?? before.plan,
    stripeCustomerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    stripeSubscriptionId: subscription.id,
    subscriptionStatus: (subscriptionStatusValues as readonly string[]).includes(subscription.status)
      ? (subscription.status as SubscriptionStatus)
      : before.subscriptionStatus,
    currentPeriodEnd: item ? new Date(item.current_period_end * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

/**
 * Whether this subscription speaks for the account: its own, or a live one replacing none or an
 * ended one. An old subscription's late event never undoes a newer subscription.
 */
function speaksFor(before: BillingRecord, subscription: Stripe.Subscription): boolean {
  if (!before.stripeSubscriptionId || before.stripeSubscriptionId === subscription.id) return true;
  const ended = ['canceled', 'incomplete_expired'];
  return (
    !ended.includes(subscription.status) &&
    (before.subscriptionStatus === null || ended.includes(before.subscriptionStatus))
  );
}

/**
 * Sets the account (its row locked: `before`) to the subscription as Stripe holds it, when that
 * subscription speaks for it; a change of plan or status goes in the audit log with before and after.
 */
export async function applySubscription(
  db: Db,
  settings: StripeSettings,
  accountId: string,
  before: BillingRecord,
  subscription: Stripe.Subscription,
  audit: AuditContext,
  metadata: Record<string, string>,
): Promise<void> {
  if (!speaksFor(before, subscription)) return;
  const after = fieldsOf(settings, subscription, before);
  await setSubscription(db, accountId, after);
  if (before.plan !== after.plan || before.subscriptionStatus !== after.subscriptionStatus)
    await recordAudit(db, audit, {
      action: 'billing.plan_changed',
      accountId,
      targetType: 'account',
      targetId: accountId,
      before: { plan: before.plan, subscriptionStatus: before.subscriptionStatus },
      after: { plan: after.plan, subscriptionStatus: after.subscriptionStatus },
      metadata: { ...metadata, subscriptionId: subscription.id },
    });
}

/**
 * A Stripe event, verified by its `Stripe-Signature` (the SDK's constructEvent, with its timestamp
 * tolerance), recorded once by id and applied. Applying reads the subscription as Stripe holds it
 * now, so events applied twice or in any order leave the account as Stripe's latest state says.
 */
export async function receiveStripeWebhook(
  ctx: AppContext,
  raw: Buffer,
  signature: string | undefined,
): Promise<WebhookVerdict> {
  const settings = ctx.stripe;
  if (!settings) return { status: 404, message: 'Billing is not set up on this installation.' };
  const stripe = stripeClient(settings);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(raw, signature ?? '', settings.webhookSecret);
  } catch {
    return { status: 400, message: 'The Stripe-Signature header does not match this event.' };
  }
  const { subscriptionId, accountId: named } = subscriptionEvents.has(event.type)
    ? subjectOf(event)
    : { subscriptionId: undefined, accountId: undefined };
  const subscription = subscriptionId ? await stripe.subscriptions.retrieve(subscriptionId) : undefined;
  const accountId = subscription ? await accountOf(ctx.db, subscription, named) : undefined;

  return ctx.db.transaction(async (tx) => {
    const before = accountId ? await lockBilling(tx, accountId) : undefined;
    const recorded = await recordStripeEvent(tx, {
      id: event.id,
      type: event.type,
      accountId: before ? accountId! : null,
    });
    if (!recorded) return { status: 200, duplicate: true };
    // Read again under the account's lock: two events (or an event and a plan change) applied at once would
    // otherwise leave whichever read Stripe first, the older state, last.
    const latest = before && subscription ? await stripe.subscriptions.retrieve(subscription.id) : undefined;
    if (before && latest)
      await applySubscription(tx, settings, accountId!, before, latest, systemContext, {
        stripeEventId: event.id,
        stripeEventType: event.type,
      });
    return { status: 200, duplicate: false };
  });
}
