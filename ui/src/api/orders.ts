import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import type { components, paths } from '@contract';
import { followEventStream } from './event-stream';
import { api, unwrap } from './request';
import { SYNC_EVENTS_PATH } from './sync';

export type OrderSummary = components['schemas']['OrderSummary'];
export type OrdersPage = components['schemas']['OrdersPage'];
export type OrderDetail = components['schemas']['OrderDetail'];
export type OrderLine = components['schemas']['OrderLine'];
export type OrderEvent = components['schemas']['OrderEvent'];
export type OrderChannel = components['schemas']['OrderChannel'];
export type FulfilmentStatus = components['schemas']['FulfilmentStatus'];
export type OrderSort = components['schemas']['OrderSort'];
export type ShippingAddress = components['schemas']['ShippingAddress'];
export type Shipment = components['schemas']['Shipment'];
export type ShipmentState = components['schemas']['ShipmentState'];
export type ShippingCarrier = components['schemas']['ShippingCarrier'];
export type ShippingCarrierLists = components['schemas']['ShippingCarrierLists'];
export type ShipmentRequest = components['schemas']['ShipmentRequest'];
export type ShipOrdersRequest = components['schemas']['ShipOrdersRequest'];
export type ShipOrdersResult = components['schemas']['ShipOrdersResult'];
export type ShipmentResult = components['schemas']['ShipmentResult'];
export type ShipmentCsvRequest = components['schemas']['ShipmentCsvRequest'];
export type ShipmentCsvResult = components['schemas']['ShipmentCsvResult'];
export type ShipmentCsvRow = components['schemas']['ShipmentCsvRow'];

/** The query of GET /api/orders: the filter and the sort (the cursor is the paging's own). */
export type OrdersQuery = Omit<NonNullable<paths['/api/orders']['get']['parameters']['query']>, 'cursor'>;

/**
 * The event stream says when orders change (`orders` events); while the page is visible they are
 * also read again this often, in case an event was missed. Hidden, they are not.
 */
export const ORDERS_REFRESH_MS = 15_000;
/** While a shipment is on its way to its marketplace, the order is read this often until it settles. */
export const SHIPMENT_SENDING_REFRESH_MS = 3_000;

/** Every list page, order and the carriers sit under this key. */
export const ordersKey = ['/api/orders'] as const;
const listKey = [...ordersKey, 'list'] as const;
const detailKey = [...ordersKey, 'detail'] as const;

/** The query without empty values, so equal filters share one cache entry. */
function compact<T extends object>(query: T): T {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== '' && value !== false),
  ) as T;
}

/** The orders matching a filter, a page at a time: each page's `next` is the cursor of the one after. */
export const ordersListQuery = (query: OrdersQuery) =>
  infiniteQueryOptions({
    queryKey: [...listKey, compact(query)] as const,
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        api.GET('/api/orders', {
          params: { query: pageParam === null ? compact(query) : { ...compact(query), cursor: pageParam } },
          signal,
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    // A new filter keeps the previous rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
    refetchInterval: ORDERS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });

export const orderDetailQuery = (orderId: string) =>
  queryOptions({
    queryKey: [...detailKey, orderId] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/orders/{orderId}', { params: { path: { orderId } }, signal })),
    refetchInterval: (query) =>
      query.state.data?.shipments.some((shipment) => shipment.state === 'sending')
        ? SHIPMENT_SENDING_REFRESH_MS
        : ORDERS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });

/** The marketplaces' carrier lists change with their releases, not while a page is open. */
export const shippingCarriersQuery = queryOptions({
  queryKey: [...ordersKey, 'carriers'] as const,
  queryFn: ({ signal }) => unwrap(api.GET('/api/orders/carriers', { signal })),
});

export function useOrders(query: OrdersQuery) {
  return useInfiniteQuery(ordersListQuery(query));
}

export function useOrderDetail(orderId: string | null) {
  return useQuery({ ...orderDetailQuery(orderId ?? ''), enabled: orderId !== null });
}

export function useShippingCarriers(enabled = true) {
  return useQuery({ ...shippingCarriersQuery, enabled });
}

/** Orders changed: the lists and the open orders are read again (the carriers are left alone). */
export function refreshOrders(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: listKey }),
    queryClient.invalidateQueries({ queryKey: detailKey }),
  ]);
}

function useOrdersRefresh() {
  const queryClient = useQueryClient();
  return () => refreshOrders(queryClient);
}

/**
 * Follows the account's event stream while the Orders page is shown: an event named `orders`
 * (`{ at }`: an order received or updated, a shipment sent or settled) reads the orders again, as
 * does a reconnection (events may have been missed meanwhile).
 */
export function useOrdersEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const controller = new AbortController();
    void followEventStream({
      path: SYNC_EVENTS_PATH,
      signal: controller.signal,
      onOpen: (reconnected) => {
        if (reconnected) void refreshOrders(queryClient);
      },
      onEvent: (event) => {
        if (event.type === 'orders') void refreshOrders(queryClient);
      },
    });
    return () => controller.abort();
  }, [queryClient]);
}

/** Marks orders shipped; with `dryRun` it only checks them and nothing is refreshed. */
export function useShipOrders() {
  const refresh = useOrdersRefresh();
  return useMutation({
    mutationFn: (body: ShipOrdersRequest) => unwrap(api.POST('/api/orders/shipments', { body })),
    onSuccess: async (_result, body) => {
      if (!body.dryRun) await refresh();
    },
  });
}

/** Tracking by CSV: `dryRun` previews every row's outcome; without it the good rows are shipped. */
export function useShipOrdersFromCsv() {
  const refresh = useOrdersRefresh();
  return useMutation({
    mutationFn: (body: ShipmentCsvRequest) => unwrap(api.POST('/api/orders/shipments/csv', { body })),
    onSuccess: async (_result, body) => {
      if (!body.dryRun) await refresh();
    },
  });
}
