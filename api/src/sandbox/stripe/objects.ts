import { stripeFixtures } from './stripe-fixtures.ts';
import type {
  CheckoutSessionRecord,
  CustomerRecord,
  EventRecord,
  InvoiceLineRecord,
  InvoiceRecord,
  PortalSessionRecord,
  PriceRecord,
  ProductRecord,
  StripeAccount,
  SubscriptionRecord,
  WebhookEndpointRecord,
} from './state.ts';

/**
 * The sandbox's records in Stripe's own shapes: each starts from Stripe's example object of its
 * resource (fixtures3.json), so every field the current API has is present, then carries our values.
 */
export type StripeObject = Record<string, unknown>;

const template = (name: string): StripeObject => structuredClone(stripeFixtures[name]!);

export interface RenderContext {
  account: StripeAccount;
  /** The sandbox's public address, for hosted pages and PDFs. */
  baseUrl: string;
}

export function renderCustomer(c: CustomerRecord): StripeObject {
  return {
    ...template('customer'),
    id: c.id,
    created: c.created,
    email: c.email,
    name: c.name,
    metadata: c.metadata,
    currency: null,
    discount: null,
    invoice_prefix: c.id.slice(4, 12).toUpperCase(),
  };
}

export function renderProduct(p: ProductRecord, account: StripeAccount): StripeObject {
  const defaultPrice = Object.values(account.prices).find((price) => price.product === p.id && price.active);
  return {
    ...template('product'),
    id: p.id,
    created: p.created,
    updated: p.created,
    name: p.name,
    active: p.active,
    description: p.description,
    metadata: p.metadata,
    default_price: defaultPrice?.id ?? null,
    package_dimensions: null,
    type: 'service',
  };
}

export function renderPrice(p: PriceRecord): StripeObject {
  return {
    ...template('price'),
    id: p.id,
    created: p.created,
    product: p.product,
    currency: p.currency,
    unit_amount: p.unitAmount,
    unit_amount_decimal: String(p.unitAmount),
    lookup_key: p.lookupKey,
    nickname: p.nickname,
    active: p.active,
    metadata: p.metadata,
    custom_unit_amount: null,
    transform_quantity: null,
    type: p.interval ? 'recurring' : 'one_time',
    recurring: p.interval
      ? {
          interval: p.interval,
          interval_count: p.intervalCount,
          meter: null,
          usage_type: 'licensed',
          trial_period_days: null,
        }
      : null,
  };
}

export function renderCheckoutSession(s: CheckoutSessionRecord, ctx: RenderContext): StripeObject {
  const amount = s.lineItems.reduce((sum, l) => sum + (ctx.account.prices[l.price]?.unitAmount ?? 0) * l.quantity, 0);
  const currency = ctx.account.prices[s.lineItems[0]?.price ?? '']?.currency ?? 'usd';
  return {
    ...template('checkout.session'),
    id: s.id,
    created: s.created,
    expires_at: s.expiresAt,
    mode: s.mode,
    status: s.status,
    payment_status: s.status === 'complete' ? 'paid' : 'unpaid',
    customer: s.customer,
    customer_email: s.customerEmail,
    customer_details:
      s.status === 'complete'
        ? { ...(template('checkout.session').customer_details as object), email: s.customerEmail }
        : null,
    client_reference_id: s.clientReferenceId,
    success_url: s.successUrl,
    cancel_url: s.cancelUrl,
    metadata: s.metadata,
    subscription: s.subscription,
    invoice: s.invoice,
    payment_intent: null,
    amount_subtotal: amount,
    amount_total: amount,
    currency,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    shipping_address_collection: null,
    shipping_cost: null,
    currency_conversion: null,
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    collected_information: null,
    after_expiration: null,
    url: s.status === 'open' ? `${ctx.baseUrl}/checkout/${s.id}` : null,
  };
}

function renderItem(
  item: SubscriptionRecord['items'][number],
  s: SubscriptionRecord,
  ctx: RenderContext,
): StripeObject {
  const price = ctx.account.prices[item.price];
  return {
    ...template('subscription_item'),
    id: item.id,
    created: item.created,
    subscription: s.id,
    quantity: item.quantity,
    price: price ? renderPrice(price) : null,
    plan: null,
    current_period_start: s.currentPeriodStart,
    current_period_end: s.currentPeriodEnd,
    billing_thresholds: null,
  };
}

export function renderSubscription(s: SubscriptionRecord, ctx: RenderContext): StripeObject {
  const first = ctx.account.prices[s.items[0]?.price ?? ''];
  return {
    ...template('subscription'),
    id: s.id,
    created: s.created,
    customer: s.customer,
    status: s.status,
    currency: first?.currency ?? 'usd',
    billing_cycle_anchor: s.created,
    billing_cycle_anchor_config: null,
    cancel_at: s.cancelAtPeriodEnd ? s.currentPeriodEnd : null,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    canceled_at: s.canceledAt,
    ended_at: s.endedAt,
    // Where API 2024-04-10 has them; the current API reads them from each item.
    current_period_start: s.currentPeriodStart,
    current_period_end: s.currentPeriodEnd,
    start_date: s.created,
    items: {
      object: 'list',
      data: s.items.map((item) => renderItem(item, s, ctx)),
      has_more: false,
      url: `/v1/subscription_items?subscription=${s.id}`,
    },
    latest_invoice: s.latestInvoice,
    metadata: s.metadata,
    default_payment_method: null,
    next_pending_invoice_item_invoice: null,
    pause_collection: null,
    pending_invoice_item_interval: null,
    pending_update: null,
    schedule: null,
    trial_start: null,
    trial_end: null,
  };
}

