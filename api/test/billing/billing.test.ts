/**
 * Billing on Stripe's SDK against the built-in Stripe sandbox (issue 26): a trial account's owner
 * starts Checkout for Growth, pays on the hosted page, and the signed webhook makes the plan active
 * with Growth's limits; members see billing but may not pay; events repeated or arriving late change
 * nothing; a declined renewal is past_due; a cancellation ends the plan and leaves the account
 * read-only with its data. Every answer is checked against the contract by the product itself.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestProduct, type TestProduct, type SignedInUser } from '../support/test-product.ts';
import { auditLog, channels, defaultChannelRules, stripeEvents, users } from '../../src/db/schema/index.ts';
import { hashPassword } from '../../src/modules/auth/passwords.ts';
import { stripeClient } from '../../src/modules/billing/stripe-client.ts';
import { isReadOnlyInSql } from '../../src/db/queries/billing.ts';
import { newSandboxSeller, submitConsent } from '../support/channel-flows.ts';
import type { components } from '@contract';

type BillingOverview = components['schemas']['BillingOverview'];

let t: TestProduct;
let owner: SignedInUser;
let stripe: Stripe;

const db = () => t.database.handle.db;
const billing = async (user: SignedInUser) => (await user.browser.get<BillingOverview>('/api/billing')).body;

/** The owner chooses a plan and pays on the sandbox's hosted Checkout page with this test card. */
async function payForPlan(user: SignedInUser, plan: string, card = '4242424242424242'): Promise<void> {
  const checkout = await user.browser.post<{ url: string }>('/api/billing/checkout', { plan });
  expect(checkout.status).toBe(201);
  expect(checkout.body.url).toMatch(new RegExp(`^${t.url}/sandbox/stripe/checkout/cs_test_`));
  const page = await fetch(checkout.body.url);
  expect(await page.text()).toContain('>Pay</button>');
  const paid = await fetch(checkout.body.url, {
    method: 'POST',
    body: new URLSearchParams({ decision: 'pay', card }),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  expect(paid.headers.get('location')).toBe(`${t.url}/billing?checkout=success`);
}

/** The subscription of the account, as the product noted it from the webhooks. */
async function subscriptionOf(user: SignedInUser): Promise<Stripe.Subscription> {
  const list = await stripe.subscriptions.list({ status: 'all', limit: 100 });
  const found = list.data.find((s) => s.metadata.accountId === user.accountId);
  if (!found) throw new Error(`no subscription for ${user.accountId}`);
  return found;
}

/** Posts an event to the product's webhook as Stripe would, signed with the product's secret (or another). */
async function deliver(event: object, secret = t.product.ctx.stripe!.webhookSecret, timestamp?: number) {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
  return t.browser({ origin: null }).post('/api/webhooks/stripe', payload, { 'stripe-signature': signature });
}

beforeAll(async () => {
  t = await startTestProduct();
  stripe = stripeClient(t.product.ctx.stripe!);
});

afterAll(async () => {
  await t?.stop();
});

describe('billing', () => {
  it('shows a new account its 7-day trial with its limits, and lets its owner manage billing', async () => {
    owner = await t.signedInSeller();
    const overview = await billing(owner);
    expect(overview).toMatchObject({
      plan: 'trial',
      status: 'trialing',
      readOnly: false,
      canManage: true,
      hasCustomer: false,
      usage: { skus: 0, connections: 0 },
      limits: { skus: 1000, connections: null, realTimeSync: true },
    });
    const daysLeft = (Date.parse(overview.trialEndsAt!) - Date.now()) / 86400_000;
    expect(daysLeft).toBeGreaterThan(6.9);
    expect(overview.plans.map((p) => [p.plan, p.monthlyCents])).toEqual([
      ['starter', 2500],
      ['growth', 4900],
      ['business', 9900],
      ['enterprise', 19900],
    ]);
    const invoices = await owner.browser.get('/api/billing/invoices');
    expect(invoices.body).toEqual({ invoices: [] });
  });

  it('lets a member of the account see billing, never pay or open the portal', async () => {
    const email = `member-${owner.accountId.slice(0, 8)}@example.com`;
    await db()
      .insert(users)
      .values({
        accountId: owner.accountId,
        email,
        passwordHash: await hashPassword('member secret 1'),
        emailVerifiedAt: new Date(),
        accountRole: 'member',
      });
    const member = t.browser();
    await member.signIn(email, 'member secret 1');
    const overview = await member.get<BillingOverview>('/api/billing');
    expect(overview.body).toMatchObject({ plan: 'trial', canManage: false });
    const checkout = await member.post('/api/billing/checkout', { plan: 'growth' });
    expect(checkout.status).toBe(403);
    expect(checkout.body.message).toBe("Only the account's owner manages billing.");
    expect((await member.post('/api/billing/portal')).status).toBe(403);
    expect((await owner.browser.post('/api/billing/checkout', { plan: 'gold' })).status).toBe(400);
  });

  it('upgrades a trial to Growth through the hosted Checkout page: the webhook makes the plan active at once', async () => {
    await payForPlan(owner, 'growth');
    await vi.waitFor(async () => expect((await billing(owner)).status).toBe('active'), { timeout: 10_000 });
    const overview = await billing(owner);
    expect(overview).toMatchObject({
      plan: 'growth',
      hasCustomer: true,
      cancelAtPeriodEnd: false,
      limits: { skus: 2000, connections: 3, realTimeSync: true },
    });
    expect(Date.parse(overview.currentPeriodEnd!)).toBeGreaterThan(Date.now() + 27 * 86400_000);

    const audit = await db()
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.accountId, owner.accountId), eq(auditLog.action, 'billing.plan_changed')));
    expect(audit).toEqual([
      { before: { plan: 'trial', subscriptionStatus: null }, after: { plan: 'growth', subscriptionStatus: 'active' } },
    ]);

    const invoices = await owner.browser.get('/api/billing/invoices');
    expect(invoices.body.invoices).toHaveLength(1);
    expect(invoices.body.invoices[0]).toMatchObject({ amountCents: 4900, currency: 'usd', status: 'paid' });
    const pdf = await fetch(invoices.body.invoices[0].pdfUrl);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');

    const again = await owner.browser.post('/api/billing/checkout', { plan: 'business' });
    expect(again.status).toBe(409);
    const portal = await owner.browser.post<{ url: string }>('/api/billing/portal');
    expect(portal.status).toBe(201);
    const portalPage = await (await fetch(portal.body.url)).text();
    expect(portalPage).toContain('Growth: $49.00 per month');

    // A plan change in the portal (prorated, confirmed there) reaches the account by its webhook.
    const business = portalPage.match(/<option value="(price_\w+)"[^>]*>Marketplace Hub Business/)?.[1];
    const subscription = await subscriptionOf(owner);
    const form = { subscription: subscription.id, decision: 'change', price: business!, confirm: 'yes' };
    const changed = await fetch(portal.body.url, {
      method: 'POST',
      body: new URLSearchParams(form),
      redirect: 'manual',
    });
    expect(changed.status).toBe(303);
    await vi.waitFor(async () => expect((await billing(owner)).plan).toBe('business'), { timeout: 10_000 });
    expect((await billing(owner)).limits).toEqual({ skus: 10000, connections: null, realTimeSync: true });
    // Back to Growth: the limits follow at once, and every change is in the audit log with before and after.
    const growth = portalPage.match(/<option value="(price_\w+)"[^>]*>Marketplace Hub Growth/)?.[1];
    await fetch(portal.body.url, {
      method: 'POST',
      body: new URLSearchParams({ ...form, price: growth! }),
      redirect: 'manual',
    });
    await vi.waitFor(async () => expect((await billing(owner)).plan).toBe('growth'), { timeout: 10_000 });
    const changes = await db()
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.accountId, owner.accountId), eq(auditLog.action, 'billing.plan_changed')))
      .orderBy(auditLog.id);
    expect(changes.map((c) => [(c.before as { plan: string }).plan, (c.after as { plan: string }).plan])).toEqual([
      ['trial', 'growth'],
      ['growth', 'business'],
      ['business', 'growth'],
    ]);
  });

  it('changes plan from the Plans tab: the proration shown first, the new limits at once, audited once', async () => {
    const same = await owner.browser.post('/api/billing/plan-change/preview', { plan: 'growth' });
    expect(same.status).toBe(409);
    const preview = await owner.browser.post('/api/billing/plan-change/preview', { plan: 'business' });
    expect(preview.status).toBe(200);
    const [credit, charge] = preview.body.lines.map((l: { amountCents: number }) => l.amountCents);
    // Changed at once: nearly the whole month is left (Growth $49 credited, Business $99 charged).
    expect(credit).toBeLessThanOrEqual(-4890);
    expect(charge).toBeGreaterThanOrEqual(9890);
    expect(preview.body).toMatchObject({ plan: 'business', currency: 'usd', amountDueCents: credit + charge });
    expect((await billing(owner)).plan).toBe('growth');

    const changed = await owner.browser.post<BillingOverview>('/api/billing/plan-change', { plan: 'business' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ plan: 'business', status: 'active', limits: { skus: 10000 } });
    // Its webhook, arriving after, changes nothing more.
    const subscription = await subscriptionOf(owner);
    const updates = (await stripe.events.list({ type: 'customer.subscription.updated', limit: 100 })).data
      .filter((e) => (e.data.object as Stripe.Subscription).id === subscription.id)
      .map((e) => e.id);
    await vi.waitFor(
      async () => {
        const rows = await db()
          .select({ id: stripeEvents.id })
          .from(stripeEvents)
          .where(inArray(stripeEvents.id, updates));
        expect(rows).toHaveLength(updates.length);
      },
      { timeout: 10_000 },
    );
    const changes = await db()
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.accountId, owner.accountId), eq(auditLog.action, 'billing.plan_changed')));
    expect(changes.filter((c) => (c.after as { plan: string }).plan === 'business')).toHaveLength(2);
    const invoices = await owner.browser.get('/api/billing/invoices');
    expect(invoices.body.invoices).toContainEqual(
      expect.objectContaining({ amountCents: credit + charge, status: 'paid' }),
    );
  });

  it('applies each event once, and a late or repeated event never undoes the latest state', async () => {
    const [latest] = (await stripe.events.list({ type: 'checkout.session.completed', limit: 1 })).data;
    const repeated = await deliver(latest!);
    expect(repeated.body).toEqual({ received: true, duplicate: true });

    // A stale snapshot under a new id (as if delivered late): the subscription is read back from Stripe.
    const subscription = await subscriptionOf(owner);
    const stale = {
      ...latest!,
      id: 'evt_stale_1',
      type: 'customer.subscription.updated',
      data: { object: { ...subscription, status: 'past_due' } },
    };
    expect((await deliver(stale)).body).toEqual({ received: true, duplicate: false });
    expect((await billing(owner)).status).toBe('active');

    const forged = await deliver({ ...stale, id: 'evt_forged' }, 'whsec_someone_else');
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('The Stripe-Signature header does not match this event.');
    const unsigned = await t.browser({ origin: null }).post('/api/webhooks/stripe', JSON.stringify(stale));
    expect(unsigned.status).toBe(400);
    // A genuine signature replayed after Stripe's tolerance (5 minutes) is refused too.
    const replayed = await deliver({ ...stale, id: 'evt_replayed' }, undefined, Math.floor(Date.now() / 1000) - 600);
    expect(replayed.status).toBe(400);
  });

  it('shows a declined renewal as past due, then cancelling ends the plan and the account is read-only', async () => {
    const seller = await t.signedInSeller();
    await payForPlan(seller, 'starter', '4000000000000341');
    await vi.waitFor(async () => expect((await billing(seller)).plan).toBe('starter'), { timeout: 10_000 });
    const subscription = await subscriptionOf(seller);

    const renewal = await fetch(`${t.url}/sandbox/stripe/_control/subscriptions/${subscription.id}/period-end`, {
      method: 'POST',
    });
    expect(renewal.status).toBe(200);
    await vi.waitFor(async () => expect((await billing(seller)).status).toBe('past_due'), { timeout: 10_000 });
    expect((await billing(seller)).readOnly).toBe(false);

    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    await vi.waitFor(async () => expect((await billing(seller)).cancelAtPeriodEnd).toBe(true), { timeout: 10_000 });
    await fetch(`${t.url}/sandbox/stripe/_control/subscriptions/${subscription.id}/period-end`, { method: 'POST' });
    await vi.waitFor(async () => expect((await billing(seller)).status).toBe('canceled'), { timeout: 10_000 });
    expect(await billing(seller)).toMatchObject({ plan: 'starter', readOnly: true, hasCustomer: true });

    // Read-only accounts are left out of the scheduled sync: the ended plan now, an unpaid trial once over.
    const trialist = await t.signedInSeller();
    const now = new Date();
    expect(await isReadOnlyInSql(db(), seller.accountId, now)).toBe(true);
    expect(await isReadOnlyInSql(db(), owner.accountId, now)).toBe(false);
    expect(await isReadOnlyInSql(db(), trialist.accountId, now)).toBe(false);
    const afterTrial = new Date(Date.now() + 7 * 86400_000 + 60_000);
    expect(await isReadOnlyInSql(db(), trialist.accountId, afterTrial)).toBe(true);
    expect(await isReadOnlyInSql(db(), owner.accountId, afterTrial)).toBe(false);

    // A read-only account connects no new channel; the reason says how to resume.
    const sandboxSeller = await seller.browser.post('/api/channels/sandbox-sellers', { kind: 'walmart', products: 1 });
    const connect = { kind: 'walmart', environment: 'sandbox', credentials: sandboxSeller.body.credentials };
    const refused = await seller.browser.post('/api/channels/connect', connect);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Your plan has ended: choose a plan on the Billing page to connect channels. All your data is kept.',
    );
  });

  it("refuses a connection beyond the plan's, and never touches those connected", async () => {
    // Starter includes 2 connections: this account holds 2 already.
    const starter = await t.signedInSeller();
    await payForPlan(starter, 'starter');
    await vi.waitFor(async () => expect((await billing(starter)).plan).toBe('starter'), { timeout: 10_000 });
    for (const n of [1, 2])
      await db()
        .insert(channels)
        .values({
          accountId: starter.accountId,
          kind: 'amazon',
          role: n === 1 ? 'main' : 'target',
          environment: 'sandbox',
          externalSellerId: `limit-${n}-${starter.accountId.slice(0, 8)}`,
          displayName: `Shop ${n}`,
          rules: defaultChannelRules,
        });
    expect((await billing(starter)).usage.connections).toBe(2);
    const sandboxSeller = await starter.browser.post('/api/channels/sandbox-sellers', { kind: 'walmart', products: 1 });
    const refused = await starter.browser.post('/api/channels/connect', {
      kind: 'walmart',
      environment: 'sandbox',
      credentials: sandboxSeller.body.credentials,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Your Starter plan includes 2 marketplace connections. Upgrade your plan on the Billing page to connect another; nothing was changed.',
    );
    expect((await billing(starter)).usage.connections).toBe(2);

    // eBay's consent: refused before its page opens, with the same words.
    const ebaySeller = await newSandboxSeller(starter.browser, 'ebay');
    const start = await starter.browser.post('/api/channels/oauth/start', {
      kind: 'ebay',
      environment: 'sandbox',
      sellerHint: ebaySeller.credentials.username,
    });
    expect(start.status).toBe(403);
    expect(start.body.message).toBe(refused.body.message);
  });

  it("shows eBay's consent popup the plan's limit when it was reached while the popup was open", async () => {
    const starter = await t.signedInSeller();
    await payForPlan(starter, 'starter');
    await vi.waitFor(async () => expect((await billing(starter)).plan).toBe('starter'), { timeout: 10_000 });
    const ebaySeller = await newSandboxSeller(starter.browser, 'ebay');
    const start = await starter.browser.post('/api/channels/oauth/start', {
      kind: 'ebay',
      environment: 'sandbox',
      sellerHint: ebaySeller.credentials.username,
    });
    expect(start.status).toBe(200);
    // Meanwhile, two channels are connected (in another tab): Starter's two.
    for (const n of [1, 2])
      await db()
        .insert(channels)
        .values({
          accountId: starter.accountId,
          kind: 'walmart',
          role: n === 1 ? 'main' : 'target',
          environment: 'sandbox',
          externalSellerId: `popup-${n}-${starter.accountId.slice(0, 8)}`,
          displayName: `Shop ${n}`,
          rules: defaultChannelRules,
        });
    const back = await submitConsent(start.body.authorizeUrl, 'agree', { seller: ebaySeller.credentials.username! });
    const landed = await starter.browser.get(back.pathname + back.search);
    expect(landed.status).toBe(302);
    const location = new URL(landed.headers.get('location')!, t.url);
    expect(location.pathname).toBe('/auth-declined');
    // The reason as a code the popup words itself: no text in the address for anyone to forge.
    expect(location.search).toBe('?reason=plan_limit');
    expect((await billing(starter)).usage.connections).toBe(2);
  });
});
