import type { OrderDetail, ShipmentRequest } from '../../../api';
import { remainingUnits } from '../orderTexts';
import { startOfDay } from '../List/ordersView';

/** What the "Mark shipped" form holds, as typed. */
export interface ShipFormValues {
  carrier: string;
  trackingNumber: string;
  /** The day shipped, "2026-11-21", where the user is. */
  shipDate: string;
  /** Some lines and units only; the whole rest of the order otherwise. */
  partial: boolean;
  /** Units per line id, as typed. */
  quantities: Record<string, string>;
}

export type ShipFormErrors = Partial<Record<'carrier' | 'trackingNumber' | 'shipDate' | 'lines', string>> & {
  quantities?: Record<string, string>;
};

/** The lines a partial shipment can name: units left, and an id from the marketplace. */
export const shippableLines = (order: Pick<OrderDetail, 'lines'>) =>
  order.lines.filter(
    (line): line is typeof line & { lineId: string } => line.lineId !== null && remainingUnits(line) > 0,
  );

/** A new form: no carrier chosen, shipped today, every unit left (when a partial shipment is chosen). */
export function initialShipForm(order: Pick<OrderDetail, 'lines'>, today: string): ShipFormValues {
  return {
    carrier: '',
    trackingNumber: '',
    shipDate: today,
    partial: false,
    quantities: Object.fromEntries(shippableLines(order).map((line) => [line.lineId, String(remainingUnits(line))])),
  };
}

const TRACKING_MAX = 100;

/** Noon of a day where the user is. */
function noonOf(day: string): Date {
  const noon = startOfDay(day);
  noon.setHours(12);
  return noon;
}

/**
 * The shipment to send for the form, or what is wrong with it. A shipment of today leaves the time to
 * the server (now); another day is sent as its noon where the user is, so it stays that day anywhere
 * near. A partial shipment names the lines with at least one unit.
 */
export function shipmentRequestOf(
  order: Pick<OrderDetail, 'id' | 'lines' | 'carriers'>,
  values: ShipFormValues,
  today: string,
): { request: ShipmentRequest } | { errors: ShipFormErrors } {
  const errors: ShipFormErrors = {};
  if (!order.carriers.some((carrier) => carrier.code === values.carrier)) errors.carrier = 'Choose the carrier.';
  const trackingNumber = values.trackingNumber.trim();
  if (!trackingNumber) errors.trackingNumber = 'Enter the tracking number.';
  else if (trackingNumber.length > TRACKING_MAX) errors.trackingNumber = `At most ${TRACKING_MAX} characters.`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.shipDate) || Number.isNaN(startOfDay(values.shipDate).getTime()))
    errors.shipDate = 'Enter the day it shipped.';
  else if (values.shipDate > today) errors.shipDate = 'The ship date cannot be in the future.';

  const lines: NonNullable<ShipmentRequest['lines']> = [];
  if (values.partial) {
    const quantities: Record<string, string> = {};
    for (const line of shippableLines(order)) {
      const text = (values.quantities[line.lineId] ?? '').trim();
      const quantity = Number(text);
      const left = remainingUnits(line);
      if (text === '' || !Number.isInteger(quantity) || quantity < 0 || quantity > left)
        quantities[line.lineId] = `Between 0 and ${left}.`;
      else if (quantity > 0) lines.push({ lineId: line.lineId, quantity });
    }
    if (Object.keys(quantities).length > 0) errors.quantities = quantities;
    else if (lines.length === 0) errors.lines = 'Choose at least one unit to ship.';
  }
  if (Object.keys(errors).length > 0) return { errors };

  return {
    request: {
      orderId: order.id,
      carrier: values.carrier,
      trackingNumber,
      ...(values.shipDate === today ? {} : { shippedAt: noonOf(values.shipDate).toISOString() }),
      ...(values.partial ? { lines } : {}),
    },
  };
}
