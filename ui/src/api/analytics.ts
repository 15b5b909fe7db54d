import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@contract';
import { api, unwrap } from './request';

export type SalesReport = components['schemas']['SalesReport'];
export type ReportFigures = components['schemas']['ReportFigures'];
export type FeeTable = components['schemas']['FeeTable'];
export type FeeTableEntry = components['schemas']['FeeTableEntry'];
export type FeeTableBody = components['schemas']['FeeTableBody'];

export interface SalesReportParams {
  from: string;
  to: string;
  timeZone: string;
  /** Only these channels; empty: every channel. */
  channelIds: string[];
}

export const salesReportQuery = (params: SalesReportParams) =>
  queryOptions({
    queryKey: ['/api/analytics/sales', params] as const,
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/analytics/sales', {
          params: {
            query: {
              from: params.from,
              to: params.to,
              timeZone: params.timeZone,
              ...(params.channelIds.length ? { channelIds: params.channelIds } : {}),
            },
          },
          signal,
        }),
      ),
    // A new range keeps the figures of the last one on screen until its own arrive.
    placeholderData: keepPreviousData,
  });

export function useSalesReport(params: SalesReportParams) {
  return useQuery(salesReportQuery(params));
}

export const feeTableQuery = () =>
  queryOptions({
    queryKey: ['/api/analytics/fee-table'] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/analytics/fee-table', { signal })),
  });

/** What each marketplace takes per order where its fees are estimated. */
export function useFeeTable() {
  return useQuery(feeTableQuery());
}

/** Saves the fee table's values; orders estimated from now on take them (reports already read keep theirs). */
export function useSaveFeeTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeeTableBody) => unwrap(api.PUT('/api/analytics/fee-table', { body })),
    onSuccess: (saved) => queryClient.setQueryData(feeTableQuery().queryKey, saved),
  });
}
