/**
 * A shop's orders in the Admin API (the order and orders queries, by updated_at or created_at), and
 * orders placed and cancelled as a buyer would (the control API): stock committed and given back,
 * orders/create, orders/cancelled, orders/updated and inventory_levels/update sent.
 */
import { SandboxControlError, timeAfter } from '../shared/sandbox-kit.ts';
import { connection, matches, parseSearchQuery, type ConnectionArgs } from './connections.ts';
import { emit, inventoryLevelChanged, orderPayload } from './notifications.ts';
import type { ShopGraph } from './nodes.ts';
import {
  findShop,
  fulfilledOf,
  gid,
  nextId,
  nowIso,
  parseGid,
  type Order,
  type Product,
  type Shop,
  type ShopifyContext,
  type ShopifySandboxState,
  type Variant,
  unfulfilledOf,
} from './state.ts';

export function orderResolvers(graph: ShopGraph) {
  return {
    order: ({ id }: { id: string }) => {
      const order = graph.shop.orders.find((o) => o.id === parseGid(id, 'Order'));
      return order ? graph.order(order) : null;
    },
    orders: (args: ConnectionArgs & { query?: string; sortKey?: string }) => orders(graph, args),
  };
}

function orders(graph: ShopGraph, args: ConnectionArgs & { query?: string; sortKey?: string }) {
  // `-tag:x` (or `NOT tag:x`) leaves out the orders tagged x.
  const negated = /(?:^|\s)(?:-|NOT\s+)tag:('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|[^\s)]+)/gi;
  const without = [...(args.query ?? '').matchAll(negated)].flatMap((m) =>
    parseSearchQuery(`tag:${m[1]}`).map((t) => t.value),
  );
  const terms = parseSearchQuery((args.query ?? '').replace(negated, ' '));
  const tags = terms.filter((t) => t.field === 'tag').map((t) => t.value);
  let list = graph.shop.orders.filter(
    (o) =>
      hasTags(o, tags) &&
      !without.some((t) => hasTags(o, [t])) &&
      matches(terms, (f) =>
        f === 'updated_at' ? o.updatedAt : f === 'created_at' ? o.createdAt : f === 'name' ? o.name : undefined,
      ),
  );
  if (args.sortKey === 'UPDATED_AT')
    list = [...list].sort((a, b) => a.updatedAt.localeCompare(b.updatedAt) || a.id - b.id);
  else if (args.sortKey === 'CREATED_AT')
    list = [...list].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
  return connection(
    list,
    args,
    (o) => o.id,
    (o) => graph.order(o),
  );
}

/** Whether an order carries every tag a search asks for (Shopify matches tags whole, ignoring case). */
export function hasTags(order: Order, tags: string[]): boolean {
  const own = new Set((order.tags ?? []).map((t) => t.toLowerCase()));
  return tags.every((t) => own.has(t.toLowerCase()));
}

/** An order in the control API's shape (placing and cancelling answer it). */
function orderAnswer(order: Order) {
  return {
    id: gid('Order', order.id),
    name: order.name,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    cancelledAt: order.cancelledAt,
    cancelReason: order.cancelReason ?? null,
    lines: order.lines.map((l) => ({
      sku: l.sku,
      quantity: l.quantity,
      currentQuantity: l.currentQuantity,
      price: l.price,
    })),
  };
}

/** A buyer's order, paid: the units leave the variants' available quantity (committed until fulfilled). */
export function placeOrder(
  state: ShopifySandboxState,
  sellerId: string,
  lines: Array<{ sku: string; quantity: number }>,
  context: ShopifyContext,
) {
  const shop = findShop(state, sellerId);
  if (!shop) throw new SandboxControlError(404, `No shop ${sellerId}`);
  const wanted = new Map<string, number>();
  for (const line of lines) wanted.set(line.sku, (wanted.get(line.sku) ?? 0) + line.quantity);
  const picked: Array<{ product: Product; variant: Variant; quantity: number }> = [];
  for (const [sku, quantity] of wanted) {
    const product = shop.products.find((p) => p.variants.some((v) => v.sku === sku));
    const variant = product?.variants.find((v) => v.sku === sku);
    if (!product || !variant) throw new SandboxControlError(404, `No variant with SKU ${sku}`);
    if (product.status !== 'ACTIVE') throw new SandboxControlError(409, `${sku} is not for sale`);
    if (variant.available < quantity)
      throw new SandboxControlError(409, `Only ${variant.available} of ${sku} available, ${quantity} ordered`);
    picked.push({ product, variant, quantity });
  }
  const at = nowIso();
  const order: Order = {
    id: nextId(shop),
    name: `#${shop.orderNumber++}`,
    createdAt: at,
    updatedAt: at,
    cancelledAt: null,
    // Shopify routes a new order to its locations at once: the one location here gets all of it.
    fulfillmentOrderId: nextId(shop),
    fulfillments: [],
    lines: picked.map(({ product, variant, quantity }) => ({
      id: nextId(shop),
      fulfillmentOrderLineItemId: nextId(shop),
      fulfilledQuantity: 0,
      variantId: variant.id,
      sku: variant.sku,
      title: `${product.title} - ${variant.title}`,
      quantity,
      currentQuantity: quantity,
      price: variant.price,
    })),
  };
  for (const { product, variant, quantity } of picked) {
    variant.available -= quantity;
    variant.updatedAt = at;
    product.updatedAt = at;
  }
  shop.orders.push(order);
  context.changed(shop.domain);
  emit(shop, 'ORDERS_CREATE', orderPayload(shop, order), context);
  for (const { variant } of picked) inventoryLevelChanged(shop, variant, context);
  return orderAnswer(order);
}

/** An order by its GID (as placeOrder answers it), its numeric id, or its name (#1001). */
export function findOrder(shop: Shop, orderId: string): Order | undefined {
  const id = parseGid(orderId, 'Order') ?? (/^\d+$/.test(orderId) ? Number(orderId) : undefined);
  return shop.orders.find((o) => o.id === id || o.name === orderId);
}

/** The buyer cancels (with restock): cancelled, refunded, the lines' units back to available. */
export function cancelOrder(state: ShopifySandboxState, sellerId: string, orderId: string, context: ShopifyContext) {
  const shop = findShop(state, sellerId);
  if (!shop) throw new SandboxControlError(404, `No shop ${sellerId}`);
  const order = findOrder(shop, orderId);
  if (!order) throw new SandboxControlError(404, `No order ${orderId} in shop ${shop.domain}`);
  const refusal = whyNotCancellable(order);
  if (refusal) throw new SandboxControlError(409, refusal);
  cancelShopOrder(shop, order, 'CUSTOMER', context);
  return orderAnswer(order);
}

/** Why an order cannot be cancelled (cancelled already, or nothing left unshipped); undefined when it can. */
export function whyNotCancellable(order: Order): string | undefined {
  if (order.cancelledAt) return `Order ${order.name} is already cancelled`;
  if (order.lines.every((l) => unfulfilledOf(l) === 0))
    return `Order ${order.name} is fulfilled: there is nothing left to cancel`;
  return undefined;
}

/**
 * Cancels the order with restock, as the buyer's cancellation (control API) and the seller's orderCancel
 * do: cancelled for the reason, its unshipped units back to available, orders/cancelled and
 * orders/updated sent.
 */
export function cancelShopOrder(shop: Shop, order: Order, reason: string, context: ShopifyContext): void {
  const at = new Date(timeAfter(Date.parse(order.updatedAt))).toISOString();
  order.cancelledAt = at;
  order.cancelReason = reason;
  order.updatedAt = at;
  // Cancelled with restock: the lines' unshipped units are removed from the order and go back to
  // available; units shipped already stay on it (they are with the buyer).
  const restocked: Variant[] = [];
  for (const line of order.lines) {
    const product = shop.products.find((p) => p.variants.some((v) => v.id === line.variantId));
    const variant = product?.variants.find((v) => v.id === line.variantId);
    const unshipped = unfulfilledOf(line);
    if (product && variant && unshipped > 0) {
      variant.available += unshipped;
      variant.updatedAt = at;
      product.updatedAt = at;
      restocked.push(variant);
    }
    line.currentQuantity = fulfilledOf(line);
  }
  context.changed(shop.domain);
  // Shopify sends orders/cancelled and orders/updated (each to the shop's subscriptions of that topic).
  emit(shop, 'ORDERS_CANCELLED', orderPayload(shop, order), context);
  emit(shop, 'ORDERS_UPDATED', orderPayload(shop, order), context);
  for (const variant of restocked) inventoryLevelChanged(shop, variant, context);
}
