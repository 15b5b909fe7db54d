import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { components, paths } from '@contract';
import { api, unwrap } from './request';

export type AuditEntry = components['schemas']['AuditEntry'];
export type AuditLogPage = components['schemas']['AuditLogPage'];
export type AuditAction = components['schemas']['AuditAction'];
export type AuditQuery = NonNullable<paths['/api/admin/audit-logs']['get']['parameters']['query']>;
export type AuditFilters = Omit<AuditQuery, 'cursor' | 'limit'>;
/** Whose log: the signed-in user's account (`/audit-logs`), or every account's (platform staff, `/admin/audit`). */
export type AuditScope = 'account' | 'staff';

const listPaths = { account: '/api/audit-logs', staff: '/api/admin/audit-logs' } as const;
const exportPaths = { account: '/api/audit-logs/export', staff: '/api/admin/audit-logs/export' } as const;

const compact = <T extends object>(query: T): T =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as T;

export const auditLogQuery = (scope: AuditScope, query: AuditQuery) =>
  queryOptions({
    queryKey: [listPaths[scope], compact(query)] as const,
    queryFn: ({ signal }) =>
      scope === 'staff'
        ? unwrap(api.GET('/api/admin/audit-logs', { params: { query: compact(query) }, signal }))
        : unwrap(
            api.GET('/api/audit-logs', {
              params: { query: compact({ ...query, accountId: undefined }) },
              signal,
            }),
          ),
    // A new page or filter keeps the rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export function useAuditLog(scope: AuditScope, query: AuditQuery) {
  return useQuery(auditLogQuery(scope, query));
}

/** The address of the CSV of every entry under the filters (a download, not a request of the app). */
export function auditLogExportUrl(scope: AuditScope, filters: AuditFilters): string {
  const search = new URLSearchParams(
    Object.entries(compact(scope === 'staff' ? filters : { ...filters, accountId: undefined })).map(([name, value]) => [
      name,
      String(value),
    ]),
  ).toString();
  return search ? `${exportPaths[scope]}?${search}` : exportPaths[scope];
}
