/**
 * Buyers' returns on a shop's orders (Return, ReturnLineItem, ReverseFulfillmentOrder), read with the
 * order (Order.returns) and made through the control API: the buyer requests a return of shipped units
 * (REQUESTED, with the ReturnReason given); once received, the return is OPEN and its reverse
 * fulfillment order's line items disposed of, RESTOCKED (the units back to available, as Shopify's
 * restock disposition does) or NOT_RESTOCKED, and the reverse fulfillment order CLOSED. Each step moves
 * the order's updated_at, so an orders-since read finds it.
 */
import type { Router } from 'express';
import { returnControlRoutes as sharedReturnControlRoutes } from '../shared/return-control.ts';
import { SandboxControlError, timeAfter } from '../shared/sandbox-kit.ts';
import { cents, moneyBag } from './admin-fields.ts';
import type { ShopGraph } from './nodes.ts';
import { inventoryLevelChanged } from './notifications.ts';
import { findOrder } from './orders.ts';
import { connection, type ConnectionArgs } from './connections.ts';
import {
  findShop,
  gid,
  nextId,
  touch,
  type Order,
  type ReturnRecord,
  type ShopifyContext,
  type ShopifySandboxState,
} from './state.ts';

/** ReturnReason (2025-01). */
export const shopifyReturnReasons = [
  'SIZE_TOO_SMALL',
  'SIZE_TOO_LARGE',
  'UNWANTED',
  'NOT_AS_DESCRIBED',
  'WRONG_ITEM',
  'DEFECTIVE',
  'STYLE',
  'COLOR',
  'OTHER',
  'UNKNOWN',
] as const;

/** The fulfillment line item returned, as FulfillmentLineItem shows it. */
function fulfillmentLineItemNode(graph: ShopGraph, order: Order, line: ReturnRecord['lines'][number]) {
  const orderLine = order.lines.find((l) => l.id === line.lineId)!;
  const shipped = (order.fulfillments ?? []).flatMap((f) => f.lines).find((l) => l.id === line.fulfillmentLineItemId);
  const total = cents(orderLine.price) * (shipped?.quantity ?? line.quantity);
  return {
    id: gid('FulfillmentLineItem', line.fulfillmentLineItemId),
    quantity: shipped?.quantity ?? line.quantity,
    originalTotalSet: moneyBag(total, graph.shop.currency),
    discountedTotalSet: moneyBag(total, graph.shop.currency),
    lineItem: () => graph.line(orderLine, order),
  };
}

/** A return as the Return object shows it. */
export function returnNode(graph: ShopGraph, order: Order, record: ReturnRecord) {
  const received = record.lines.some((l) => l.disposition);
  const reverseFulfillmentOrder = {
    id: gid('ReverseFulfillmentOrder', record.reverseFulfillmentOrderId),
    status: received ? 'CLOSED' : 'OPEN',
    order: () => graph.order(order),
    lineItems: (args: ConnectionArgs) =>
      connection(
        record.lines,
        args,
        (l) => l.reverseFulfillmentOrderLineItemId,
        (l) => ({
          id: gid('ReverseFulfillmentOrderLineItem', l.reverseFulfillmentOrderLineItemId),
          totalQuantity: l.quantity,
          fulfillmentLineItem: () => fulfillmentLineItemNode(graph, order, l),
          dispositions: l.disposition
            ? [
                {
                  id: gid('ReverseFulfillmentOrderDisposition', l.reverseFulfillmentOrderLineItemId),
                  type: l.disposition,
                  quantity: l.quantity,
                  location: () => graph.location(),
                },
              ]
            : [],
        }),
      ),
    // The buyer's parcel back is not tracked in the sandbox: the return goes from requested to received.
    reverseDeliveries: (args: ConnectionArgs) =>
      connection(
        [],
        args,
        () => 0,
        () => null,
      ),
  };
  return {
    id: gid('Return', record.id),
    name: record.name,
    status: record.status,
    totalQuantity: record.lines.reduce((n, l) => n + l.quantity, 0),
    order: () => graph.order(order),
    decline: null,
    returnShippingFees: [],
    returnLineItems: (args: ConnectionArgs) =>
      connection(
        record.lines,
        args,
        (l) => l.id,
        (l) => ({
          __typename: 'ReturnLineItem',
          id: gid('ReturnLineItem', l.id),
          quantity: l.quantity,
          refundableQuantity: l.quantity,
          refundedQuantity: 0,
          returnReason: l.returnReason,
          returnReasonNote: '',
          customerNote: null,
          fulfillmentLineItem: () => fulfillmentLineItemNode(graph, order, l),
        }),
      ),
    // Only a received return stands for a reverse fulfillment order here (the sandbox approves on receipt).
    reverseFulfillmentOrders: (args: ConnectionArgs) =>
      connection(
        record.status === 'REQUESTED' ? [] : [record],
        args,
        (r) => r.reverseFulfillmentOrderId,
        () => reverseFulfillmentOrder,
      ),
    // A return's refunds are those made for it; the sandbox's refundCreate takes no return, so none.
    refunds: (args: ConnectionArgs) =>
      connection(
        [],
        args,
        () => 0,
        () => null,
      ),
  };
}

