import type { Router } from 'express';
import { invalidParam, missingResource, StripeApiError } from './errors.ts';
import { param, type FormObject } from './form.ts';
import {
  renderCheckoutSession,
  renderEvent,
  renderInvoice,
  renderList,
  renderPortalSession,
  renderSubscription,
  renderWebhookEndpoint,
  type RenderContext,
} from './objects.ts';
import { operation, paging, type StripeRequestParts } from './requests.ts';
import {
  nowSeconds,
  randomId,
  type CheckoutSessionRecord,
  type InvoiceRecord,
  type StripeAccount,
  type SubscriptionRecord,
} from './state.ts';
import { refuseWhenFull } from './catalog-api.ts';
import { SANDBOX_API_VERSION } from './events.ts';
import type { SubscriptionBilling } from './subscriptions.ts';
import { namesPrivateHost, PRIVATE_URL_MESSAGE } from './webhook-hosts.ts';

export interface BillingApiParts extends StripeRequestParts {
  billing: SubscriptionBilling;
  render: (account: StripeAccount) => RenderContext;
  /** Notes which account holds an object a hosted page shows. */
  hosted: (objectId: string, account: StripeAccount) => void;
  /** Whether webhook endpoints may point at private hosts (SANDBOX_CONTROL=open only: webhook-hosts.ts). */
  privateWebhooks: boolean;
}

/** How long a Checkout session stays open (Stripe: 24 hours by default). */
const CHECKOUT_SECONDS = 24 * 3600;

const urlParam = (form: FormObject, name: string): string | null => {
  const value = param.string(form, name);
  if (value === undefined) return null;
  if (!/^https?:\/\/\S+$/.test(value) || value.length > 5000) throw invalidParam(name, `Not a valid URL`);
  return value;
};

function readLineItems(account: StripeAccount, form: FormObject, mode: string): CheckoutSessionRecord['lineItems'] {
  const items = param.array(form, 'line_items') ?? [];
  if (items.length === 0 && mode !== 'setup')
    throw new StripeApiError(400, 'invalid_request_error', 'line_items is required in subscription and payment mode.', {
      param: 'line_items',
    });
  return items.map((raw, i) => {
    const item = typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
    const priceId = param.string(item, 'price');
    const price = priceId ? account.prices[priceId] : undefined;
    if (!priceId || !price) throw missingResource('price', priceId ?? '', `line_items[${i}][price]`);
    if (mode === 'subscription' && !price.interval)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'You specified `subscription` mode but passed non-recurring prices. Provide at least one recurring price in `subscription` mode.',
        { param: `line_items[${i}][price]` },
      );
    const quantity = param.integer(item, 'quantity') ?? 1;
    if (quantity < 1) throw invalidParam(`line_items[${i}][quantity]`, 'Quantity must be at least 1.');
    return { price: priceId, quantity };
  });
}

function subscriptionOf(account: StripeAccount, id: string): SubscriptionRecord {
  const subscription = account.subscriptions[id];
  if (!subscription) throw missingResource('subscription', id);
  return subscription;
}

function checkoutApi(router: Router, parts: BillingApiParts): void {
  operation(router, parts, 'post', '/checkout/sessions', (account, form) => {
    refuseWhenFull(account.checkoutSessions, 'Checkout sessions');
    const mode = param.string(form, 'mode');
    if (mode !== 'subscription' && mode !== 'payment' && mode !== 'setup')
      throw invalidParam('mode', 'Invalid mode: must be one of payment, setup, or subscription');
    const customer = param.string(form, 'customer') ?? null;
    if (customer && !account.customers[customer]) throw missingResource('customer', customer, 'customer');
    const now = nowSeconds();
    const session: CheckoutSessionRecord = {
      id: `cs_test_${randomId(58)}`,
      created: now,
      expiresAt: param.integer(form, 'expires_at') ?? now + CHECKOUT_SECONDS,
      mode,
      status: 'open',
      customer,
      customerEmail: param.string(form, 'customer_email') ?? (customer ? account.customers[customer]!.email : null),
      clientReferenceId: param.string(form, 'client_reference_id') ?? null,
      successUrl: urlParam(form, 'success_url'),
      cancelUrl: urlParam(form, 'cancel_url'),
      lineItems: readLineItems(account, form, mode),
      metadata: param.metadata(form) ?? {},
      subscriptionMetadata: param.metadata(param.object(form, 'subscription_data') ?? {}) ?? {},
      subscription: null,
      invoice: null,
    };
    account.checkoutSessions[session.id] = session;
    parts.hosted(session.id, account);
    return renderCheckoutSession(session, parts.render(account));
  });
  operation(router, parts, 'get', '/checkout/sessions/:session', (account, _form, req) => {
    const session = account.checkoutSessions[String(req.params.session)];
    if (!session) throw missingResource('checkout.session', String(req.params.session), 'session');
    return renderCheckoutSession(session, parts.render(account));
  });
}

