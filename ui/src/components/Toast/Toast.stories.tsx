import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { useToast } from './Toast';
import type { ToastVariant } from './Toast.variants';
import type { ToastOptions } from './toastStore';

interface ToastTriggerProps {
  toasts: Array<ToastOptions & { trigger: string; variant?: ToastVariant }>;
}

// Stories raise toasts the way the app does: through useToast() under the preview's ToastProvider.
function ToastTriggers({ toasts }: ToastTriggerProps) {
  const { toast } = useToast();
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {toasts.map(({ trigger, ...options }) => (
        <Button key={trigger} variant="secondary" onClick={() => toast({ duration: 60_000, ...options })}>
          {trigger}
        </Button>
      ))}
    </div>
  );
}

const meta = {
  title: 'Components/Toast',
  component: ToastTriggers,
} satisfies Meta<typeof ToastTriggers>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WelcomeBack: Story = {
  args: {
    toasts: [
      {
        trigger: 'Sign in',
        title: 'Welcome back!',
        description: 'You have signed in successfully.',
        variant: 'success',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Sign in' }));
    await expect(await screen.findByText('Welcome back!')).toBeVisible();
    await expect(screen.getByText('You have signed in successfully.')).toBeVisible();
  },
};

export const SignInFailed: Story = {
  args: {
    toasts: [
      { trigger: 'Sign in', title: 'Sign In Failed', description: 'Invalid email or password', variant: 'destructive' },
    ],
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Sign in' }));
    await expect(await screen.findByText('Sign In Failed')).toBeVisible();
    await expect(screen.getByText('Invalid email or password')).toBeVisible();
  },
};

export const OneToastAtATime: Story = {
  args: {
    toasts: [
      {
        trigger: 'Send reset email',
        title: 'Password Reset Email Sent',
        description: 'Check your inbox for the reset link.',
      },
      {
        trigger: 'Resend verification',
        title: 'Verification Email Sent',
        description: 'Check your inbox for the new link.',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send reset email' }));
    await screen.findByText('Password Reset Email Sent');
    await userEvent.click(canvas.getByRole('button', { name: 'Resend verification' }));
    await expect(await screen.findByText('Verification Email Sent')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Password Reset Email Sent')).not.toBeInTheDocument());
  },
};

export const ClosingAToast: Story = {
  args: {
    toasts: [{ trigger: 'Sign out', title: 'Logged out', description: 'You have been signed out.' }],
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Sign out' }));
    await screen.findByText('Logged out');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Logged out')).not.toBeInTheDocument());
  },
};

export const RetryAction: Story = {
  args: {
    toasts: [
      {
        trigger: 'Exit',
        title: 'Exit Failed',
        description: 'Exit failed - no success response',
        variant: 'destructive',
        action: { label: 'Retry', onSelect: () => {} },
      },
    ],
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Exit' }));
    await expect(await screen.findByRole('button', { name: 'Retry' })).toBeVisible();
  },
};
