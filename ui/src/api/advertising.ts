import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@contract';
import { api, unwrap } from './request';
import { listingDetailQuery } from './listings';

export type Advertising = components['schemas']['Advertising'];
export type AdAccount = components['schemas']['AdAccount'];
export type AdCampaign = components['schemas']['AdCampaign'];
export type AdCampaignUpdate = components['schemas']['AdCampaignUpdate'];
export type AdAccountConnect = components['schemas']['AdAccountConnect'];
export type AdRules = components['schemas']['AdRules'];
export type AdSku = components['schemas']['AdSku'];
export type AdPauseReason = components['schemas']['AdPauseReason'];
export type AdMarketplace = components['schemas']['AdMarketplace'];

/** A range of days, both included (YYYY-MM-DD). */
export interface AdRange {
  from: string;
  to: string;
}

const FIRST_READ_POLL_MS = 2_000;

/** Every advertising read sits under this key: one invalidation refreshes them all. */
export const advertisingKey = ['/api/advertising'] as const;

export const advertisingQuery = (range: AdRange) =>
  queryOptions({
    queryKey: [...advertisingKey, 'page', range] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/advertising', { params: { query: range }, signal })),
    // A new range keeps the figures on screen until its own arrive.
    placeholderData: keepPreviousData,
    // An account just connected is read within seconds: the page looks again until its first read is in.
    refetchInterval: (query) =>
      query.state.data?.accounts.some((account) => account.lastSyncedAt === null) ? FIRST_READ_POLL_MS : false,
  });

export function useAdvertising(range: AdRange) {
  return useQuery(advertisingQuery(range));
}

/** `readAt`: the accounts' last read, so a new read brings the SKUs' new figures. */
export const adSkusQuery = (range: AdRange, readAt: string | null) =>
  queryOptions({
    queryKey: [...advertisingKey, 'skus', range, readAt] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/advertising/skus', { params: { query: range }, signal })),
    placeholderData: keepPreviousData,
  });

export function useAdSkus(range: AdRange, readAt: string | null) {
  return useQuery(adSkusQuery(range, readAt));
}

/** Connects the advertising account of one of the account's channels; its first read follows. */
export function useConnectAdAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connect: AdAccountConnect) => unwrap(api.POST('/api/advertising/accounts', { body: connect })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: advertisingKey }),
  });
}

export function useSyncAdAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (adAccountId: string) =>
      unwrap(api.POST('/api/advertising/accounts/{adAccountId}/sync', { params: { path: { adAccountId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: advertisingKey }),
  });
}

/** Pauses, resumes or budgets a campaign on its marketplace. */
export function useUpdateAdCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ campaignId, update }: { campaignId: string; update: AdCampaignUpdate }) =>
      unwrap(api.PATCH('/api/advertising/campaigns/{campaignId}', { params: { path: { campaignId } }, body: update })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: advertisingKey }),
  });
}

export function useSaveAdRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: AdRules) => unwrap(api.PUT('/api/advertising/rules', { body: rules })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: advertisingKey }),
  });
}

/** Puts back what an ad rule did to a SKU's ads on one marketplace; the SKU's history and the page follow. */
export function useUndoAdRuleAction(sku: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changeId: string) =>
      unwrap(api.POST('/api/advertising/rule-actions/{changeId}/undo', { params: { path: { changeId } } })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listingDetailQuery(sku).queryKey }),
        queryClient.invalidateQueries({ queryKey: advertisingKey }),
      ]),
  });
}
