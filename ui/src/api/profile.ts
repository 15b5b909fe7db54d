import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from './request';
import { currentUserQuery } from './auth';

/** The image kinds the server takes (it checks the bytes; this only narrows the file picker). */
export const PROFILE_PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const PROFILE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;

/** Ends the user's sessions in other browsers and devices; this one stays. */
export function useSignOutOtherSessions() {
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/auth/sign-out-others')),
  });
}

/** Sends the file itself as the body; the answer is the user with the new photo. */
export function useUploadProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      unwrap(
        api.PUT('/api/auth/profile/photo', {
          // The contract's binary body is typed as a string; the file goes as it is.
          body: file as unknown as string,
          bodySerializer: (body) => body,
          headers: { 'Content-Type': file.type || 'application/octet-stream' },
        }),
      ),
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}

export function useRemoveProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/auth/profile/photo')),
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}
