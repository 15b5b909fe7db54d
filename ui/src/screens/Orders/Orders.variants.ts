// The Orders page's allowed values, declared once: the address reader checks them, the filters and
// sort headers list them, the text maps are keyed by them and the stories pick from them.
import type { FulfilmentStatus, OrderSort, ShipmentState } from '../../api';

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
