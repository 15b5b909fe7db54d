import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@contract';
import { api, unwrap } from './request';

export type Channel = components['schemas']['Channel'];
export type ChannelRules = components['schemas']['ChannelRules'];
export type MarketplaceKind = components['schemas']['MarketplaceKind'];
export type ChannelEnvironment = components['schemas']['ChannelEnvironment'];
export type ConnectChannelRequest = components['schemas']['ConnectChannelRequest'];
export type AdminChannel = components['schemas']['AdminChannel'];

export const channelsQuery = queryOptions({
  queryKey: ['/api/channels'] as const,
  queryFn: ({ signal }) => unwrap(api.GET('/api/channels', { signal })),
});

export const adminChannelsQuery = queryOptions({
  queryKey: ['/api/admin/channels'] as const,
  queryFn: ({ signal }) => unwrap(api.GET('/api/admin/channels', { signal })),
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
  useChannelMutation((body: ConnectChannelRequest) => unwrap(api.POST('/api/channels/connect', { body })));

export const useMakeMain = () =>
  useChannelMutation((channelId: string) =>
    unwrap(api.POST('/api/channels/{channelId}/make-main', { params: { path: { channelId } } })),
  );

export const useUpdateRules = () =>
  useChannelMutation(({ channelId, rules }: { channelId: string; rules: Partial<ChannelRules> }) =>
    unwrap(api.PATCH('/api/channels/{channelId}/rules', { params: { path: { channelId } }, body: rules })),
  );

export const usePauseChannel = () =>
  useChannelMutation((channelId: string) =>
    unwrap(api.POST('/api/channels/{channelId}/pause', { params: { path: { channelId } } })),
  );

export const useResumeChannel = () =>
  useChannelMutation((channelId: string) =>
    unwrap(api.POST('/api/channels/{channelId}/resume', { params: { path: { channelId } } })),
  );

export const useDisconnectChannel = () =>
  useChannelMutation((channelId: string) =>
    unwrap(api.DELETE('/api/channels/{channelId}', { params: { path: { channelId } } })),
  );

export function useStartConsent() {
  return useMutation({
    mutationFn: (body: components['schemas']['StartConsentRequest']) =>
      unwrap(api.POST('/api/channels/oauth/start', { body })),
  });
}

export function useCreateSandboxSeller() {
  return useMutation({
    mutationFn: (kind: MarketplaceKind) => unwrap(api.POST('/api/channels/sandbox-sellers', { body: { kind } })),
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
    unwrap(api.POST('/api/admin/channels/{channelId}/sync', { params: { path: { channelId } } })),
  );

export const useAdminPauseChannel = () =>
  useAdminChannelMutation((channelId) =>
    unwrap(api.POST('/api/admin/channels/{channelId}/pause', { params: { path: { channelId } } })),
  );

export const useAdminResumeChannel = () =>
  useAdminChannelMutation((channelId) =>
    unwrap(api.POST('/api/admin/channels/{channelId}/resume', { params: { path: { channelId } } })),
  );
