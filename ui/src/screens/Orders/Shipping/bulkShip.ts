import type { MarketplaceKind, OrderSummary, ShipmentRequest, ShippingCarrierLists } from '../../../api';
import { marketplaceNames } from '../../../shared/channels/channelTexts';

export interface CarrierChoice {
  code: string;
  /** The carrier's name, and the marketplaces that take it when not all of the selection's do. */
  label: string;
  /** Taken by every marketplace of the selection. */
  everywhere: boolean;
}

const listOf = (kinds: readonly string[]) =>
  kinds.length <= 1 ? (kinds[0] ?? '') : `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)}`;

/**
 * The carriers to offer for one shipment of orders from several marketplaces: every code any of them
 * takes, those all of them take first. Each marketplace has its own codes, so a carrier some do not
 * take says which do ("Royal Mail (eBay only)"); the server refuses it for the others.
 */
export function carrierChoices(kinds: readonly MarketplaceKind[], lists: ShippingCarrierLists): CarrierChoice[] {
  const marketplaces = [...new Set(kinds)];
  const byCode = new Map<string, { name: string; takenBy: MarketplaceKind[] }>();
  for (const kind of marketplaces)
    for (const carrier of lists[kind]) {
      const entry = byCode.get(carrier.code) ?? { name: carrier.name, takenBy: [] };
      entry.takenBy.push(kind);
      byCode.set(carrier.code, entry);
    }
  const choices = [...byCode].map(([code, { name, takenBy }]) => {
    const everywhere = takenBy.length === marketplaces.length;
    const label = everywhere ? name : `${name} (${listOf(takenBy.map((kind) => marketplaceNames[kind]))} only)`;
    return { code, label, everywhere };
  });
  return [...choices.filter((c) => c.everywhere), ...choices.filter((c) => !c.everywhere)];
}

export interface BulkShipErrors {
  carrier?: string;
  tracking: Record<string, string>;
}

/** One shipment per order (the whole rest of it, shipped now), or what is missing. */
export function bulkShipmentsOf(
  orders: readonly Pick<OrderSummary, 'id'>[],
  carrier: string,
  tracking: Readonly<Record<string, string>>,
): { shipments: ShipmentRequest[] } | { errors: BulkShipErrors } {
  const errors: BulkShipErrors = { tracking: {} };
  if (!carrier) errors.carrier = 'Choose the carrier.';
  for (const order of orders) {
    const number = (tracking[order.id] ?? '').trim();
    if (!number) errors.tracking[order.id] = 'Enter the tracking number.';
    else if (number.length > 100) errors.tracking[order.id] = 'At most 100 characters.';
  }
  if (errors.carrier || Object.keys(errors.tracking).length > 0) return { errors };
  return {
    shipments: orders.map((order) => ({
      orderId: order.id,
      carrier,
      trackingNumber: (tracking[order.id] ?? '').trim(),
    })),
  };
}

/** The number of different orders among CSV rows: what "Ship N orders" counts. */
export const orderCount = (rows: readonly { orderNumber: string }[]) =>
  new Set(rows.map((row) => row.orderNumber)).size;
