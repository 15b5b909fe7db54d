import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@contract';
import { api, unwrap } from './request';
import { listingsKey } from './listings';

export type Bundle = components['schemas']['Bundle'];
export type BundleComponent = components['schemas']['BundleComponent'];
export type BundleComponentsUpdate = components['schemas']['BundleComponentsUpdate'];

/** A SKU's components, under its detail's key: a listings event naming the SKU reads them again too. */
export const bundleQuery = (sku: string) =>
  queryOptions({
    queryKey: [...listingsKey, 'items', sku, 'components'] as const,
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/listings/items/{sku}/components', { params: { path: { sku } }, signal })),
  });

export function useBundle(sku: string) {
  return useQuery(bundleQuery(sku));
}

/**
 * Sets a SKU's components (none: it is no bundle any more). The answer is the bundle as it now
 * stands; the catalogue and every SKU's detail are read again (the bundle's figure moved).
 */
export function useSetBundleComponents(sku: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (components: BundleComponentsUpdate['components']) =>
      components.length === 0
        ? unwrap(api.DELETE('/api/listings/items/{sku}/components', { params: { path: { sku } } }))
        : unwrap(api.PUT('/api/listings/items/{sku}/components', { params: { path: { sku } }, body: { components } })),
    onSuccess: async (bundle) => {
      queryClient.setQueryData(bundleQuery(sku).queryKey, bundle);
      // Not awaited: the form clears as soon as the bundle is saved, not after the catalogue is read again
      // (a component typed meanwhile would be wiped).
      void queryClient.invalidateQueries({ queryKey: listingsKey });
    },
  });
}
