// How an order fixture is built from a short spec: numbers, line ids, buyers and addresses in each
// marketplace's own form, its shipments, timeline, stock changes, cancellations, refunds and returns.
import type { components } from '@contract';
import { channelFixtures } from './channels';
import { generateCatalogue } from './listings';
import {
  actionsOf,
  cancellationsOf,
  refundsOf,
  returnsOf,
  type CancellationSpec,
  type RefundSpec,
  type ReturnSpec,
} from './order-action-fixtures';
import { HOUR, ORDERS_NOW, hoursAgo, pad, usd, uuid } from './order-fixture-basics';

type OrderDetail = components['schemas']['OrderDetail'];
type OrderLine = components['schemas']['OrderLine'];
type Shipment = components['schemas']['Shipment'];
type OrderEvent = components['schemas']['OrderEvent'];
type ChangeEntry = components['schemas']['ChangeEntry'];
type ShippingAddress = components['schemas']['ShippingAddress'];
type ShippingCarrierLists = components['schemas']['ShippingCarrierLists'];
type MarketplaceKind = components['schemas']['MarketplaceKind'];
type FulfilmentStatus = components['schemas']['FulfilmentStatus'];
type Channel = components['schemas']['Channel'];

const { shopifyMain, amazonTarget, walmartPaused, ebayInError } = channelFixtures;

/** The carriers each marketplace takes on a shipment, under its own codes (as their APIs publish them). */
export const carrierFixtures: ShippingCarrierLists = {
  amazon: [
    { code: 'UPS', name: 'UPS' },
    { code: 'USPS', name: 'USPS' },
    { code: 'FedEx', name: 'FedEx' },
    { code: 'DHL', name: 'DHL' },
    { code: 'OnTrac', name: 'OnTrac' },
    { code: 'Amazon Shipping', name: 'Amazon Shipping' },
  ],
  walmart: [
    { code: 'UPS', name: 'UPS' },
    { code: 'USPS', name: 'USPS' },
    { code: 'FedEx', name: 'FedEx' },
    { code: 'OnTrac', name: 'OnTrac' },
    { code: 'LSO', name: 'Lone Star Overnight' },
  ],
  ebay: [
    { code: 'USPS', name: 'USPS' },
    { code: 'UPS', name: 'UPS' },
    { code: 'FedEx', name: 'FedEx' },
    { code: 'DHL', name: 'DHL' },
    { code: 'RoyalMail', name: 'Royal Mail' },
  ],
  shopify: [
    { code: 'UPS', name: 'UPS' },
    { code: 'USPS', name: 'USPS' },
    { code: 'FedEx', name: 'FedEx' },
    { code: 'DHL Express', name: 'DHL Express' },
    { code: 'Canada Post', name: 'Canada Post' },
  ],
};

const catalogue = generateCatalogue(60);
const titleOf = (sku: string) => catalogue.find((row) => row.sku === sku)?.title ?? null;

const channels: Record<MarketplaceKind, Channel> = {
  amazon: amazonTarget,
  walmart: walmartPaused,
  ebay: ebayInError,
  shopify: shopifyMain,
};

const buyers = [
  'Jordan Alvarez',
  'Priya Raman',
  'Sam Okafor',
  'Mei Chen',
  'Lucas Moreau',
  'Hannah Schultz',
  'Diego Fernández',
  'Aisha Bello',
  'Tom Whitaker',
  'Grace Kim',
  'Noah Brennan',
  'Fatima Haddad',
];
const cities = [
  { city: 'Portland', region: 'OR', postalCode: '97205' },
  { city: 'Austin', region: 'TX', postalCode: '78701' },
  { city: 'Columbus', region: 'OH', postalCode: '43215' },
  { city: 'Raleigh', region: 'NC', postalCode: '27601' },
  { city: 'Denver', region: 'CO', postalCode: '80202' },
];

function addressOf(name: string, n: number): ShippingAddress {
  const place = cities[n % cities.length]!;
  return {
    name,
    line1: `${100 + ((n * 37) % 900)} ${['Maple', 'Cedar', 'Elm', 'Harbor', 'Mill'][n % 5]} St`,
    line2: n % 3 === 0 ? `Apt ${1 + (n % 12)}` : null,
    ...place,
    countryCode: 'US',
    phone: n % 2 === 0 ? `+1 503 555 0${pad(100 + n, 3)}` : null,
  };
}