function subscriptionApi(router: Router, parts: BillingApiParts): void {
  operation(router, parts, 'get', '/subscriptions', (account, form) => {
    const customer = param.string(form, 'customer');
    const status = param.string(form, 'status');
    const subscriptions = Object.values(account.subscriptions).filter(
      (s) =>
        (!customer || s.customer === customer) &&
        (status === 'all' ? true : status ? s.status === status : s.status !== 'canceled'),
    );
    return renderList(
      '/v1/subscriptions',
      subscriptions,
      (s) => renderSubscription(s, parts.render(account)),
      paging(form),
    );
  });
  operation(router, parts, 'get', '/subscriptions/:subscription_exposed_id', (account, _form, req) =>
    renderSubscription(subscriptionOf(account, String(req.params.subscription_exposed_id)), parts.render(account)),
  );
  operation(router, parts, 'post', '/subscriptions/:subscription_exposed_id', (account, form, req) => {
    const subscription = subscriptionOf(account, String(req.params.subscription_exposed_id));
    if (subscription.status === 'canceled')
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    const proration = param.string(form, 'proration_behavior') ?? 'create_prorations';
    if (proration !== 'create_prorations' && proration !== 'always_invoice' && proration !== 'none')
      throw invalidParam('proration_behavior', 'Invalid proration_behavior');
    const items = param.array(form, 'items') ?? [];
    if (items.length > 1)
      throw new StripeApiError(400, 'invalid_request_error', 'The sandbox changes one subscription item at a time.');
    for (const raw of items) {
      const item = typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
      const priceId = param.string(item, 'price');
      if (!priceId || !account.prices[priceId]) throw missingResource('price', priceId ?? '', 'items[0][price]');
      if (!account.prices[priceId]!.interval)
        throw invalidParam('items[0][price]', 'The price specified is not recurring.');
      parts.billing.changePrice(
        account,
        subscription,
        param.string(item, 'id') ?? subscription.items[0]!.id,
        priceId,
        proration,
      );
    }
    const cancel = param.boolean(form, 'cancel_at_period_end');
    if (cancel !== undefined) parts.billing.setCancelAtPeriodEnd(account, subscription, cancel);
    const metadata = param.metadata(form);
    if (metadata) subscription.metadata = { ...subscription.metadata, ...metadata };
    return renderSubscription(subscription, parts.render(account));
  });
  operation(router, parts, 'delete', '/subscriptions/:subscription_exposed_id', (account, _form, req) => {
    const subscription = subscriptionOf(account, String(req.params.subscription_exposed_id));
    parts.billing.cancelNow(account, subscription);
    return renderSubscription(subscription, parts.render(account));
  });
}

