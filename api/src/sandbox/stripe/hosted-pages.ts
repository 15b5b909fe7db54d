import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { StripeApiError } from './errors.ts';
import { checkoutHtml, escapeHtml, hostedStylesheet, page, portalHtml, prorationHtml } from './hosted-html.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { renderInvoice, renderSubscription } from './objects.ts';
import { nowSeconds, testCards, type StripeAccount, type StripeSandboxState, type TestCardNumber } from './state.ts';
import type { SubscriptionBilling } from './subscriptions.ts';

export interface HostedParts {
  state: () => StripeSandboxState;
  changed: (accountKey: string) => void;
  billing: SubscriptionBilling;
  openControl: boolean;
}

/** How long a customer-portal link works (Stripe's sessions are short-lived). */
const PORTAL_SECONDS = 3600;

const STYLESHEET = 'hosted.css';

class PageError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function holderOf(parts: HostedParts, objectId: string): { account: StripeAccount; key: string } {
  const state = parts.state();
  // Sessions are noted when made; invoices are found in the account that holds them.
  const key =
    state.hosted[objectId] ??
    Object.keys(state.sellers).find((k) => objectId.startsWith('in_') && state.sellers[k]!.invoices[objectId]);
  const account = key ? state.sellers[key] : undefined;
  if (!key || !account) throw new PageError(404, 'This page does not exist or is no longer available.');
  return { account, key };
}

const readCard = (value: unknown): TestCardNumber => {
  if (typeof value !== 'string' || !(value in testCards)) throw new PageError(400, 'Choose one of the test cards.');
  return value as TestCardNumber;
};

/** Where to send the buyer after Checkout: `{CHECKOUT_SESSION_ID}` filled in, as Stripe does. */
const withSessionId = (url: string, sessionId: string) => url.replaceAll('{CHECKOUT_SESSION_ID}', sessionId);

function checkoutRoutes(router: Router, parts: HostedParts): void {
  router.get('/checkout/:session', (req, res) => {
    const id = String(req.params.session);
    const { account } = holderOf(parts, id);
    const session = account.checkoutSessions[id]!;
    if (session.status !== 'open' || session.expiresAt < nowSeconds())
      throw new PageError(410, 'This checkout session is no longer open.');
    const lines = session.lineItems.map((l) => ({ price: account.prices[l.price]!, quantity: l.quantity }));
    res
      .type('html')
      .send(
        page(
          'Checkout · Stripe sandbox',
          `../${STYLESHEET}`,
          checkoutHtml({ account, lines, email: session.customerEmail, action: id }),
        ),
      );
  });
  router.post('/checkout/:session', (req, res) => {
    const id = String(req.params.session);
    const { account, key } = holderOf(parts, id);
    const session = account.checkoutSessions[id]!;
    if (req.body?.decision === 'cancel') {
      if (!session.cancelUrl) throw new PageError(400, 'This session has no cancel_url.');
      res.redirect(303, session.cancelUrl);
      return;
    }
    if (req.body?.decision !== 'pay') throw new PageError(400, 'Choose Pay or Cancel.');
    if (session.status !== 'open' || session.expiresAt < nowSeconds())
      throw new PageError(410, 'This checkout session is no longer open.');
    parts.billing.completeCheckout(account, session, readCard(req.body?.card));
    parts.changed(key);
    if (session.successUrl) res.redirect(303, withSessionId(session.successUrl, session.id));
    else res.type('html').send(page('Paid · Stripe sandbox', `../${STYLESHEET}`, '<h1>Thanks for your payment</h1>'));
  });
}

