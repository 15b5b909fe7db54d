/**
 * Walmart order fulfilment: a purchase order acknowledged (orders.json acknowledgeOrders) and its lines
 * shipped with carrier and tracking (shippingUpdates). Walmart's guide says orders must be acknowledged
 * before shipping and the carrier must be one of its names
 * (https://developer.walmart.com/us-marketplace/docs/ship-an-order). Walmart has no idempotency key
 * and a line once shipped is not shipped again, so a shipment reads the order first: one already holding
 * this shipment's tracking number on its lines counts as confirmed and is not sent again.
 */
import { MarketplaceError } from '../errors.ts';
import type { ShipmentConfirmation, ShipmentOutcome } from '../types.ts';
import { walmartShippingCarriers } from './carriers.ts';
import type { WalmartOrder, WalmartOrderResponse, WalmartOrderShipment } from './types.ts';
import type { WalmartClient } from './walmart-client.ts';

const carrierCodes = new Set(walmartShippingCarriers.map((carrier) => carrier.code));
/** orders.json TrackingInfoType.methodCode. */
const methodCodes = ['Standard', 'Express', 'OneDay', 'Freight', 'WhiteGlove', 'Value'];

/** Why a shipment cannot be sent as it is (before any call), in words the seller understands. */
export function invalidWalmartShipment(shipment: ShipmentConfirmation): string | undefined {
  if (!carrierCodes.has(shipment.carrier))
    return `${shipment.carrier} is not a carrier Walmart accepts: choose one of Walmart's supported carrier names`;
  if (!shipment.trackingNumber.trim()) return 'Walmart needs a tracking number for every shipment';
  if (Number.isNaN(Date.parse(shipment.shippedAt))) return `The ship date ${shipment.shippedAt} is not a date`;
  if (shipment.lines.length === 0) return 'A shipment needs at least one order line';
  const bad = shipment.lines.find((line) => !Number.isInteger(line.quantity) || line.quantity < 1);
  if (bad) return `Line ${bad.lineId}: the quantity shipped must be a whole number of 1 or more (got ${bad.quantity})`;
  return undefined;
}

/** Units per line number (a line named twice counts once, with its units added). */
function unitsByLine(shipment: ShipmentConfirmation): Map<string, number> {
  const units = new Map<string, number>();
  for (const line of shipment.lines) units.set(line.lineId, (units.get(line.lineId) ?? 0) + line.quantity);
  return units;
}

/**
 * The "Ship order lines" body: one Shipped status per line, under the order's own shipping method where
 * it is one Walmart takes back, and the customer order number as sellerOrderId (printed on return labels).
 */
export function walmartShipmentRequest(shipment: ShipmentConfirmation, order: WalmartOrder): WalmartOrderShipment {
  const method = order.shippingInfo?.methodCode;
  const trackingInfo = {
    shipDateTime: Date.parse(shipment.shippedAt),
    carrierName: { carrier: shipment.carrier },
    methodCode: method && methodCodes.includes(method) ? method : 'Standard',
    trackingNumber: shipment.trackingNumber.trim(),
  };
  return {
    orderShipment: {
      orderLines: {
        orderLine: [...unitsByLine(shipment)].map(([lineNumber, units]) => ({
          lineNumber,
          sellerOrderId: order.customerOrderId ?? order.purchaseOrderId,
          orderLineStatuses: {
            orderLineStatus: [
              { status: 'Shipped', statusQuantity: { unitOfMeasurement: 'EACH', amount: String(units) }, trackingInfo },
            ],
          },
        })),
      },
    },
  };
}

/** Whether the order holds this shipment already: each of its lines shipped under its tracking number, as many units. */
export function walmartShipmentRecorded(shipment: ShipmentConfirmation, order: WalmartOrder): boolean {
  const trackingNumber = shipment.trackingNumber.trim();
  return [...unitsByLine(shipment)].every(([lineNumber, units]) => {
    const line = order.orderLines.orderLine.find((l) => l.lineNumber === lineNumber);
    const shipped = (line?.orderLineStatuses?.orderLineStatus ?? [])
      .filter((s) => /^(shipped|delivered)$/i.test(s.status) && s.trackingInfo?.trackingNumber === trackingNumber)
      .reduce((sum, s) => sum + Number(s.statusQuantity.amount), 0);
    return shipped >= units;
  });
}

async function readOrder(client: WalmartClient, purchaseOrderId: string, signal?: AbortSignal) {
  const url = client.endpoints.order(purchaseOrderId);
  return (await client.call<WalmartOrderResponse>('ordersRead', { method: 'GET', url }, signal)).body.order;
}

/** Whether some open units of these lines are still Created (not acknowledged). */
const awaitsAcknowledgement = (order: WalmartOrder, lineNumbers?: Set<string>) =>
  order.orderLines.orderLine.some(
    (line) =>
      (!lineNumbers || lineNumbers.has(line.lineNumber)) &&
      (line.orderLineStatuses?.orderLineStatus ?? []).some((s) => s.status === 'Created'),
  );

/**
 * Acknowledges the whole purchase order. Walmart answers a repeat as the first time, and refuses an
 * order shipped or cancelled: when nothing of it awaits acknowledgement any more, that refusal is done too.
 */
export async function acknowledgeWalmartOrder(
  client: WalmartClient,
  purchaseOrderId: string,
  signal?: AbortSignal,
): Promise<void> {
  try {
    const url = client.endpoints.acknowledge(purchaseOrderId);
    await client.call<WalmartOrderResponse>('ordersUpdate', { method: 'POST', url }, signal);
  } catch (error) {
    if (!(error instanceof MarketplaceError && error.kind === 'rejected' && error.details.status === 400)) throw error;
    if (awaitsAcknowledgement(await readOrder(client, purchaseOrderId, signal))) throw error;
  }
}

/**
 * Confirms a shipment: refused before any call when Walmart could not take it (a carrier it does not
 * list); confirmed without a call when the order holds it already; otherwise its lines acknowledged
 * where still Created, then shipped. A refusal is answered in Walmart's words; 429 and 5xx are thrown.
 */
export async function confirmWalmartShipment(
  client: WalmartClient,
  shipment: ShipmentConfirmation,
  signal?: AbortSignal,
): Promise<ShipmentOutcome> {
  const invalid = invalidWalmartShipment(shipment);
  if (invalid) return { outcome: 'rejected', message: invalid };
  const purchaseOrderId = shipment.marketplaceOrderId;
  try {
    const order = await readOrder(client, purchaseOrderId, signal);
    // Walmart names no shipment of its own: its lines carry the tracking number.
    if (walmartShipmentRecorded(shipment, order)) return { outcome: 'confirmed', marketplaceShipmentId: null };
    if (awaitsAcknowledgement(order, new Set(unitsByLine(shipment).keys())))
      await acknowledgeWalmartOrder(client, purchaseOrderId, signal);
    const body = walmartShipmentRequest(shipment, order);
    await client.call<WalmartOrderResponse>(
      'ordersUpdate',
      { method: 'POST', url: client.endpoints.shipping(purchaseOrderId), body },
      signal,
    );
    return { outcome: 'confirmed', marketplaceShipmentId: null };
  } catch (error) {
    if (error instanceof MarketplaceError && error.kind === 'rejected')
      return {
        outcome: 'rejected',
        message: error.message,
        ...(error.details.code ? { code: error.details.code } : {}),
      };
    // The answer was lost: the next try reads the order first, so retrying it cannot ship twice.
    if (error instanceof MarketplaceError && error.kind === 'outcome_unknown')
      throw new MarketplaceError('unavailable', error.message, error.details);
    throw error;
  }
}
