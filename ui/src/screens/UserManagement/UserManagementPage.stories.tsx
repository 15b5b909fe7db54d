import type { Meta, StoryObj } from '@storybook/react-vite';
import { findInToast } from '../../testing/storyToasts';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { adminHandlers, apiKeyScenarios, authHandlers, fixtures, teamScenarios } from '@hub/mocks';
import { UserManagementPage } from './UserManagementPage';
import { storyLocation, withRouter } from '../../testing/storyRouter';
import { onAPhone } from '../../testing/storyViewports';

const meta = {
  title: 'Screens/User management',
  component: UserManagementPage,
  decorators: [withRouter],
  parameters: {
    route: '/admin/users',
    msw: { handlers: { auth: authHandlers.signedInSuperUser, admin: adminHandlers.default } },
  },
} satisfies Meta<typeof UserManagementPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const { client, unverifiedClient, clientWithoutName, admin } = fixtures.users;
const clientName = `${client.firstName} ${client.lastName}`;

/** Opens a user's "More" menu and picks an item. */
async function moreActions(canvasElement: HTMLElement, name: string, item: string) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: `More actions for ${name}` }));
  await userEvent.click(await within(document.body).findByRole('menuitem', { name: item }));
}

export const EveryUser: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(client.email)).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'User Management' })).toBeVisible();
    // Nobody views as themselves, nor acts on themselves.
    const me = fixtures.users.superUser;
    await expect(
      canvas.queryByRole('button', { name: `View as ${me.firstName} ${me.lastName}` }),
    ).not.toBeInTheDocument();
    await expect(
      canvas.queryByRole('button', { name: `More actions for ${me.firstName} ${me.lastName}` }),
    ).not.toBeInTheDocument();
    await expect(within(canvas.getByRole('table')).getByText('Disabled')).toBeVisible();
  },
};

export const SearchedForOne: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(client.email);
    await userEvent.type(canvas.getByLabelText('Search users'), client.lastName!);
    await waitFor(() => expect(canvas.queryByText(admin.email)).not.toBeInTheDocument());
    await expect(canvas.getByText(client.email)).toBeVisible();
  },
};

/** Status "Disabled": only the disabled user is listed. */
export const FilteredToDisabledUsers: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(client.email);
    await userEvent.selectOptions(canvas.getByLabelText('Status'), 'disabled');
    await waitFor(() => expect(canvas.queryByText(client.email)).not.toBeInTheDocument());
    await expect(canvas.getAllByText(clientWithoutName.email)[0]).toBeVisible();
  },
};

/** Filters that match nobody: the empty state offers to clear them. */
export const FiltersMatchNobody: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(client.email);
    await userEvent.selectOptions(canvas.getByLabelText('Role'), 'admin');
    await userEvent.selectOptions(canvas.getByLabelText('Email'), 'false');
    await expect(await canvas.findByRole('heading', { name: 'No users match' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await expect(await canvas.findByText(client.email)).toBeVisible();
  },
};

export const ViewAsClient: Story = {
  // Viewing as the seller, the page reads the team it now may see, until the redirect.
  parameters: {
    msw: { handlers: { team: teamScenarios.viewedByStaff(), apiKeys: apiKeyScenarios.viewedByStaff() } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: `View as ${clientName}` }));
    await expect(await findInToast('Impersonation Started')).toBeVisible();
    // Until the redirect the page stays as it was: never "You don't have access" for the second before it.
    await expect(canvas.getByRole('button', { name: `View as ${clientName}` })).toBeVisible();
    await expect(canvas.queryByText(/don't have access/i)).not.toBeInTheDocument();
    await waitFor(() => expect(storyLocation.current.path).toBe('/'), { timeout: 2500 });
  },
};

export const ViewAsRefused: Story = {
  parameters: { msw: { handlers: { admin: adminHandlers.impersonationFails } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: `View as ${clientName}` }));
    await expect(await findInToast('Impersonation Failed')).toBeVisible();
    await expect(await findInToast('Impersonation failed: Cannot impersonate another administrator')).toBeVisible();
  },
};

