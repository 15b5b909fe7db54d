/**
 * Shipping in the Admin API: the fulfillment and fulfillmentOrder queries, and fulfillmentCreate
 * (FulfillmentInput: line items by fulfillment order, tracking, notifyCustomer), all or nothing, its
 * refusals answered as user errors. A shipment moves the units from the order's unfulfilled to its
 * fulfilled quantity and out of the location's on-hand stock (they were committed), moves the order's
 * last change on, and sends orders/updated and orders/fulfilled or orders/partially_fulfilled.
 */
import type { GraphQLResolveInfo } from 'graphql';
import { refusedSkuMessage, timeAfter } from '../shared/sandbox-kit.ts';
import { displayFulfillmentStatus, fulfillmentNode, fulfillmentOrderNode } from './fulfillment-nodes.ts';
import type { ShopGraph } from './nodes.ts';
import { emit, orderPayload } from './notifications.ts';
import {
  fulfilledOf,
  fulfillmentOrderIdOf,
  fulfillmentOrderLineIdOf,
  nextId,
  parseGid,
  touch,
  unfulfilledOf,
  type FulfillmentRecord,
  type Order,
  type OrderLine,
} from './state.ts';
import { knownTrackingCompanies } from './tracking-companies.ts';
import { adminSchema } from './admin-schema.ts';
import { gid } from './state.ts';

interface TrackingInput {
  number?: string | null;
  numbers?: string[] | null;
  url?: string | null;
  urls?: string[] | null;
  company?: string | null;
}
interface FulfillmentInput {
  trackingInfo?: TrackingInput | null;
  notifyCustomer?: boolean | null;
  lineItemsByFulfillmentOrder: Array<{
    fulfillmentOrderId: string;
    fulfillmentOrderLineItems?: Array<{ id: string; quantity: number }> | null;
  }>;
}
type Tracking = { company: string | null; number: string | null; url: string | null };
/** fulfillmentCreate's user errors are the schema's UserError: a field path and a message, no code. */
type UserError = { field: string[]; message: string };
type Plan = { order: Order; picks: Map<OrderLine, number>; tracking: Tracking } | { userErrors: UserError[] };

const error = (field: string[], message: string): UserError => ({ field, message });

export function fulfillmentResolvers(graph: ShopGraph) {
  const orderOfFulfillmentOrder = (id: unknown) =>
    graph.shop.orders.find((o) => fulfillmentOrderIdOf(o) === parseGid(id, 'FulfillmentOrder'));
  return {
    fulfillmentOrder: ({ id }: { id: string }) => {
      const order = orderOfFulfillmentOrder(id);
      return order ? fulfillmentOrderNode(graph, order) : null;
    },
    fulfillment: ({ id }: { id: string }) => {
      const wanted = parseGid(id, 'Fulfillment');
      for (const order of graph.shop.orders)
        for (const record of order.fulfillments ?? [])
          if (record.id === wanted) return fulfillmentNode(graph, order, record);
      return null;
    },
    fulfillmentCreate: (
      { fulfillment }: { fulfillment: FulfillmentInput; message?: string | null },
      _context: unknown,
      info: GraphQLResolveInfo,
    ) => {
      const plan = planFulfillment(graph, fulfillment, knownTrackingCompanies(info.schema));
      if ('userErrors' in plan) return { fulfillment: null, userErrors: plan.userErrors };
      return { fulfillment: applyFulfillment(graph, plan, fulfillment.notifyCustomer ?? false), userErrors: [] };
    },
  };
}

/** The tracking to keep, or why it is refused (FulfillmentTrackingInput's own notes, in its description). */
function readTracking(input: TrackingInput | null | undefined, known: ReadonlySet<string>): Tracking | UserError {
  const field = (name: string) => ['fulfillment', 'trackingInfo', name];
  const number = input?.number ?? input?.numbers?.[0] ?? null;
  const url = input?.url ?? input?.urls?.[0] ?? null;
  const company = input?.company ?? null;
  if (input?.number && input.numbers?.length)
    return error(field('numbers'), 'Specify either number or numbers, not both.');
  if (url !== null) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) return error(field('url'), 'Url is invalid.');
    if (number === null) return error(field('number'), "Number can't be blank when a tracking url is given.");
  }
  // Shopify builds the tracking URL only for the companies it lists, and asks apps to send the URL for
  // any other; the sandbox holds apps to that, so a company it does not know, sent alone, is refused.
  if (company !== null && !known.has(company) && url === null)
    return error(
      field('company'),
      `Company "${company}" is not a supported tracking company. Send a supported company (capitalization matters) or a tracking url.`,
    );
  return { company, number, url };
}

/**
 * Adds the units of each named fulfillment order line item (all that remain, when none is named) to
 * `picks`, or the reason it can't ship to `userErrors`.
 */
