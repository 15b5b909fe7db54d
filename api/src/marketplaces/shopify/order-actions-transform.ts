/**
 * A seller's cancellation and refund as Shopify's Admin API takes them (orderCancel, refundCreate), and
 * buyers' returns (an order's Return objects) as the hub's returns. Pure: no I/O.
 */
import type {
  CancellationOutcome,
  CancellationReason,
  MarketplaceReturn,
  Money,
  RefundOutcome,
  RefundRequest,
  ReturnStatus,
} from '../types.ts';
import type {
  ShopifyOrderCancelPayload,
  ShopifyOrderReturns,
  ShopifyRefundCreatePayload,
  ShopifyRefundInput,
  ShopifyRefundOrder,
  ShopifyReturn,
} from './types.ts';

/** Our reasons as OrderCancelReason (CUSTOMER, DECLINED, FRAUD, INVENTORY, STAFF, OTHER). */
export const shopifyCancelReasonOf: Record<CancellationReason, string> = {
  'out of stock': 'INVENTORY',
  'buyer asked': 'CUSTOMER',
  // DECLINED is a declined payment; an address the seller cannot ship to has no reason of its own.
  'cannot ship to address': 'OTHER',
  // "Staff made an error", Shopify's reason for a mistake of the shop's own.
  'pricing error': 'STAFF',
  other: 'OTHER',
};

export const WHOLE_ORDERS_ONLY =
  'Shopify cancels whole orders only (orderCancel): cancel every line of the order, or refund the units instead.';

