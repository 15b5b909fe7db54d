import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { components } from '@contract';
import { api, ApiError, request } from './request';

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
      return await request('GET', '/api/auth/user', () => api.GET('/api/auth/user', { signal }));
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

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/** Sets the user on success; a requiresVerification answer leaves the user signed out. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      request('POST', '/api/auth/login', () => api.POST('/api/auth/login', { body })),
    onSuccess: (answer) => {
      if (!isVerificationRequired(answer)) queryClient.setQueryData(currentUserQuery.queryKey, answer);
    },
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterInput) =>
      request('POST', '/api/auth/register', () => api.POST('/api/auth/register', { body })),
  });
}

/** Logout clears the user and the whole cache (spec section 4). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request('POST', '/api/auth/logout', () => api.POST('/api/auth/logout')),
    onSuccess: () => switchIdentity(queryClient, null),
  });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      request('POST', '/api/auth/verify-email', () => api.POST('/api/auth/verify-email', { body: { token } })),
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) =>
      request('POST', '/api/auth/resend-verification', () =>
        api.POST('/api/auth/resend-verification', { body: { email } }),
      ),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      request('POST', '/api/auth/forgot-password', () => api.POST('/api/auth/forgot-password', { body: { email } })),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      request('POST', '/api/auth/reset-password', () => api.POST('/api/auth/reset-password', { body })),
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) =>
      request('PATCH', '/api/auth/profile', () => api.PATCH('/api/auth/profile', { body })),
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      request('POST', '/api/auth/change-password', () => api.POST('/api/auth/change-password', { body })),
  });
}
