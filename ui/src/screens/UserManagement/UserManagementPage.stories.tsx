import type { Meta, StoryObj } from '@storybook/react-vite';
import { findInToast } from '../../testing/storyToasts';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { adminHandlers, authHandlers, fixtures } from '@hub/mocks';
import { UserManagementPage } from './UserManagementPage';
import { storyLocation, withRouter } from '../../testing/storyRouter';

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

export const EveryUser: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(fixtures.users.client.email)).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'User Management' })).toBeVisible();
    // Nobody views as themselves.
    const me = fixtures.users.superUser;
    await expect(
      canvas.queryByRole('button', { name: `View as ${me.firstName} ${me.lastName}` }),
    ).not.toBeInTheDocument();
  },
};

export const SearchedForOne: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(fixtures.users.client.email);
    await userEvent.type(canvas.getByLabelText('Search users'), fixtures.users.client.lastName!);
    await waitFor(() => expect(canvas.queryByText(fixtures.users.admin.email)).not.toBeInTheDocument());
    await expect(canvas.getByText(fixtures.users.client.email)).toBeVisible();
  },
};

export const ViewAsClient: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const { firstName, lastName } = fixtures.users.client;
    await userEvent.click(await canvas.findByRole('button', { name: `View as ${firstName} ${lastName}` }));
    await expect(await findInToast('Impersonation Started')).toBeVisible();
    // Until the redirect the page stays as it was: never "You don't have access" for the second before it.
    await expect(canvas.getByRole('button', { name: `View as ${firstName} ${lastName}` })).toBeVisible();
    await expect(canvas.queryByText(/don't have access/i)).not.toBeInTheDocument();
    await waitFor(() => expect(storyLocation.current.path).toBe('/'), { timeout: 2500 });
  },
};

export const ViewAsRefused: Story = {
  parameters: { msw: { handlers: { admin: adminHandlers.impersonationFails } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const { firstName, lastName } = fixtures.users.client;
    await userEvent.click(await canvas.findByRole('button', { name: `View as ${firstName} ${lastName}` }));
    await expect(await findInToast('Impersonation Failed')).toBeVisible();
    await expect(await findInToast('Impersonation failed: Cannot impersonate another administrator')).toBeVisible();
  },
};

export const NoUsersYet: Story = {
  parameters: { msw: { handlers: { admin: adminHandlers.noUsers } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'No users match' })).toBeVisible();
  },
};

export const NoAccessForClients: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.signedInClient, admin: adminHandlers.forbidden } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: "You don't have access to this page" }),
    ).toBeVisible();
  },
};
