import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@contract';
import { api, unwrap } from './request';

export type PublishSettings = components['schemas']['PublishSettings'];
export type PublishSettingsUpdate = components['schemas']['PublishSettingsUpdate'];
export type MarketplaceOption = components['schemas']['MarketplaceOption'];
export type EbayListingOptions = components['schemas']['EbayListingOptions'];

/** What the seller chose for new listings on a target channel, and what is still missing. */
export const publishSettingsQuery = (channelId: string) =>
  queryOptions({
    queryKey: ['/api/channels/{channelId}/publish-settings', channelId] as const,
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/channels/{channelId}/publish-settings', { params: { path: { channelId } }, signal })),
  });

export function usePublishSettings(channelId: string, enabled = true) {
  return useQuery({ ...publishSettingsQuery(channelId), enabled: enabled && channelId !== '' });
}

/** Amazon's product types for the seller's words (asked for when the seller searches). */
export const amazonProductTypesQuery = (channelId: string, keywords: string) =>
  queryOptions({
    queryKey: ['/api/channels/{channelId}/publish-settings/product-types', channelId, keywords] as const,
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/channels/{channelId}/publish-settings/product-types', {
          params: { path: { channelId }, query: { keywords } },
          signal,
        }),
      ),
  });

export function useAmazonProductTypes(channelId: string, keywords: string | null) {
  return useQuery({ ...amazonProductTypesQuery(channelId, keywords ?? ''), enabled: keywords !== null });
}

/** The seller's eBay inventory locations and business policies. */
export const ebayListingOptionsQuery = (channelId: string) =>
  queryOptions({
    queryKey: ['/api/channels/{channelId}/publish-settings/ebay-options', channelId] as const,
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/channels/{channelId}/publish-settings/ebay-options', { params: { path: { channelId } }, signal }),
      ),
  });

export function useEbayListingOptions(channelId: string, enabled = true) {
  return useQuery({ ...ebayListingOptionsQuery(channelId), enabled });
}

/** Saves choices; the channel's settings are then what the server answered. */
export function useSavePublishSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ channelId, update }: { channelId: string; update: PublishSettingsUpdate }) =>
      unwrap(api.PUT('/api/channels/{channelId}/publish-settings', { params: { path: { channelId } }, body: update })),
    onSuccess: (saved) => queryClient.setQueryData(publishSettingsQuery(saved.channelId).queryKey, saved),
  });
}
