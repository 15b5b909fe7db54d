import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from './request';
import type { Role } from './admin';

/** Every list of users sits under this key: a staff action refreshes them all. */
const usersKey = ['/api/admin/users'] as const;

function useUserAction<T, V>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}

const path = (userId: string) => ({ params: { path: { userId } } });

export function useChangeUserRole() {
  return useUserAction(({ userId, role }: { userId: string; role: Role }) =>
    unwrap(api.PUT('/api/admin/users/{userId}/role', { ...path(userId), body: { role } })),
  );
}

/** Disabling ends the user's sessions at once; enabling lets them sign in again. */
export function useSetUserDisabled() {
  return useUserAction(({ userId, disabled }: { userId: string; disabled: boolean }) =>
    disabled
      ? unwrap(api.POST('/api/admin/users/{userId}/disable', path(userId)))
      : unwrap(api.POST('/api/admin/users/{userId}/enable', path(userId))),
  );
}

export function useResendUserVerification() {
  return useUserAction((userId: string) =>
    unwrap(api.POST('/api/admin/users/{userId}/resend-verification', path(userId))),
  );
}

export function useDeleteUser() {
  return useUserAction((userId: string) => unwrap(api.DELETE('/api/admin/users/{userId}', path(userId))));
}
