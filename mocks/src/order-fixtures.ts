// The orders the stories open by name: one for each state the Orders page shows.
import type { components } from '@contract';
import { buildOrder, lineIdOf, marketplaceNames, shipmentOf, shippedEvent, type OrderSpec } from './order-builder';
import { WALMART_CANCELLATION_REFUSED, WALMART_REFUND_REFUSED, type ReturnSpec } from './order-action-fixtures';
import { endOfToday, hoursAgo } from './order-fixture-basics';

export { buildOrder, carrierFixtures, type LineSpec, type OrderSpec } from './order-builder';
export { ORDERS_NOW } from './order-fixture-basics';

type OrderDetail = components['schemas']['OrderDetail'];
type OrderReturn = components['schemas']['OrderReturn'];

/** What Walmart answered when it refused a shipment: the drawer shows it word for word. */
export const WALMART_SHIPMENT_REFUSED =
  'Walmart refused the shipment: tracking number 1Z999AA10123456784 does not match the carrier FedEx. Check the carrier and send it again.';

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

// --- Orders to cancel, refund and return ------------------------------------------------------
// Each takes the place of the generated order of the same number (and marketplace), so the account
// keeps its 120 orders and each channel its count.

const openWalmartSpec: OrderSpec = {
  n: 54,
  kind: 'walmart',
  hoursAgo: 28,
  status: 'unshipped',
  buyer: 'Grace Kim',
  shipWithinHours: 72,
  lines: [
    { sku: 'CH-00011', quantity: 3, cents: 1999 },
    { sku: 'CH-00012', quantity: 1, cents: 3450 },
  ],
};

const cancellationFailedWalmartSpec: OrderSpec = {
  n: 58,
  kind: 'walmart',
  hoursAgo: 40,
  status: 'unshipped',
  buyer: 'Noah Brennan',
  shipWithinHours: 96,
  lines: [
    { sku: 'CH-00013', quantity: 2, cents: 2400 },
    { sku: 'CH-00014', quantity: 1, cents: 1575 },
  ],
  cancellations: [
    {
      hoursAgo: 3,
      reason: 'out of stock',
      lines: [{ line: 0, quantity: 2 }],
      state: 'failed',
      message: WALMART_CANCELLATION_REFUSED,
    },
  ],
  extraEvents: [
    { at: hoursAgo(2.9), kind: 'cancellation failed', actor: 'Walmart', detail: WALMART_CANCELLATION_REFUSED },
  ],
};

const openShopifySpec: OrderSpec = {
  n: 53,
  kind: 'shopify',
  hoursAgo: 30,
  status: 'unshipped',
  buyer: 'Fatima Haddad',
  shipWithinHours: 72,
  lines: [
    { sku: 'CH-00015', quantity: 1, cents: 4200 },
    { sku: 'CH-00016', quantity: 2, cents: 1250 },
  ],
};

const deliveredShopifySpec: OrderSpec = {
  n: 57,
  kind: 'shopify',
  hoursAgo: 24 * 9,
  status: 'delivered',
  buyer: 'Hannah Schultz',
  lines: [
    { sku: 'CH-00017', quantity: 2, cents: 2800, shipped: 2 },
    { sku: 'CH-00018', quantity: 1, cents: 6400, shipped: 1 },
    { sku: 'CH-00019', quantity: 3, cents: 950, shipped: 3 },
  ],
};

/** The return Amazon reported for `deliveredAmazon`: received, not restocked yet. */
const damagedReturn: ReturnSpec = {
  hoursAgo: 30,
  status: 'received',
  reason: 'Defective: stopped working after one use',
  lines: [{ line: 0, quantity: 1, restock: true }],
};

const deliveredAmazonSpec: OrderSpec = {
  n: 56,
  kind: 'amazon',
  hoursAgo: 24 * 12,
  status: 'delivered',
  buyer: 'Tom Whitaker',
  lines: [{ sku: 'CH-00020', quantity: 1, cents: 5499, shipped: 1 }],
  returns: [damagedReturn],
  extraEvents: [
    // Amazon's fees read again days after they were posted: it had corrected them meanwhile.
    { at: hoursAgo(24 * 9), kind: 'fees adjusted', actor: 'Amazon', detail: '8.25 USD → 8.10 USD' },
    { at: hoursAgo(30), kind: 'returned', actor: 'Amazon', detail: '1 × CH-00020' },
  ],
};

