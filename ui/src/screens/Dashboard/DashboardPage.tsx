import { UpcomingPage } from '../SignedInPage/SignedInPage';

/** Dashboard: its contents arrive with a later issue; until then, its title and what it will hold. */
export function DashboardPage() {
  return (
    <UpcomingPage
      title="Dashboard"
      description="Sales, orders and sync health across your channels."
      emptyTitle="Your dashboard fills in as you sell"
      emptyText="Connect your first marketplace in Channels, make it your main channel, and we will import your catalogue. Sales, orders and sync health appear here."
    />
  );
}

export default DashboardPage;