function pickItems(
  graph: ShopGraph,
  order: Order,
  named: Array<{ id: string; quantity: number }> | null | undefined,
  at: string[],
  picks: Map<OrderLine, number>,
  userErrors: UserError[],
) {
  const items =
    named ??
    order.lines
      .filter((l) => unfulfilledOf(l) > 0)
      .map((l) => ({
        id: `gid://shopify/FulfillmentOrderLineItem/${fulfillmentOrderLineIdOf(l)}`,
        quantity: unfulfilledOf(l),
      }));
  items.forEach((item, j) => {
    const itemAt = [...at, 'fulfillmentOrderLineItems', String(j)];
    const line = order.lines.find((l) => fulfillmentOrderLineIdOf(l) === parseGid(item.id, 'FulfillmentOrderLineItem'));
    if (!line) return void userErrors.push(error([...itemAt, 'id'], 'Fulfillment order line item does not exist.'));
    const wanted = (picks.get(line) ?? 0) + item.quantity;
    // Shopify's words for a quantity of 0 or more than remains to fulfil.
    if (item.quantity <= 0 || wanted > unfulfilledOf(line))
      return void userErrors.push(
        error([...itemAt, 'quantity'], 'Invalid fulfillment order line item quantity requested.'),
      );
    if (graph.context.refusesSku(graph.shop.domain, line.sku))
      return void userErrors.push(error([...itemAt, 'id'], refusedSkuMessage(line.sku)));
    picks.set(line, wanted);
  });
}

/** The order, the units of each of its lines to ship and the tracking, or every reason the request is refused. */
function planFulfillment(graph: ShopGraph, input: FulfillmentInput, known: ReadonlySet<string>): Plan {
  const userErrors: UserError[] = [];
  const tracking = readTracking(input.trackingInfo, known);
  if ('message' in tracking) userErrors.push(tracking);
  const groups = input.lineItemsByFulfillmentOrder;
  if (groups.length === 0)
    userErrors.push(
      error(['fulfillment', 'lineItemsByFulfillmentOrder'], 'Line items by fulfillment order must not be empty.'),
    );
  let order: Order | undefined;
  const picks = new Map<OrderLine, number>();
  groups.forEach((group, i) => {
    const at = ['fulfillment', 'lineItemsByFulfillmentOrder', String(i)];
    const id = parseGid(group.fulfillmentOrderId, 'FulfillmentOrder');
    const owner = graph.shop.orders.find((o) => fulfillmentOrderIdOf(o) === id);
    if (!owner) return void userErrors.push(error([...at, 'fulfillmentOrderId'], 'Fulfillment order does not exist.'));
    if (order && owner !== order)
      return void userErrors.push(
        error([...at, 'fulfillmentOrderId'], 'All fulfillment orders must belong to the same order.'),
      );
    order = owner;
    if (owner.cancelledAt || owner.lines.every((l) => unfulfilledOf(l) === 0))
      return void userErrors.push(
        error(
          [...at, 'fulfillmentOrderId'],
          `Fulfillment order ${group.fulfillmentOrderId} has an unfulfillable status= closed.`,
        ),
      );
    pickItems(graph, owner, group.fulfillmentOrderLineItems, at, picks, userErrors);
  });
  if (userErrors.length || !order || 'message' in tracking) return { userErrors };
  return { order, picks, tracking };
}

/** Ships the planned units: the fulfillment recorded, the lines, stock and order moved on, the webhooks sent. */
function applyFulfillment(graph: ShopGraph, plan: Exclude<Plan, { userErrors: UserError[] }>, notify: boolean) {
  const { shop, context } = graph;
  const { order, picks, tracking } = plan;
  const at = new Date(timeAfter(Date.parse(order.updatedAt))).toISOString();
  const record: FulfillmentRecord = {
    id: nextId(shop),
    name: `${order.name}.${(order.fulfillments?.length ?? 0) + 1}`,
    createdAt: at,
    status: 'SUCCESS',
    trackingCompany: tracking.company,
    trackingNumber: tracking.number,
    trackingUrl: tracking.url,
    notifyCustomer: notify,
    lines: [],
  };
  for (const [line, quantity] of picks) {
    record.lines.push({ id: nextId(shop), lineId: line.id, quantity });
    line.fulfilledQuantity = fulfilledOf(line) + quantity;
    // The units were committed (out of available when ordered): shipped, they leave on hand too.
    const found = graph.byVariant.get(line.variantId);
    if (found) {
      found.variant.onHand -= quantity;
      touch(found.product, found.variant);
    }
  }
  order.fulfillments = [...(order.fulfillments ?? []), record];
  order.updatedAt = at;
  context.changed(shop.domain);
  const payload = orderPayload(shop, order);
  emit(shop, 'ORDERS_UPDATED', payload, context);
  emit(
    shop,
    displayFulfillmentStatus(order) === 'FULFILLED' ? 'ORDERS_FULFILLED' : 'ORDERS_PARTIALLY_FULFILLED',
    payload,
    context,
  );
  return fulfillmentNode(graph, order, record);
}

/**
 * The seller ships what remains of an order in the Shopify admin (the control API), with tracking:
 * the same fulfillment fulfillmentCreate makes, and the same webhooks. Answers the fulfillment's id,
 * or why Shopify would refuse it.
 */
export function fulfilAsSeller(
  graph: ShopGraph,
  order: Order,
  tracking: { company: string; number: string },
): { fulfillmentId: string } | { message: string } {
  const plan = planFulfillment(
    graph,
    {
      trackingInfo: tracking,
      lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: gid('FulfillmentOrder', fulfillmentOrderIdOf(order)) }],
    },
    knownTrackingCompanies(adminSchema('2026-01')!),
  );
  if ('userErrors' in plan) return { message: plan.userErrors.map((e) => e.message).join(' ') };
  if (plan.picks.size === 0) return { message: `Order ${order.name} has nothing left to fulfil` };
  return { fulfillmentId: (applyFulfillment(graph, plan, false) as { id: string }).id };
}