/** OrderReturnStatus from the order's returns. */
export function orderReturnStatus(order: Order): string {
  const returns = order.returns ?? [];
  if (returns.length === 0) return 'NO_RETURN';
  if (returns.some((r) => r.status === 'REQUESTED')) return 'RETURN_REQUESTED';
  return returns.every((r) => r.lines.every((l) => l.disposition)) ? 'RETURNED' : 'IN_PROGRESS';
}

/** A buyer's return request of shipped units of the order (not returned already), for a ReturnReason. */
export function requestReturn(
  state: ShopifySandboxState,
  sellerId: string,
  orderId: string,
  asked: { lines: Array<{ sku: string; quantity: number }>; reason?: string },
): ReturnRecord {
  const shop = findShop(state, sellerId);
  if (!shop) throw new SandboxControlError(404, `No shop ${sellerId}`);
  const order = findOrder(shop, orderId);
  if (!order) throw new SandboxControlError(404, `No order ${orderId} in shop ${shop.domain}`);
  const reason = asked.reason ?? 'UNWANTED';
  if (!(shopifyReturnReasons as readonly string[]).includes(reason))
    throw new SandboxControlError(400, `reason must be a Shopify ReturnReason: ${shopifyReturnReasons.join(', ')}`);
  const returning = (fulfillmentLineItemId: number) =>
    (order.returns ?? [])
      .flatMap((r) => r.lines)
      .filter((l) => l.fulfillmentLineItemId === fulfillmentLineItemId)
      .reduce((n, l) => n + l.quantity, 0);
  const lines = asked.lines.map(({ sku, quantity }) => {
    const line = order.lines.find((l) => l.sku === sku);
    if (!line) throw new SandboxControlError(404, `Order ${order.name} has no line of ${sku}`);
    const shipped = (order.fulfillments ?? [])
      .flatMap((f) => f.lines)
      .filter((l) => l.lineId === line.id)
      .map((l) => ({ ...l, left: l.quantity - returning(l.id) }))
      .find((l) => l.left >= quantity);
    if (!shipped)
      throw new SandboxControlError(
        409,
        `No shipment of order ${order.name} holds ${quantity} unit(s) of ${sku} to return`,
      );
    return {
      id: nextId(shop),
      fulfillmentLineItemId: shipped.id,
      lineId: line.id,
      quantity,
      returnReason: reason,
      reverseFulfillmentOrderLineItemId: nextId(shop),
    };
  });
  const at = new Date(timeAfter(Date.parse(order.updatedAt))).toISOString();
  const record: ReturnRecord = {
    id: nextId(shop),
    name: `${order.name}-R${(order.returns?.length ?? 0) + 1}`,
    status: 'REQUESTED',
    createdAt: at,
    reverseFulfillmentOrderId: nextId(shop),
    lines,
  };
  order.returns = [...(order.returns ?? []), record];
  order.updatedAt = at;
  return record;
}

/** The return received: OPEN, every line disposed of as RESTOCKED (back to available) or NOT_RESTOCKED. */
export function receiveReturn(
  state: ShopifySandboxState,
  sellerId: string,
  returnId: string,
  restock: boolean,
  context: ShopifyContext,
) {
  const shop = findShop(state, sellerId);
  if (!shop) throw new SandboxControlError(404, `No shop ${sellerId}`);
  const id = Number(/(\d+)$/.exec(returnId)?.[1] ?? NaN);
  const order = shop.orders.find((o) => o.returns?.some((r) => r.id === id));
  const record = order?.returns?.find((r) => r.id === id);
  if (!order || !record) throw new SandboxControlError(404, `No return ${returnId} in shop ${shop.domain}`);
  if (record.status !== 'REQUESTED') throw new SandboxControlError(409, `Return ${record.name} was received already`);
  const at = new Date(timeAfter(Date.parse(order.updatedAt))).toISOString();
  record.status = 'OPEN';
  for (const line of record.lines) {
    line.disposition = restock ? 'RESTOCKED' : 'NOT_RESTOCKED';
    const variantId = order.lines.find((l) => l.id === line.lineId)?.variantId;
    const product = shop.products.find((p) => p.variants.some((v) => v.id === variantId));
    const variant = product?.variants.find((v) => v.id === variantId);
    if (!restock || !product || !variant) continue;
    variant.available += line.quantity;
    variant.onHand += line.quantity;
    touch(product, variant);
    inventoryLevelChanged(shop, variant, context);
  }
  order.updatedAt = at;
  return { id: gid('Return', record.id), name: record.name, status: record.status };
}

/** The control API's returns (see the shared returnControlRoutes), shops named with or without their domain. */
export function returnControlRoutes(router: Router, context: ShopifyContext) {
  sharedReturnControlRoutes(router, context, {
    request: (sellerId, orderId, asked) => gid('Return', requestReturn(context.state(), sellerId, orderId, asked).id),
    receive: (sellerId, returnId, restock) => receiveReturn(context.state(), sellerId, returnId, restock, context),
    changedSeller: (sellerId) => findShop(context.state(), sellerId)?.domain ?? sellerId,
  });
}