/** The number the seller knows an order by, and the marketplace's own id, in each marketplace's form. */
const numbersByKind: Record<MarketplaceKind, (n: number) => { orderNumber: string; marketplaceOrderId: string }> = {
  amazon: (n) => {
    const number = `${111 + (n % 3)}-${pad((3941689 + n * 7919) % 10_000_000, 7)}-${pad((8772232 + n * 104729) % 10_000_000, 7)}`;
    return { orderNumber: number, marketplaceOrderId: number };
  },
  walmart: (n) => ({
    orderNumber: `2000${pad(11457632015 + n * 7, 11)}`,
    marketplaceOrderId: `1089${pad(440000000 + n, 9)}`,
  }),
  ebay: (n) => {
    const number = `${pad(10 + (n % 17), 2)}-${pad(11875 + n, 5)}-${pad((43210 + n * 1777) % 100_000, 5)}`;
    return { orderNumber: number, marketplaceOrderId: number };
  },
  shopify: (n) => ({ orderNumber: `#${1100 + n}`, marketplaceOrderId: `gid://shopify/Order/${5600000000000 + n}` }),
};

/** Each marketplace's id of an order line, which a shipment names. */
const lineIdsByKind: Record<MarketplaceKind, (n: number, index: number) => string> = {
  amazon: (n, index) => pad(58320000000000 + n * 10 + index, 14),
  walmart: (_n, index) => String(index + 1),
  ebay: (n, index) => `100${pad(45678901 + n * 10 + index, 11)}`,
  shopify: (n, index) => `gid://shopify/LineItem/${13000000000000 + n * 10 + index}`,
};
export const lineIdOf = (kind: MarketplaceKind, n: number, index: number) => lineIdsByKind[kind](n, index);

export interface LineSpec {
  sku: string;
  quantity: number;
  cents: number;
  shipped?: number;
  cancelled?: number;
  /** Absent where the marketplace's notification carried no line id. */
  noLineId?: boolean;
}

function linesOf(kind: MarketplaceKind, n: number, specs: LineSpec[], currency = 'USD'): OrderLine[] {
  return specs.map((spec, index) => {
    const title = titleOf(spec.sku);
    return {
      lineId: spec.noLineId ? null : lineIdOf(kind, n, index),
      sku: spec.sku,
      title: title ?? `${spec.sku} (not in your catalogue)`,
      quantity: spec.quantity,
      price: { amount: (spec.cents / 100).toFixed(2), currency },
      cancelledQuantity: spec.cancelled ?? 0,
      shippedQuantity: spec.shipped ?? 0,
      listing: title ? { sku: spec.sku, productTitle: title } : null,
    };
  });
}

/** The stock each line took: available on the main channel, then sent to the other channels. */
function stockChangesOf(channel: Channel, n: number, lines: OrderLine[], orderNumber: string, at: string) {
  return lines.map((line, index): ChangeEntry => ({
    id: uuid('0c4a0000', n * 10 + index),
    at,
    cause: 'order',
    field: 'available',
    sku: line.sku,
    channelId: channel.id,
    channelKind: channel.kind,
    before: String(12 + ((n + index) % 20) + line.quantity),
    after: String(12 + ((n + index) % 20)),
    causeRef: orderNumber,
    results: [shopifyMain, amazonTarget, walmartPaused]
      .filter((other) => other.id !== channel.id)
      .map((other) => ({
        channelId: other.id,
        channelKind: other.kind,
        status: other.status === 'paused' ? ('pending' as const) : ('confirmed' as const),
        message: null,
      })),
  }));
}

export interface OrderSpec {
  n: number;
  kind: MarketplaceKind;
  hoursAgo: number;
  status: FulfilmentStatus;
  lines: LineSpec[];
  buyer?: string;
  /** Hours after the order was placed by which the marketplace expects it shipped. */
  shipWithinHours?: number;
  shipBy?: string | null;
  shipments?: Shipment[];
  extraEvents?: OrderEvent[];
  currency?: string;
  personalDataErased?: boolean;
  orderNumber?: string;
  cancellations?: CancellationSpec[];
  refunds?: RefundSpec[];
  returns?: ReturnSpec[];
  /** Its copy in the main Shopify store, where the channel's rule creates one. */
  shopifyCopy?: OrderDetail['shopifyCopy'];
}

const openStatuses: FulfilmentStatus[] = ['unshipped', 'partially shipped'];

