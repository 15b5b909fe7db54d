/**
 * A seller's cancellation and refund as Walmart's Orders API takes them (orders.json cancelOrderLines,
 * refundOrderLines), and what an order read says of them. Pure: no I/O.
 */
import type { CancellationReason, CancellationRequest, RefundReason, RefundRequest } from '../types.ts';
import type {
  WalmartCancellationReason,
  WalmartOrderCancellation,
  WalmartOrderRefund,
  WalmartRefundReason,
} from './order-action-types.ts';
import type { WalmartOrder } from './types.ts';

/**
 * Our reasons as CancelLineStatusType.cancellationReason. Walmart has no "other": a seller who cannot
 * fulfil an order for a reason of their own tells Walmart the item is out of stock, the reason it
 * treats as the seller being unable to ship (CUSTOMER_REQUESTED_SELLER_TO_CANCEL is only for the buyer's
 * own request, the definition says).
 */
const walmartCancellationReasonOf: Record<CancellationReason, WalmartCancellationReason> = {
  'out of stock': 'SELLER_CANCEL_OUT_OF_STOCK',
  'buyer asked': 'CUSTOMER_REQUESTED_SELLER_TO_CANCEL',
  'cannot ship to address': 'SELLER_CANCEL_ADDRESS_NOT_SERVICEABLE',
  'pricing error': 'SELLER_CANCEL_PRICING_ERROR',
  other: 'SELLER_CANCEL_OUT_OF_STOCK',
};

/** Our reasons as RefundChargeType.refundReason (values of its enum). */
const walmartRefundReasonOf: Record<RefundReason, WalmartRefundReason> = {
  'buyer returned': 'Customer returned item',
  damaged: 'DamagedItem',
  'not as described': 'ItemNotAsAdvertised',
  'buyer cancelled': 'Buyer canceled',
  'shipping delay': 'CustomerReceivedItemLate',
  other: 'Others',
};

/** A line's units by status name (lower case), as its orderLineStatuses report them. */
function unitsByStatus(line: WalmartOrder['orderLines']['orderLine'][number]): Map<string, number> {
  const units = new Map<string, number>();
  for (const status of line.orderLineStatuses?.orderLineStatus ?? []) {
    const name = status.status.toLowerCase();
    units.set(name, (units.get(name) ?? 0) + Number(status.statusQuantity.amount));
  }
  return units;
}

/** Units of each line Walmart reports Cancelled, by line number. */
export function cancelledUnitsByLine(order: WalmartOrder): Map<string, number> {
  return new Map(
    order.orderLines.orderLine.map((line) => [line.lineNumber, unitsByStatus(line).get('cancelled') ?? 0]),
  );
}

/** Units of each line still open (Created or Acknowledged), by line number: what a cancellation may take. */
export function openUnitsByLine(order: WalmartOrder): Map<string, number> {
  return new Map(
    order.orderLines.orderLine.map((line) => {
      const units = unitsByStatus(line);
      return [line.lineNumber, (units.get('created') ?? 0) + (units.get('acknowledged') ?? 0)];
    }),
  );
}

/**
 * The units to cancel per line number: every open unit of the order when the whole order is cancelled
 * (Walmart cancels by line; the order read says what is open), else the request's lines, a line named
 * twice counting once with its units added.
 */
export function cancellationUnits(request: CancellationRequest, order: WalmartOrder): Map<string, number> {
  if (request.wholeOrder) return new Map([...openUnitsByLine(order)].filter(([, units]) => units > 0));
  const units = new Map<string, number>();
  for (const line of request.lines) units.set(line.lineId, (units.get(line.lineId) ?? 0) + line.quantity);
  return units;
}

/** Leeway between our clock and Walmart's, when telling status changes since a request was recorded. */
export const WALMART_CLOCK_LEEWAY_MS = 60_000;

/**
 * Whether the order shows a cancellation whose earlier answer was lost, when nothing of it was kept (a
 * restart): every line it names has at least its units cancelled and changed status (statusDate) since
 * the cancellation was recorded, less the leeway; for a whole order, nothing is left open either.
 * Walmart carries nothing of ours on a cancellation, so this is as near as its order read tells.
 */
