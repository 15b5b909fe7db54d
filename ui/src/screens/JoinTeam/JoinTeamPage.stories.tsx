import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { authHandlers, fixtures, INVITATION_TOKEN, invitationScenarios, teamFixtures } from '@hub/mocks';
import { storyLocation, withRouter } from '../../testing/storyRouter';
import { onAPhone } from '../../testing/storyViewports';
import { JoinTeamPage } from './JoinTeamPage';

const meta = {
  title: 'Screens/Join team',
  component: JoinTeamPage,
  decorators: [withRouter],
  parameters: {
    layout: 'fullscreen',
    route: `/join?token=${INVITATION_TOKEN}`,
    msw: { handlers: { auth: authHandlers.signedOut, invitation: invitationScenarios.newUser() } },
  },
} satisfies Meta<typeof JoinTeamPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const company = fixtures.users.client.companyName!;

/** Someone new chooses a password, joins, and lands on the dashboard. */
export const NewPersonJoins: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: `Join ${company}` })).toBeVisible();
    await expect(
      await canvas.findByText(new RegExp(`as a member with ${teamFixtures.invitation.email}`)),
    ).toBeVisible();
    await userEvent.type(canvas.getByLabelText('First name'), 'Lee');
    await userEvent.type(canvas.getByLabelText(/Choose a password/), 'lee secret 1');
    await userEvent.click(canvas.getByRole('button', { name: 'Create account and join' }));
    await waitFor(() => expect(storyLocation.current.path).toBe('/'));
  },
};

/** The invited address has an account: its owner signs in to join. */
export const ExistingUserSignsIn: Story = {
  parameters: { msw: { handlers: { invitation: invitationScenarios.existingUser() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Sign in and join' })).toBeVisible();
    await expect(canvas.getByLabelText(/Your password/)).toBeVisible();
    await expect(canvas.queryByLabelText('First name')).not.toBeInTheDocument();
  },
};

/** Signed in with another address: sign out first. */
export const SignedInWithAnotherEmail: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.signedInAdmin } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Signed in with another email')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Sign out' })).toBeVisible();
  },
};

export const LinkNoLongerValid: Story = {
  parameters: { msw: { handlers: { invitation: invitationScenarios.invalid() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Invitation not valid' })).toBeVisible();
    await expect(
      canvas.getByText('This invitation link is invalid, has expired or has already been used.'),
    ).toBeVisible();
  },
};

export const LinkWithoutToken: Story = {
  parameters: { route: '/join' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Invitation not valid' })).toBeVisible();
  },
};

export const JoinOnAPhone: Story = {
  globals: onAPhone,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Create account and join' })).toBeVisible();
  },
};
