import type { components } from '@contract';
import { channelFixtures } from './channels';
import { generateCatalogue } from './listings';

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

/**
 * Orders are dated from the time the mocks load, not a fixed day: "Late" and "Due today" are worked
 * out in the browser from the real clock, so a fixed date would make every order late.
 */
const HOUR = 3_600_000;
export const ORDERS_NOW = Math.floor(Date.now() / 60_000) * 60_000;
const hoursAgo = (hours: number) => new Date(ORDERS_NOW - hours * HOUR).toISOString();
/** The last second of today where the browser is: an order due today and not late yet. */
const endOfToday = () => {
  const end = new Date(ORDERS_NOW);
  end.setHours(23, 59, 59, 0);
  return end.toISOString();
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${pad(n, 12)}`;
const usd = (cents: number) => ({ amount: (cents / 100).toFixed(2), currency: 'USD' });

/** What Walmart answered when it refused a shipment: the drawer shows it word for word. */
export const WALMART_SHIPMENT_REFUSED =
  'Walmart refused the shipment: tracking number 1Z999AA10123456784 does not match the carrier FedEx. Check the carrier and send it again.';

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
const lineIdOf = (kind: MarketplaceKind, n: number, index: number) => lineIdsByKind[kind](n, index);

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
    id: uuid('0d0e0000', spec.n),
    orderNumber,
    marketplaceOrderId: spec.orderNumber ? spec.orderNumber : numbers.marketplaceOrderId,
    channel: { id: channel.id, kind: channel.kind, name: channel.displayName },
    orderedAt,
    buyerName: buyer,
    lineCount: lines.length,
    units: lines.reduce((sum, line) => sum + line.quantity, 0),
    total: { amount: (totalCents / 100).toFixed(2), currency },
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
  };
}

const marketplaceNames: Record<MarketplaceKind, string> = {
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

const shippedEvent = (hours: number, actor = 'Alex Cooper', detail: string | null = null): OrderEvent => ({
  at: hoursAgo(hours),
  kind: 'shipped',
  actor,
  detail,
});

// --- The orders the stories name -------------------------------------------------------------

const lateAmazonSpec: OrderSpec = {
  n: 1,
  kind: 'amazon',
  hoursAgo: 70,
  status: 'unshipped',
  buyer: 'Jordan Alvarez',
  shipWithinHours: 48,
  lines: [{ sku: 'CH-00001', quantity: 1, cents: 1236 }],
};

const failedWalmartSpec: OrderSpec = {
  n: 2,
  kind: 'walmart',
  hoursAgo: 20,
  status: 'unshipped',
  buyer: 'Priya Raman',
  shipWithinHours: 72,
  lines: [
    { sku: 'CH-00002', quantity: 2, cents: 1373 },
    { sku: 'CH-00003', quantity: 1, cents: 2410 },
  ],
};

const partialEbaySpec: OrderSpec = {
  n: 3,
  kind: 'ebay',
  hoursAgo: 30,
  status: 'partially shipped',
  buyer: 'Sam Okafor',
  shipBy: endOfToday(),
  lines: [
    { sku: 'CH-00004', quantity: 2, cents: 1547, shipped: 1 },
    { sku: 'CH-00005', quantity: 1, cents: 3684, shipped: 1 },
    { sku: 'CH-00006', quantity: 3, cents: 1821 },
  ],
};

const dueTodayShopifySpec: OrderSpec = {
  n: 4,
  kind: 'shopify',
  hoursAgo: 5,
  status: 'unshipped',
  buyer: 'Mei Chen',
  shipBy: endOfToday(),
  currency: 'CAD',
  lines: [
    { sku: 'CH-00007', quantity: 1, cents: 4800 },
    { sku: 'GIFT-WRAP', quantity: 1, cents: 500, noLineId: true },
  ],
};

const erasedShopifySpec: OrderSpec = {
  n: 5,
  kind: 'shopify',
  hoursAgo: 24 * 400,
  status: 'delivered',
  personalDataErased: true,
  lines: [{ sku: 'CH-00008', quantity: 1, cents: 2999, shipped: 1 }],
};

const lateEbaySpec: OrderSpec = {
  n: 6,
  kind: 'ebay',
  hoursAgo: 100,
  status: 'unshipped',
  buyer: 'Lucas Moreau',
  shipWithinHours: 72,
  lines: [{ sku: 'CH-00009', quantity: 1, cents: 2275 }],
};

/** The orders the stories open by name. */
export const orderFixtures = {
  /** Amazon, unshipped, its ship-by date passed yesterday. */
  lateAmazon: buildOrder(lateAmazonSpec),
  /** Walmart, whose shipment Walmart refused with its reason; Walmart reports no fees. */
  shipmentFailedWalmart: buildOrder({
    ...failedWalmartSpec,
    shipments: [
      shipmentOf(
        { ...failedWalmartSpec, lines: failedWalmartSpec.lines.map((line) => ({ ...line, shipped: line.quantity })) },
        {
          index: 1,
          hoursAgo: 2,
          carrier: 'FedEx',
          carrierName: 'FedEx',
          trackingNumber: '1Z999AA10123456784',
          state: 'failed',
          message: WALMART_SHIPMENT_REFUSED,
          attempts: 1,
        },
      ),
    ],
    extraEvents: [
      shippedEvent(2, 'Alex Cooper', 'FedEx 1Z999AA10123456784'),
      { at: hoursAgo(1.9), kind: 'shipment failed', actor: 'Walmart', detail: WALMART_SHIPMENT_REFUSED },
    ],
  }),
  /** eBay, one parcel sent (a unit of each of two lines), the rest to go today. */
  partialEbay: buildOrder({
    ...partialEbaySpec,
    shipments: [
      {
        ...shipmentOf(partialEbaySpec, {
          index: 1,
          hoursAgo: 6,
          carrier: 'USPS',
          carrierName: 'USPS',
          trackingNumber: '9400111899223344556677',
        }),
        lines: [
          { lineId: lineIdOf('ebay', 3, 0), sku: 'CH-00004', quantity: 1 },
          { lineId: lineIdOf('ebay', 3, 1), sku: 'CH-00005', quantity: 1 },
        ],
      },
    ],
    extraEvents: [shippedEvent(6, 'Alex Cooper', 'USPS 9400111899223344556677 (2 of 6 units)')],
  }),
  /** Shopify, in Canadian dollars, due by the end of today; its gift wrap line has no line id. */
  dueTodayShopify: buildOrder(dueTodayShopifySpec),
  /** A Shopify order older than the retention period: buyer and address erased. */
  erasedShopify: buildOrder({
    ...erasedShopifySpec,
    shipments: [shipmentOf(erasedShopifySpec, { index: 1, hoursAgo: 24 * 399 })],
    extraEvents: [
      shippedEvent(24 * 399),
      { at: hoursAgo(24 * 396), kind: 'delivered', actor: 'Shopify', detail: null },
    ],
  }),
  /** eBay, unshipped a day past its ship-by date. */
  lateEbay: buildOrder(lateEbaySpec),
} satisfies Record<string, OrderDetail>;

// --- The rest of a seller's recent orders ------------------------------------------------------

const kinds: MarketplaceKind[] = ['amazon', 'shopify', 'walmart', 'ebay'];

function generatedSpec(n: number): OrderSpec {
  const kind = kinds[n % kinds.length]!;
  const age = 2 + (n - 10) * 4;
  // The newest are still to ship; a few older ones were never shipped (late); the rest are on their way or delivered.
  const status: FulfilmentStatus =
    n % 31 === 0
      ? 'cancelled'
      : n % 37 === 0
        ? 'refunded'
        : age < 36 || (n % 13 === 0 && age < 240)
          ? 'unshipped'
          : age < 160
            ? 'shipped'
            : n % 23 === 0
              ? 'returned'
              : 'delivered';
  const lineCount = 1 + (n % 3 === 0 ? 2 : n % 5 === 0 ? 1 : 0);
  const lines: LineSpec[] = Array.from({ length: lineCount }, (_, i) => {
    const sku = `CH-${pad(10 + ((n * 7 + i * 13) % 50), 5)}`;
    const quantity = 1 + ((n + i) % 3);
    const shipped = ['shipped', 'delivered', 'returned'].includes(status) ? quantity : 0;
    return { sku, quantity, cents: 999 + ((n * 137 + i * 311) % 6000), shipped };
  });
  return { n, kind, hoursAgo: age, status, lines, shipWithinHours: kind === 'walmart' ? 48 : 72 };
}

function generatedOrder(n: number): OrderDetail {
  const spec = generatedSpec(n);
  const sent = ['shipped', 'delivered', 'returned'].includes(spec.status);
  const carrier = carrierFixtures[spec.kind][n % 3]!;
  return buildOrder({
    ...spec,
    shipments: sent
      ? [
          shipmentOf(spec, {
            index: 1,
            hoursAgo: spec.hoursAgo - 20,
            carrier: carrier.code,
            carrierName: carrier.name,
          }),
        ]
      : [],
    extraEvents: [
      ...(sent ? [shippedEvent(spec.hoursAgo - 20)] : []),
      ...(spec.status === 'delivered'
        ? [
            {
              at: hoursAgo(spec.hoursAgo - 70),
              kind: 'delivered' as const,
              actor: marketplaceNames[spec.kind],
              detail: null,
            },
          ]
        : []),
      ...(spec.status === 'cancelled'
        ? [
            {
              at: hoursAgo(spec.hoursAgo - 1),
              kind: 'cancelled' as const,
              actor: 'Buyer',
              detail: 'Ordered by mistake',
            },
          ]
        : []),
    ],
  });
}

/** 120 orders from the four marketplaces (6 named, `count` more), newest first: the stories' account. */
export function generateOrders(count = 114): OrderDetail[] {
  const named = Object.values(orderFixtures);
  const rest = Array.from({ length: count }, (_, i) => generatedOrder(i + 10));
  return [...named, ...rest].sort((a, b) => b.orderedAt.localeCompare(a.orderedAt));
}
