/**
 * Shipments on eBay: createShippingFulfillment confirms one package (its lines and units, carrier,
 * tracking number and ship date); getShippingFulfillments tells whether eBay already holds a package
 * (a resend, or a create whose answer was lost) and counts the units of orders partly shipped.
 */
import { MarketplaceError } from '../errors.ts';
import type { MarketplaceOrder, ShipmentConfirmation, ShipmentOutcome } from '../types.ts';
import { isEbayCarrierCode } from './carriers.ts';
import type { EbayClient } from './ebay-client.ts';
import { OFFER_CONCURRENCY, mapLimited } from './ebay-listings.ts';
import { toMarketplaceOrder } from './transform.ts';
import type {
  EbayOrder,
  EbayShippingFulfillment,
  EbayShippingFulfillmentDetails,
  EbayShippingFulfillmentPagedCollection,
} from './types.ts';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});
const fulfillmentsPath = (orderId: string) => `/order/${encodeURIComponent(orderId)}/shipping_fulfillment`;

/**
 * eBay takes tracking numbers of letters and digits only ("Do not include a space in the tracking
 * number even if a space appears in the tracking number on the shipping label", sell_fulfillment_v1):
 * the spaces and hyphens a label prints are dropped.
 */
export const ebayTrackingNumber = (trackingNumber: string) => trackingNumber.replace(/[\s-]+/g, '');

/** createShippingFulfillment's body for the shipment: each line once, shipped no later than now. */
export function toShippingFulfillmentDetails(
  shipment: ShipmentConfirmation,
  nowMs = Date.now(),
): EbayShippingFulfillmentDetails {
  const quantities = new Map<string, number>();
  for (const line of shipment.lines) quantities.set(line.lineId, (quantities.get(line.lineId) ?? 0) + line.quantity);
  const shippedMs = Date.parse(shipment.shippedAt);
  return {
    lineItems: [...quantities].map(([lineItemId, quantity]) => ({ lineItemId, quantity })),
    // eBay refuses a ship date in the future ("Invalid shipped date"): a clock ahead of eBay's says now.
    shippedDate: new Date(Number.isFinite(shippedMs) ? Math.min(shippedMs, nowMs) : nowMs).toISOString(),
    shippingCarrierCode: shipment.carrier,
    trackingNumber: ebayTrackingNumber(shipment.trackingNumber),
  };
}

/** Whether a fulfillment eBay holds is this package: the same tracking number, lines and units. */
export function isSamePackage(held: EbayShippingFulfillment, sent: EbayShippingFulfillmentDetails): boolean {
  if (held.shipmentTrackingNumber?.toUpperCase() !== sent.trackingNumber.toUpperCase()) return false;
  const lines = held.lineItems ?? [];
  return (
    lines.length === sent.lineItems.length &&
    sent.lineItems.every((l) => lines.some((h) => h.lineItemId === l.lineItemId && (h.quantity ?? 1) === l.quantity))
  );
}

/** The fulfillment id at the end of the Location header (…/shipping_fulfillment/{fulfillmentId}). */
export function fulfillmentIdOf(location: string | null): string | null {
  const id = location && /\/shipping_fulfillment\/([^/?#]+)/.exec(location)?.[1];
  return id ? decodeURIComponent(id) : null;
}

/** getShippingFulfillments: the packages eBay holds for an order. */
export async function readShippingFulfillments(
  client: EbayClient,
  orderId: string,
  signal?: AbortSignal,
): Promise<EbayShippingFulfillment[]> {
  const { body } = await client.request<EbayShippingFulfillmentPagedCollection>('fulfillment', {
    method: 'GET',
    url: fulfillmentsPath(orderId),
    ...withSignal(signal),
  });
  return body.fulfillments ?? [];
}

/** The package eBay already holds, if it does; an order eBay refuses to read holds none. */
async function heldPackage(
  client: EbayClient,
  orderId: string,
  sent: EbayShippingFulfillmentDetails,
  signal?: AbortSignal,
): Promise<EbayShippingFulfillment | undefined> {
  try {
    return (await readShippingFulfillments(client, orderId, signal)).find((f) => isSamePackage(f, sent));
  } catch (error) {
    if (error instanceof MarketplaceError && error.kind === 'rejected') return undefined;
    throw error;
  }
}

/**
 * Confirms one package. A carrier eBay does not take is refused before any call. A refusal, or a
 * create whose answer was lost, is checked against the packages eBay holds: the same package there
 * counts as confirmed (eBay refuses a second fulfillment with the same tracking number). 429 and 5xx
 * are thrown (retryable) once the client's own retries are spent.
 */
export async function confirmEbayShipment(
  client: EbayClient,
  shipment: ShipmentConfirmation,
  signal?: AbortSignal,
): Promise<ShipmentOutcome> {
  if (!isEbayCarrierCode(shipment.carrier))
    return {
      outcome: 'rejected',
      message: `${shipment.carrier} is not a carrier eBay accepts on a shipment (eBay takes its ShippingCarrierCodeType codes, such as USPS, UPS or FedEx).`,
    };
  const details = toShippingFulfillmentDetails(shipment);
  // The definition: "the resulting fulfillment's ID ... is the tracking number".
  const confirmed = (fulfillmentId: string | null | undefined): ShipmentOutcome => ({
    outcome: 'confirmed',
    marketplaceShipmentId: fulfillmentId || details.trackingNumber,
  });
  try {
    const response = await client.request<unknown>('fulfillment', {
      method: 'POST',
      url: fulfillmentsPath(shipment.marketplaceOrderId),
      body: details,
      ...withSignal(signal),
    });
    return confirmed(fulfillmentIdOf(response.headers.get('location')));
  } catch (error) {
    if (!(error instanceof MarketplaceError) || (error.kind !== 'rejected' && error.kind !== 'outcome_unknown'))
      throw error;
    const held = await heldPackage(client, shipment.marketplaceOrderId, details, signal);
    if (held) return confirmed(held.fulfillmentId);
    if (error.kind === 'outcome_unknown') throw error;
    return { outcome: 'rejected', message: error.message, ...(error.details.code ? { code: error.details.code } : {}) };
  }
}

/** An order partly shipped: eBay's order read says "some" of a line shipped, not how many. */
const partlyShipped = (order: EbayOrder) =>
  order.cancelStatus?.cancelState !== 'CANCELED' &&
  (order.lineItems ?? []).some((line) => line.lineItemFulfillmentStatus === 'IN_PROGRESS');

/**
 * Orders as the engine takes them; those partly shipped with their packages read, to count the units
 * shipped. A partly shipped order `known` to be recorded already as last changed is left out, sparing
 * that read.
 */
export async function toOrdersWithShipments(
  client: EbayClient,
  orders: EbayOrder[],
  signal?: AbortSignal,
  known?: ReadonlyMap<string, number>,
): Promise<MarketplaceOrder[]> {
  const recorded = (order: EbayOrder) =>
    (known?.get(order.orderId) ?? -Infinity) >= Date.parse(order.lastModifiedDate ?? order.creationDate ?? '');
  const wanted = orders.filter((order) => !(partlyShipped(order) && recorded(order)));
  const fulfillments = await mapLimited(wanted, OFFER_CONCURRENCY, (order) =>
    partlyShipped(order) ? readShippingFulfillments(client, order.orderId, signal) : Promise.resolve(undefined),
  );
  return wanted.map((order, i) => toMarketplaceOrder(order, fulfillments[i]));
}
