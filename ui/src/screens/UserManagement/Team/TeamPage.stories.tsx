import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  apiKeyFixtures,
  apiKeyScenarios,
  authHandlers,
  LAST_OWNER,
  NEW_API_KEY_SECRET,
  teamFixtures,
  teamScenarios,
} from '@hub/mocks';
import { findInToast } from '../../../testing/storyToasts';
import { withRouter } from '../../../testing/storyRouter';
import { onAPhone } from '../../../testing/storyViewports';
import { TeamPage } from './TeamPage';

const meta = {
  title: 'Screens/Team',
  component: TeamPage,
  decorators: [withRouter],
  parameters: {
    route: '/user-management',
    msw: {
      handlers: {
        auth: authHandlers.signedInClient,
        team: teamScenarios.business(),
        apiKeys: apiKeyScenarios.oneKey(),
      },
    },
  },
} satisfies Meta<typeof TeamPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const withTeam = (
  team: ReturnType<(typeof teamScenarios)[keyof typeof teamScenarios]>,
  auth = authHandlers.signedInClient,
) => ({
  msw: { handlers: { auth, team } },
});
const { owner, member, invitation } = teamFixtures;
const memberName = `${member.firstName} ${member.lastName}`;

/** An owner on the Business plan: the team, a pending invitation, and the invitation form. */
export const TeamOnBusiness: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(member.email)).toBeVisible();
    await expect(await canvas.findByText(`${owner.firstName} ${owner.lastName} (you)`)).toBeVisible();
    await expect(canvas.getByText(invitation.email)).toBeVisible();
    await expect(canvas.getByRole('form', { name: 'Invite a team member' })).toBeVisible();
    // Nobody removes themselves here.
    await expect(
      canvas.queryByRole('button', { name: `Remove ${owner.firstName} ${owner.lastName}` }),
    ).not.toBeInTheDocument();
  },
};

export const InvitationSent: Story = {
  parameters: withTeam(teamScenarios.ownerAlone()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/Email address/), 'new.person@example.com');
    await userEvent.selectOptions(canvas.getByLabelText('Role'), 'owner');
    await userEvent.click(canvas.getByRole('button', { name: 'Send invitation' }));
    await expect(
      await findInToast('We emailed an invitation to new.person@example.com. It expires in 7 days.'),
    ).toBeVisible();
    await expect(await canvas.findByRole('heading', { name: 'Pending invitations' })).toBeVisible();
    await expect(canvas.getByText('new.person@example.com')).toBeVisible();
  },
};

export const InvitationWithdrawn: Story = {
  parameters: withTeam(teamScenarios.business()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: `Withdraw the invitation to ${invitation.email}` }),
    );
    await expect(await findInToast(`The link sent to ${invitation.email} no longer works.`)).toBeVisible();
    await waitFor(() => expect(canvas.queryByText(invitation.email)).not.toBeInTheDocument());
  },
};

export const MemberMadeOwner: Story = {
  parameters: withTeam(teamScenarios.business()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(await canvas.findByLabelText(`Role of ${memberName}`), 'owner');
    await expect(await findInToast(`${memberName} is now an owner.`)).toBeVisible();
  },
};

/** The only owner cannot make themselves a member: the account needs an owner. */
export const LastOwnerCannotStepDown: Story = {
  parameters: withTeam(teamScenarios.ownerAlone()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(
      await canvas.findByLabelText(`Role of ${owner.firstName} ${owner.lastName}`),
      'member',
    );
    await expect(await findInToast(LAST_OWNER)).toBeVisible();
  },
};

/** Removing asks first: the member is signed out at once. */
export const ConfirmRemoveMember: Story = {
  parameters: withTeam(teamScenarios.business()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: `Remove ${memberName}` }));
    const dialog = within(await within(document.body).findByRole('dialog', { name: `Remove ${memberName}?` }));
    await expect(dialog.getByText(/signed out at once/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Remove member' }));
    await expect(await findInToast(`${member.email} has been removed from the team.`)).toBeVisible();
    await waitFor(() => expect(canvas.queryByText(member.email)).not.toBeInTheDocument());
  },
};

/** A plan without team management: what the Business plan brings, and the way to it. */
export const UpgradeToInviteYourTeam: Story = {
  parameters: withTeam(teamScenarios.lowerPlan()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Invite your team with the Business plan' })).toBeVisible();
    await expect(canvas.queryByRole('form', { name: 'Invite a team member' })).not.toBeInTheDocument();
    await expect(canvas.queryByLabelText(`Role of ${owner.firstName} ${owner.lastName}`)).not.toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/billing?tab=plans');
  },
};

export const UpgradeOnAPhone: Story = {
  ...UpgradeToInviteYourTeam,
  globals: onAPhone,
};

/** Staff viewing as the owner see the team but change nothing. */
export const ViewedAsByStaff: Story = {
  parameters: withTeam(teamScenarios.viewedByStaff(), authHandlers.impersonating),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/can be seen but not changed/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: `Remove ${memberName}` })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('form', { name: 'Invite a team member' })).not.toBeInTheDocument();
  },
};

/**
 * Staff viewing as the owner, even where the answer says the team can be managed: no control to change it is
 * shown (the server would refuse every one).
 */
export const ViewedAsByStaffShowsNoControls: Story = {
  parameters: withTeam(teamScenarios.business(), authHandlers.impersonating),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(member.email)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: `Remove ${memberName}` })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('combobox', { name: `Role of ${memberName}` })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('form', { name: 'Invite a team member' })).not.toBeInTheDocument();
    await expect(
      canvas.queryByRole('button', { name: `Withdraw the invitation to ${invitation.email}` }),
    ).not.toBeInTheDocument();
    await expect(canvas.getByText(/can be seen but not changed/)).toBeVisible();
  },
};

