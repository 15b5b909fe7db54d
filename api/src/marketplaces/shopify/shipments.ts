/**
 * Confirming a shipment on Shopify: fulfillmentCreate on the order's fulfillment orders. Shopify ships
 * fulfillment order line items, not order lines, so the order's fulfillment orders are read first and
 * each of our lines (a LineItem GID) is mapped to the line items that remain to ship of it. The same
 * read shows the order's fulfillments: one with the same tracking number that already holds our lines
 * is this shipment sent before (its answer lost, or a job run again), so it counts as confirmed and
 * nothing ships twice (FulfillmentInput has no field for a reference of ours, so our shipmentId can't
 * tell it). Refusals come back in Shopify's words (its user errors).
 */
import { MarketplaceError } from '../errors.ts';
import type { ShipmentConfirmation, ShipmentOutcome } from '../types.ts';
import { isShopifyTrackingCompany } from './carriers.ts';
import {
  SHIPMENT_FULFILLMENT_QUERY_COST,
  SHIPMENT_ORDER_QUERY_COST,
  fulfillmentCreateMutation,
  shipmentFulfillmentQuery,
  shipmentOrderQuery,
} from './queries.ts';
import { SHOPIFY_MUTATION_COST, type ShopifyClient } from './shopify-client.ts';
import type { ShopifyFulfillmentCreatePayload, ShopifyFulfillmentInput, ShopifyShipmentOrder } from './types.ts';

type ShippedLines = { quantity: number | null; lineItem: { id: string } }[];
type FulfillmentLines = {
  fulfillment: { id: string; status: string; fulfillmentLineItems: { nodes: ShippedLines } } | null;
};

/** Fulfillments that stand: not cancelled, nor failed at a fulfillment service. */
const standing = (status: string) => !['CANCELLED', 'ERROR', 'FAILURE'].includes(status);
/** Fulfillment orders that can still ship (the others answer why not, if asked). */
const fulfillable = (status: string) => status === 'OPEN' || status === 'IN_PROGRESS';

/** Whether these shipped lines hold all of ours, each at least in our quantity. */
export function holdsLines(shipped: ShippedLines, lines: ShipmentConfirmation['lines']): boolean {
  const units = new Map<string, number>();
  for (const item of shipped) units.set(item.lineItem.id, (units.get(item.lineItem.id) ?? 0) + (item.quantity ?? 0));
  const wanted = new Map<string, number>();
  for (const line of lines) wanted.set(line.lineId, (wanted.get(line.lineId) ?? 0) + line.quantity);
  return [...wanted].every(([lineId, quantity]) => (units.get(lineId) ?? 0) >= quantity);
}

/**
 * fulfillmentCreate's input: each of our lines' units spread over the fulfillment order line items
 * that remain to ship of it. What no open one holds goes to the last that holds the line at all, so
 * Shopify itself answers why it can't ship (more than remains, a closed fulfillment order); a line no
 * fulfillment order holds is refused here, as Shopify could not be asked about it.
 */
export function fulfillmentInput(
  order: ShopifyShipmentOrder,
  shipment: ShipmentConfirmation,
): ShopifyFulfillmentInput | { message: string } {
  const fulfillmentOrders = order.fulfillmentOrders.nodes;
  if (fulfillmentOrders.length === 0)
    return {
      message: `Shopify shows no fulfillment orders for order ${order.name}: the connection may lack the fulfillment order access scopes (connect the shop again).`,
    };
  const byFulfillmentOrder = new Map<string, Map<string, number>>();
  for (const line of shipment.lines) {
    const holding = fulfillmentOrders.flatMap((fo) =>
      fo.lineItems.nodes.filter((item) => item.lineItem.id === line.lineId).map((item) => ({ fo, item })),
    );
    if (holding.length === 0)
      return { message: `Shopify order ${order.name} has no line ${line.lineId} (SKU ${line.sku}) to ship.` };
    const open = holding.filter(({ fo, item }) => fulfillable(fo.status) && item.remainingQuantity > 0);
    const candidates = open.length ? open : holding.slice(-1);
    let left = line.quantity;
    candidates.forEach(({ fo, item }, i) => {
      const take = i === candidates.length - 1 ? left : Math.min(left, item.remainingQuantity);
      if (take <= 0) return;
      const items = byFulfillmentOrder.get(fo.id) ?? new Map<string, number>();
      items.set(item.id, (items.get(item.id) ?? 0) + take);
      byFulfillmentOrder.set(fo.id, items);
      left -= take;
    });
  }
  return {
    lineItemsByFulfillmentOrder: [...byFulfillmentOrder].map(([fulfillmentOrderId, items]) => ({
      fulfillmentOrderId,
      fulfillmentOrderLineItems: [...items].map(([id, quantity]) => ({ id, quantity })),
    })),
    trackingInfo: { company: shipment.carrier, number: shipment.trackingNumber },
    // The buyer gets Shopify's shipping confirmation with the tracking, as from the admin's own
    // "mark as fulfilled". Shopify stamps the fulfillment when it is made: the input has no ship date.
    notifyCustomer: true,
  };
}

