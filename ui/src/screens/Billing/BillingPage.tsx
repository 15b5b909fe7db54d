import { UpcomingPage } from '../../shared/SignedInPage/SignedInPage';

/** Billing: its contents arrive with a later issue; until then, its title and what it will hold. */
export function BillingPage() {
  return (
    <UpcomingPage
      title="Billing"
      description="Your plan, trial and invoices."
      emptyTitle="Billing is on its way"
      emptyText="Your 7-day free trial needs no card. Plans, usage and invoices will appear here."
    />
  );
}

export default BillingPage;
