import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@contract';
import { api, unwrap } from './request';
import { switchIdentity, type AuthUser } from './auth';

export type AdminUser = components['schemas']['AdminUser'];
export type Role = components['schemas']['Role'];
export type AccountPlan = components['schemas']['AccountPlan'];
export type UserStatus = components['schemas']['UserStatus'];
export interface UserFilter {
  search?: string;
  role?: Role;
  verified?: boolean;
  plan?: AccountPlan;
  status?: UserStatus;
  page?: number;
  pageSize?: number;
}

export const usersQuery = (filter: UserFilter) =>
  queryOptions({
    queryKey: ['/api/admin/users', filter] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/users', { params: { query: filter }, signal })),
    placeholderData: keepPreviousData,
  });

export function useUsers(filter: UserFilter) {
  return useQuery(usersQuery(filter));
}

/** Starting or ending impersonation changes who "the current user" is. */
/**
 * Starts viewing as a user. The app switches to that identity when it leaves the page it was started
 * from (`switchToImpersonated`): switched at once, the staff page would show "You don't have access"
 * to the seller for the second before the redirect.
 */
export function useStartImpersonation() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (userId: string) =>
      unwrap(api.POST('/api/admin/impersonate/{userId}', { params: { path: { userId } } })),
  });
  const switchToImpersonated = (answer: { impersonatedUser: AuthUser }) =>
    switchIdentity(queryClient, answer.impersonatedUser);
  return Object.assign(mutation, { switchToImpersonated });
}

export function useExitImpersonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/admin/exit-impersonation')),
    onSuccess: (answer) => switchIdentity(queryClient, answer.user),
  });
}
