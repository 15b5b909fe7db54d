/**
 * Whether a shipment can be sent, decided before anything reaches the marketplace: the carrier is
 * one it accepts, the lines are the order's, and no more units than remain to ship. Pure.
 */
import type { OrderRecord, ShipmentRecord } from '../../db/queries/order-pages.ts';
import type { OrderLineRecord, ShipmentLineRecord } from '../../db/schema/index.ts';
import type { ShippingCarrier } from '../../marketplaces/types.ts';

export interface ShipmentAsked {
  carrier: string;
  trackingNumber: string;
  shippedAt?: Date;
  lines?: Array<{ lineId: string; quantity: number }>;
}

export type ShipmentCheck =
  | { ok: true; carrier: ShippingCarrier; trackingNumber: string; shippedAt: Date; lines: ShipmentLineRecord[] }
  | { ok: false; message: string };

/** Units of each line shipped: the marketplace's own figure, or ours when the shipments we sent (and not refused) say more. */
export function shippedUnits(
  lines: OrderLineRecord[],
  sent: Pick<ShipmentRecord, 'lines' | 'state'>[],
): Map<number, number> {
  const ours = new Map<string, number>();
  for (const shipment of sent)
    if (shipment.state !== 'failed')
      for (const line of shipment.lines) ours.set(line.lineId, (ours.get(line.lineId) ?? 0) + line.quantity);
  return new Map(
    lines.map((line, index) => [
      index,
      Math.max(line.shippedQuantity ?? 0, line.lineId !== undefined ? (ours.get(line.lineId) ?? 0) : 0),
    ]),
  );
}

/** Units of each line still to ship. */
export function unitsToShip(lines: OrderLineRecord[], sent: Pick<ShipmentRecord, 'lines' | 'state'>[]): number[] {
  const shipped = shippedUnits(lines, sent);
  return lines.map((line, index) => Math.max(0, line.quantity - line.cancelledQuantity - shipped.get(index)!));
}

/** The carrier the seller named, by the marketplace's code or its name, any case. */
export function carrierNamed(carriers: readonly ShippingCarrier[], named: string): ShippingCarrier | undefined {
  const wanted = named.trim().toLowerCase();
  return carriers.find((c) => c.code.toLowerCase() === wanted) ?? carriers.find((c) => c.name.toLowerCase() === wanted);
}

const FUTURE_SLACK_MS = 24 * 3600 * 1000;

export function checkShipment(
  order: Pick<OrderRecord, 'fulfilment' | 'lines' | 'orderedAt' | 'channelKind'>,
  marketplaceName: string,
  carriers: readonly ShippingCarrier[],
  sent: Pick<ShipmentRecord, 'lines' | 'state'>[],
  asked: ShipmentAsked,
  now: Date,
): ShipmentCheck {
  if (['cancelled', 'refunded', 'returned'].includes(order.fulfilment))
    return { ok: false, message: `This order is ${order.fulfilment}: there is nothing to ship.` };
  const carrier = carrierNamed(carriers, asked.carrier);
  if (!carrier)
    return {
      ok: false,
      message: `"${asked.carrier.trim()}" is not a carrier ${marketplaceName} accepts. Choose one of ${marketplaceName}'s carriers (for example ${carriers
        .slice(0, 3)
        .map((c) => c.name)
        .join(', ')}).`,
    };
  const trackingNumber = asked.trackingNumber.trim();
  if (!/^[A-Za-z0-9][A-Za-z0-9 -]{0,98}[A-Za-z0-9]$|^[A-Za-z0-9]$/.test(trackingNumber))
    return { ok: false, message: 'A tracking number is letters and digits (spaces and hyphens between them).' };
  const shippedAt = asked.shippedAt ?? now;
  if (shippedAt.getTime() > now.getTime() + FUTURE_SLACK_MS)
    return { ok: false, message: 'The ship date cannot be in the future.' };
  if (shippedAt.getTime() < order.orderedAt.getTime() - FUTURE_SLACK_MS)
    return { ok: false, message: 'The ship date cannot be before the order was placed.' };
  const remaining = unitsToShip(order.lines, sent);
  const lines: ShipmentLineRecord[] = [];
  if (asked.lines) {
    const askedUnits = new Map<string, number>();
    for (const line of asked.lines) askedUnits.set(line.lineId, (askedUnits.get(line.lineId) ?? 0) + line.quantity);
    for (const [lineId, quantity] of askedUnits) {
      const index = order.lines.findIndex((l) => l.lineId === lineId);
      if (index < 0) return { ok: false, message: `Line ${lineId} is not a line of this order.` };
      if (quantity > remaining[index]!)
        return {
          ok: false,
          message: `Line ${lineId} (${order.lines[index]!.sku}) has ${remaining[index]} unit${remaining[index] === 1 ? '' : 's'} left to ship, not ${quantity}.`,
        };
      lines.push({ lineId, sku: order.lines[index]!.sku, quantity });
    }
  } else {
    for (const [index, line] of order.lines.entries()) {
      if (remaining[index]! === 0) continue;
      if (line.lineId === undefined)
        return {
          ok: false,
          message: `${marketplaceName} has not told us this order's line ids yet; the next orders read brings them.`,
        };
      lines.push({ lineId: line.lineId, sku: line.sku, quantity: remaining[index]! });
    }
  }
  if (lines.length === 0) return { ok: false, message: 'Every unit of this order has been shipped already.' };
  return { ok: true, carrier, trackingNumber, shippedAt, lines };
}

/** The order's status from what is left to ship, never moving it back. */
export function fulfilmentAfterShipping(
  order: Pick<OrderRecord, 'fulfilment' | 'lines'>,
  sent: Pick<ShipmentRecord, 'lines' | 'state'>[],
): OrderRecord['fulfilment'] {
  if (order.fulfilment !== 'unshipped' && order.fulfilment !== 'partially shipped') return order.fulfilment;
  const confirmed = sent.filter((s) => s.state === 'confirmed');
  const left = unitsToShip(order.lines, confirmed);
  const shipped = shippedUnits(order.lines, confirmed);
  if (left.every((units) => units === 0)) return 'shipped';
  return [...shipped.values()].some((units) => units > 0) ? 'partially shipped' : 'unshipped';
}
