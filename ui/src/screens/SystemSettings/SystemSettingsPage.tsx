import { UpcomingPage } from '../SignedInPage/SignedInPage';

/** System Settings: its contents arrive with a later issue; until then, its title and what it will hold. */
export function SystemSettingsPage() {
  return (
    <UpcomingPage
      title="System Settings"
      description="Platform settings: sync interval, trial, sign-ups and sender address."
      emptyTitle="Settings are on their way"
      emptyText="Platform-wide settings will be editable here."
    />
  );
}

export default SystemSettingsPage;
