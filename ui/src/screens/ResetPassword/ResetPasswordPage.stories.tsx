import type { Meta, StoryObj } from '@storybook/react-vite';
import { findInToast } from '../../testing/storyToasts';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { authHandlers } from '@hub/mocks';
import { ResetPasswordPage } from './ResetPasswordPage';
import { storyLocation, withRouter } from '../../testing/storyRouter';

const meta = {
  title: 'Screens/Reset password',
  component: ResetPasswordPage,
  decorators: [withRouter],
  parameters: {
    layout: 'fullscreen',
    route: '/reset-password?token=a-mailed-token',
    msw: { handlers: { auth: authHandlers.signedOut } },
  },
} satisfies Meta<typeof ResetPasswordPage>;

export default meta;
type Story = StoryObj<typeof meta>;
const page = () => within(document.body);

export const ChooseNewPassword: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('New Password')).toHaveAttribute('minlength', '6');
    await expect(canvas.getByLabelText('Confirm Password')).toHaveAttribute('minlength', '6');
  },
};

export const PasswordsDiffer: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('New Password'), 'first secret');
    await userEvent.type(canvas.getByLabelText('Confirm Password'), 'other secret');
    await expect(canvas.getByText('Passwords do not match')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Reset Password' })).toBeDisabled();
  },
};

export const PasswordTooShort: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('New Password'), 'abc');
    await userEvent.type(canvas.getByLabelText('Confirm Password'), 'abc');
    await userEvent.click(canvas.getByRole('button', { name: 'Reset Password' }));
    await expect(await findInToast('Password Too Short')).toBeVisible();
    await expect(await findInToast('Password must be at least 6 characters long.')).toBeVisible();
  },
};

export const ResetSucceeds: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('New Password'), 'a new secret');
    await userEvent.type(canvas.getByLabelText('Confirm Password'), 'a new secret');
    await userEvent.click(canvas.getByRole('button', { name: 'Reset Password' }));
    await expect(await findInToast('Password Reset Successful')).toBeVisible();
    await waitFor(() => expect(storyLocation.current.path).toBe('/auth'), { timeout: 3000 });
  },
};

export const ResetRefused: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.resetPasswordFails } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('New Password'), 'a new secret');
    await userEvent.type(canvas.getByLabelText('Confirm Password'), 'a new secret');
    await userEvent.click(canvas.getByRole('button', { name: 'Reset Password' }));
    await expect(await findInToast('Password Reset Failed')).toBeVisible();
    await expect(await findInToast('Reset token is invalid or has expired')).toBeVisible();
  },
};

export const InvalidResetLink: Story = {
  parameters: { route: '/reset-password' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
    await expect(
      page().getAllByText('The password reset link is invalid or has expired.', { exact: false }).length,
    ).toBeGreaterThan(0);
    await waitFor(() => expect(storyLocation.current.path).toBe('/auth'), { timeout: 3000 });
  },
};