const returnedWalmartSpec: OrderSpec = {
  n: 66,
  kind: 'walmart',
  hoursAgo: 24 * 15,
  status: 'returned',
  buyer: 'Aisha Bello',
  lines: [
    { sku: 'CH-00021', quantity: 2, cents: 1800, shipped: 2 },
    { sku: 'CH-00022', quantity: 2, cents: 2200, shipped: 1, cancelled: 1 },
  ],
  cancellations: [
    { hoursAgo: 24 * 15 - 2, reason: 'out of stock', lines: [{ line: 1, quantity: 1 }], state: 'confirmed' },
  ],
  refunds: [
    { hoursAgo: 24 * 6, reason: 'buyer returned', lines: [{ line: 0, quantity: 2 }], state: 'confirmed' },
    {
      hoursAgo: 24 * 5,
      reason: 'damaged',
      note: 'Sorry the mug arrived chipped.',
      lines: [{ line: 1, quantity: 1 }],
      state: 'failed',
      message: WALMART_REFUND_REFUSED,
    },
  ],
  returns: [
    {
      hoursAgo: 24 * 7,
      status: 'refunded',
      reason: 'Wrong item was sent',
      lines: [{ line: 0, quantity: 2, restock: true }],
      refundedCents: 3600,
      restocked: { hoursAgo: 24 * 6, by: null },
    },
  ],
  extraEvents: [
    { at: hoursAgo(24 * 15 - 1.9), kind: 'cancelled', actor: 'Walmart', detail: '1 × CH-00022: out of stock' },
    { at: hoursAgo(24 * 7), kind: 'returned', actor: 'Walmart', detail: '2 × CH-00021' },
    { at: hoursAgo(24 * 6), kind: 'refunded', actor: 'Walmart', detail: '$36.00' },
    { at: hoursAgo(24 * 6), kind: 'restocked', actor: 'Walmart', detail: '2 × CH-00021 back on hand' },
    { at: hoursAgo(24 * 5), kind: 'refund failed', actor: 'Walmart', detail: WALMART_REFUND_REFUSED },
  ],
};

/** A delivered order's shipment and delivery, as the generated ones have. */
function delivered(spec: OrderSpec): OrderSpec {
  return {
    ...spec,
    shipments: [shipmentOf(spec, { index: 1, hoursAgo: spec.hoursAgo - 20 })],
    extraEvents: [
      shippedEvent(spec.hoursAgo - 20),
      { at: hoursAgo(spec.hoursAgo - 70), kind: 'delivered', actor: marketplaceNames[spec.kind], detail: null },
      ...(spec.extraEvents ?? []),
    ],
  };
}

/** The generated orders these named ones take the place of (by number). */
export const replacedByNamed = new Set(
  [
    openWalmartSpec,
    cancellationFailedWalmartSpec,
    openShopifySpec,
    deliveredShopifySpec,
    deliveredAmazonSpec,
    returnedWalmartSpec,
  ].map((spec) => spec.n),
);

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
  /** Walmart, unshipped: 3 × CH-00011 and 1 × CH-00012, each line cancellable alone. */
  openWalmart: buildOrder(openWalmartSpec),
  /** Walmart, unshipped, whose cancellation of CH-00013 Walmart refused with its reason. */
  cancellationFailedWalmart: buildOrder(cancellationFailedWalmartSpec),
  /** Shopify, unshipped, in US dollars: Shopify cancels whole orders only. */
  openShopify: buildOrder(openShopifySpec),
  /** Shopify, delivered, three lines, nothing refunded yet. */
  deliveredShopify: buildOrder(delivered(deliveredShopifySpec)),
  /** Amazon, delivered, with a return received and not restocked; Amazon has no refund API. */
  deliveredAmazon: buildOrder(delivered(deliveredAmazonSpec)),
  /** Walmart, returned: a line cancelled, a refund confirmed and one refused, a return restocked by Walmart's report. */
  returnedWalmart: buildOrder(delivered(returnedWalmartSpec)),
} satisfies Record<string, OrderDetail>;

/** A return for an order from before the Amazon channel was connected: no order of ours to open. */
export const returnBeforeConnection: OrderReturn = {
  id: '0e700000-0000-4000-8000-000000009001',
  orderId: null,
  orderNumber: '113-5550123-7781234',
  marketplaceOrderId: '113-5550123-7781234',
  marketplaceReturnId: 'RMA004409001',
  channel: orderFixtures.lateAmazon.channel,
  status: 'received',
  reason: 'No longer needed',
  lines: [{ lineId: null, sku: 'CH-00030', quantity: 1, restock: true }],
  refunded: null,
  createdAt: hoursAgo(50),
  updatedAt: hoursAgo(50),
  restockedAt: null,
  restockedBy: null,
};
