import { UpcomingPage } from '../../shared/SignedInPage/SignedInPage';

/** Compliance: its contents arrive with a later issue; until then, its title and what it will hold. */
export function CompliancePage() {
  return (
    <UpcomingPage
      title="Compliance"
      description="Listing issues by severity, with the fix for each."
      emptyTitle="Nothing to check yet"
      emptyText="Compliance checks run on every listing once your catalogue is imported."
    />
  );
}

export default CompliancePage;
