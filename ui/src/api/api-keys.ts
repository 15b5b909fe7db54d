import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@contract';
import { api, unwrap } from './request';

export type ApiKey = components['schemas']['ApiKey'];
export type ApiKeyList = components['schemas']['ApiKeyList'];
export type ApiKeyCreated = components['schemas']['ApiKeyCreated'];
export type ApiKeyAccess = components['schemas']['ApiKeyAccess'];

export const apiKeysQuery = () =>
  queryOptions({
    queryKey: ['/api/api-keys'] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/api-keys', { signal })),
  });

/** The account's API keys; only owners may ask (`enabled` false for anyone else). */
export function useApiKeys(enabled: boolean) {
  return useQuery({ ...apiKeysQuery(), enabled });
}

function useApiKeyChange<T, V>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQuery().queryKey }),
  });
}

export function useCreateApiKey() {
  return useApiKeyChange((key: { name: string; access: ApiKeyAccess }) =>
    unwrap(api.POST('/api/api-keys', { body: key })),
  );
}

export function useRevokeApiKey() {
  return useApiKeyChange((keyId: string) =>
    unwrap(api.DELETE('/api/api-keys/{keyId}', { params: { path: { keyId } } })),
  );
}
