/**
 * Shipment confirmation for merchant-fulfilled orders: Orders API v0 confirmShipment
 * (POST /orders/v0/orders/{orderId}/shipmentConfirmation, ordersV0.json), one package per call,
 * paced by its own usage plan (amazonRateLimits.confirmShipment).
 */
import { MarketplaceError } from '../errors.ts';
import type { ShipmentConfirmation, ShipmentOutcome, ShippingCarrier } from '../types.ts';
import type { AmazonClient } from './amazon-client.ts';
import { amazonPaths } from './endpoints.ts';
import { confirmShipmentRequest } from './order-transform.ts';
import type { AmazonOrderItem } from './types.ts';

/**
 * The CarrierCode values Amazon accepts, as Seller Central lists them for the shipping confirmation
 * ("carrier-code (CarrierCode field in API)", Accepted Values, https://sellercentral.amazon.com/gp/help/external/G641;
 * the values are the CarrierCode enumeration of Amazon's feed schema amzn-base.xsd), US carriers first.
 * "The CarrierCode value must match the options listed in Seller Central exactly"
 * (https://github.com/amzn/selling-partner-api-docs/issues/772). "Other" is left out: it needs the
 * carrier's name in carrierName, which a shipment here does not carry.
 */
export const amazonShippingCarriers: readonly ShippingCarrier[] = [
  { code: 'USPS', name: 'USPS' },
  { code: 'UPS', name: 'UPS' },
  { code: 'FedEx', name: 'FedEx' },
  { code: 'DHL', name: 'DHL' },
  { code: 'DHL eCommerce', name: 'DHL eCommerce' },
  { code: 'OnTrac', name: 'OnTrac' },
  { code: 'Lasership', name: 'LaserShip' },
  { code: 'FedEx SmartPost', name: 'FedEx SmartPost' },
  { code: 'UPS Mail Innovations', name: 'UPS Mail Innovations' },
  { code: 'UPSMI', name: 'UPSMI (UPS Mail Innovations)' },
  { code: 'DHL Global Mail', name: 'DHL Global Mail' },
  { code: 'Newgistics', name: 'Newgistics' },
  { code: 'Streamlite', name: 'Streamlite' },
  { code: 'OSM', name: 'OSM Worldwide' },
  { code: 'Blue Package', name: 'Blue Package Delivery' },
  { code: 'Target', name: 'Target' },
  { code: 'Canada Post', name: 'Canada Post' },
  { code: 'Royal Mail', name: 'Royal Mail' },
  { code: 'Parcelforce', name: 'Parcelforce' },
  { code: 'City Link', name: 'City Link' },
  { code: 'Fastway', name: 'Fastway' },
  { code: 'GLS', name: 'GLS' },
  { code: 'GO!', name: 'GO!' },
  { code: 'Hermes Logistik Gruppe', name: 'Hermes Logistik Gruppe' },
  { code: 'TNT', name: 'TNT' },
  { code: 'SagawaExpress', name: 'Sagawa Express' },
  { code: 'NipponExpress', name: 'Nippon Express' },
  { code: 'YamatoTransport', name: 'Yamato Transport' },
  { code: 'Ninjavan', name: 'Ninja Van' },
  { code: 'Qxpress', name: 'Qxpress' },
  { code: 'Singapore Post', name: 'Singapore Post' },
  { code: '4PX', name: '4PX' },
  { code: 'Yanwen', name: 'Yanwen' },
  { code: 'Aramex', name: 'Aramex' },
  { code: 'China Post', name: 'China Post' },
  { code: 'SF Express', name: 'SF Express' },
];

const accepted = new Set(amazonShippingCarriers.map((carrier) => carrier.code));

/** Every order item of the order, all pages. */
async function orderItems(client: AmazonClient, orderId: string, signal?: AbortSignal): Promise<AmazonOrderItem[]> {
  const items: AmazonOrderItem[] = [];
  let nextToken: string | undefined;
  do {
    const answer = await client.getOrderItems(orderId, nextToken, signal);
    items.push(...(answer.payload?.OrderItems ?? []));
    nextToken = answer.payload?.NextToken || undefined;
  } while (nextToken);
  return items;
}

/**
 * Whether Amazon already reports every unit of this parcel shipped. Amazon publishes no idempotency
 * for confirmShipment and Orders v0 reads no packages back, so after a refusal this is how a parcel
 * sent before (its answer lost, or the job retried) is told apart from one Amazon will not take.
 */
async function unitsAlreadyShipped(
  client: AmazonClient,
  shipment: ShipmentConfirmation,
  signal?: AbortSignal,
): Promise<boolean> {
  const wanted = new Map<string, number>();
  for (const line of shipment.lines) wanted.set(line.lineId, (wanted.get(line.lineId) ?? 0) + line.quantity);
  const items = await orderItems(client, shipment.marketplaceOrderId, signal);
  return [...wanted].every(([orderItemId, quantity]) => {
    const item = items.find((i) => i.OrderItemId === orderItemId);
    return item !== undefined && (item.QuantityShipped ?? 0) >= quantity;
  });
}

/**
 * Confirms one parcel. A carrier Amazon does not list is refused here, before any call. Amazon's
 * refusal (400/404) comes back in its own words; a 429 or 5xx is thrown (MarketplaceError
 * rate_limited/unavailable) for the job to retry. The same shipment sent again carries the same
 * packageReferenceId; where Amazon refuses it, a read of the order items showing its units shipped
 * counts it as confirmed.
 */
export async function confirmAmazonShipment(
  client: AmazonClient,
  marketplaceId: string,
  shipment: ShipmentConfirmation,
  signal?: AbortSignal,
): Promise<ShipmentOutcome> {
  if (!accepted.has(shipment.carrier))
    return {
      outcome: 'rejected',
      message: `Carrier "${shipment.carrier}" is not one Amazon accepts (Amazon takes its own carrier codes, such as USPS, UPS or FedEx)`,
    };
  if (!Number.isFinite(Date.parse(shipment.shippedAt)))
    return { outcome: 'rejected', message: `The ship date "${shipment.shippedAt}" is not a date` };
  const body = confirmShipmentRequest(shipment, marketplaceId);
  const confirmed: ShipmentOutcome = {
    outcome: 'confirmed',
    marketplaceShipmentId: body.packageDetail.packageReferenceId,
  };
  try {
    await client.call('confirmShipment', 'POST', amazonPaths.shipmentConfirmation(shipment.marketplaceOrderId), {
      body,
      ...(signal ? { signal } : {}),
    });
    return confirmed;
  } catch (error) {
    if (!(error instanceof MarketplaceError) || error.kind !== 'rejected') throw error;
    if (error.details.status === 400 && (await unitsAlreadyShipped(client, shipment, signal))) return confirmed;
    return {
      outcome: 'rejected',
      message: error.message,
      ...(error.details.code ? { code: error.details.code } : {}),
    };
  }
}
