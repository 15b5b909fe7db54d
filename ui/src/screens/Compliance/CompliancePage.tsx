import { UpcomingPage } from '../../shared/SignedInPage/SignedInPage';

/** Compliance: its contents arrive with a later issue; until then, its title and what it will hold. */
export function CompliancePage() {
  return (
    <UpcomingPage
      title="Compliance"
      description="Listing issues by severity, with the fix for each."
      emptyTitle="Compliance is on its way"
      emptyText="This page is being built. Meanwhile, a listing a marketplace refuses shows its reason in Listings."
    />
  );
}

export default CompliancePage;
