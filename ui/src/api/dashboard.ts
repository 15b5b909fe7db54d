import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@contract';
import { api, unwrap } from './request';

export type Dashboard = components['schemas']['Dashboard'];
export type SalesFigures = components['schemas']['SalesFigures'];
export type SalesAmount = components['schemas']['SalesAmount'];
export type ChannelSales = components['schemas']['ChannelSales'];
export type ChannelSyncHealth = components['schemas']['ChannelSyncHealth'];
export type DashboardAlert = components['schemas']['DashboardAlert'];
export type DashboardOrder = components['schemas']['DashboardOrder'];
export type DashboardChange = components['schemas']['DashboardChange'];

export const dashboardQuery = queryOptions({
  queryKey: ['/api/dashboard'] as const,
  queryFn: ({ signal }) => unwrap(api.GET('/api/dashboard', { signal })),
  // Sales and sync health move on their own: read again every minute while the page is open.
  refetchInterval: 60_000,
});

export function useDashboard() {
  return useQuery(dashboardQuery);
}