function portalRoutes(router: Router, parts: HostedParts): void {
  const sessionOf = (id: string) => {
    const holder = holderOf(parts, id);
    const session = holder.account.portalSessions[id]!;
    if (session.created + PORTAL_SECONDS < nowSeconds())
      throw new PageError(410, 'This billing link has expired. Open billing again from the app.');
    return { ...holder, session };
  };
  router.get('/billing/:session', (req, res) => {
    const id = String(req.params.session);
    const { account, session } = sessionOf(id);
    const subscriptions = Object.values(account.subscriptions).filter(
      (s) => s.customer === session.customer && s.status !== 'canceled',
    );
    const invoices = Object.values(account.invoices)
      .filter((i) => i.customer === session.customer)
      .sort((a, b) => b.created - a.created);
    res
      .type('html')
      .send(
        page(
          'Manage billing · Stripe sandbox',
          `../${STYLESHEET}`,
          portalHtml({ account, subscriptions, invoices, action: id, returnUrl: session.returnUrl }),
        ),
      );
  });
  router.post('/billing/:session', (req, res) => {
    const id = String(req.params.session);
    const { account, key, session } = sessionOf(id);
    const subscription = account.subscriptions[String(req.body?.subscription)];
    if (!subscription || subscription.customer !== session.customer || subscription.status === 'canceled')
      throw new PageError(404, 'No such subscription.');
    const decision = req.body?.decision;
    if (decision === 'change') {
      const price = account.prices[String(req.body?.price)];
      if (!price?.active || !price.interval) throw new PageError(400, 'Choose one of the plans.');
      if (price.id !== subscription.items[0]!.price && req.body?.confirm !== 'yes') {
        // As Stripe's portal does: the prorated amount first, then the change once confirmed.
        const item = subscription.items[0]!;
        const lines = parts.billing.prorationLines(account, subscription, item, price.id, nowSeconds());
        res
          .type('html')
          .send(
            page(
              'Confirm your new plan · Stripe sandbox',
              `../${STYLESHEET}`,
              prorationHtml({ account, lines, price, subscriptionId: subscription.id, action: id }),
            ),
          );
        return;
      }
      if (price.id !== subscription.items[0]!.price)
        parts.billing.changePrice(account, subscription, subscription.items[0]!.id, price.id, 'always_invoice');
    } else if (decision === 'card') parts.billing.updateCard(account, subscription, readCard(req.body?.card));
    else if (decision === 'cancel') parts.billing.setCancelAtPeriodEnd(account, subscription, true);
    else if (decision === 'renew') parts.billing.setCancelAtPeriodEnd(account, subscription, false);
    else throw new PageError(400, 'Unknown action.');
    parts.changed(key);
    res.redirect(303, id);
  });
}

function invoiceRoutes(router: Router, parts: HostedParts): void {
  router.get('/invoices/:invoice/pdf', (req, res) => {
    const id = String(req.params.invoice);
    const { account } = holderOf(parts, id);
    res
      .type('application/pdf')
      .set('Content-Disposition', `inline; filename="Invoice-${account.invoices[id]!.number}.pdf"`)
      .send(invoicePdf(account, account.invoices[id]!));
  });
  router.get('/invoices/:invoice', (req, res) => {
    const id = String(req.params.invoice);
    const { account } = holderOf(parts, id);
    const invoice = account.invoices[id]!;
    res
      .type('html')
      .send(
        page(
          `Invoice ${invoice.number}`,
          `../${STYLESHEET}`,
          `<h1>Invoice ${escapeHtml(invoice.number)}</h1><p>Status: ${invoice.status}</p><p><a href="${id}/pdf">Download invoice (PDF)</a></p>`,
        ),
      );
  });
}

/**
 * The control API (tests, open sandboxes only): the end of a subscription's period, now. It renews
 * (charged on its card: paid, or declined and past_due) or, set to cancel, ends.
 */
function controlRoutes(router: Router, parts: HostedParts): void {
  router.post('/_control/subscriptions/:subscription/period-end', express.json(), (req, res) => {
    if (!parts.openControl)
      throw new PageError(403, 'The Stripe sandbox control API is open to tests only (SANDBOX_CONTROL=open).');
    const id = String(req.params.subscription);
    const state = parts.state();
    const entry = Object.entries(state.sellers).find(([, account]) => account.subscriptions[id]);
    if (!entry) throw new PageError(404, `No such subscription: ${id}`);
    const [key, account] = entry;
    const subscription = account.subscriptions[id]!;
    parts.billing.renew(account, subscription);
    parts.changed(key);
    const latest = subscription.latestInvoice ? account.invoices[subscription.latestInvoice] : undefined;
    const ctx = { account, baseUrl: '' };
    res.json({
      subscription: renderSubscription(subscription, ctx),
      latestInvoice: latest ? renderInvoice(latest, ctx) : null,
    });
  });
}

/** Checkout, the customer portal, invoices and their PDFs, as a buyer sees them; and the control API. */
export function hostedPages(parts: HostedParts): Router {
  const router = Router();
  router.get(`/${STYLESHEET}`, (_req, res) => {
    res.type('text/css').set('Cache-Control', 'public, max-age=3600').send(hostedStylesheet);
  });
  router.use(express.urlencoded({ extended: false, limit: '10kb' }));
  checkoutRoutes(router, parts);
  portalRoutes(router, parts);
  invoiceRoutes(router, parts);
  controlRoutes(router, parts);
  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent || error instanceof StripeApiError || !(error instanceof PageError)) return next(error);
    if (_req.path.startsWith('/_control')) {
      res.status(error.status).json({ message: error.message });
      return;
    }
    res
      .status(error.status)
      .type('html')
      .send(
        page(
          'Stripe sandbox',
          `${'../'.repeat(Math.max(0, _req.path.split('/').length - 2))}${STYLESHEET}`,
          `<h1>This can't be done</h1><p class="error" role="alert">${escapeHtml(error.message)}</p>`,
        ),
      );
  });
  return router;
}
