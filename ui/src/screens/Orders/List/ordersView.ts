import type { FulfilmentStatus, OrderSort, OrdersQuery } from '../../../api';
import { fulfilmentStatuses, orderSorts, type SortOrder } from '../Orders.variants';

/** Orders per page, and per "Load more": a screenful or two, quick to read and to show. */
export const PAGE_SIZE = 25;
/** Typing in the search box reaches the address (and the server) after this pause. */
export const SEARCH_DEBOUNCE_MS = 300;
/** The server matches a search of at least this many characters. */
export const SEARCH_MIN_LENGTH = 2;

/** What the list shows, as kept in the address: the filter (dates as local days) and the sort. */
export interface OrdersView {
  q?: string;
  channelId?: string;
  status?: FulfilmentStatus;
  /** The first day ordered, "2026-11-01", where the user is. */
  from?: string;
  /** The last day ordered, included. */
  to?: string;
  late?: boolean;
  sort: OrderSort;
  order: SortOrder;
}

export const defaultView: OrdersView = { sort: 'orderedAt', order: 'desc' };

export const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real day written "2026-11-21" (not "2026-02-30"). */
function isDay(value: string | null): value is string {
  if (value === null || !DAY.test(value)) return false;
  const date = startOfDay(value);
  const [year, month, day] = value.split('-').map(Number);
  return date.getFullYear() === year && date.getMonth() + 1 === month && date.getDate() === day;
}

/** Local midnight at the start of a day ("2026-11-21"). */
export function startOfDay(day: string, plusDays = 0): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? NaN, (month ?? NaN) - 1, (date ?? NaN) + plusDays);
}

/** Reads the view from the address; anything unknown or malformed falls back to the default. */
export function readView(search: string): OrdersView {
  const params = new URLSearchParams(search);
  const q = params.get('q')?.trim().slice(0, 200) ?? '';
  const channelId = params.get('channelId');
  const status = params.get('status');
  const from = params.get('from');
  const to = params.get('to');
  const sort = params.get('sort');
  const order = params.get('order');
  return {
    ...(q.length >= 2 ? { q } : {}),
    ...(channelId && UUID.test(channelId) ? { channelId } : {}),
    ...(isOneOf(fulfilmentStatuses, status) ? { status } : {}),
    ...(isDay(from) ? { from } : {}),
    ...(isDay(to) ? { to } : {}),
    ...(params.get('late') === 'true' ? { late: true } : {}),
    sort: isOneOf(orderSorts, sort) ? sort : defaultView.sort,
    order: order === 'asc' || order === 'desc' ? order : defaultView.order,
  };
}

/** Writes the view into the address's parameters, leaving the others (the open order, `orderId`) as they are. */
export function writeView(search: string, view: OrdersView): string {
  const params = new URLSearchParams(search);
  const isDefaultSort = view.sort === defaultView.sort && view.order === defaultView.order;
  const values: Record<string, string | undefined> = {
    q: view.q || undefined,
    channelId: view.channelId,
    status: view.status,
    from: view.from,
    to: view.to,
    late: view.late ? 'true' : undefined,
    sort: isDefaultSort ? undefined : view.sort,
    order: isDefaultSort ? undefined : view.order,
  };
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) params.delete(name);
    else params.set(name, value);
  }
  return params.toString();
}

/** The server's query for a view: days become instants at local midnight, the last day included. */
export function queryOf(view: OrdersView): OrdersQuery {
  return {
    ...(view.q ? { q: view.q } : {}),
    ...(view.channelId ? { channelId: view.channelId } : {}),
    ...(view.status ? { status: view.status } : {}),
    ...(view.from ? { from: startOfDay(view.from).toISOString() } : {}),
    ...(view.to ? { to: startOfDay(view.to, 1).toISOString() } : {}),
    ...(view.late ? { late: true } : {}),
    sort: view.sort,
    order: view.order,
  };
}

export const isFiltered = (view: OrdersView) =>
  Boolean(view.q || view.channelId || view.status || view.from || view.to || view.late);

/** The view with no filter, its sort kept. */
export const unfiltered = (view: OrdersView): OrdersView => ({ sort: view.sort, order: view.order });
