import type { FulfilmentStatus } from '../../api';
import { openStatuses, type ShipByMark } from './Orders.variants';

/**
 * The calendar day of an instant where the user is ("2026-11-21"): the browser's time zone unless
 * one is given. The same instant is a different day in Tokyo and in Los Angeles.
 */
export function calendarDay(instant: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export interface ShipByInput {
  status: FulfilmentStatus;
  shipBy: string | null;
  /** The server's word: the ship-by date had passed and the order was not shipped when it was read. */
  late: boolean;
}

const isOpen = (status: FulfilmentStatus) => (openStatuses as readonly FulfilmentStatus[]).includes(status);

/**
 * "Late" when the ship-by date has passed (by the server's reading or the clock's since) and units
 * are left to ship; "Due today" when it falls later today in the user's time zone; nothing otherwise.
 */
export function shipByMark(order: ShipByInput, now: Date, timeZone?: string): ShipByMark | null {
  if (!isOpen(order.status)) return null;
  if (order.late) return 'late';
  if (order.shipBy === null) return null;
  const due = new Date(order.shipBy);
  if (Number.isNaN(due.getTime())) return null;
  if (due.getTime() < now.getTime()) return 'late';
  return calendarDay(due, timeZone) === calendarDay(now, timeZone) ? 'due-today' : null;
}
