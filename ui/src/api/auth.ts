import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { components } from '@contract';
import { api, ApiError, unwrap } from './request';

export type AuthUser = components['schemas']['AuthUser'];
export type VerificationRequired = components['schemas']['VerificationRequired'];
export type LoginAnswer = AuthUser | VerificationRequired;
export type RegisterInput = components['schemas']['RegisterRequest'];
export type ProfileUpdate = components['schemas']['ProfileUpdate'];

export const CURRENT_USER_STALE_MS = 5 * 60 * 1000;

export const isVerificationRequired = (answer: LoginAnswer): answer is VerificationRequired =>
  'requiresVerification' in answer && answer.requiresVerification === true;

/** The signed-in user; a 401 means signed out (null), not an error. Cached five minutes. */
export const currentUserQuery = queryOptions({
  queryKey: ['/api/auth/user'] as const,
  queryFn: async ({ signal }): Promise<AuthUser | null> => {
    try {
      return await unwrap(api.GET('/api/auth/user', { signal }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: CURRENT_USER_STALE_MS,
  retry: false,
});

/**
 * The identity changed (sign-out, impersonation): every cached answer belonged to the other one.
 * The user is set first and the rest removed, so mounted observers of the user see the new one
 * (clearing the whole cache would detach them from their query).
 */
export function switchIdentity(queryClient: QueryClient, user: AuthUser | null): void {
  queryClient.setQueryData(currentUserQuery.queryKey, user);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQuery.queryKey[0] });
}

export type AuthProviders = components['schemas']['AuthProviders'];

/** The sign-in providers the server offers (public); they do not change while the page is open. */
export const authProvidersQuery = queryOptions({
  queryKey: ['/api/auth/providers'] as const,
  queryFn: ({ signal }): Promise<AuthProviders> => unwrap(api.GET('/api/auth/providers', { signal })),
  staleTime: Infinity,
});

export function useAuthProviders() {
  return useQuery(authProvidersQuery);
}

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/** Sets the user on success; a requiresVerification answer leaves the user signed out. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => unwrap(api.POST('/api/auth/login', { body })),
    onSuccess: (answer) => {
      if (!isVerificationRequired(answer)) queryClient.setQueryData(currentUserQuery.queryKey, answer);
    },
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterInput) => unwrap(api.POST('/api/auth/register', { body })),
  });
}

/** Logout clears the user and the whole cache (spec section 4). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/auth/logout')),
    onSuccess: () => switchIdentity(queryClient, null),
  });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => unwrap(api.POST('/api/auth/verify-email', { body: { token } })),
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) => unwrap(api.POST('/api/auth/resend-verification', { body: { email } })),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => unwrap(api.POST('/api/auth/forgot-password', { body: { email } })),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => unwrap(api.POST('/api/auth/reset-password', { body })),
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => unwrap(api.PATCH('/api/auth/profile', { body })),
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      unwrap(api.POST('/api/auth/change-password', { body })),
  });
}
