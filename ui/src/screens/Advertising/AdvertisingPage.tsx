import { UpcomingPage } from '../../shared/SignedInPage/SignedInPage';

/** Advertising: its contents arrive with a later issue; until then, its title and what it will hold. */
export function AdvertisingPage() {
  return (
    <UpcomingPage
      title="Advertising"
      description="Sponsored Products, Sponsored Search and Promoted Listings in one place."
      emptyTitle="Advertising is on its way"
      emptyText="This page is being built. Your campaigns stay on each marketplace until it arrives; nothing here changes them."
    />
  );
}

export default AdvertisingPage;
