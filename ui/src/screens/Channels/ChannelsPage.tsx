import { UpcomingPage } from '../SignedInPage/SignedInPage';

/** Channels: its contents arrive with a later issue; until then, its title and what it will hold. */
export function ChannelsPage() {
  return (
    <UpcomingPage
      title="Channels"
      description="Connect Amazon, Walmart, eBay and Shopify; choose your main channel."
      emptyTitle="No channels connected yet"
      emptyText="Channel connections are being prepared. Soon you can connect each marketplace here and choose the main channel that holds your true stock."
    />
  );
}

export default ChannelsPage;
