import { UpcomingPage } from '../../shared/SignedInPage/SignedInPage';

/** Analytics: its contents arrive with a later issue; until then, its title and what it will hold. */
export function AnalyticsPage() {
  return (
    <UpcomingPage
      title="Analytics"
      description="Revenue, orders and units by day and by channel."
      emptyTitle="No sales data yet"
      emptyText="Analytics start with your first synced orders."
    />
  );
}

export default AnalyticsPage;
