import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@contract';
import { api, unwrap } from './request';

export type SalesReport = components['schemas']['SalesReport'];
export type ReportFigures = components['schemas']['ReportFigures'];

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
