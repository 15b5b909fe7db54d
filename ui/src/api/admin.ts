import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@contract';
import { api, unwrap } from './request';
import { switchIdentity } from './auth';

export type AdminUser = components['schemas']['AdminUser'];
export type Role = components['schemas']['Role'];
export interface UserFilter {
  search?: string;
  role?: Role;
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
export function useStartImpersonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      unwrap(api.POST('/api/admin/impersonate/{userId}', { params: { path: { userId } } })),
    onSuccess: (answer) => switchIdentity(queryClient, answer.impersonatedUser),
  });
}

export function useExitImpersonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/admin/exit-impersonation')),
    onSuccess: (answer) => switchIdentity(queryClient, answer.user),
  });
}
