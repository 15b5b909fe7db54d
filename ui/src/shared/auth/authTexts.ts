/** Toast titles and texts of spec section 8, in one place for the screens and their tests. */
export const authToasts = {
  welcomeBack: 'Welcome back!',
  signInFailed: 'Sign In Failed',
  registrationSuccessful: 'Registration Successful',
  registrationFailed: 'Registration Failed',
  verificationRequired: 'Email Verification Required',
  emailVerified: 'Email Verified!',
  verificationFailed: 'Verification Failed',
  verificationEmailSent: 'Verification Email Sent',
  failedToResend: 'Failed to Resend',
  resetEmailSent: 'Password Reset Email Sent',
  failedToSendReset: 'Failed to Send Reset Email',
  resetSuccessful: 'Password Reset Successful',
  resetFailed: 'Password Reset Failed',
  invalidResetLink: 'Invalid Reset Link',
  invalidResetLinkText: 'The password reset link is invalid or has expired.',
  passwordsDontMatch: "Passwords Don't Match",
  passwordsDontMatchText: 'Please make sure both password fields match.',
  passwordTooShort: 'Password Too Short',
  passwordTooShortText: 'Password must be at least 6 characters long.',
  loggedOut: 'Logged out',
  logoutFailed: 'Logout failed',
} as const;

/** The error parameter values /auth understands, with the toast each shows. */
export const authErrorParams = {
  google_auth_failed: {
    title: 'Authentication Failed',
    description: 'Google authentication failed. Please try again.',
  },
  session_error: {
    title: 'Session Error',
    description: 'There was an issue with your session. Please try signing in again.',
  },
} as const;
export type AuthErrorParam = keyof typeof authErrorParams;

export const MIN_PASSWORD_LENGTH = 6;
export const GOOGLE_SIGN_IN_PATH = '/auth/google';
