import type { OrderReturn, ReturnStatus, ReturnsQuery } from '../../../api';
import { UUID, isOneOf } from '../List/ordersView';
import { arrivedReturnStatuses, returnStatuses } from '../Orders.variants';

/** Returns per page, and per "Load more". */
export const RETURNS_PAGE_SIZE = 25;

/** What the Returns tab shows, as kept in the address (`?tab=returns&status=received&channelId=...`). */
export interface ReturnsView {
  status?: ReturnStatus;
  channelId?: string;
}

/** Reads the view from the address; anything unknown or malformed is left out. */
export function readReturnsView(search: string): ReturnsView {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  const channelId = params.get('channelId');
  return {
    ...(isOneOf(returnStatuses, status) ? { status } : {}),
    ...(channelId && UUID.test(channelId) ? { channelId } : {}),
  };
}

/** Writes the view into the address's parameters, leaving the others (the tab, the open order) as they are. */
export function writeReturnsView(search: string, view: ReturnsView): string {
  const params = new URLSearchParams(search);
  for (const name of ['status', 'channelId'] as const) {
    const value = view[name];
    if (value === undefined) params.delete(name);
    else params.set(name, value);
  }
  return params.toString();
}

export const returnsQueryOf = (view: ReturnsView): ReturnsQuery => ({ ...view, pageSize: RETURNS_PAGE_SIZE });

export const isReturnsFiltered = (view: ReturnsView) => Boolean(view.status || view.channelId);

/** A return can be restocked once, when its units have come back. */
export const canRestock = (ret: Pick<OrderReturn, 'status' | 'restockedAt'>) =>
  ret.restockedAt === null && (arrivedReturnStatuses as readonly ReturnStatus[]).includes(ret.status);

/** Units of a return, all lines together. */
export const returnUnits = (ret: Pick<OrderReturn, 'lines'>) => ret.lines.reduce((sum, line) => sum + line.quantity, 0);
