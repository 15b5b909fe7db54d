// The rest of the stories' account: about a hundred orders from the four marketplaces, of every age
// and status, with the returns the marketplaces reported for them.
import type { components } from '@contract';
import {
  buildOrder,
  carrierFixtures,
  marketplaceNames,
  shipmentOf,
  shippedEvent,
  type LineSpec,
  type OrderSpec,
} from './order-builder';
import type { ReturnSpec } from './order-action-fixtures';
import { hoursAgo, pad } from './order-fixture-basics';
import { orderFixtures, replacedByNamed } from './order-fixtures';

type OrderDetail = components['schemas']['OrderDetail'];
type MarketplaceKind = components['schemas']['MarketplaceKind'];
type FulfilmentStatus = components['schemas']['FulfilmentStatus'];
type ReturnStatus = components['schemas']['ReturnStatus'];

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

const returnReasons = [
  'Item arrived damaged',
  'No longer needed',
  'Wrong size or colour',
  'Not as described',
  'Arrived too late',
  null,
];
const returnStatuses: ReturnStatus[] = ['requested', 'in transit', 'received', 'refunded', 'closed'];

/**
 * Returns of delivered orders, two in three, from the marketplaces that report them (not eBay): some on
 * their way, some received and waiting to be restocked, some refunded and restocked already.
 */
function generatedReturns(spec: OrderSpec): ReturnSpec[] {
  const { n, kind, status } = spec;
  if (kind === 'ebay' || !(status === 'returned' || (status === 'delivered' && n % 3 !== 1))) return [];
  const returnStatus = status === 'returned' ? 'received' : returnStatuses[n % returnStatuses.length]!;
  const reason = returnReasons[n % returnReasons.length]!;
  const line = spec.lines[0]!;
  const settled = returnStatus === 'refunded' || returnStatus === 'closed';
  const age = Math.max(1, spec.hoursAgo - 80 - (n % 7) * 5);
  return [
    {
      hoursAgo: age,
      status: returnStatus,
      reason,
      lines: [{ line: 0, quantity: line.quantity, restock: reason !== 'Item arrived damaged' }],
      ...(settled
        ? {
            refundedCents: line.cents * line.quantity,
            restocked: { hoursAgo: age - 24, by: n % 2 === 0 ? null : 'Alex Cooper' },
          }
        : {}),
    },
  ];
}

function generatedOrder(n: number): OrderDetail {
  const spec = generatedSpec(n);
  const sent = ['shipped', 'delivered', 'returned'].includes(spec.status);
  const carrier = carrierFixtures[spec.kind][n % 3]!;
  return buildOrder({
    ...spec,
    returns: generatedReturns(spec),
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

/**
 * 120 orders from the four marketplaces (12 named, the rest generated), newest first: the stories'
 * account. The named orders to cancel, refund and return take the place of generated ones.
 */
export function generateOrders(count = 114): OrderDetail[] {
  const named = Object.values(orderFixtures);
  const rest = Array.from({ length: count }, (_, i) => i + 10)
    .filter((n) => !replacedByNamed.has(n))
    .map(generatedOrder);
  return [...named, ...rest].sort((a, b) => b.orderedAt.localeCompare(a.orderedAt));
}
