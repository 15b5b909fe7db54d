import { ApiError, errorText } from '../../api';

/** Starting impersonation navigates to / after 1 s; ending it to /admin/users after 1 s (spec section 9). */
export const IMPERSONATION_REDIRECT_MS = 1000;

export const impersonationToasts = {
  started: 'Impersonation Started',
  ended: 'Impersonation Ended',
  failed: 'Impersonation Failed',
  exitFailed: 'Exit Failed',
  fallback: 'Failed to start user impersonation',
  noUserData: 'Impersonation failed - no user data received',
  noExitSuccess: 'Exit failed - no success response',
} as const;

export const impersonationFailure = (error: unknown) =>
  error instanceof ApiError || error instanceof Error
    ? `Impersonation failed: ${errorText(error)}`
    : impersonationToasts.fallback;

export const exitFailure = (error: unknown) => `Exit failed: ${errorText(error)}`;