/** orderCancel's answer: Shopify's refusal in its words, else confirmed (the job finishes the cancellation). */
export function cancelOutcome(data: ShopifyOrderCancelPayload): CancellationOutcome {
  const payload = data.orderCancel;
  const errors = [...(payload?.orderCancelUserErrors ?? []), ...(payload?.userErrors ?? [])];
  if (errors.length) {
    const code = payload?.orderCancelUserErrors.find((e) => e.code)?.code;
    return { outcome: 'rejected', message: errors.map((e) => e.message).join('; '), ...(code ? { code } : {}) };
  }
  return { outcome: 'confirmed' };
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

/** The payment a refund gives back: the order's successful sale or capture (the first of them). */
export function paymentRefunded(order: ShopifyRefundOrder) {
  return order.transactions.find((t) => (t.kind === 'SALE' || t.kind === 'CAPTURE') && t.status === 'SUCCESS');
}

/**
 * refundCreate's input: each line's units refunded without restocking (the stock is the hub's to move,
 * as a return restocks), and the money given back as one REFUND transaction of the order's payment.
 * Without a payment to refund (an order not paid through Shopify), the lines alone are refunded.
 */
export function shopifyRefundInput(request: RefundRequest, order: ShopifyRefundOrder): ShopifyRefundInput {
  const units = new Map<string, number>();
  for (const line of request.lines)
    if (line.quantity > 0) units.set(line.lineId, (units.get(line.lineId) ?? 0) + line.quantity);
  const payment = paymentRefunded(order);
  const note = request.note?.trim();
  return {
    orderId: order.id,
    ...(note ? { note } : {}),
    notify: false,
    refundLineItems: [...units].map(([lineItemId, quantity]) => ({ lineItemId, quantity, restockType: 'NO_RESTOCK' })),
    ...(payment && cents(request.total.amount) > 0
      ? {
          transactions: [
            {
              orderId: order.id,
              parentId: payment.id,
              gateway: payment.gateway ?? 'manual',
              kind: 'REFUND',
              amount: (cents(request.total.amount) / 100).toFixed(2),
            },
          ],
        }
      : {}),
  };
}

/** Why a refund cannot be sent as it is (before any call), in words the seller understands. */
export function invalidShopifyRefund(request: RefundRequest): string | undefined {
  if (request.lines.length === 0 && !(cents(request.total.amount) > 0))
    return 'A refund names the lines refunded or an amount above 0';
  const bad = request.lines.find((line) => !Number.isInteger(line.quantity) || line.quantity < 0);
  if (bad) return `Line ${bad.lineId}: the units refunded must be a whole number (got ${bad.quantity})`;
  return undefined;
}

/** refundCreate's answer: the refund made, or Shopify's user errors. */
export function refundOutcome(data: ShopifyRefundCreatePayload): RefundOutcome | undefined {
  const payload = data.refundCreate;
  const errors = payload?.userErrors ?? [];
  if (errors.length) return { outcome: 'rejected', message: errors.map((e) => e.message).join('; ') };
  return payload?.refund ? { outcome: 'confirmed', marketplaceRefundId: payload.refund.id } : undefined;
}

/**
 * How far a return has gone: closed when declined or cancelled; refunded once a refund holds it;
 * received once its reverse fulfillment order has a disposition; in transit once a reverse delivery
 * (the buyer's parcel back) exists; closed when Shopify closed it without any of those; else requested.
 */
export function shopifyReturnStatus(ret: ShopifyReturn): ReturnStatus {
  if (ret.status === 'DECLINED' || ret.status === 'CANCELED') return 'closed';
  if (ret.refunds.nodes.length > 0) return 'refunded';
  const orders = ret.reverseFulfillmentOrders.nodes;
  if (orders.some((o) => o.lineItems.nodes.some((l) => l.dispositions.length > 0))) return 'received';
  if (ret.status === 'CLOSED') return 'closed';
  if (orders.some((o) => o.reverseDeliveries.nodes.length > 0)) return 'in transit';
  return 'requested';
}

/** Line item ids whose returned units were disposed of as RESTOCKED (back to sellable stock). */
function restockedLines(ret: ShopifyReturn): Set<string> {
  const restocked = new Set<string>();
  for (const order of ret.reverseFulfillmentOrders.nodes)
    for (const item of order.lineItems.nodes)
      if (item.fulfillmentLineItem && item.dispositions.some((d) => d.type === 'RESTOCKED' && d.quantity > 0))
        restocked.add(item.fulfillmentLineItem.lineItem.id);
  return restocked;
}

/** What the return's refunds gave back, in the shop's money; null before any. */
function refundedOf(ret: ShopifyReturn): Money | null {
  const refunds = ret.refunds.nodes.map((r) => r.totalRefundedSet.shopMoney);
  if (refunds.length === 0) return null;
  const total = refunds.reduce((sum, m) => sum + cents(m.amount), 0);
  return { amount: (total / 100).toFixed(2), currency: refunds[0]!.currencyCode };
}

/** The buyer's reason: Shopify's ReturnReason, with the buyer's own words where they gave some. */
const reasonOf = (line: ShopifyReturn['returnLineItems']['nodes'][number]) =>
  line.returnReasonNote.trim() ? `${line.returnReason}: ${line.returnReasonNote.trim()}` : line.returnReason;

/**
 * An order's returns as the hub's. The 2025-01 Return carries no time of its own: the order's last
 * change stands for when the return was made and last changed (reading by the order's updated_at
 * finds it there).
 */
export function returnsFromShopifyOrder(order: ShopifyOrderReturns): MarketplaceReturn[] {
  return order.returns.nodes.map((ret) => {
    const restocked = restockedLines(ret);
    const first = ret.returnLineItems.nodes[0];
    return {
      marketplaceReturnId: ret.id,
      marketplaceOrderId: order.id,
      status: shopifyReturnStatus(ret),
      reason: first ? reasonOf(first) : null,
      lines: ret.returnLineItems.nodes.map((line) => {
        const lineItem = line.fulfillmentLineItem?.lineItem;
        return {
          lineId: lineItem?.id ?? null,
          sku: lineItem?.sku ?? '',
          quantity: line.quantity,
          restock: lineItem ? restocked.has(lineItem.id) : false,
        };
      }),
      refunded: refundedOf(ret),
      createdAt: order.updatedAt,
      updatedAt: order.updatedAt,
    };
  });
}