function renderLine(line: InvoiceLineRecord, invoice: InvoiceRecord): StripeObject {
  const base = template('invoice').lines as { data: StripeObject[] };
  return {
    ...base.data[0],
    id: line.id,
    invoice: invoice.id,
    amount: line.amount,
    subtotal: line.amount,
    currency: invoice.currency,
    description: line.description,
    quantity: line.quantity,
    period: { start: line.periodStart, end: line.periodEnd },
    subscription: invoice.subscription,
    discountable: !line.proration,
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: line.proration,
        proration_details: { credited_items: null },
        subscription: invoice.subscription,
        subscription_item: line.subscriptionItem,
      },
    },
    pricing: { type: 'price_details', price_details: { price: line.price, product: null }, unit_amount_decimal: null },
  };
}

export const invoiceTotal = (invoice: InvoiceRecord) => invoice.lines.reduce((sum, l) => sum + l.amount, 0);

export function renderInvoice(invoice: InvoiceRecord, ctx: RenderContext): StripeObject {
  const total = invoiceTotal(invoice);
  const due = Math.max(0, total);
  const customer = ctx.account.customers[invoice.customer];
  return {
    ...template('invoice'),
    id: invoice.id,
    number: invoice.number,
    created: invoice.created,
    customer: invoice.customer,
    customer_email: customer?.email ?? null,
    customer_name: customer?.name ?? null,
    status: invoice.status,
    billing_reason: invoice.billingReason,
    currency: invoice.currency,
    subtotal: total,
    total,
    amount_due: due,
    amount_paid: invoice.amountPaid,
    amount_remaining: invoice.status === 'paid' ? 0 : due - invoice.amountPaid,
    attempt_count: invoice.attemptCount,
    attempted: invoice.attemptCount > 0,
    auto_advance: invoice.status === 'open',
    due_date: null,
    effective_at: invoice.created,
    from_invoice: null,
    last_finalization_error: null,
    next_payment_attempt: invoice.status === 'open' ? invoice.created + 3 * 86400 : null,
    period_start: invoice.periodStart,
    period_end: invoice.periodEnd,
    shipping_cost: null,
    hosted_invoice_url: `${ctx.baseUrl}/invoices/${invoice.id}`,
    invoice_pdf: `${ctx.baseUrl}/invoices/${invoice.id}/pdf`,
    status_transitions: {
      finalized_at: invoice.status === 'draft' ? null : invoice.created,
      marked_uncollectible_at: null,
      paid_at: invoice.paidAt,
      voided_at: null,
    },
    // API 2024-04-10 names the subscription here; the current API under parent.subscription_details.
    subscription: invoice.subscription,
    parent: invoice.subscription
      ? {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { metadata: null, subscription: invoice.subscription },
        }
      : null,
    lines: {
      object: 'list',
      data: invoice.lines.map((line) => renderLine(line, invoice)),
      has_more: false,
      url: `/v1/invoices/${invoice.id}/lines`,
    },
  };
}

export function renderWebhookEndpoint(w: WebhookEndpointRecord, withSecret: boolean): StripeObject {
  const rendered: StripeObject = {
    ...template('webhook_endpoint'),
    id: w.id,
    created: w.created,
    url: w.url,
    enabled_events: w.enabledEvents,
    status: w.status,
    metadata: w.metadata,
  };
  if (withSecret) rendered.secret = w.secret;
  else delete rendered.secret;
  return rendered;
}

export function renderPortalSession(p: PortalSessionRecord, ctx: RenderContext): StripeObject {
  return {
    ...template('billing_portal.session'),
    id: p.id,
    created: p.created,
    customer: p.customer,
    return_url: p.returnUrl,
    flow: null,
    livemode: false,
    configuration: null,
    url: `${ctx.baseUrl}/billing/${p.id}`,
  };
}

export function renderEvent(e: EventRecord, apiVersion: string | null): StripeObject {
  return {
    ...template('event'),
    id: e.id,
    created: e.created,
    type: e.type,
    api_version: apiVersion,
    data: e.previousAttributes ? { object: e.object, previous_attributes: e.previousAttributes } : { object: e.object },
    pending_webhooks: 0,
    request: { id: null, idempotency_key: null },
  };
}

/** A list as Stripe answers one: newest first, `limit` at most, `has_more` past it. */
export function renderList<T extends { created: number; id: string }>(
  url: string,
  records: T[],
  render: (record: T) => StripeObject,
  options: { limit?: number | undefined; startingAfter?: string | undefined } = {},
): StripeObject {
  // Newest first; within one second, the last made first (records are kept in the order they were made).
  const sorted = [...records].reverse().sort((a, b) => b.created - a.created);
  const start = options.startingAfter ? sorted.findIndex((r) => r.id === options.startingAfter) + 1 : 0;
  const limit = options.limit ?? 10;
  const page = sorted.slice(start, start + limit);
  return { object: 'list', url, has_more: start + limit < sorted.length, data: page.map(render) };
}
