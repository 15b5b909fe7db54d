import type { Meta, StoryObj } from '@storybook/react-vite';
import { findInToast } from '../../testing/storyToasts';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { authHandlers, http } from '@hub/mocks';
import { AuthScreen } from './AuthScreen';
import { withRouter, storyLocation } from '../../testing/storyRouter';

const meta = {
  title: 'Screens/Sign in',
  component: AuthScreen,
  decorators: [withRouter],
  parameters: { layout: 'fullscreen', route: '/auth', msw: { handlers: { auth: authHandlers.signedOut } } },
  args: { onGoogleSignIn: fn() },
} satisfies Meta<typeof AuthScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function fillSignIn(canvas: ReturnType<typeof within>) {
  await userEvent.type(canvas.getByLabelText('Email'), 'casey@cooperhome.example');
  await userEvent.type(canvas.getByLabelText('Password'), 'a good secret');
  await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }));
}

export const SignIn: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tab', { name: 'Sign In', selected: true })).toBeVisible();
    await expect(canvas.getByRole('tab', { name: 'Sign Up' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Forgot your password?' })).toBeVisible();
    // Offered because the server says Google is configured.
    await userEvent.click(await canvas.findByRole('button', { name: 'Continue with Google' }));
    await expect(args.onGoogleSignIn).toHaveBeenCalledOnce();
    await expect(canvas.getByRole('complementary', { name: 'Why Marketplace Hub' })).toBeInTheDocument();
  },
};

export const SignUp: Story = {
  args: { initialTab: 'signup' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const label of ['First name', 'Last name', 'Email', 'Password'])
      await expect(canvas.getByLabelText(label)).toBeVisible();
    await expect(canvas.getByText(/optional/)).toBeVisible();
    await expect(canvas.getByText(/We'll send you a verification email/)).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Sign up with Google' })).toBeVisible();
  },
};

let providersAnswered = false;
export const SignInWithoutGoogle: Story = {
  parameters: {
    msw: {
      handlers: {
        auth: [
          http.get('/api/auth/providers', ({ response }) => {
            providersAnswered = true;
            return response(200).json({ google: false });
          }),
          ...authHandlers.signedOutWithoutGoogle,
        ],
      },
    },
  },
  beforeEach: () => {
    providersAnswered = false;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(providersAnswered).toBe(true));
    await expect(canvas.getByRole('button', { name: 'Sign In' })).toBeVisible();
    // A button that could only fail is not offered, on either tab.
    await waitFor(() => expect(canvas.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument());
    await expect(canvas.queryByText('or')).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('tab', { name: 'Sign Up' }));
    await expect(await canvas.findByRole('button', { name: 'Create Account' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Sign up with Google' })).not.toBeInTheDocument();
  },
};

export const WelcomeBack: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.signedInClient } } },
  play: async ({ canvasElement }) => {
    await fillSignIn(within(canvasElement));
    await expect(await findInToast('Welcome back!')).toBeVisible();
    await waitFor(() => expect(storyLocation.current.path).toBe('/'));
  },
};

export const WrongPassword: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.loginFails } } },
  play: async ({ canvasElement }) => {
    await fillSignIn(within(canvasElement));
    await expect(await findInToast('Sign In Failed')).toBeVisible();
    await expect(await findInToast('Invalid email or password')).toBeVisible();
  },
};

export const TooManyAttempts: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.loginRateLimited } } },
  play: async ({ canvasElement }) => {
    await fillSignIn(within(canvasElement));
    await expect(await findInToast('Sign In Failed')).toBeVisible();
    await expect(await findInToast(/Too many sign-in attempts/)).toBeVisible();
  },
};

export const EmailNotYetVerified: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.loginRequiresVerification } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillSignIn(canvas);
    await expect(await findInToast('Email Verification Required')).toBeVisible();
    await expect(await canvas.findByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
    await expect(canvas.getByText('casey@cooperhome.example')).toBeVisible();
  },
};

