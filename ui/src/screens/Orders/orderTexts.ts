import type {
  FulfilmentStatus,
  MarketplaceKind,
  OrderEvent,
  OrderLine,
  OrderSort,
  SalesAmount,
  ShipmentState,
} from '../../api';
import type { BadgeTone } from '../../index';
import { marketplaceNames } from '../../shared/channels/channelTexts';
import { openStatuses, type ShipByMark } from './Orders.variants';

export const fulfilmentLabels: Record<FulfilmentStatus, string> = {
  unshipped: 'Unshipped',
  'partially shipped': 'Partially shipped',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  returned: 'Returned',
};

export const fulfilmentTones = {
  unshipped: 'info',
  'partially shipped': 'brand',
  shipped: 'positive',
  delivered: 'positive',
  cancelled: 'neutral',
  refunded: 'neutral',
  returned: 'caution',
} as const satisfies Record<FulfilmentStatus, BadgeTone>;

export const shipmentStateLabels: Record<ShipmentState, string> = {
  sending: 'Sending',
  confirmed: 'Confirmed',
  failed: 'Failed',
};

export const shipmentStateTones = {
  sending: 'info',
  confirmed: 'positive',
  failed: 'critical',
} as const satisfies Record<ShipmentState, BadgeTone>;

export const shipByMarkLabels: Record<ShipByMark, string> = { late: 'Late', 'due-today': 'Due today' };
export const shipByMarkTones = { late: 'critical', 'due-today': 'caution' } as const satisfies Record<
  ShipByMark,
  BadgeTone
>;

export const orderEventLabels: Record<OrderEvent['kind'], string> = {
  received: 'Received',
  acknowledged: 'Acknowledged',
  shipped: 'Marked shipped',
  'shipment failed': 'Shipment failed',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  returned: 'Returned',
  'cancellation failed': 'Cancellation failed',
  'refund failed': 'Refund failed',
  restocked: 'Restocked',
  'fees adjusted': 'Fees adjusted',
};

export const sortLabels: Record<OrderSort, string> = { orderedAt: 'Date', shipBy: 'Ship by', total: 'Total' };

/** The way a column sorts when first chosen: newest orders, soonest ship-by dates, largest totals. */
export const firstSortOrder = { orderedAt: 'desc', shipBy: 'asc', total: 'desc' } as const satisfies Record<
  OrderSort,
  'asc' | 'desc'
>;

/** A count as the product writes it: "10,000". */
export const formatCount = (n: number) => n.toLocaleString('en-US');

/** How many orders match: "10,000+" when the server stopped counting. */
export const totalText = (total: number, capped: boolean) => `${formatCount(total)}${capped ? '+' : ''}`;

/** In place of the buyer's name once it was erased after the retention period. */
export const BUYER_ERASED = 'Buyer details erased';

export const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** "$12.36", "CA$48.00"; the amount and its code when the currency is not one the browser knows. */
export function formatMoney(money: SalesAmount | null): string {
  if (!money) return '—';
  const amount = Number(money.amount);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: money.currency }).format(amount);
  } catch {
    return `${money.amount} ${money.currency}`;
  }
}

export function formatDate(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
}

export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** Units of a line still to ship: ordered, less cancelled and shipped. */
export const remainingUnits = (line: Pick<OrderLine, 'quantity' | 'cancelledQuantity' | 'shippedQuantity'>) =>
  Math.max(0, line.quantity - line.cancelledQuantity - line.shippedQuantity);

export const feesText = (fees: SalesAmount | null, kind: MarketplaceKind) =>
  fees ? formatMoney(fees) : `Not reported by ${marketplaceNames[kind]}`;

/** Orders with units left to ship: the ones that can be selected and marked shipped. */
export const canShip = (order: { status: FulfilmentStatus }) =>
  (openStatuses as readonly FulfilmentStatus[]).includes(order.status);
