/**
 * The Stripe sandbox (issue 26), driven by Stripe's own SDK as the product drives it: answers in
 * Stripe's shapes (every field of Stripe's example object of each resource), its errors (unknown
 * parameter, bad key), idempotency keys replayed and refused, Checkout in subscription mode through
 * the hosted page, proration on a plan change, a declined renewal and a new card, a cancellation at
 * the period's end, invoices with their PDF, and events signed so that the SDK's constructEvent
 * accepts them (and refuses them under another secret).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStripeSandbox, type StripeSandbox } from '../../src/sandbox/stripe/stripe-sandbox.ts';
import { stripeFixtures } from '../../src/sandbox/stripe/stripe-fixtures.ts';
import { stripeClient, type StripeSettings } from '../../src/modules/billing/stripe-client.ts';

let server: http.Server;
let sandbox: StripeSandbox;
/** A sandbox whose control API is closed, as in a deployment with scoped sandbox access. */
let closed: StripeSandbox;
let app: express.Express;
let baseUrl: string;
let stripe: Stripe;
let settings: StripeSettings;
const delivered: Array<{ url: string; body: string; signature: string }> = [];
let endpointSecret: string;

const missingFields = (answer: object, fixture: string) =>
  Object.keys(stripeFixtures[fixture]!).filter((key) => !(key in answer));

/** The events delivered to our endpoint so far, verified as the product verifies them. */
const events = () => delivered.map((d) => stripe.webhooks.constructEvent(d.body, d.signature, endpointSecret));
const eventTypes = () => events().map((e) => e.type);

