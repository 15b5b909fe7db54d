/**
 * The seller refunds order lines (orders.json refundOrderLines): each line's refund recorded with its
 * charges (RefundType), answered as the order (GetOrderResponse) whose lines carry their latest refund.
 * Walmart's guide: only a Shipped line may be refunded, amounts are negative, and what is given back
 * may not exceed what the line was charged
 * (https://developer.walmart.com/mx-marketplace/docs/returns-and-refunds-api-overview).
 */
import type { Request, Response, Router } from 'express';
import { timeAfter } from '../shared/sandbox-kit.ts';
import { authorise } from './auth.ts';
import { send } from './errors.ts';
import { throttled } from './limits.ts';
import { hasShipped, orderResponse } from './order-response.ts';
import { orderOfPath } from './orders.ts';
import type { WalmartContext, WalmartSandboxOrderLine, WalmartSandboxRefund } from './state.ts';

/** RefundChargeType.refundReason. */
const refundReasons = new Set([
  'BillingError',
  'TaxExemptCustomer',
  'ItemNotAsAdvertised',
  'IncorrectItemReceived',
  'CancelledYetShipped',
  'ItemNotReceivedByCustomer',
  'IncorrectShippingPrice',
  'DamagedItem',
  'DefectiveItem',
  'CustomerChangedMind',
  'CustomerReceivedItemLate',
  'Missing Parts / Instructions',
  'Finance -> Goodwill',
  'Finance -> Rollback',
  'Buyer canceled',
  'Customer returned item',
  'General adjustment',
  'Merchandise not received',
  'Quality -> Missing Parts / Instructions',
  'Shipping & Delivery -> Damaged',
  'Shipping & Delivery -> Shipping Price Discrepancy',
  'Others',
]);

const cents = (amount: number) => Math.round(amount * 100);

/** Cents charged for the line (its unit price × units), less what was refunded already. */
export function refundableCents(line: WalmartSandboxOrderLine): number {
  const refunded = (line.refunds ?? []).flatMap((r) => r.charges).reduce((sum, c) => sum + cents(-c.amount), 0);
  return cents(Number(line.unitPrice)) * line.quantity - refunded;
}

/** One line of the request as received (unchecked). */
interface RefundLine {
  lineNumber?: unknown;
  isFullRefund?: unknown;
  refunds?: {
    refund?: Array<{ refundId?: unknown; refundComments?: unknown; refundCharges?: { refundCharge?: unknown } }>;
  };
}

type Charge = WalmartSandboxRefund['charges'][number];

/** One RefundChargeType as received (unchecked). */
interface RefundChargeInput {
  refundReason?: unknown;
  charge?: { chargeType?: unknown; chargeName?: unknown; chargeAmount?: { currency?: unknown; amount?: unknown } };
}

/** The charges of a RefundChargesType, or the reason they are refused. */
function chargesOf(raw: unknown, line: WalmartSandboxOrderLine): Charge[] | string {
  if (!Array.isArray(raw) || raw.length === 0) return 'refundCharges.refundCharge must list the charges refunded';
  const charges: Charge[] = [];
  for (const entry of raw as RefundChargeInput[]) {
    const reason = entry?.refundReason;
    const { chargeType, chargeName, chargeAmount } = entry?.charge ?? {};
    const amount = chargeAmount?.amount;
    if (typeof reason !== 'string' || !refundReasons.has(reason))
      return `refundReason ${String(reason)} is not one of Walmart's`;
    if (typeof chargeType !== 'string' || typeof chargeName !== 'string')
      return 'Each charge needs a chargeType and a chargeName';
    if (typeof amount !== 'number' || !(amount < 0)) return 'The amount of a refund must be negative';
    if (chargeAmount?.currency !== line.currency)
      return `The line is charged in ${line.currency}, not ${String(chargeAmount?.currency)}`;
    charges.push({ refundReason: reason, chargeType, chargeName, amount, currency: line.currency });
  }
  return charges;
}

export function refundRoutes(router: Router, context: WalmartContext) {
  router.post('/v3/orders/:purchaseOrderId/refund', (req, res) => refundOrderLines(context, req, res));
}

function refundOrderLines(context: WalmartContext, req: Request, res: Response) {
  const seller = authorise(context, req, res);
  if (!seller || throttled(context, res, seller.sellerId, 'orders.update')) return;
  const order = orderOfPath(seller, req, res);
  if (!order) return;
  const refuse = (description: string, field: string) =>
    void send(res, 400, 'INVALID_REQUEST_CONTENT.GMP_ORDER_API', description, { field, category: 'DATA' });
  const lines = req.body?.orderRefund?.orderLines?.orderLine as RefundLine[] | undefined;
  if (req.body?.orderRefund?.purchaseOrderId !== order.purchaseOrderId)
    return refuse('orderRefund.purchaseOrderId must be the purchase order of the path', 'purchaseOrderId');
  if (!Array.isArray(lines) || lines.length === 0)
    return refuse('orderRefund.orderLines.orderLine must list the lines to refund', 'orderLine');
  const now = timeAfter(order.lastModified);
  const changes: Array<{ line: WalmartSandboxOrderLine; refund: WalmartSandboxRefund }> = [];
  for (const requested of lines) {
    const line = order.lines.find((l) => l.lineNumber === requested?.lineNumber);
    if (!line)
      return refuse(
        `No line ${String(requested?.lineNumber)} in purchase order ${order.purchaseOrderId}`,
        'lineNumber',
      );
    if (!hasShipped(line))
      return refuse(`Line ${line.lineNumber} has not shipped: only a shipped line can be refunded`, 'lineNumber');
    const refund = requested.refunds?.refund?.[0];
    const charges = chargesOf(refund?.refundCharges?.refundCharge, line);
    if (typeof charges === 'string') return refuse(`Line ${line.lineNumber}: ${charges}`, 'refundCharge');
    const asked = charges.reduce((sum, c) => sum + cents(-c.amount), 0);
    const left =
      refundableCents(line) -
      changes
        .filter((c) => c.line === line)
        .flatMap((c) => c.refund.charges)
        .reduce((s, c) => s + cents(-c.amount), 0);
    if (asked > left)
      return refuse(
        `Line ${line.lineNumber}: the refund of ${(asked / 100).toFixed(2)} exceeds the ${(left / 100).toFixed(2)} ${line.currency} left to refund`,
        'chargeAmount',
      );
    changes.push({
      line,
      refund: {
        refundId: typeof refund?.refundId === 'string' && refund.refundId ? refund.refundId : context.newId('refund'),
        ...(typeof refund?.refundComments === 'string' ? { refundComments: refund.refundComments } : {}),
        charges,
        recordedAt: now,
      },
    });
  }
  for (const { line, refund } of changes) {
    line.refunds = [...(line.refunds ?? []), refund];
    line.statusDate = now;
  }
  order.lastModified = now;
  context.changed(seller.sellerId);
  res.json({ order: orderResponse(seller, order) });
}
