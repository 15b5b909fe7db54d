import { authErrorParams, authToasts } from '../../shared/auth/authTexts';
import { impersonationToasts } from '../../shared/auth/impersonationTexts';
import type { ToastVariant } from '../../index';

interface CatalogueToast {
  title: string;
  description?: string;
  variant: ToastVariant;
}

/** Every toast of spec section 8, with the texts the screens show; the server's own message where the spec says so. */
export const toastCatalogue = [
  { title: authToasts.signInFailed, description: 'Invalid email or password', variant: 'destructive' },
  {
    title: authToasts.registrationFailed,
    description: 'This password is one of the most commonly used and easy to guess. Please choose another.',
    variant: 'destructive',
  },
  {
    title: authToasts.logoutFailed,
    description: 'Network connection failed - please refresh and try again',
    variant: 'destructive',
  },
  {
    title: authToasts.verificationRequired,
    description: 'Please verify your email address before signing in. Check your inbox for the verification link.',
    variant: 'default',
  },
  {
    title: authToasts.verificationFailed,
    description: 'This verification link is invalid or has expired. Please request a new one.',
    variant: 'destructive',
  },
  {
    title: authToasts.failedToResend,
    description: 'Too many attempts. Please try again in 60 minutes.',
    variant: 'destructive',
  },
  {
    title: authToasts.failedToSendReset,
    description: 'Request timeout - server may be busy processing',
    variant: 'destructive',
  },
  {
    title: authToasts.resetFailed,
    description: 'The password reset link is invalid or has expired.',
    variant: 'destructive',
  },
  { title: authToasts.invalidResetLink, description: authToasts.invalidResetLinkText, variant: 'destructive' },
  { title: authToasts.passwordsDontMatch, description: authToasts.passwordsDontMatchText, variant: 'destructive' },
  { title: authToasts.passwordTooShort, description: authToasts.passwordTooShortText, variant: 'destructive' },
  { ...authErrorParams.google_auth_failed, variant: 'destructive' },
  { ...authErrorParams.session_error, variant: 'destructive' },
  { title: impersonationToasts.failed, description: impersonationToasts.fallback, variant: 'destructive' },
  { title: impersonationToasts.failed, description: 'Impersonation failed: User not found', variant: 'destructive' },
  { title: impersonationToasts.failed, description: impersonationToasts.noUserData, variant: 'destructive' },
  {
    title: impersonationToasts.exitFailed,
    description: 'Exit failed: You are not impersonating anyone.',
    variant: 'destructive',
  },
  { title: impersonationToasts.exitFailed, description: impersonationToasts.noExitSuccess, variant: 'destructive' },
  { title: authToasts.welcomeBack, variant: 'success' },
  {
    title: authToasts.registrationSuccessful,
    description: 'Registration successful. Please check your email to verify your account.',
    variant: 'success',
  },
  {
    title: authToasts.emailVerified,
    description: 'Your email is verified. Welcome to Marketplace Hub!',
    variant: 'success',
  },
  {
    title: authToasts.verificationEmailSent,
    description: 'If that email has an account waiting for verification, a new verification link is on its way.',
    variant: 'success',
  },
  {
    title: authToasts.resetEmailSent,
    description: 'If an account exists for that email, a password reset link is on its way.',
    variant: 'success',
  },
  {
    title: authToasts.resetSuccessful,
    description: 'Your password has been reset. You can now sign in with your new password.',
    variant: 'success',
  },
  { title: authToasts.loggedOut, variant: 'default' },
  { title: impersonationToasts.started, description: 'You are now viewing as Casey Cooper', variant: 'success' },
  { title: impersonationToasts.ended, description: 'Impersonation ended', variant: 'success' },
] as const satisfies readonly CatalogueToast[];