export function walmartCancellationSince(request: CancellationRequest, order: WalmartOrder, since: string): boolean {
  const from = Date.parse(since) - WALMART_CLOCK_LEEWAY_MS;
  const lines = new Map(order.orderLines.orderLine.map((line) => [line.lineNumber, line]));
  const cancelled = cancelledUnitsByLine(order);
  const asked = new Map<string, number>();
  for (const line of request.lines) asked.set(line.lineId, (asked.get(line.lineId) ?? 0) + line.quantity);
  const named = [...asked].every(
    ([lineNumber, units]) =>
      (cancelled.get(lineNumber) ?? 0) >= units && (lines.get(lineNumber)?.statusDate ?? 0) >= from,
  );
  if (!request.wholeOrder) return asked.size > 0 && named;
  const changedSince = order.orderLines.orderLine.some((line) => (line.statusDate ?? 0) >= from);
  return named && changedSince && [...openUnitsByLine(order).values()].every((units) => units === 0);
}

/** Why a cancellation cannot be sent as it is (before any call), in words the seller understands. */
export function invalidWalmartCancellation(request: CancellationRequest): string | undefined {
  if (!request.wholeOrder && request.lines.length === 0) return 'A cancellation needs at least one order line';
  const bad = request.lines.find((line) => !Number.isInteger(line.quantity) || line.quantity < 1);
  if (bad) return `Line ${bad.lineId}: the units cancelled must be a whole number of 1 or more (got ${bad.quantity})`;
  return undefined;
}

/** The cancelOrderLines body: one Cancelled status per line, with Walmart's reason for ours. */
export function walmartCancellationRequest(
  units: Map<string, number>,
  reason: CancellationReason,
): WalmartOrderCancellation {
  return {
    orderCancellation: {
      orderLines: {
        orderLine: [...units].map(([lineNumber, amount]) => ({
          lineNumber,
          orderLineStatuses: {
            orderLineStatus: [
              {
                status: 'Cancelled',
                cancellationReason: walmartCancellationReasonOf[reason],
                statusQuantity: { unitOfMeasurement: 'EACH', amount: String(amount) },
              },
            ],
          },
        })),
      },
    },
  };
}

/**
 * Whether the order holds this cancellation: each line has at least its units cancelled beyond what
 * it had before the cancellation was first sent.
 */
export function walmartCancellationRecorded(
  units: Map<string, number>,
  before: Map<string, number>,
  order: WalmartOrder,
): boolean {
  const now = cancelledUnitsByLine(order);
  return [...units].every(
    ([lineNumber, amount]) => (now.get(lineNumber) ?? 0) >= (before.get(lineNumber) ?? 0) + amount,
  );
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

/** Why a refund cannot be sent as it is (before any call), in words the seller understands. */
export function invalidWalmartRefund(request: RefundRequest): string | undefined {
  if (request.lines.length === 0)
    return 'Walmart refunds by order line: name the lines and the amount given back for each';
  const bad = request.lines.find((line) => !(cents(line.amount.amount) > 0));
  if (bad) return `Line ${bad.lineId}: the amount refunded must be above 0 (got ${bad.amount.amount})`;
  return undefined;
}

/**
 * The refundOrderLines body: per line, one refund under our refundId (RefundType.refundId, read back on
 * the line) with its PRODUCT charge given back as a negative amount (Walmart's refunds are negative and
 * at most what the line was charged), the seller's note as refundComments. Partial amounts, so
 * isFullRefund is false: the amounts say what goes back.
 */
export function walmartRefundRequest(request: RefundRequest): WalmartOrderRefund {
  const byLine = new Map<string, { cents: number; currency: string }>();
  for (const line of request.lines) {
    const held = byLine.get(line.lineId);
    byLine.set(line.lineId, {
      cents: (held?.cents ?? 0) + cents(line.amount.amount),
      currency: held?.currency ?? line.amount.currency,
    });
  }
  const note = request.note?.trim();
  return {
    orderRefund: {
      purchaseOrderId: request.marketplaceOrderId,
      orderLines: {
        orderLine: [...byLine].map(([lineNumber, amount]) => ({
          lineNumber,
          isFullRefund: false,
          refunds: {
            refund: [
              {
                refundId: request.refundId,
                ...(note ? { refundComments: note } : {}),
                refundCharges: {
                  refundCharge: [
                    {
                      refundReason: walmartRefundReasonOf[request.reason],
                      charge: {
                        chargeType: 'PRODUCT',
                        chargeName: 'ItemPrice',
                        chargeAmount: { currency: amount.currency, amount: -amount.cents / 100 },
                      },
                    },
                  ],
                },
              },
            ],
          },
        })),
      },
    },
  };
}

/** Whether the order holds this refund: a line it names carries a refund under this refundId. */
export function walmartRefundRecorded(request: RefundRequest, order: WalmartOrder): boolean {
  const lineNumbers = new Set(request.lines.map((line) => line.lineId));
  return order.orderLines.orderLine.some(
    (line) => lineNumbers.has(line.lineNumber) && line.refund?.refundId === request.refundId,
  );
}
