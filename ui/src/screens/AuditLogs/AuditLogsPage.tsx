import { UpcomingPage } from '../../shared/SignedInPage/SignedInPage';

/** Audit Logs: its contents arrive with a later issue; until then, its title and what it will hold. */
export function AuditLogsPage() {
  return (
    <UpcomingPage
      title="Audit Logs"
      description="Who did what, when, from where, with before and after."
      emptyTitle="Audit log browsing is on its way"
      emptyText="Every sign-in, role change, impersonation and settings change is already recorded."
    />
  );
}

export default AuditLogsPage;
