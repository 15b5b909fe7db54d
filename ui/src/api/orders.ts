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
export type OrderActions = components['schemas']['OrderActions'];
export type OrderCancellation = components['schemas']['OrderCancellation'];
export type OrderRefund = components['schemas']['OrderRefund'];
export type OrderReturn = components['schemas']['OrderReturn'];
export type ReturnsPage = components['schemas']['ReturnsPage'];
export type ReturnStatus = components['schemas']['ReturnStatus'];
export type CancellationReason = components['schemas']['CancellationReason'];
export type CancellationRequest = components['schemas']['CancellationRequest'];
export type RefundReason = components['schemas']['RefundReason'];
export type RefundRequest = components['schemas']['RefundRequest'];
export type OrderRequestState = components['schemas']['OrderRequestState'];

/** The query of GET /api/orders: the filter and the sort (the cursor is the paging's own). */
export type OrdersQuery = Omit<NonNullable<paths['/api/orders']['get']['parameters']['query']>, 'cursor'>;
/** The query of GET /api/returns: the filter and the page size (the cursor is the paging's own). */
export type ReturnsQuery = Omit<NonNullable<paths['/api/returns']['get']['parameters']['query']>, 'cursor'>;

/**
 * The event stream says when orders change (`orders` events); while the page is visible they are
 * also read again this often, in case an event was missed. Hidden, they are not.
 */
export const ORDERS_REFRESH_MS = 15_000;
/**
 * While a shipment, a cancellation or a refund is on its way to its marketplace, the order is read
 * this often until it settles.
 */
export const SHIPMENT_SENDING_REFRESH_MS = 3_000;

/** Every list page, order and the carriers sit under this key. */
export const ordersKey = ['/api/orders'] as const;
const listKey = [...ordersKey, 'list'] as const;
const detailKey = [...ordersKey, 'detail'] as const;
/** Every page of returns sits under this key. */
export const returnsKey = ['/api/returns'] as const;

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

/** Something of the order is on its way to its marketplace: a shipment, a cancellation or a refund. */
const isSending = (order: OrderDetail | undefined) =>
  order !== undefined &&
  [...order.shipments, ...order.cancellations, ...order.refunds].some((request) => request.state === 'sending');

export const orderDetailQuery = (orderId: string) =>
  queryOptions({
    queryKey: [...detailKey, orderId] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/orders/{orderId}', { params: { path: { orderId } }, signal })),
    refetchInterval: (query) => (isSending(query.state.data) ? SHIPMENT_SENDING_REFRESH_MS : ORDERS_REFRESH_MS),
    refetchIntervalInBackground: false,
  });

/** Buyers' returns from every channel that reports them, newest first, a page at a time. */
export const returnsListQuery = (query: ReturnsQuery) =>
  infiniteQueryOptions({
    queryKey: [...returnsKey, compact(query)] as const,
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        api.GET('/api/returns', {
          params: { query: pageParam === null ? compact(query) : { ...compact(query), cursor: pageParam } },
          signal,
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    placeholderData: keepPreviousData,
    refetchInterval: ORDERS_REFRESH_MS,
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

export function useReturns(query: ReturnsQuery) {
  return useInfiniteQuery(returnsListQuery(query));
}

export function useShippingCarriers(enabled = true) {
  return useQuery({ ...shippingCarriersQuery, enabled });
}

/** Orders changed: the lists, the open orders and the returns are read again (the carriers are left alone). */
export function refreshOrders(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: listKey }),
    queryClient.invalidateQueries({ queryKey: detailKey }),
    queryClient.invalidateQueries({ queryKey: returnsKey }),
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

/** Cancels an order, or some units of its lines; the answer is the cancellation on its way. */
export function useCancelOrder() {
  const refresh = useOrdersRefresh();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string; body: CancellationRequest }) =>
      unwrap(api.POST('/api/orders/{orderId}/cancellations', { params: { path: { orderId } }, body })),
    onSuccess: () => refresh(),
  });
}

/** Refunds the buyer, the whole order or by line; sent to the marketplace, or recorded where it has no API. */
export function useRefundOrder() {
  const refresh = useOrdersRefresh();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string; body: RefundRequest }) =>
      unwrap(api.POST('/api/orders/{orderId}/refunds', { params: { path: { orderId } }, body })),
    onSuccess: () => refresh(),
  });
}

/** Puts a return's units back on hand on the main channel (once); the order and the returns are read again. */
export function useRestockReturn() {
  const refresh = useOrdersRefresh();
  return useMutation({
    mutationFn: (returnId: string) =>
      unwrap(api.POST('/api/returns/{returnId}/restock', { params: { path: { returnId } } })),
    onSuccess: () => refresh(),
  });
}
