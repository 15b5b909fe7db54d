import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@contract';
import { api, request } from './request';

export type Channel = components['schemas']['Channel'];
export type ChannelRules = components['schemas']['ChannelRules'];
export type MarketplaceKind = components['schemas']['MarketplaceKind'];
export type ChannelEnvironment = components['schemas']['ChannelEnvironment'];
export type ConnectChannelRequest = components['schemas']['ConnectChannelRequest'];
export type AdminChannel = components['schemas']['AdminChannel'];

export const channelsQuery = queryOptions({
  queryKey: ['/api/channels'] as const,
  queryFn: ({ signal }) => request('GET', '/api/channels', () => api.GET('/api/channels', { signal })),
});

export const adminChannelsQuery = queryOptions({
  queryKey: ['/api/admin/channels'] as const,
  queryFn: ({ signal }) => request('GET', '/api/admin/channels', () => api.GET('/api/admin/channels', { signal })),
});

export function useChannels() {
  return useQuery(channelsQuery);
}

export function useAdminChannels() {
  return useQuery(adminChannelsQuery);
}

/** Every channel change refreshes the list (roles and statuses move together). */
function useChannelMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelsQuery.queryKey }),
  });
}

export const useConnectChannel = () =>
  useChannelMutation((body: ConnectChannelRequest) =>
    request('POST', '/api/channels/connect', () => api.POST('/api/channels/connect', { body })),
  );

export const useMakeMain = () =>
  useChannelMutation((channelId: string) =>
    request('POST', '/api/channels/{channelId}/make-main', () =>
      api.POST('/api/channels/{channelId}/make-main', { params: { path: { channelId } } }),
    ),
  );

export const useUpdateRules = () =>
  useChannelMutation(({ channelId, rules }: { channelId: string; rules: Partial<ChannelRules> }) =>
    request('PATCH', '/api/channels/{channelId}/rules', () =>
      api.PATCH('/api/channels/{channelId}/rules', { params: { path: { channelId } }, body: rules }),
    ),
  );

export const usePauseChannel = () =>
  useChannelMutation((channelId: string) =>
    request('POST', '/api/channels/{channelId}/pause', () =>
      api.POST('/api/channels/{channelId}/pause', { params: { path: { channelId } } }),
    ),
  );

export const useResumeChannel = () =>
  useChannelMutation((channelId: string) =>
    request('POST', '/api/channels/{channelId}/resume', () =>
      api.POST('/api/channels/{channelId}/resume', { params: { path: { channelId } } }),
    ),
  );

export const useDisconnectChannel = () =>
  useChannelMutation((channelId: string) =>
    request('DELETE', '/api/channels/{channelId}', () =>
      api.DELETE('/api/channels/{channelId}', { params: { path: { channelId } } }),
    ),
  );

export function useStartConsent() {
  return useMutation({
    mutationFn: (body: components['schemas']['StartConsentRequest']) =>
      request('POST', '/api/channels/oauth/start', () => api.POST('/api/channels/oauth/start', { body })),
  });
}

export function useCreateSandboxSeller() {
  return useMutation({
    mutationFn: (kind: MarketplaceKind) =>
      request('POST', '/api/channels/sandbox-sellers', () =>
        api.POST('/api/channels/sandbox-sellers', { body: { kind } }),
      ),
  });
}

/** Staff actions on any account's channel refresh Channel Management. */
function useAdminChannelMutation<Output>(mutationFn: (channelId: string) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminChannelsQuery.queryKey }),
  });
}

export const useForceChannelSync = () =>
  useAdminChannelMutation((channelId) =>
    request('POST', '/api/admin/channels/{channelId}/sync', () =>
      api.POST('/api/admin/channels/{channelId}/sync', { params: { path: { channelId } } }),
    ),
  );

export const useAdminPauseChannel = () =>
  useAdminChannelMutation((channelId) =>
    request('POST', '/api/admin/channels/{channelId}/pause', () =>
      api.POST('/api/admin/channels/{channelId}/pause', { params: { path: { channelId } } }),
    ),
  );

export const useAdminResumeChannel = () =>
  useAdminChannelMutation((channelId) =>
    request('POST', '/api/admin/channels/{channelId}/resume', () =>
      api.POST('/api/admin/channels/{channelId}/resume', { params: { path: { channelId } } }),
    ),
  );
