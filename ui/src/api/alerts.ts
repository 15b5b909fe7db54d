import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@contract';
import { api, unwrap } from './request';

export type AlertList = components['schemas']['AlertList'];
export type AlertSettings = components['schemas']['AlertSettings'];
export type AlertSettingsBody = components['schemas']['AlertSettingsBody'];

/** Every alerts read sits under this key: a change of settings refreshes them all. */
export const alertsKey = ['/api/alerts'] as const;

export const openAlertsQuery = () =>
  queryOptions({
    queryKey: [...alertsKey, 'open'] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/alerts', { signal })),
    // Raised by a job every minute: read again as often.
    refetchInterval: 60_000,
  });

export function useOpenAlerts() {
  return useQuery(openAlertsQuery());
}

export const alertSettingsQuery = () =>
  queryOptions({
    queryKey: [...alertsKey, 'settings'] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/alerts/settings', { signal })),
  });

export function useAlertSettings() {
  return useQuery(alertSettingsQuery());
}

export function useSaveAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertSettingsBody) => unwrap(api.PUT('/api/alerts/settings', { body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(alertSettingsQuery().queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: alertsKey });
    },
  });
}