function invoiceApi(router: Router, parts: BillingApiParts): void {
  operation(router, parts, 'get', '/invoices', (account, form) => {
    const customer = param.string(form, 'customer');
    const subscription = param.string(form, 'subscription');
    const status = param.string(form, 'status');
    const invoices = Object.values(account.invoices).filter(
      (i) =>
        (!customer || i.customer === customer) &&
        (!subscription || i.subscription === subscription) &&
        (!status || i.status === status),
    );
    return renderList('/v1/invoices', invoices, (i) => renderInvoice(i, parts.render(account)), paging(form));
  });
  // What the next invoice would be after a change (here: a price change with prorations, charged now).
  operation(router, parts, 'post', '/invoices/create_preview', (account, form) => {
    const subscription = subscriptionOf(account, param.required(form, 'subscription'));
    const details = param.object(form, 'subscription_details') ?? {};
    const item = (param.array(details, 'items') ?? [])[0];
    const change = typeof item === 'object' && !Array.isArray(item) ? item : undefined;
    const priceId = change ? param.string(change, 'price') : undefined;
    if (!priceId || !account.prices[priceId])
      throw missingResource('price', priceId ?? '', 'subscription_details[items][0][price]');
    const current = subscription.items.find((i) => i.id === (param.string(change!, 'id') ?? subscription.items[0]!.id));
    if (!current) throw invalidParam('subscription_details[items][0][id]', 'No such subscription item.');
    const lines = parts.billing.prorationLines(account, subscription, current, priceId, nowSeconds());
    const preview: InvoiceRecord = {
      id: `upcoming_in_${randomId(24)}`,
      number: '',
      created: nowSeconds(),
      customer: subscription.customer,
      subscription: subscription.id,
      status: 'draft',
      billingReason: 'subscription_update',
      currency: account.prices[priceId]!.currency,
      lines,
      amountPaid: 0,
      attemptCount: 0,
      periodStart: subscription.currentPeriodStart,
      periodEnd: subscription.currentPeriodEnd,
      paidAt: null,
    };
    return {
      ...renderInvoice(preview, parts.render(account)),
      id: null,
      number: null,
      invoice_pdf: null,
      hosted_invoice_url: null,
    };
  });
  operation(router, parts, 'get', '/invoices/:invoice', (account, _form, req) => {
    const invoice = account.invoices[String(req.params.invoice)];
    if (!invoice) throw missingResource('invoice', String(req.params.invoice), 'invoice');
    return renderInvoice(invoice, parts.render(account));
  });
}

function portalAndEventsApi(router: Router, parts: BillingApiParts): void {
  operation(router, parts, 'post', '/billing_portal/sessions', (account, form) => {
    refuseWhenFull(account.portalSessions, 'portal sessions');
    const customer = param.required(form, 'customer');
    if (!account.customers[customer]) throw missingResource('customer', customer, 'customer');
    const session = {
      id: `bps_${randomId(24)}`,
      created: nowSeconds(),
      customer,
      returnUrl: urlParam(form, 'return_url'),
    };
    account.portalSessions[session.id] = session;
    parts.hosted(session.id, account);
    return renderPortalSession(session, parts.render(account));
  });

  operation(router, parts, 'get', '/events/:id', (account, _form, req) => {
    const event = account.events[String(req.params.id)];
    if (!event) throw missingResource('event', String(req.params.id));
    return renderEvent(event, SANDBOX_API_VERSION);
  });
  operation(router, parts, 'get', '/events', (account, form) => {
    const type = param.string(form, 'type');
    const events = Object.values(account.events).filter((e) => !type || e.type === type);
    return renderList('/v1/events', events, (e) => renderEvent(e, SANDBOX_API_VERSION), paging(form));
  });

  operation(router, parts, 'post', '/webhook_endpoints', (account, form) => {
    refuseWhenFull(account.webhookEndpoints, 'webhook endpoints');
    const url = urlParam(form, 'url');
    const events = param.array(form, 'enabled_events')?.map(String) ?? [];
    if (!url || events.length === 0)
      throw new StripeApiError(400, 'invalid_request_error', 'Missing required param: url and enabled_events.', {
        code: 'parameter_missing',
      });
    if (!parts.privateWebhooks && namesPrivateHost(url))
      throw new StripeApiError(400, 'invalid_request_error', PRIVATE_URL_MESSAGE, { param: 'url' });
    const endpoint = {
      id: `we_${randomId(24)}`,
      created: nowSeconds(),
      url,
      secret: `whsec_${randomId(32)}`,
      enabledEvents: events,
      status: 'enabled' as const,
      metadata: param.metadata(form) ?? {},
    };
    account.webhookEndpoints[endpoint.id] = endpoint;
    return renderWebhookEndpoint(endpoint, true);
  });
  operation(router, parts, 'get', '/webhook_endpoints', (account, form) =>
    renderList(
      '/v1/webhook_endpoints',
      Object.values(account.webhookEndpoints),
      (w) => renderWebhookEndpoint(w, false),
      paging(form),
    ),
  );
}

/** Checkout, subscriptions, invoices, the customer portal, events and webhook endpoints. */
export function billingApi(router: Router, parts: BillingApiParts): void {
  checkoutApi(router, parts);
  subscriptionApi(router, parts);
  invoiceApi(router, parts);
  portalAndEventsApi(router, parts);
}
