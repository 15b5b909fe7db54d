/**
 * What an order holds for shipping, as the Admin API shows it: the buyer (Customer) and the shipping
 * address (MailingAddress), the order's fulfillment order at the shop's location with its line items,
 * and its fulfillments with their tracking. One fulfillment order per order: the sandbox has one
 * location and no fulfillment services, so Shopify's order routing would make exactly one.
 */
import { amount, cents, moneyBag } from './admin-fields.ts';
import { buyerOfOrder, orderNumberOf, type SandboxBuyer } from './buyers.ts';
import { connection, type ConnectionArgs } from './connections.ts';
import type { ShopGraph } from './nodes.ts';
import {
  fulfilledOf,
  fulfillmentOrderIdOf,
  fulfillmentOrderLineIdOf,
  gid,
  unfulfilledOf,
  type FulfillmentRecord,
  type Order,
  type OrderLine,
} from './state.ts';

/** Shipped units against the units the order holds, as the order's summary status shows them. */
export function displayFulfillmentStatus(order: Order): 'UNFULFILLED' | 'PARTIALLY_FULFILLED' | 'FULFILLED' {
  const shipped = order.lines.reduce((n, l) => n + fulfilledOf(l), 0);
  const left = order.lines.reduce((n, l) => n + unfulfilledOf(l), 0);
  return shipped === 0 ? 'UNFULFILLED' : left === 0 ? 'FULFILLED' : 'PARTIALLY_FULFILLED';
}

/**
 * OPEN until something ships, IN_PROGRESS while part of it has, CLOSED when nothing is left to ship:
 * all of it shipped, or the order cancelled (its unshipped units removed).
 */
export function fulfillmentOrderStatus(order: Order): 'OPEN' | 'IN_PROGRESS' | 'CLOSED' {
  const left = order.lines.reduce((n, l) => n + unfulfilledOf(l), 0);
  if (order.cancelledAt || left === 0) return 'CLOSED';
  return order.lines.some((l) => fulfilledOf(l) > 0) ? 'IN_PROGRESS' : 'OPEN';
}

/** An empty connection, for the lists the sandbox never fills (holds, merchant requests, moves). */
const none = (args: ConnectionArgs) =>
  connection(
    [] as number[],
    args,
    (n) => n,
    (n) => n,
  );

const buyerOf = (order: Order): SandboxBuyer => buyerOfOrder(orderNumberOf(order.name));

export function mailingAddressNode(order: Order) {
  const b = buyerOf(order);
  const name = `${b.firstName} ${b.lastName}`;
  return {
    id: `gid://shopify/MailingAddress/${order.id}?model_name=Address`,
    firstName: b.firstName,
    lastName: b.lastName,
    name,
    company: null,
    address1: b.address1,
    address2: b.address2,
    city: b.city,
    province: b.province,
    provinceCode: b.provinceCode,
    zip: b.zip,
    country: b.country,
    countryCode: b.countryCode,
    countryCodeV2: b.countryCode,
    phone: b.phone,
    // The address has no company, so `withCompany` changes nothing.
    formatted: ({ withName }: { withName?: boolean }) => [
      ...(withName ? [name] : []),
      b.address1,
      ...(b.address2 ? [b.address2] : []),
      `${b.city} ${b.provinceCode} ${b.zip}`,
      b.country,
    ],
    formattedArea: `${b.city} ${b.provinceCode}, ${b.country}`,
    coordinatesValidated: false,
    latitude: null,
    longitude: null,
    timeZone: null,
    validationResultSummary: null,
  };
}

/** "about 3 hours", as Shopify words how long a customer has been one. */
function lifetimeDuration(since: string): string {
  const minutes = Math.max(0, (Date.now() - Date.parse(since)) / 60_000);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 45) return `${Math.round(minutes)} minutes`;
  if (minutes < 60 * 24) return `about ${Math.max(1, Math.round(minutes / 60))} hours`;
  return `${Math.round(minutes / (60 * 24))} days`;
}

/** The buyer, a customer of their own per order (a guest checkout: no account, so DISABLED). */
export function customerNode(graph: ShopGraph, order: Order) {
  const b = buyerOf(order);
  // Apart from the shop's own ids (which count up from 7,000,000,001), one per order.
  const id = 8_000_000_000 + orderNumberOf(order.name);
  const spent = order.lines.reduce((n, l) => n + l.quantity * cents(l.price), 0);
  return {
    id: gid('Customer', id),
    legacyResourceId: String(id),
    displayName: `${b.firstName} ${b.lastName}`,
    firstName: b.firstName,
    lastName: b.lastName,
    email: b.email,
    phone: b.phone,
    note: null,
    locale: 'en',
    createdAt: order.createdAt,
    updatedAt: order.createdAt,
    lifetimeDuration: lifetimeDuration(order.createdAt),
    amountSpent: { amount: amount(spent), currencyCode: graph.shop.currency },
    numberOfOrders: '1',
    canDelete: false,
    dataSaleOptOut: false,
    hasTimelineComment: false,
    multipassIdentifier: null,
    productSubscriberStatus: 'NEVER_SUBSCRIBED',
    state: 'DISABLED',
    tags: [],
    taxExempt: false,
    taxExemptions: [],
    verifiedEmail: true,
    validEmailAddress: true,
    unsubscribeUrl: `https://${graph.shop.domain}/account/unsubscribe?customer_id=${id}`,
    defaultAddress: () => mailingAddressNode(order),
    addresses: () => [mailingAddressNode(order)],
  };
}

