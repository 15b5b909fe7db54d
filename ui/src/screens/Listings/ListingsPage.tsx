import { UpcomingPage } from '../SignedInPage/SignedInPage';

/** Listings: its contents arrive with a later issue; until then, its title and what it will hold. */
export function ListingsPage() {
  return (
    <UpcomingPage
      title="Listings"
      description="Your catalogue on every channel, with each change and its result."
      emptyTitle="No listings yet"
      emptyText="Once a main channel is connected, its catalogue and each listing on your other channels appear here."
    />
  );
}

export default ListingsPage;
