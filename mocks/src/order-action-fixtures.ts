import type { components } from '@contract';
import { hoursAgo, pad, uuid } from './order-fixture-basics';

type OrderDetail = components['schemas']['OrderDetail'];
type OrderActions = components['schemas']['OrderActions'];
type OrderAction = components['schemas']['OrderAction'];
type OrderCancellation = components['schemas']['OrderCancellation'];
type OrderRefund = components['schemas']['OrderRefund'];
type MarketplaceKind = components['schemas']['MarketplaceKind'];
type OrderLine = components['schemas']['OrderLine'];
type OrderReturn = components['schemas']['OrderReturn'];
type CancellationReason = components['schemas']['CancellationReason'];
type RefundReason = components['schemas']['RefundReason'];
type ReturnStatus = components['schemas']['ReturnStatus'];

/**
 * What each marketplace's API lets a seller do with an order, as the server declares it
 * (`marketplaceOrderRules` in api/src/marketplaces/registry.ts, its `why` texts word for word).
 */
export const orderActionRules = {
  amazon: {
    cancel: {
      api: false,
      why: "Amazon's Orders API has no seller cancellation: cancel it in Seller Central, and its units are released when Amazon reports it cancelled.",
    },
    cancelByLine: false,
    refund: {
      api: false,
      why: "Amazon's API has no refund call: refund it in Seller Central; the refund is recorded here for analytics.",
    },
    returns: { api: true, why: null },
  },
  walmart: {
    cancel: { api: true, why: null },
    cancelByLine: true,
    refund: { api: true, why: null },
    returns: { api: true, why: null },
  },
  ebay: {
    cancel: {
      api: false,
      why: "eBay's Fulfillment API has no seller cancellation: cancel it in Seller Hub, and its units are released when eBay reports it cancelled.",
    },
    cancelByLine: false,
    refund: { api: true, why: null },
    returns: {
      api: false,
      why: "eBay's returns are handled in Seller Hub: its Fulfillment API does not report them.",
    },
  },
  shopify: {
    cancel: { api: true, why: null },
    cancelByLine: false,
    refund: { api: true, why: null },
    returns: { api: true, why: null },
  },
} as const satisfies Record<
  MarketplaceKind,
  { cancel: OrderAction; cancelByLine: boolean; refund: OrderAction; returns: OrderAction }
>;

/** What Walmart answered when it refused a cancellation: the drawer shows it word for word. */
export const WALMART_CANCELLATION_REFUSED =
  'Walmart refused the cancellation: order line 1 has a shipping label printed and can no longer be cancelled (CANCEL_NOT_ALLOWED).';

/** What Walmart answered when it refused a refund. */
export const WALMART_REFUND_REFUSED =
  'Walmart refused the refund: a refund for order line 2 is already in progress (DUPLICATE_REFUND).';

const toCents = (amount: string) => Math.round(Number(amount) * 100);
const fromCents = (cents: number) => (cents / 100).toFixed(2);

type Line = OrderDetail['lines'][number];

/** Units of each line still open to cancel: not shipped, not cancelled, not on their way to being cancelled. */
export function cancellableUnitsOf(lines: Line[], cancellations: Pick<OrderCancellation, 'lines' | 'state'>[]) {
  return lines.map((line) => {
    const pending = cancellations
      .filter((cancellation) => cancellation.state === 'sending')
      .flatMap((cancellation) => cancellation.lines)
      .filter((cancelled) => cancelled.lineId === line.lineId)
      .reduce((sum, cancelled) => sum + cancelled.quantity, 0);
    return Math.max(0, line.quantity - line.cancelledQuantity - line.shippedQuantity - pending);
  });
}

/** The order's total less every refund that did not fail, in cents; null without a total. */
export function refundableCents(order: Pick<OrderDetail, 'total'>, refunds: Pick<OrderRefund, 'total' | 'state'>[]) {
  if (!order.total) return null;
  const given = refunds
    .filter((refund) => refund.state !== 'failed')
    .reduce((sum, refund) => sum + toCents(refund.total.amount), 0);
  return Math.max(0, toCents(order.total.amount) - given);
}

/** `actions` of an order, worked out from its lines, cancellations and refunds as the server does. */
export function actionsOf(
  order: Pick<OrderDetail, 'channel' | 'lines' | 'total' | 'cancellations' | 'refunds'>,
): OrderActions {
  const rules = orderActionRules[order.channel.kind];
  const refundable = refundableCents(order, order.refunds);
  return {
    cancel: { ...rules.cancel },
    cancelByLine: rules.cancelByLine,
    refund: { ...rules.refund },
    returns: { ...rules.returns },
    cancellableUnits: cancellableUnitsOf(order.lines, order.cancellations).reduce((sum, n) => sum + n, 0),
    refundable:
      refundable === null || !order.total ? null : { amount: fromCents(refundable), currency: order.total.currency },
  };
}

