import { keepPreviousData, queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { components, paths } from '@contract';
import { followEventStream } from './event-stream';
import { api, unwrap } from './request';
import { SYNC_EVENTS_PATH } from './sync';

export type ListingStatus = components['schemas']['ListingStatus'];
export type ListingFilter = components['schemas']['ListingFilter'];
export type ListingChip = components['schemas']['ListingChip'];
export type CatalogueRow = components['schemas']['CatalogueRow'];
export type CataloguePage = components['schemas']['CataloguePage'];
export type ChangeEntry = components['schemas']['ChangeEntry'];
export type ChangeCause = components['schemas']['ChangeCause'];
export type ChangeField = components['schemas']['ChangeField'];
export type ListingDetail = components['schemas']['ListingDetail'];
export type ListingSelection = components['schemas']['ListingSelection'];

/** The query of GET /api/listings: the filter, the sort and the page. */
export type CatalogueQuery = NonNullable<paths['/api/listings']['get']['parameters']['query']>;
export type CatalogueSort = NonNullable<CatalogueQuery['sort']>;
/** The query of the CSV export: the same filter and sort, every page. */
export type CatalogueExportQuery = Omit<CatalogueQuery, 'page' | 'pageSize'>;

/** While the page is visible the catalogue is read again this often, in case a live event was missed. */
export const CATALOGUE_REFRESH_MS = 5_000;

/** Every catalogue page and SKU detail sit under this key: one invalidation refreshes them all. */
export const listingsKey = ['/api/listings'] as const;

/** The query without its defaults or empty values, so equal filters share one cache entry and one address. */
function compact<T extends object>(query: T): T {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== '' && value !== false),
  ) as T;
}

export const catalogueQuery = (query: CatalogueQuery) =>
  queryOptions({
    queryKey: [...listingsKey, 'catalogue', compact(query)] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/listings', { params: { query: compact(query) }, signal })),
    // Paging and filtering keep the previous rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
    refetchInterval: CATALOGUE_REFRESH_MS,
    refetchIntervalInBackground: false,
  });

export const listingDetailQuery = (sku: string) =>
  queryOptions({
    queryKey: [...listingsKey, 'items', sku] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/listings/items/{sku}', { params: { path: { sku } }, signal })),
    refetchInterval: CATALOGUE_REFRESH_MS,
    refetchIntervalInBackground: false,
  });

export function useCatalogue(query: CatalogueQuery) {
  return useQuery(catalogueQuery(query));
}

export function useListingDetail(sku: string | null) {
  return useQuery({ ...listingDetailQuery(sku ?? ''), enabled: sku !== null });
}

/** The address of the CSV of every SKU matching the filter, in the sort shown (a download, not a request of the app). */
export function catalogueExportUrl(query: CatalogueExportQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(compact(query))) params.set(name, String(value));
  const search = params.toString();
  return search ? `/api/listings/export?${search}` : '/api/listings/export';
}

function parseSkus(data: string): string[] | undefined {
  try {
    const event: unknown = JSON.parse(data);
    if (event && typeof event === 'object' && 'skus' in event && Array.isArray(event.skus))
      return event.skus.filter((sku): sku is string => typeof sku === 'string');
  } catch {
    // Not JSON: nothing to refresh.
  }
  return undefined;
}

/** SKUs whose listings changed: the catalogue pages, and the open detail of any of them, are read again. */
export function applyListingsEvent(queryClient: QueryClient, skus: readonly string[]): void {
  const changed = new Set(skus);
  void queryClient.invalidateQueries({ queryKey: [...listingsKey, 'catalogue'] });
  void queryClient.invalidateQueries({
    queryKey: [...listingsKey, 'items'],
    predicate: (query) => changed.has(String(query.queryKey[2])),
  });
}

/**
 * Follows the account's event stream while the catalogue is shown: an event named `listings`
 * (`{ skus }`) refreshes what shows those SKUs. After a reconnection everything is read again.
 */
export function useListingsEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const controller = new AbortController();
    void followEventStream({
      path: SYNC_EVENTS_PATH,
      signal: controller.signal,
      onOpen: (reconnected) => {
        if (reconnected) void queryClient.invalidateQueries({ queryKey: listingsKey });
      },
      onEvent: (event) => {
        const skus = event.type === 'listings' ? parseSkus(event.data) : undefined;
        if (skus) applyListingsEvent(queryClient, skus);
      },
    });
    return () => controller.abort();
  }, [queryClient]);
}
