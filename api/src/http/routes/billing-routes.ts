import express, { Router, type Request } from 'express';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import { auditContext, isImpersonating, requireUser } from '../request-context.ts';
import {
  billingOverview,
  listInvoices,
  openBillingPortal,
  OWNER_ONLY,
  startCheckout,
  type BillingActor,
} from '../../modules/billing/billing.ts';
import type { PaidPlan } from '../../modules/billing/plan-prices.ts';
import { changePlan, previewPlanChange } from '../../modules/billing/plan-change.ts';
import { receiveStripeWebhook } from '../../modules/billing/stripe-webhook.ts';

const actorOf = (req: Request): BillingActor => ({
  userId: req.user!.id,
  accountId: req.user!.accountId,
  email: req.user!.email,
  ...(req.user!.companyName ? { accountName: req.user!.companyName } : {}),
});

/** Staff acting as a seller may look, never pay or change a plan (pages.md §4: billing, admin "no"). */
const refuseImpersonation = (req: Request) => {
  if (isImpersonating(req)) throw new AppError(403, OWNER_ONLY);
};

/** The Billing page: plan, trial, usage, checkout, the customer portal and invoices. */
export function billingRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/api/billing', requireUser, async (req, res) => {
    const overview = await billingOverview(ctx, actorOf(req));
    res.json({ ...overview, canManage: overview.canManage && !isImpersonating(req) });
  });

  router.post('/api/billing/checkout', requireUser, async (req, res) => {
    refuseImpersonation(req);
    const { plan } = req.body as { plan: PaidPlan };
    res.status(201).json(await startCheckout(ctx, actorOf(req), plan, auditContext(req)));
  });

  router.post('/api/billing/portal', requireUser, async (req, res) => {
    refuseImpersonation(req);
    res.status(201).json(await openBillingPortal(ctx, actorOf(req)));
  });

  router.post('/api/billing/plan-change/preview', requireUser, async (req, res) => {
    refuseImpersonation(req);
    const { plan } = req.body as { plan: PaidPlan };
    res.json(await previewPlanChange(ctx, actorOf(req), plan));
  });

  router.post('/api/billing/plan-change', requireUser, async (req, res) => {
    refuseImpersonation(req);
    const { plan } = req.body as { plan: PaidPlan };
    res.json(await changePlan(ctx, actorOf(req), plan, auditContext(req)));
  });

  router.get('/api/billing/invoices', requireUser, async (req, res) => {
    res.json(await listInvoices(ctx, req.user!.accountId));
  });

  return router;
}

/** Stripe posts its events here: mounted before the JSON parser, the signature is checked on the raw bytes. */
export function stripeWebhookRoutes(ctx: AppContext): Router {
  const router = Router();
  router.post('/api/webhooks/stripe', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const verdict = await receiveStripeWebhook(ctx, raw, req.get('stripe-signature'));
    if (verdict.status === 200) res.json({ received: true, duplicate: verdict.duplicate });
    else res.status(verdict.status).json({ message: verdict.message });
  });
  return router;
}
