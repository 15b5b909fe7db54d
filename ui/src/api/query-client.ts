import { QueryClient } from '@tanstack/react-query';
import { readByKey } from './request';

/**
 * Spec section 9: no automatic retries for reads or writes, no refetch on focus or on an
 * interval, and fetched data never goes stale on its own.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: readByKey as never,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