function fulfillmentOrderLineNode(graph: ShopGraph, order: Order, line: OrderLine) {
  const found = graph.byVariant.get(line.variantId);
  const unit = cents(line.price);
  return {
    id: gid('FulfillmentOrderLineItem', fulfillmentOrderLineIdOf(line)),
    totalQuantity: line.currentQuantity,
    remainingQuantity: unfulfilledOf(line),
    sku: line.sku,
    productTitle: found?.product.title ?? line.title,
    variantTitle: found?.variant.title ?? null,
    vendor: found?.product.vendor ?? null,
    inventoryItemId: found ? gid('InventoryItem', found.variant.inventoryItemId) : null,
    requiresShipping: true,
    originalUnitPriceSet: moneyBag(unit, graph.shop.currency),
    financialSummaries: [],
    warnings: [],
    image: null,
    weight: null,
    lineItem: () => graph.line(line, order),
    variant: () => (found ? graph.variant(found.product, found.variant) : null),
  };
}

export function fulfillmentOrderNode(graph: ShopGraph, order: Order): Record<string, unknown> {
  const id = fulfillmentOrderIdOf(order);
  const status = fulfillmentOrderStatus(order);
  const fulfillments = order.fulfillments ?? [];
  const b = buyerOf(order);
  return {
    id: gid('FulfillmentOrder', id),
    status,
    // The only request status of a fulfillment order no fulfillment service holds.
    requestStatus: 'UNSUBMITTED',
    createdAt: order.createdAt,
    updatedAt: order.cancelledAt ?? fulfillments.at(-1)?.createdAt ?? order.createdAt,
    // A standard order is fulfillable from its creation (the schema's words); no date it must ship by.
    fulfillAt: order.createdAt,
    fulfillBy: null,
    orderId: gid('Order', order.id),
    orderName: order.name,
    orderProcessedAt: order.createdAt,
    channelId: null,
    internationalDuties: null,
    fulfillmentHolds: [],
    supportedActions: status === 'CLOSED' ? [] : [{ action: 'CREATE_FULFILLMENT', externalUrl: null }],
    assignedLocation: {
      name: graph.shop.location.name,
      countryCode: graph.shopNode().shipsToCountries[0],
      address1: null,
      address2: null,
      city: null,
      province: null,
      zip: null,
      phone: null,
      location: () => graph.location(),
    },
    destination: {
      id: gid('FulfillmentOrderDestination', id),
      firstName: b.firstName,
      lastName: b.lastName,
      company: null,
      address1: b.address1,
      address2: b.address2,
      city: b.city,
      province: b.province,
      zip: b.zip,
      countryCode: b.countryCode,
      email: b.email,
      phone: b.phone,
      location: null,
    },
    deliveryMethod: { id: gid('DeliveryMethod', id), methodType: 'SHIPPING', presentedName: 'Standard' },
    order: () => graph.order(order),
    lineItems: (args: ConnectionArgs) =>
      connection(order.lines, args, fulfillmentOrderLineIdOf, (l) => fulfillmentOrderLineNode(graph, order, l)),
    fulfillments: (args: ConnectionArgs) =>
      connection(
        fulfillments,
        args,
        (f) => f.id,
        (f) => fulfillmentNode(graph, order, f),
      ),
    merchantRequests: none,
    fulfillmentOrdersForMerge: none,
    locationsForMove: none,
  };
}

export function fulfillmentNode(graph: ShopGraph, order: Order, record: FulfillmentRecord): Record<string, unknown> {
  const currency = graph.shop.currency;
  const tracking =
    record.trackingCompany || record.trackingNumber
      ? [{ company: record.trackingCompany, number: record.trackingNumber, url: record.trackingUrl }]
      : [];
  return {
    id: gid('Fulfillment', record.id),
    legacyResourceId: String(record.id),
    name: record.name,
    status: record.status,
    // Created with its tracking by the merchant's app: Shopify shows it as fulfilled.
    displayStatus: 'FULFILLED',
    createdAt: record.createdAt,
    updatedAt: record.createdAt,
    deliveredAt: null,
    inTransitAt: null,
    estimatedDeliveryAt: null,
    requiresShipping: true,
    totalQuantity: record.lines.reduce((n, l) => n + l.quantity, 0),
    originAddress: null,
    service: null,
    trackingInfo: ({ first }: { first?: number | null }) => tracking.slice(0, first ?? undefined),
    location: () => graph.location(),
    order: () => graph.order(order),
    fulfillmentOrders: (args: ConnectionArgs) =>
      connection([order], args, fulfillmentOrderIdOf, () => fulfillmentOrderNode(graph, order)),
    events: none,
    fulfillmentLineItems: (args: ConnectionArgs) =>
      connection(
        record.lines,
        args,
        (l) => l.id,
        (l) => {
          const line = order.lines.find((candidate) => candidate.id === l.lineId)!;
          const total = cents(line.price) * l.quantity;
          return {
            id: gid('FulfillmentLineItem', l.id),
            quantity: l.quantity,
            originalTotal: amount(total),
            originalTotalSet: moneyBag(total, currency),
            discountedTotal: amount(total),
            discountedTotalSet: moneyBag(total, currency),
            lineItem: () => graph.line(line, order),
          };
        },
      ),
  };
}