/** One order as GET /api/orders/{orderId} answers it. */
export function buildOrder(spec: OrderSpec): OrderDetail {
  const channel = channels[spec.kind];
  const numbers = numbersByKind[spec.kind](spec.n);
  const orderNumber = spec.orderNumber ?? numbers.orderNumber;
  const orderedAt = hoursAgo(spec.hoursAgo);
  const currency = spec.currency ?? 'USD';
  const lines = linesOf(spec.kind, spec.n, spec.lines, currency);
  const shipBy =
    spec.shipBy !== undefined
      ? spec.shipBy
      : new Date(Date.parse(orderedAt) + (spec.shipWithinHours ?? 48) * HOUR).toISOString();
  const erased = spec.personalDataErased ?? false;
  const buyer = erased ? null : (spec.buyer ?? buyers[spec.n % buyers.length]!);
  const totalCents = spec.lines.reduce((sum, line) => sum + line.cents * line.quantity, 0);
  const shipments = spec.shipments ?? [];
  const last = shipments.at(-1);
  const id = uuid('0d0e0000', spec.n);
  const marketplaceOrderId = spec.orderNumber ? spec.orderNumber : numbers.marketplaceOrderId;
  const orderChannel = { id: channel.id, kind: channel.kind, name: channel.displayName };
  const cancellations = cancellationsOf(spec.n, lines, spec.cancellations ?? []);
  const refunds = refundsOf(spec.n, lines, spec.refunds ?? [], currency);
  const total = { amount: (totalCents / 100).toFixed(2), currency };
  const returns = returnsOf(
    spec.n,
    { id, orderNumber, marketplaceOrderId, channel: orderChannel, lines },
    spec.returns ?? [],
    currency,
  );
  const received: OrderEvent = { at: orderedAt, kind: 'received', actor: channelLabel(spec.kind), detail: null };
  const acknowledged: OrderEvent[] =
    spec.kind === 'walmart'
      ? [
          {
            at: new Date(Date.parse(orderedAt) + 60_000).toISOString(),
            kind: 'acknowledged',
            actor: 'Marketplace Hub',
            detail: 'Acknowledged to Walmart, as it requires before shipping.',
          },
        ]
      : [];
  return {
    id,
    orderNumber,
    marketplaceOrderId,
    channel: orderChannel,
    orderedAt,
    buyerName: buyer,
    lineCount: lines.length,
    units: lines.reduce((sum, line) => sum + line.quantity, 0),
    total,
    status: spec.status,
    shipBy,
    late: openStatuses.includes(spec.status) && shipBy !== null && Date.parse(shipBy) < ORDERS_NOW,
    lastShipment: last ? { state: last.state, message: last.message } : null,
    lines,
    shipTo: erased || buyer === null ? null : addressOf(buyer, spec.n),
    // Of the four, only eBay reports its fees on the order (totalMarketplaceFee).
    fees: spec.kind === 'ebay' ? usd(Math.round(totalCents * 0.1325) + 30) : null,
    shipments,
    timeline: [received, ...acknowledged, ...(spec.extraEvents ?? [])].sort((a, b) => a.at.localeCompare(b.at)),
    stockChanges: erased ? [] : stockChangesOf(channel, spec.n, lines, orderNumber, orderedAt),
    carriers: carrierFixtures[spec.kind],
    personalDataErased: erased,
    cancellations,
    refunds,
    returns,
    actions: actionsOf({ channel: orderChannel, lines, total, cancellations, refunds }),
    shopifyCopy: spec.shopifyCopy ?? null,
  };
}

export const marketplaceNames: Record<MarketplaceKind, string> = {
  amazon: 'Amazon',
  walmart: 'Walmart',
  ebay: 'eBay',
  shopify: 'Shopify',
};
const channelLabel = (kind: MarketplaceKind) => marketplaceNames[kind];

/** A shipment already sent, its lines those of `order`'s first `count` lines, whole. */
export function shipmentOf(
  order: { n: number; kind: MarketplaceKind; lines: LineSpec[] },
  change: Partial<Shipment> & { index: number; hoursAgo: number },
): Shipment {
  const at = hoursAgo(change.hoursAgo);
  const { index, hoursAgo: _hours, ...rest } = change;
  return {
    id: uuid('05a10000', order.n * 10 + index),
    carrier: 'UPS',
    carrierName: 'UPS',
    trackingNumber: `1Z999AA1${pad(order.n * 1000 + index, 10)}`,
    shippedAt: at,
    lines: order.lines.map((line, i) => ({
      lineId: lineIdOf(order.kind, order.n, i),
      sku: line.sku,
      quantity: line.shipped ?? line.quantity,
    })),
    state: 'confirmed',
    message: null,
    attempts: 1,
    createdAt: at,
    ...rest,
  };
}

export const shippedEvent = (hours: number, actor = 'Alex Cooper', detail: string | null = null): OrderEvent => ({
  at: hoursAgo(hours),
  kind: 'shipped',
  actor,
  detail,
});
