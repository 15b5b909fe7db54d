import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { Alert, ErrorState, Spinner, Tabs, TabsContent, TabsList, TabsTrigger, useToast } from '../../index';
import { billingQuery, errorText, useOpenBillingPortal, useStartCheckout, type PaidPlan } from '../../api';
import { PageHeader } from '../../shared/SignedInPage/SignedInPage';
import { BillingOverviewTab } from './BillingOverviewTab';
import { BillingPlansTab } from './BillingPlansTab';
import { BillingInvoicesTab } from './BillingInvoicesTab';
import * as styles from './Billing.css';

const TITLE = 'Billing';
const DESCRIPTION = 'Your plan, trial, usage and invoices. Payments are taken on the payment provider’s own page.';

export const billingTabs = ['overview', 'plans', 'invoices'] as const;
export type BillingTab = (typeof billingTabs)[number];
const tabLabels: Record<BillingTab, string> = { overview: 'Overview', plans: 'Plans', invoices: 'Invoices' };
const isTab = (value: string | null): value is BillingTab =>
  value !== null && (billingTabs as readonly string[]).includes(value);

/** While a payment made on the provider's page is being applied (its webhook), the plan is read again this often. */
const AFTER_CHECKOUT_REFETCH_MS = 1500;

export interface BillingPageProps {
  /** Sends the browser to the payment provider's page (stories watch it instead). */
  redirect?: (url: string) => void;
}

const toProvider = (url: string) => window.location.assign(url);

/** /billing: Overview, Plans and Invoices, one tab each; the tab is in the address (?tab=). */
export function BillingPage({ redirect = toProvider }: BillingPageProps) {
  const search = new URLSearchParams(useSearch());
  const [location, navigate] = useLocation();
  const { toast } = useToast();
  const requested = search.get('tab');
  const tab: BillingTab = isTab(requested) ? requested : 'overview';
  const returned = search.get('checkout');
  const billing = useQuery({
    ...billingQuery(),
    // Back from a payment: the plan turns active when the provider's webhook arrives, moments later.
    refetchInterval: (query) =>
      returned === 'success' && query.state.data?.status !== 'active' ? AFTER_CHECKOUT_REFETCH_MS : false,
  });
  const checkout = useStartCheckout();
  const portal = useOpenBillingPortal();
  const [choosing, setChoosing] = useState<PaidPlan | null>(null);

  const selectTab = (value: string) => {
    if (isTab(value)) navigate(value === 'overview' ? location : `${location}?tab=${value}`, { replace: true });
  };
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: errorText(error), variant: 'destructive' });
  const choose = (plan: PaidPlan) => {
    setChoosing(plan);
    checkout.mutate(plan, {
      onSuccess: ({ url }) => redirect(url),
      onError: failed('The payment page could not be opened'),
      onSettled: () => setChoosing(null),
    });
  };
  const manage = () =>
    portal.mutate(undefined, {
      onSuccess: ({ url }) => redirect(url),
      onError: failed('Billing could not be opened'),
    });

  return (
    <>
      <PageHeader title={TITLE} description={DESCRIPTION} />
      {billing.isPending ? (
        <Spinner label="Loading billing..." />
      ) : billing.isError ? (
        <ErrorState
          title="Billing could not be loaded"
          description={errorText(billing.error)}
          onRetry={() => billing.refetch()}
        />
      ) : (
        <div className={styles.stack}>
          {returned === 'success' ? (
            <Alert tone={billing.data.status === 'active' ? 'positive' : 'info'} title="Thank you">
              {billing.data.status === 'active'
                ? 'Your payment was received and your plan is active.'
                : 'Your payment was received. Your plan is being activated…'}
            </Alert>
          ) : returned === 'cancelled' ? (
            <Alert tone="info" title="No payment was made">
              You left the payment page. Your account is unchanged.
            </Alert>
          ) : null}
          <Tabs value={tab} onValueChange={selectTab}>
            <TabsList aria-label="Billing views">
              {billingTabs.map((value) => (
                <TabsTrigger key={value} value={value}>
                  {tabLabels[value]}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="overview">
              {tab === 'overview' ? (
                <BillingOverviewTab
                  billing={billing.data}
                  actions={{
                    onChoosePlan: () => selectTab('plans'),
                    onManageBilling: manage,
                    managing: portal.isPending,
                  }}
                />
              ) : null}
            </TabsContent>
            <TabsContent value="plans">
              {tab === 'plans' ? (
                <BillingPlansTab billing={billing.data} actions={{ onChoose: choose, choosing }} />
              ) : null}
            </TabsContent>
            <TabsContent value="invoices">{tab === 'invoices' ? <BillingInvoicesTab /> : null}</TabsContent>
          </Tabs>
        </div>
      )}
    </>
  );
}

export default BillingPage;
