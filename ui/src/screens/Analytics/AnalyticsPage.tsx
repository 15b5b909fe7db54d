import { UpcomingPage } from '../../shared/SignedInPage/SignedInPage';

/** Analytics: its contents arrive with a later issue; until then, its title and what it will hold. */
export function AnalyticsPage() {
  return (
    <UpcomingPage
      title="Analytics"
      description="Revenue, orders and units by day and by channel."
      emptyTitle="Analytics is on its way"
      emptyText="This page is being built. Meanwhile, your orders are on the Orders page and your sales of the last 30 days on the dashboard."
    />
  );
}

export default AnalyticsPage;
