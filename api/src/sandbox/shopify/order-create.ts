/**
 * orderCreate in the Admin API: an order an app creates in the shop (here, a marketplace's order
 * the seller ships from Shopify). As Shopify does: `inventoryBehaviour` BYPASS (the default) leaves
 * stock as it is, the DECREMENT ones take the units off the variants; `financialStatus` PAID with no
 * transactions charges nobody; tags, source name and note are kept and its tags searchable
 * (`orders(query: "tag:…")`). A line names its variant, or is a custom item by SKU and title (linked
 * to no inventory). orders/create is sent.
 */
import type { Router } from 'express';
import { emit, inventoryLevelChanged, orderPayload } from './notifications.ts';
import { ShopGraph } from './nodes.ts';
import { fulfilAsSeller } from './fulfillments.ts';
import { findOrder, hasTags } from './orders.ts';
import { findShop, gid, nextId, nowIso, parseGid, type Order, type ShopifyContext, type Variant } from './state.ts';

interface OrderCreateLineInput {
  variantId?: string | null;
  sku?: string | null;
  title?: string | null;
  quantity: number;
  priceSet?: { shopMoney?: { amount: string | number; currencyCode: string } | null } | null;
}
interface OrderCreateInput {
  lineItems?: OrderCreateLineInput[] | null;
  tags?: string[] | null;
  sourceName?: string | null;
  note?: string | null;
  financialStatus?: string | null;
}

type UserError = { field: string[]; message: string; code: string | null };

export function orderCreateResolvers(graph: ShopGraph) {
  return {
    orderCreate: ({ order, options }: { order: OrderCreateInput; options?: { inventoryBehaviour?: string | null } }) =>
      orderCreate(graph, order, options?.inventoryBehaviour ?? 'BYPASS'),
  };
}

function orderCreate(graph: ShopGraph, input: OrderCreateInput, inventoryBehaviour: string) {
  const shop = graph.shop;
  const userErrors: UserError[] = [];
  const lines = input.lineItems ?? [];
  if (lines.length === 0)
    userErrors.push({
      field: ['order', 'lineItems'],
      message: 'Line items must have at least one line item.',
      code: null,
    });
  const picked: Array<{ input: OrderCreateLineInput; variant: Variant | undefined; title: string }> = [];
  lines.forEach((line, i) => {
    const at = ['order', 'lineItems', String(i)];
    if (!Number.isInteger(line.quantity) || line.quantity <= 0)
      return void userErrors.push({
        field: [...at, 'quantity'],
        message: 'Quantity must be greater than 0.',
        code: null,
      });
    const variantId = line.variantId ? parseGid(line.variantId, 'ProductVariant') : undefined;
    const found = variantId !== undefined ? graph.byVariant.get(variantId) : undefined;
    if (line.variantId && !found)
      return void userErrors.push({ field: [...at, 'variantId'], message: 'Variant does not exist.', code: null });
    if (!found && !line.title)
      return void userErrors.push({ field: [...at, 'title'], message: "Title can't be blank.", code: null });
    picked.push({
      input: line,
      variant: found?.variant,
      title: found ? `${found.product.title} - ${found.variant.title}` : line.title!,
    });
  });
  if ((input.tags ?? []).some((t) => t.length > 40))
    userErrors.push({ field: ['order', 'tags'], message: 'Tags are too long (maximum is 40 characters).', code: null });
  if (userErrors.length > 0) return { order: null, userErrors };

  const at = nowIso();
  const order: Order = {
    id: nextId(shop),
    name: `#${shop.orderNumber++}`,
    createdAt: at,
    updatedAt: at,
    cancelledAt: null,
    fulfillmentOrderId: nextId(shop),
    fulfillments: [],
    tags: [...new Set((input.tags ?? []).map((t) => t.trim()).filter(Boolean))],
    sourceName: input.sourceName ?? null,
    note: input.note ?? null,
    lines: picked.map(({ input: line, variant, title }) => ({
      id: nextId(shop),
      fulfillmentOrderLineItemId: nextId(shop),
      fulfilledQuantity: 0,
      // A custom item (no variant) is linked to no inventory.
      variantId: variant?.id ?? 0,
      sku: variant?.sku ?? line.sku ?? '',
      title,
      quantity: line.quantity,
      currentQuantity: line.quantity,
      price: String(line.priceSet?.shopMoney?.amount ?? variant?.price ?? '0.00'),
    })),
  };
  const decremented: Variant[] = [];
  if (inventoryBehaviour !== 'BYPASS')
    for (const { input: line, variant } of picked)
      if (variant) {
        variant.available -= line.quantity;
        variant.updatedAt = at;
        decremented.push(variant);
      }
  shop.orders.push(order);
  graph.context.changed(shop.domain);
  emit(shop, 'ORDERS_CREATE', orderPayload(shop, order), graph.context);
  for (const variant of decremented) inventoryLevelChanged(shop, variant, graph.context);
  return { order: graph.order(order), userErrors: [] };
}

export const orderGid = (order: Order) => gid('Order', order.id);

/** The control API: the shop's orders carrying a tag (`GET …/sellers/{id}/orders?tag=…`), as the seller's admin lists them. */
export function orderTagControlRoutes(router: Router, context: ShopifyContext) {
  router.get('/sellers/:sellerId/orders', (req, res) => {
    const tag = req.query.tag;
    if (typeof tag !== 'string' || tag === '') return void res.status(400).json({ message: 'tag is required' });
    const shop = findShop(context.state(), req.params.sellerId!);
    if (!shop) return void res.status(404).json({ message: `No shop ${req.params.sellerId}` });
    res.json({
      orders: shop.orders
        .filter((o) => hasTags(o, [tag]))
        .map((o) => ({
          id: orderGid(o),
          name: o.name,
          tags: o.tags ?? [],
          sourceName: o.sourceName ?? null,
          // A custom item is linked to no variant.
          lines: o.lines.map((l) => ({
            sku: l.sku,
            quantity: l.quantity,
            variantId: l.variantId ? gid('ProductVariant', l.variantId) : null,
          })),
        })),
    });
  });
  // The seller ships the order in the Shopify admin: `{ company, number }` of the tracking.
  router.post('/sellers/:sellerId/orders/:orderId/fulfillments', (req, res) => {
    const { company, number } = (req.body ?? {}) as Record<string, unknown>;
    if (typeof company !== 'string' || typeof number !== 'string' || !company || !number)
      return void res.status(400).json({ message: 'company and number of the tracking are required' });
    const shop = findShop(context.state(), req.params.sellerId!);
    if (!shop) return void res.status(404).json({ message: `No shop ${req.params.sellerId}` });
    const order = findOrder(shop, req.params.orderId!);
    if (!order) return void res.status(404).json({ message: `No order ${req.params.orderId} in shop ${shop.domain}` });
    const done = fulfilAsSeller(new ShopGraph(shop, context), order, { company, number });
    if ('message' in done) return void res.status(409).json(done);
    res.status(201).json(done);
  });
}