beforeAll(async () => {
  app = express();
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox/stripe`;
  sandbox = createStripeSandbox({
    baseUrl,
    dataDir: undefined,
    openControl: true,
    deliver: async (url, body, headers) => {
      delivered.push({ url, body, signature: headers['stripe-signature']! });
    },
  });
  app.use('/sandbox/stripe', sandbox.router);
  closed = createStripeSandbox({ baseUrl: `${baseUrl}-closed`, dataDir: undefined, openControl: false });
  app.use('/sandbox/stripe-closed', closed.router);
  settings = {
    secretKey: `sk_test_${'a1'.repeat(16)}`,
    webhookSecret: 'unused',
    sandboxUrl: baseUrl,
    priceIds: {},
  };
  stripe = stripeClient(settings);
  const endpoint = await stripe.webhookEndpoints.create({ url: 'https://example.com/hooks', enabled_events: ['*'] });
  endpointSecret = endpoint.secret!;
});

afterAll(async () => {
  sandbox.close();
  closed.close();
  await new Promise((resolve) => server.close(resolve));
});

async function growthAndStarterPrices() {
  const starter = await stripe.prices.create({
    currency: 'usd',
    unit_amount: 2500,
    recurring: { interval: 'month' },
    lookup_key: 'starter_monthly',
    product_data: { name: 'Starter' },
  });
  const growth = await stripe.prices.create({
    currency: 'usd',
    unit_amount: 4900,
    recurring: { interval: 'month' },
    lookup_key: 'growth_monthly',
    product_data: { name: 'Growth' },
  });
  return { starter, growth };
}

/** A subscription paid through the hosted Checkout page with this test card. */
async function subscribe(price: string, card = '4242424242424242') {
  const customer = await stripe.customers.create({ email: 'owner@example.com' });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price, quantity: 1 }],
    success_url: 'https://app.example/billing?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'https://app.example/billing?cancelled',
  });
  const paid = await fetch(session.url!, {
    method: 'POST',
    body: new URLSearchParams({ decision: 'pay', card }),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  expect(paid.headers.get('location')).toBe(`https://app.example/billing?session=${session.id}`);
  const completed = await stripe.checkout.sessions.retrieve(session.id);
  return {
    customer,
    session: completed,
    subscription: await stripe.subscriptions.retrieve(completed.subscription as string),
  };
}

describe('the Stripe sandbox, through the SDK', () => {
  it("answers customers, prices and lists in Stripe's shapes", async () => {
    const customer = await stripe.customers.create({ email: 'a@example.com', metadata: { accountId: 'x' } });
    expect(customer.id).toMatch(/^cus_/);
    expect(missingFields(customer, 'customer')).toEqual([]);
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({
      email: 'a@example.com',
      metadata: { accountId: 'x' },
    });

    const { growth } = await growthAndStarterPrices();
    expect(missingFields(growth, 'price')).toEqual([]);
    expect(growth).toMatchObject({ unit_amount: 4900, recurring: { interval: 'month' }, lookup_key: 'growth_monthly' });
    const found = await stripe.prices.list({ lookup_keys: ['growth_monthly'], active: true });
    expect(found.data.map((p) => p.id)).toEqual([growth.id]);
    const product = await stripe.products.list({ limit: 100 });
    expect(product.data.find((p) => p.id === growth.product)).toMatchObject({
      name: 'Growth',
      default_price: growth.id,
    });
  });

  it('refuses as Stripe does: unknown parameters, missing ones, unknown objects, bad keys', async () => {
    const unknown = await stripe.customers
      .create({ email: 'b@example.com', colour: 'blue' } as Stripe.CustomerCreateParams)
      .catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(unknown).toMatchObject({ statusCode: 400, message: 'Received unknown parameter: colour', param: 'colour' });

    const missing = await stripe.billingPortal.sessions
      .create({} as Stripe.BillingPortal.SessionCreateParams)
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'customer' });

    const absent = await stripe.subscriptions.retrieve('sub_nothere').catch((e: unknown) => e);
    expect(absent).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such subscription: 'sub_nothere'",
    });

    const badKey = await stripeClient({ ...settings, secretKey: 'pk_test_nope' })
      .customers.list()
      .catch((e: unknown) => e);
    expect(badKey).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    const path = await fetch(`${baseUrl}/v1/nothing`, { headers: { authorization: `Bearer ${settings.secretKey}` } });
    expect(path.status).toBe(404);
    expect(((await path.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
  });

  it('replays a request sent again under its Idempotency-Key, and refuses the key with other parameters', async () => {
    const first = await stripe.customers.create({ email: 'c@example.com' }, { idempotencyKey: 'key-1' });
    const again = await stripe.customers.create({ email: 'c@example.com' }, { idempotencyKey: 'key-1' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    const other = await stripe.customers
      .create({ email: 'd@example.com' }, { idempotencyKey: 'key-1' })
      .catch((e: unknown) => e);
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    // Each secret key is an account of its own: another never sees this customer.
    const stranger = stripeClient({ ...settings, secretKey: `sk_test_${'b2'.repeat(16)}` });
    await expect(stranger.customers.retrieve(first.id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('subscribes through the hosted Checkout page, paid, with its events signed and its invoice in PDF', async () => {
    const { growth } = await growthAndStarterPrices().catch(async () => ({
      growth: (await stripe.prices.list({ lookup_keys: ['growth_monthly'] })).data[0]!,
    }));
    delivered.length = 0;
    const customer = await stripe.customers.create({ email: 'owner@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: 'account-1',
      line_items: [{ price: growth.id, quantity: 1 }],
      subscription_data: { metadata: { accountId: 'account-1' } },
      success_url: 'https://app.example/billing?ok',
      cancel_url: 'https://app.example/billing?cancelled',
    });
    expect(missingFields(session, 'checkout.session')).toEqual([]);
    expect(session).toMatchObject({ status: 'open', mode: 'subscription', amount_total: 4900 });

    const page = await fetch(session.url!);
    const html = await page.text();
    expect(html).toContain('Growth: $49.00 per month');
    expect(html).toMatch(/<button[^>]*value="pay"[^>]*>Pay<\/button>/);
    expect(html).toMatch(/<button[^>]*value="cancel"[^>]*>Cancel<\/button>/);
    const cancelled = await fetch(session.url!, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'cancel' }),
      redirect: 'manual',
    });
    expect(cancelled.headers.get('location')).toBe('https://app.example/billing?cancelled');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');

    await fetch(session.url!, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'pay', card: '4242424242424242' }),
      redirect: 'manual',
    });
    const completed = await stripe.checkout.sessions.retrieve(session.id);
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    const subscription = await stripe.subscriptions.retrieve(completed.subscription as string);
    expect(missingFields(subscription, 'subscription')).toEqual([]);
    expect(subscription).toMatchObject({
      status: 'active',
      customer: customer.id,
      metadata: { accountId: 'account-1' },
    });
    expect(subscription.items.data[0]!.price.id).toBe(growth.id);
    expect(subscription.items.data[0]!.current_period_end).toBeGreaterThan(
      subscription.items.data[0]!.current_period_start + 27 * 86400,
    );

    expect(eventTypes()).toEqual([
      'customer.subscription.created',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
      'checkout.session.completed',
    ]);
    const paidEvent = events().find((e) => e.type === 'invoice.paid')!;
    expect((paidEvent.data.object as Stripe.Invoice).parent?.subscription_details?.subscription).toBe(subscription.id);
    expect(() => stripe.webhooks.constructEvent(delivered[0]!.body, delivered[0]!.signature, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );

    const invoices = await stripe.invoices.list({ customer: customer.id });
    expect(invoices.data).toHaveLength(1);
    expect(missingFields(invoices.data[0]!, 'invoice')).toEqual([]);
    expect(invoices.data[0]).toMatchObject({
      status: 'paid',
      total: 4900,
      amount_paid: 4900,
      billing_reason: 'subscription_create',
    });
    const pdf = await fetch(invoices.data[0]!.invoice_pdf!);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain(`(Invoice ${invoices.data[0]!.number}) Tj`);
  });

  it('prorates a plan change: the unused time credited, the rest of the period at the new price', async () => {
    const { starter, growth } = await growthAndStarterPrices().catch(async () => {
      const list = await stripe.prices.list({ lookup_keys: ['starter_monthly', 'growth_monthly'] });
      return {
        starter: list.data.find((p) => p.lookup_key === 'starter_monthly')!,
        growth: list.data.find((p) => p.lookup_key === 'growth_monthly')!,
      };
    });
    const { subscription } = await subscribe(starter.id);
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]!.id, price: growth.id }],
      proration_behavior: 'always_invoice',
    });
    expect(updated.items.data[0]!.price.id).toBe(growth.id);
    const invoice = await stripe.invoices.retrieve(updated.latest_invoice as string);
    expect(invoice.billing_reason).toBe('subscription_update');
    const [credit, charge] = invoice.lines.data.map((l) => l.amount);
    // Changed at once: almost the whole period is left (a few seconds may have passed).
    expect(credit).toBeLessThanOrEqual(-2499);
    expect(charge).toBeGreaterThanOrEqual(4899);
    expect(invoice.total).toBe(credit! + charge!);
    expect(invoice.status).toBe('paid');
  });

  it('shows the prorated amount in the portal before a plan change is confirmed', async () => {
    const list = await stripe.prices.list({ lookup_keys: ['starter_monthly', 'growth_monthly'] });
    const starter = list.data.find((p) => p.lookup_key === 'starter_monthly')!;
    const growth = list.data.find((p) => p.lookup_key === 'growth_monthly')!;
    const { customer, subscription } = await subscribe(starter.id);
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id });
    const change = { subscription: subscription.id, decision: 'change', price: growth.id };
    const preview = await fetch(portal.url, { method: 'POST', body: new URLSearchParams(change) });
    const html = await preview.text();
    expect(html).toContain('Confirm your new plan');
    expect(html).toMatch(/Unused time on Starter \(per month\): -\$2[45]\.\d\d/);
    expect(html).toMatch(/Due today <strong>\$2[34]\.\d\d<\/strong>/);
    // Nothing changed yet.
    expect((await stripe.subscriptions.retrieve(subscription.id)).items.data[0]!.price.id).toBe(starter.id);
    await fetch(portal.url, {
      method: 'POST',
      body: new URLSearchParams({ ...change, confirm: 'yes' }),
      redirect: 'manual',
    });
    expect((await stripe.subscriptions.retrieve(subscription.id)).items.data[0]!.price.id).toBe(growth.id);
  });

  it('declines a renewal on a failing card (past_due), and pays it on a new card from the portal', async () => {
    const growth = (await stripe.prices.list({ lookup_keys: ['growth_monthly'] })).data[0]!;
    const { customer, subscription } = await subscribe(growth.id, '4000000000000341');
    delivered.length = 0;
    const renewal = await fetch(`${baseUrl}/_control/subscriptions/${subscription.id}/period-end`, { method: 'POST' });
    expect(renewal.status).toBe(200);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    expect(eventTypes()).toContain('invoice.payment_failed');
    const failed = events().find((e) => e.type === 'invoice.payment_failed')!.data.object as Stripe.Invoice;
    expect(failed).toMatchObject({ status: 'open', attempt_count: 1, billing_reason: 'subscription_cycle' });

    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'https://app.example/billing',
    });
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('Past due');
    expect(page).toContain('Update payment method');
    const updated = await fetch(portal.url, {
      method: 'POST',
      body: new URLSearchParams({ subscription: subscription.id, decision: 'card', card: '4242424242424242' }),
      redirect: 'manual',
    });
    expect(updated.status).toBe(303);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    expect((await stripe.invoices.retrieve(failed.id!)).status).toBe('paid');
  });

  it("cancels at the period's end: active until then, then deleted", async () => {
    const growth = (await stripe.prices.list({ lookup_keys: ['growth_monthly'] })).data[0]!;
    const { subscription } = await subscribe(growth.id);
    const cancelling = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(cancelling).toMatchObject({ status: 'active', cancel_at_period_end: true });
    delivered.length = 0;
    await fetch(`${baseUrl}/_control/subscriptions/${subscription.id}/period-end`, { method: 'POST' });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
    await vi.waitFor(() => expect(eventTypes()).toEqual(['customer.subscription.deleted']));
  });

  it('keeps its accounts across a restart, in files that never hold the secret key', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stripe-sandbox-'));
    const first = createStripeSandbox({ baseUrl: `${baseUrl}-disk1`, dataDir, openControl: true });
    app.use('/sandbox/stripe-disk1', first.router);
    const onDisk = stripeClient({
      ...settings,
      secretKey: `sk_test_${'c3'.repeat(16)}`,
      sandboxUrl: `${baseUrl}-disk1`,
    });
    const customer = await onDisk.customers.create({ email: 'kept@example.com' });
    await first.flush();
    first.close();
    const files = fs.readdirSync(path.join(dataDir, 'sandbox', 'stripe', 'sellers'));
    expect(files).toHaveLength(1);
    expect(fs.readFileSync(path.join(dataDir, 'sandbox', 'stripe', 'sellers', files[0]!), 'utf8')).not.toContain(
      'c3c3',
    );

    const second = createStripeSandbox({ baseUrl: `${baseUrl}-disk2`, dataDir, openControl: true });
    app.use('/sandbox/stripe-disk2', second.router);
    const again = stripeClient({
      ...settings,
      secretKey: `sk_test_${'c3'.repeat(16)}`,
      sandboxUrl: `${baseUrl}-disk2`,
    });
    expect(await again.customers.retrieve(customer.id)).toMatchObject({ email: 'kept@example.com' });
    second.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps its control API closed unless the sandboxes are open to tests', async () => {
    const refused = await fetch(`${baseUrl}-closed/_control/subscriptions/sub_any/period-end`, { method: 'POST' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      message: 'The Stripe sandbox control API is open to tests only (SANDBOX_CONTROL=open).',
    });
  });

  it("posts webhooks to public hosts only unless open to tests, and always to the product's own endpoint", async () => {
    const own = { url: 'http://127.0.0.1:3000/api/webhooks/stripe', secret: 'whsec_own' };
    const secretKey = `sk_test_${'c3'.repeat(16)}`;
    const posted: string[] = [];
    const locked = createStripeSandbox({
      baseUrl: `${baseUrl}-locked`,
      dataDir: undefined,
      openControl: false,
      accounts: [{ secretKey, webhook: own }],
      deliver: async (url) => void posted.push(url),
    });
    app.use('/sandbox/stripe-locked', locked.router);
    try {
      const client = stripeClient({ ...settings, secretKey, sandboxUrl: `${baseUrl}-locked` });
      for (const url of [
        'http://127.0.0.1:9/hooks',
        'http://localhost:3000/hooks',
        'http://[::1]/hooks',
        'http://169.254.169.254/latest/meta-data',
        'http://10.1.2.3/hooks',
        'http://[::ffff:192.168.1.1]/hooks',
        'http://metadata.google.internal/hooks',
      ]) {
        const refused = await client.webhookEndpoints.create({ url, enabled_events: ['*'] }).catch((e: unknown) => e);
        expect(refused, url).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
        expect((refused as Stripe.errors.StripeError).message).toBe(
          'Invalid URL: URL must be publicly accessible. Consider using a tool like the Stripe CLI to test webhooks locally.',
        );
        expect((refused as Stripe.errors.StripeError).param).toBe('url');
      }
      const endpoints = await client.webhookEndpoints.list();
      expect(endpoints.data.map((e) => e.url)).toEqual([own.url]);
      expect(
        (await client.webhookEndpoints.create({ url: 'https://example.com/hooks', enabled_events: ['*'] })).url,
      ).toBe('https://example.com/hooks');
      // The product's own endpoint, on this machine, gets its events.
      const price = await client.prices.create({
        currency: 'usd',
        unit_amount: 2500,
        recurring: { interval: 'month' },
        product_data: { name: 'Starter' },
      });
      const session = await client.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: price.id, quantity: 1 }],
        success_url: 'https://app.example/billing',
        cancel_url: 'https://app.example/billing?cancelled',
      });
      const paid = await fetch(session.url!, {
        method: 'POST',
        body: new URLSearchParams({ decision: 'pay', card: '4242424242424242' }),
        redirect: 'manual',
      });
      expect(paid.status).toBe(303);
      await vi.waitFor(() => expect(posted).toContain(own.url));
      expect(posted.filter((url) => url !== own.url && url !== 'https://example.com/hooks')).toEqual([]);
    } finally {
      locked.close();
    }
    // Open to tests, any host goes.
    const local = await stripe.webhookEndpoints.create({ url: 'http://127.0.0.1:9/hooks', enabled_events: ['*'] });
    expect(local.url).toBe('http://127.0.0.1:9/hooks');
  });
});