// --- Cancellations, refunds and returns as an order fixture declares them ---------------------------

/** Units of the order's `line`-th line. */
interface UnitsSpec {
  line: number;
  quantity: number;
}

export interface CancellationSpec {
  hoursAgo: number;
  reason: CancellationReason;
  lines: UnitsSpec[];
  state: OrderCancellation['state'];
  message?: string;
}

export interface RefundSpec {
  hoursAgo: number;
  reason: RefundReason;
  note?: string;
  /** Absent: the whole order. A line's amount defaults to its price times the units. */
  lines?: Array<UnitsSpec & { cents?: number }>;
  state: OrderRefund['state'];
  message?: string;
}

export interface ReturnSpec {
  hoursAgo: number;
  status: ReturnStatus;
  reason: string | null;
  lines: Array<UnitsSpec & { restock: boolean }>;
  refundedCents?: number;
  /** When it was restocked, and by whom (null: the marketplace's report did). */
  restocked?: { hoursAgo: number; by: string | null };
}

const requestIds = { cancellation: '0ca00000', refund: '0ef00000', return: '0e700000' } as const;

export function cancellationsOf(n: number, lines: OrderLine[], specs: CancellationSpec[]): OrderCancellation[] {
  return specs.map((spec, index) => ({
    id: uuid(requestIds.cancellation, n * 10 + index),
    reason: spec.reason,
    wholeOrder: spec.lines.length === lines.length && spec.lines.every((l) => l.quantity === lines[l.line]!.quantity),
    lines: spec.lines.map(({ line, quantity }) => ({ lineId: lines[line]!.lineId!, sku: lines[line]!.sku, quantity })),
    state: spec.state,
    message: spec.message ?? null,
    createdAt: hoursAgo(spec.hoursAgo),
  }));
}

export function refundsOf(n: number, lines: OrderLine[], specs: RefundSpec[], currency: string): OrderRefund[] {
  return specs.map((spec, index) => {
    const units = spec.lines ?? lines.map((line, i) => ({ line: i, quantity: line.quantity, cents: undefined }));
    const refunded = units.map(({ line, quantity, cents }) => ({
      lineId: lines[line]!.lineId!,
      sku: lines[line]!.sku,
      quantity,
      cents: cents ?? Math.round(Number(lines[line]!.price!.amount) * 100) * quantity,
    }));
    const total = refunded.reduce((sum, line) => sum + line.cents, 0);
    const money = (cents: number) => ({ amount: (cents / 100).toFixed(2), currency });
    return {
      id: uuid(requestIds.refund, n * 10 + index),
      reason: spec.reason,
      note: spec.note ?? null,
      wholeOrder: spec.lines === undefined,
      lines: refunded.map(({ cents, ...line }) => ({ ...line, amount: money(cents) })),
      total: money(total),
      state: spec.state,
      message: spec.message ?? null,
      createdAt: hoursAgo(spec.hoursAgo),
    };
  });
}

export function returnsOf(
  n: number,
  order: Pick<OrderDetail, 'id' | 'orderNumber' | 'marketplaceOrderId' | 'channel' | 'lines'>,
  specs: ReturnSpec[],
  currency: string,
): OrderReturn[] {
  return specs.map((spec, index) => ({
    id: uuid(requestIds.return, n * 10 + index),
    orderId: order.id,
    orderNumber: order.orderNumber,
    marketplaceOrderId: order.marketplaceOrderId,
    marketplaceReturnId: returnIdsByKind[order.channel.kind](n, index),
    channel: order.channel,
    status: spec.status,
    reason: spec.reason,
    lines: spec.lines.map(({ line, quantity, restock }) => ({
      lineId: order.lines[line]!.lineId,
      sku: order.lines[line]!.sku,
      quantity,
      restock,
    })),
    refunded: spec.refundedCents === undefined ? null : { amount: (spec.refundedCents / 100).toFixed(2), currency },
    createdAt: hoursAgo(spec.hoursAgo),
    updatedAt: hoursAgo(spec.restocked?.hoursAgo ?? spec.hoursAgo),
    restockedAt: spec.restocked ? hoursAgo(spec.restocked.hoursAgo) : null,
    restockedBy: spec.restocked?.by ?? null,
  }));
}

/** Each marketplace's id of a return (eBay reports none through its API). */
const returnIdsByKind: Record<MarketplaceKind, (n: number, index: number) => string> = {
  amazon: (n, index) => `RMA${pad(4400000 + n * 10 + index, 9)}`,
  walmart: (n, index) => `${pad(77000000 + n * 10 + index, 10)}`,
  ebay: (n, index) => `5${pad(n * 10 + index, 9)}`,
  shopify: (n, index) => `gid://shopify/Return/${9100000000 + n * 10 + index}`,
};
