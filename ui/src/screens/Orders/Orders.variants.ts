// The Orders page's allowed values, declared once: the address reader checks them, the filters and
// sort headers list them, the text maps are keyed by them and the stories pick from them.
import type {
  CancellationReason,
  FulfilmentStatus,
  OrderRefund,
  OrderSort,
  RefundReason,
  ReturnStatus,
  ShipmentState,
} from '../../api';

export const fulfilmentStatuses = [
  'unshipped',
  'partially shipped',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
  'returned',
] as const satisfies readonly FulfilmentStatus[];

/** Orders with units left to ship: the ones that can be marked shipped. */
export const openStatuses = ['unshipped', 'partially shipped'] as const satisfies readonly FulfilmentStatus[];

export const orderSorts = ['orderedAt', 'shipBy', 'total'] as const satisfies readonly OrderSort[];
export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

export const shipmentStates = ['sending', 'confirmed', 'failed'] as const satisfies readonly ShipmentState[];

/** What the ship-by column adds to the date: passed and not shipped, or due by the end of today. */
export const shipByMarks = ['late', 'due-today'] as const;
export type ShipByMark = (typeof shipByMarks)[number];

/** The page's tabs, in the address as `?tab=` (the first is the default and leaves it out). */
export const ordersTabs = ['orders', 'returns'] as const;
export type OrdersTab = (typeof ordersTabs)[number];

export const cancellationReasons = [
  'out of stock',
  'buyer asked',
  'cannot ship to address',
  'pricing error',
  'other',
] as const satisfies readonly CancellationReason[];

export const refundReasons = [
  'buyer returned',
  'damaged',
  'not as described',
  'buyer cancelled',
  'shipping delay',
  'other',
] as const satisfies readonly RefundReason[];

/** A refund's states; a cancellation has the same but `recorded` (a marketplace without a refund API). */
export const refundStates = [
  'sending',
  'confirmed',
  'failed',
  'recorded',
] as const satisfies readonly OrderRefund['state'][];

export const returnStatuses = [
  'requested',
  'in transit',
  'received',
  'refunded',
  'closed',
] as const satisfies readonly ReturnStatus[];

/** A return whose units have reached the seller: they can be put back on hand. */
export const arrivedReturnStatuses = ['received', 'refunded', 'closed'] as const satisfies readonly ReturnStatus[];

/** A refund covers the whole order, or chosen lines, units and amounts. */
export const refundScopes = ['order', 'lines'] as const;
export type RefundScope = (typeof refundScopes)[number];