/** A super user gives a client the admin role from the "Change role" dialog. */
export const RoleChangedBySuperUser: Story = {
  play: async ({ canvasElement }) => {
    await moreActions(canvasElement, clientName, 'Change role');
    const dialog = within(
      await within(document.body).findByRole('dialog', { name: `Change the role of ${clientName}` }),
    );
    await expect(dialog.getByRole('button', { name: 'Change role' })).toBeDisabled();
    await userEvent.selectOptions(dialog.getByLabelText('New role'), 'admin');
    await userEvent.click(dialog.getByRole('button', { name: 'Change role' }));
    await expect(await findInToast(`${clientName} is now admin.`)).toBeVisible();
  },
};

/** An admin's menu has no "Change role": only super users change roles. */
export const AdminCannotChangeRoles: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.signedInAdmin } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: `More actions for ${clientName}` }));
    await expect(await within(document.body).findByRole('menuitem', { name: 'Disable' })).toBeVisible();
    await expect(within(document.body).queryByRole('menuitem', { name: 'Change role' })).not.toBeInTheDocument();
    // Nor any action on a super user.
    const superUser = fixtures.users.superUser;
    await expect(
      canvas.queryByRole('button', { name: `More actions for ${superUser.firstName} ${superUser.lastName}` }),
    ).not.toBeInTheDocument();
  },
};

/** Disabling asks first: the user is signed out everywhere at once. */
export const ConfirmDisable: Story = {
  play: async ({ canvasElement }) => {
    await moreActions(canvasElement, clientName, 'Disable');
    const dialog = within(await within(document.body).findByRole('dialog', { name: `Disable ${clientName}?` }));
    await expect(dialog.getByText(/signed out everywhere at once/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Disable user' }));
    await expect(await findInToast(`${clientName} has been signed out.`)).toBeVisible();
  },
};

export const EnableDisabledUser: Story = {
  play: async ({ canvasElement }) => {
    await moreActions(canvasElement, clientWithoutName.email, 'Enable');
    await expect(await findInToast(`${clientWithoutName.email} can sign in again.`)).toBeVisible();
  },
};

export const ResendVerification: Story = {
  play: async ({ canvasElement }) => {
    await moreActions(
      canvasElement,
      `${unverifiedClient.firstName} ${unverifiedClient.lastName}`,
      'Resend verification',
    );
    await expect(
      await findInToast(`A new verification link is on its way to ${unverifiedClient.email}.`),
    ).toBeVisible();
  },
};

/** Deleting asks first and says what goes with the user: their account's data if nobody else is on it. */
export const ConfirmDelete: Story = {
  play: async ({ canvasElement }) => {
    await moreActions(canvasElement, clientName, 'Delete');
    const dialog = within(await within(document.body).findByRole('dialog', { name: `Delete ${clientName}?` }));
    await expect(dialog.getByText(/the account and all its data/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete user' }));
    await expect(await findInToast(`${client.email} has been deleted.`)).toBeVisible();
  },
};

export const NoUsersYet: Story = {
  parameters: { msw: { handlers: { admin: adminHandlers.noUsers } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'No users match' })).toBeVisible();
  },
};

export const LoadingUsers: Story = {
  parameters: { msw: { handlers: { admin: adminHandlers.loadingUsers } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading users...')).toBeVisible();
  },
};

export const UsersCouldNotLoad: Story = {
  parameters: { msw: { handlers: { admin: adminHandlers.usersFail } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Users could not be loaded', {}, { timeout: 5000 })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try Again' })).toBeVisible();
  },
};

export const EveryUserOnAPhone: Story = {
  globals: onAPhone,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(client.email)).toBeVisible();
    await expect(canvas.getByLabelText('Status')).toBeVisible();
  },
};

/** A seller who owns their account sees their team here instead of every user. */
export const OwnerSeesTheirTeam: Story = {
  parameters: {
    route: '/user-management',
    msw: {
      handlers: {
        auth: authHandlers.signedInClient,
        admin: adminHandlers.forbidden,
        team: teamScenarios.business(),
        apiKeys: apiKeyScenarios.oneKey(),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Team' })).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'User Management' })).not.toBeInTheDocument();
  },
};

/** A member of an account: the team is its owners' to manage. */
export const NoAccessForMembers: Story = {
  parameters: {
    route: '/user-management',
    msw: {
      handlers: { auth: authHandlers.signedInClient, admin: adminHandlers.forbidden, team: teamScenarios.member() },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: "You don't have access to this page" }),
    ).toBeVisible();
  },
};