/** A staff user who is not of this account (not among its owners): the team is shown read-only. */
export const StaffNotOfThisAccountShowsNoControls: Story = {
  parameters: withTeam(teamScenarios.business(), authHandlers.signedInAdmin),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(member.email)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('combobox', { name: /^Role of / })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('form', { name: 'Invite a team member' })).not.toBeInTheDocument();
    // Not "viewing as": the box says what staff may do here.
    await expect(canvas.getByText(/Staff see this team without changing it/)).toBeVisible();
    await expect(canvas.queryByText(/viewing as this account/)).not.toBeInTheDocument();
  },
};

export const NoAccessForMembers: Story = {
  parameters: withTeam(teamScenarios.member()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
    await expect(canvas.getByText(/Only the account's owners manage its team/)).toBeVisible();
  },
};

export const TeamCouldNotLoad: Story = {
  parameters: withTeam(teamScenarios.loadFails()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Your team could not be loaded', {}, { timeout: 5000 })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try Again' })).toBeVisible();
  },
};

export const LoadingTheTeam: Story = {
  parameters: withTeam(teamScenarios.loading()),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading your team...')).toBeVisible();
  },
};

export const TeamOnAPhone: Story = {
  globals: onAPhone,
  parameters: withTeam(teamScenarios.business()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(member.email)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Send invitation' })).toBeVisible();
  },
};

const withKeys = (
  apiKeys: ReturnType<(typeof apiKeyScenarios)[keyof typeof apiKeyScenarios]>,
  team = teamScenarios.business(),
  auth = authHandlers.signedInClient,
) => ({ msw: { handlers: { auth, team, apiKeys } } });
const { warehouseKey } = apiKeyFixtures;

/** The owner makes a key: its whole text is shown this once, then only its first characters in the list. */
export const ApiKeyMadeAndShownOnce: Story = {
  parameters: withKeys(apiKeyScenarios.none()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No keys yet.')).toBeVisible();
    await userEvent.type(canvas.getByLabelText(/Key name/), 'Repricer script');
    await userEvent.click(canvas.getByRole('button', { name: 'Make key' }));
    await expect(await canvas.findByLabelText('New API key')).toHaveTextContent(NEW_API_KEY_SECRET);
    await expect(canvas.getByText('Copy your new key now')).toBeVisible();
    await expect(await canvas.findByText('Repricer script')).toBeVisible();
    await expect(canvas.getByText(`${NEW_API_KEY_SECRET.slice(0, 12)}…`)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'I have stored it' }));
    await waitFor(() => expect(canvas.queryByLabelText('New API key')).not.toBeInTheDocument());
    await expect(canvas.queryByText(NEW_API_KEY_SECRET)).not.toBeInTheDocument();
  },
};

/** A key that may only read: made with "Read only", listed as such beside the full-access one. */
export const ReadOnlyApiKeyMade: Story = {
  parameters: withKeys(apiKeyScenarios.oneKey()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const keys = await canvas.findByRole('table', { name: 'API keys in use' });
    await expect(within(keys).getByRole('row', { name: /Warehouse script/ })).toHaveTextContent('Full access');
    await userEvent.type(canvas.getByLabelText(/Key name/), 'Stock report');
    await userEvent.selectOptions(canvas.getByLabelText(/Access/), 'Read only');
    await userEvent.click(canvas.getByRole('button', { name: 'Make key' }));
    await expect(await canvas.findByLabelText('New API key')).toHaveTextContent(NEW_API_KEY_SECRET);
    await expect(await within(keys).findByRole('row', { name: /Stock report/ })).toHaveTextContent('Read only');
  },
};

/** Revoking asks first, then the key leaves the list. */
export const ApiKeyRevoked: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(`${warehouseKey.prefix}…`)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: `Revoke ${warehouseKey.name}` }));
    const dialog = within(await within(document.body).findByRole('dialog', { name: `Revoke ${warehouseKey.name}?` }));
    await userEvent.click(dialog.getByRole('button', { name: 'Revoke key' }));
    await expect(await findInToast('Key revoked')).toBeVisible();
    await waitFor(() => expect(canvas.queryByText(`${warehouseKey.prefix}…`)).not.toBeInTheDocument());
  },
};

/** Below the Business plan: what API access needs, and the way to it. */
export const ApiKeysNeedTheBusinessPlan: Story = {
  parameters: withKeys(apiKeyScenarios.lowerPlan(), teamScenarios.lowerPlan()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('API access is included from the Business plan.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'See the Business plan' })).toHaveAttribute(
      'href',
      '/billing?tab=plans',
    );
    await expect(canvas.queryByRole('form', { name: 'Make an API key' })).not.toBeInTheDocument();
  },
};

/** Staff viewing as the owner see the keys, and can neither make nor revoke one. */
export const ApiKeysViewedByStaff: Story = {
  parameters: withKeys(apiKeyScenarios.viewedByStaff(), teamScenarios.viewedByStaff(), authHandlers.impersonating),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(`${warehouseKey.prefix}…`)).toBeVisible();
    await expect(canvas.getByText(/Keys are made and revoked by the owner/)).toBeVisible();
    await expect(canvas.queryByRole('form', { name: 'Make an API key' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: /^Revoke / })).not.toBeInTheDocument();
  },
};

export const ApiKeyMadeOnAPhone: Story = {
  ...ApiKeyMadeAndShownOnce,
  // Keys of its own: the handlers keep the keys their story made.
  parameters: withKeys(apiKeyScenarios.none()),
  globals: onAPhone,
};
