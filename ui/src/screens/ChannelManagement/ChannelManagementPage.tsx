import { UpcomingPage } from '../SignedInPage/SignedInPage';

/** Channel Management: its contents arrive with a later issue; until then, its title and what it will hold. */
export function ChannelManagementPage() {
  return (
    <UpcomingPage
      title="Channel Management"
      description="Every account's channels with their health, for platform staff."
      emptyTitle="No channels on the platform yet"
      emptyText="Connected channels of every account will be listed here with their health."
    />
  );
}

export default ChannelManagementPage;
