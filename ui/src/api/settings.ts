import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@contract';
import { api, unwrap } from './request';

export type PlatformSettings = components['schemas']['PlatformSettings'];
export type PlatformSettingsUpdate = components['schemas']['PlatformSettingsUpdate'];

/** The bounds the server enforces on the sync interval, in minutes (openapi.yaml, PlatformSettings). */
export const SYNC_INTERVAL_MINUTES = { min: 1, max: 60 } as const;

export const platformSettingsQuery = queryOptions({
  queryKey: ['/api/admin/settings'] as const,
  queryFn: ({ signal }) => unwrap(api.GET('/api/admin/settings', { signal })),
});

export function usePlatformSettings() {
  return useQuery(platformSettingsQuery);
}

export const maintenanceNoticeQuery = queryOptions({
  queryKey: ['/api/maintenance-notice'] as const,
  queryFn: ({ signal }) => unwrap(api.GET('/api/maintenance-notice', { signal })),
  // A notice staff post reaches pages already open within a few minutes.
  refetchInterval: 5 * 60_000,
});

export function useMaintenanceNotice() {
  return useQuery(maintenanceNoticeQuery);
}

export function useUpdatePlatformSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlatformSettingsUpdate) => unwrap(api.PATCH('/api/admin/settings', { body })),
    onSuccess: (settings) => {
      queryClient.setQueryData(platformSettingsQuery.queryKey, settings);
      // The banner of the staff member who posted the notice shows it at once.
      queryClient.setQueryData(maintenanceNoticeQuery.queryKey, { notice: settings.maintenanceNotice });
    },
  });
}