export const RegistrationSucceeds: Story = {
  args: { initialTab: 'signup' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('First name'), 'Casey');
    await userEvent.type(canvas.getByLabelText('Email'), 'casey@cooperhome.example');
    await userEvent.type(canvas.getByLabelText('Password'), 'a good secret');
    await userEvent.click(canvas.getByRole('button', { name: 'Create Account' }));
    await expect(await findInToast('Registration Successful')).toBeVisible();
    await expect(await canvas.findByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
    await expect(canvas.getByText('casey@cooperhome.example')).toBeVisible();
  },
};

export const RegistrationFails: Story = {
  args: { initialTab: 'signup' },
  parameters: { msw: { handlers: { auth: authHandlers.registrationFails } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Email'), 'casey@cooperhome.example');
    await userEvent.type(canvas.getByLabelText('Password'), 'password');
    await userEvent.click(canvas.getByRole('button', { name: 'Create Account' }));
    await expect(await findInToast('Registration Failed')).toBeVisible();
    await expect(await findInToast('Password is too common. Please choose another.')).toBeVisible();
  },
};

export const VerifyYourEmail: Story = {
  args: { initialMode: 'verify-email', initialEmail: 'casey@cooperhome.example' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Verify Email' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Resend Verification Email' }));
    await expect(await findInToast('Verification Email Sent')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Back to Sign In' }));
    await expect(canvas.getByRole('tab', { name: 'Sign In', selected: true })).toBeVisible();
  },
};

export const VerifiedFromEmailLink: Story = {
  parameters: { route: '/auth?token=a-mailed-token' },
  play: async () => {
    await expect(await findInToast('Email Verified!')).toBeVisible();
    await waitFor(() => expect(storyLocation.current.path).toBe('/'));
  },
};

export const VerificationLinkExpired: Story = {
  parameters: { route: '/auth?token=an-old-token', msw: { handlers: { auth: authHandlers.verificationFails } } },
  play: async ({ canvasElement }) => {
    await expect(await findInToast('Verification Failed')).toBeVisible();
    await expect(await findInToast('Invalid or expired verification token')).toBeVisible();
    await expect(within(canvasElement).getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
  },
};

export const ResendFails: Story = {
  args: { initialMode: 'verify-email', initialEmail: 'casey@cooperhome.example' },
  parameters: { msw: { handlers: { auth: authHandlers.resendFails } } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Resend Verification Email' }));
    await expect(await findInToast('Failed to Resend')).toBeVisible();
  },
};

export const ForgotPassword: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Forgot your password?' }));
    await expect(canvas.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Email'), 'casey@cooperhome.example');
    await userEvent.click(canvas.getByRole('button', { name: 'Send Reset Link' }));
    await expect(await findInToast('Password Reset Email Sent')).toBeVisible();
    await expect(await canvas.findByRole('tab', { name: 'Sign In', selected: true })).toBeVisible();
  },
};

export const ForgotPasswordFails: Story = {
  args: { initialMode: 'forgot-password' },
  parameters: { msw: { handlers: { auth: authHandlers.forgotPasswordFails } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Email'), 'casey@cooperhome.example');
    await userEvent.click(canvas.getByRole('button', { name: 'Send Reset Link' }));
    await expect(await findInToast('Failed to Send Reset Email')).toBeVisible();
    await expect(await findInToast('Too many requests. Please try again later.')).toBeVisible();
  },
};

export const GoogleSignInFailed: Story = {
  parameters: { route: '/auth?error=google_auth_failed' },
  play: async () => {
    await expect(await findInToast('Authentication Failed')).toBeVisible();
    await expect(await findInToast('Google authentication failed. Please try again.')).toBeVisible();
    await waitFor(() => expect(storyLocation.current.path).toBe('/auth'));
  },
};

export const SessionError: Story = {
  parameters: { route: '/auth?error=session_error' },
  play: async () => {
    await expect(await findInToast('Session Error')).toBeVisible();
    await expect(await findInToast('There was an issue with your session. Please try signing in again.')).toBeVisible();
    await waitFor(() => expect(storyLocation.current.path).toBe('/auth'));
  },
};