/** fulfillmentCreate's answer: the fulfillment made, or Shopify's user errors. */
export function fulfillmentOutcome(data: ShopifyFulfillmentCreatePayload): ShipmentOutcome {
  const payload = data.fulfillmentCreate;
  const errors = payload?.userErrors ?? [];
  if (errors.length) return { outcome: 'rejected', message: errors.map((e) => e.message).join('; ') };
  if (!payload?.fulfillment)
    // Neither made nor refused: asked again, the read before it finds the fulfillment if it was made.
    throw new MarketplaceError('unavailable', 'Shopify answered fulfillmentCreate without a fulfillment or an error');
  return { outcome: 'confirmed', marketplaceShipmentId: payload.fulfillment.id };
}

/** The fulfillment of this order that already shipped these lines under this tracking number, if any. */
async function shippedBefore(
  client: ShopifyClient,
  order: ShopifyShipmentOrder,
  shipment: ShipmentConfirmation,
  signal?: AbortSignal,
): Promise<string | undefined> {
  const sameTracking = order.fulfillments.filter(
    (f) => standing(f.status) && f.trackingInfo.some((t) => t.number === shipment.trackingNumber),
  );
  for (const { id } of sameTracking) {
    const { fulfillment } = await client.graphql<FulfillmentLines>(
      shipmentFulfillmentQuery,
      { id },
      { cost: SHIPMENT_FULFILLMENT_QUERY_COST, signal },
    );
    if (fulfillment && holdsLines(fulfillment.fulfillmentLineItems.nodes, shipment.lines)) return fulfillment.id;
  }
  return undefined;
}

export async function confirmShopifyShipment(
  client: ShopifyClient,
  shipment: ShipmentConfirmation,
  signal?: AbortSignal,
): Promise<ShipmentOutcome> {
  if (!isShopifyTrackingCompany(shipment.carrier))
    return {
      outcome: 'rejected',
      message: `"${shipment.carrier}" is not a tracking company Shopify accepts (its supported tracking companies, names as written).`,
    };
  if (shipment.lines.length === 0) return { outcome: 'rejected', message: 'A shipment names at least one line.' };
  try {
    const { order } = await client.graphql<{ order: ShopifyShipmentOrder | null }>(
      shipmentOrderQuery,
      { id: shipment.marketplaceOrderId },
      { cost: SHIPMENT_ORDER_QUERY_COST, signal },
    );
    if (!order) return { outcome: 'rejected', message: `Shopify has no order ${shipment.marketplaceOrderId}.` };
    const earlier = await shippedBefore(client, order, shipment, signal);
    if (earlier) return { outcome: 'confirmed', marketplaceShipmentId: earlier };
    const input = fulfillmentInput(order, shipment);
    if ('message' in input) return { outcome: 'rejected', message: input.message };
    const data = await client.graphql<ShopifyFulfillmentCreatePayload>(
      fulfillmentCreateMutation,
      { fulfillment: input },
      { cost: SHOPIFY_MUTATION_COST, signal },
    );
    return fulfillmentOutcome(data);
  } catch (error) {
    // A GraphQL error (an id that is not an order's, an access scope missing): sent again as is, it fails again.
    if (error instanceof MarketplaceError && error.kind === 'rejected')
      return {
        outcome: 'rejected',
        message: error.message,
        ...(error.details.code ? { code: error.details.code } : {}),
      };
    throw error;
  }
}
