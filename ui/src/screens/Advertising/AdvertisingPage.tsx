import { UpcomingPage } from '../../shared/SignedInPage/SignedInPage';

/** Advertising: its contents arrive with a later issue; until then, its title and what it will hold. */
export function AdvertisingPage() {
  return (
    <UpcomingPage
      title="Advertising"
      description="Sponsored Products, Sponsored Search and Promoted Listings in one place."
      emptyTitle="No campaigns yet"
      emptyText="Advertising management arrives after your channels are connected."
    />
  );
}

export default AdvertisingPage;
