import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { authHandlers, http } from '@hub/mocks';
import { VerifyEmailPage } from './VerifyEmailPage';
import { withRouter } from '../../testing/storyRouter';

const meta = {
  title: 'Screens/Email verification',
  component: VerifyEmailPage,
  decorators: [withRouter],
  parameters: {
    layout: 'fullscreen',
    route: '/verify-email?token=a-mailed-token',
    msw: { handlers: { auth: authHandlers.signedOut } },
  },
} satisfies Meta<typeof VerifyEmailPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Verifying: Story = {
  parameters: {
    msw: {
      handlers: {
        auth: [
          http.post('/api/auth/verify-email', async ({ response }) => {
            await delay('infinite');
            return response(400).json({ message: 'never' });
          }),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Verifying your email...');
  },
};

export const Verified: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Email Verified!' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Continue to Dashboard' })).toBeVisible();
  },
};

export const VerificationFailed: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.verificationFails } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Verification Failed' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/auth');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry Verification' }));
    await expect(await canvas.findByRole('heading', { name: 'Verification Failed' })).toBeVisible();
  },
};

export const NoTokenInAddress: Story = {
  parameters: { route: '/verify-email' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No verification token found in URL')).toBeVisible();
  },
};
