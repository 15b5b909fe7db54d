import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@contract';
import { api, unwrap } from './request';

export type BillingOverview = components['schemas']['BillingOverview'];
export type BillingStatus = components['schemas']['BillingStatus'];
export type PaidPlan = components['schemas']['PaidPlan'];
export type PlanOffer = components['schemas']['PlanOffer'];
export type BillingInvoice = components['schemas']['BillingInvoice'];

/** Every billing read sits under this key: one invalidation refreshes them all. */
export const billingKey = ['/api/billing'] as const;

export const billingQuery = () =>
  queryOptions({
    queryKey: billingKey,
    queryFn: ({ signal }) => unwrap(api.GET('/api/billing', { signal })),
  });

/** The account's plan, trial and subscription: the Billing page and the shell's trial bar read it. */
export function useBilling(options: { enabled?: boolean } = {}) {
  return useQuery({ ...billingQuery(), enabled: options.enabled ?? true });
}

export const billingInvoicesQuery = () =>
  queryOptions({
    queryKey: [...billingKey, 'invoices'] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/billing/invoices', { signal })),
  });

export function useBillingInvoices() {
  return useQuery(billingInvoicesQuery());
}

/** Starts Stripe Checkout for a plan; answers the hosted page's address, where the browser goes next. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: (plan: PaidPlan) => unwrap(api.POST('/api/billing/checkout', { body: { plan } })),
  });
}

/** Opens Stripe's customer portal (change plan, cancel, update the card); answers its address. */
export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/billing/portal')),
  });
}

export type BillingPlanChangePreview = components['schemas']['BillingPlanChangePreview'];

/** What changing to a plan would cost now (the prorated invoice), before the owner confirms. */
export const planChangePreviewQuery = (plan: PaidPlan) =>
  queryOptions({
    queryKey: [...billingKey, 'plan-change', plan] as const,
    queryFn: ({ signal }) => unwrap(api.POST('/api/billing/plan-change/preview', { body: { plan }, signal })),
    // A preview is of this moment: asked again each time the dialog opens.
    gcTime: 0,
  });

export function usePlanChangePreview(plan: PaidPlan | null) {
  return useQuery({ ...planChangePreviewQuery(plan ?? 'starter'), enabled: plan !== null });
}

/** Changes the plan now; the answer is the account's billing with the new plan and limits. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: PaidPlan) => unwrap(api.POST('/api/billing/plan-change', { body: { plan } })),
    // The answer is the account's billing now; the change made an invoice.
    onSuccess: (billing) => {
      queryClient.setQueryData(billingKey, billing);
      return queryClient.invalidateQueries({ queryKey: billingInvoicesQuery().queryKey });
    },
  });
}
