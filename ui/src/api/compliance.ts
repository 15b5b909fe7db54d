import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components, paths } from '@contract';
import { api, unwrap } from './request';

export type ComplianceIssue = components['schemas']['ComplianceIssue'];
export type ComplianceIssuePage = components['schemas']['ComplianceIssuePage'];
export type ComplianceCounts = components['schemas']['ComplianceCounts'];
export type ComplianceSeverity = components['schemas']['ComplianceSeverity'];
export type ComplianceCode = components['schemas']['ComplianceCode'];
export type RestrictedWords = components['schemas']['RestrictedWords'];
export type ComplianceQuery = NonNullable<paths['/api/compliance/issues']['get']['parameters']['query']>;
export type ComplianceExportQuery = Omit<ComplianceQuery, 'page' | 'pageSize'>;

/** Every compliance read sits under this key: one invalidation refreshes them all. */
export const complianceKey = ['/api/compliance'] as const;

const compact = <T extends object>(query: T): T =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as T;

export const complianceIssuesQuery = (query: ComplianceQuery) =>
  queryOptions({
    queryKey: [...complianceKey, 'issues', compact(query)] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/compliance/issues', { params: { query: compact(query) }, signal })),
    // Paging and filtering keep the previous rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export function useComplianceIssues(query: ComplianceQuery) {
  return useQuery(complianceIssuesQuery(query));
}

export const restrictedWordsQuery = () =>
  queryOptions({
    queryKey: [...complianceKey, 'restricted-words'] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/compliance/restricted-words', { signal })),
  });

export function useRestrictedWords() {
  return useQuery(restrictedWordsQuery());
}

/** Saves the account's restricted words, one a line (null: the default list); every listing is checked again. */
export function useSaveRestrictedWords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string | null) => unwrap(api.PUT('/api/compliance/restricted-words', { body: { text } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: complianceKey }),
  });
}

export function useRecheckCompliance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/compliance/recheck')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: complianceKey }),
  });
}

/** The address of the CSV of every issue under the filters (a download, not a request of the app). */
export function complianceExportUrl(query: ComplianceExportQuery): string {
  const search = new URLSearchParams(
    Object.entries(compact(query)).map(([name, value]) => [name, String(value)]),
  ).toString();
  return search ? `/api/compliance/issues/export?${search}` : '/api/compliance/issues/export';
}
