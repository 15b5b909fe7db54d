/**
 * The Fulfillment API's issueRefund (POST /order/{order_id}/issue_refund, sell_fulfillment_v1): a whole-order
 * amount or amounts by line, checked as eBay documents its errors (34901-34924), given back at once. A refund
 * shows in the order's paymentSummary.refunds under its refundId, and by line in lineItems[].refunds; the order
 * becomes PARTIALLY_ or FULLY_REFUNDED and its lastModifiedDate moves on. eBay settles refunds asynchronously
 * (the answer says PENDING); the sandbox settles them at once, so the order read says REFUNDED.
 */
import type { Request, Response, Router } from 'express';
import { timeAfter } from '../shared/sandbox-kit.ts';
import { authorize, ebayScopes } from './auth.ts';
import { DOMAIN_FULFILLMENT, error, fail, type EbayErrorDetail } from './errors.ts';
import { amountOf, cents, withShippingDetails } from './order-details.ts';
import type { EbayAmount, EbayContext, SandboxOrder } from './state.ts';

const FULFILLMENT = '/sell/fulfillment/v1';

/**
 * ReasonForRefundEnum (https://developer.ebay.com/api-docs/sell/fulfillment/types/api:ReasonForRefundEnum;
 * the definition names the type without its values).
 */
const REFUND_REASONS = new Set([
  'BUYER_CANCEL',
  'SELLER_CANCEL',
  'ITEM_NOT_RECEIVED',
  'BUYER_RETURN',
  'ITEM_NOT_AS_DESCRIBED',
  'OTHER_ADJUSTMENT',
  'SHIPPING_DISCOUNT',
]);
/** The comment's limit as error 34921 words it (the field's description says 100). */
const COMMENT_MAX = 1000;

export function refundRoutes(router: Router, context: EbayContext) {
  router.post(`${FULFILLMENT}/order/:orderId/issue_refund`, (req, res) => issueRefund(context, req, res));
}

type Refusal = { status: 400 | 404 | 409; error: EbayErrorDetail };
const refuse = (errorId: number, message: string, status: 400 | 409 = 400, business = false): Refusal => ({
  status,
  error: error(errorId, DOMAIN_FULFILLMENT, message, business ? { category: 'BUSINESS' } : {}),
});

/** An amount in the order's currency, positive with at most two decimals: its cents, or eBay's error. */
function readAmount(amount: unknown, currency: string): number | Refusal {
  const { value, currency: given } = (amount ?? {}) as Record<string, unknown>;
  if (value === undefined || value === null || value === '')
    return refuse(34906, 'The amount value must be specified.');
  if (typeof value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(value) || !(Number(value) > 0))
    return refuse(34907, 'The amount value must be positive and within two decimals.');
  if (given === undefined || given === '') return refuse(34908, 'The amount currency must be specified.');
  if (given !== currency) return refuse(34909, "The amount currency isn't correct.");
  return cents({ value, currency });
}

const refundedCents = (refunds: Array<{ amount: EbayAmount }> | undefined) =>
  (refunds ?? []).reduce((sum, r) => sum + cents(r.amount), 0);

/** What the body asks: the whole order's cents, or cents per line; or eBay's error for its first problem. */
function readRefund(
  body: unknown,
  order: SandboxOrder,
): { orderLevel?: number; items?: Map<string, number>; comment?: string } | Refusal {
  if (!body || typeof body !== 'object' || Array.isArray(body) || Object.keys(body).length === 0)
    return refuse(34902, "Request can't be empty.");
  const { reasonForRefund, comment, orderLevelRefundAmount, refundItems } = body as Record<string, unknown>;
  if (typeof reasonForRefund !== 'string' || !REFUND_REASONS.has(reasonForRefund))
    return refuse(34903, 'The refund reason must be specified.');
  if (comment !== undefined && (typeof comment !== 'string' || comment.length > COMMENT_MAX))
    return refuse(34921, "The comment exceeds the length limit, please make sure it doesn't exceed 1000 characters.");
  const currency = order.pricingSummary.total.currency;
  const hasItems = Array.isArray(refundItems) && refundItems.length > 0;
  if ((orderLevelRefundAmount === undefined) === !hasItems)
    return refuse(34905, 'Either orderLevelRefundAmount or refundItems must be specified.');
  const read = typeof comment === 'string' ? { comment } : {};
  if (!hasItems) {
    const orderLevel = readAmount(orderLevelRefundAmount, currency);
    return typeof orderLevel === 'number' ? { ...read, orderLevel } : orderLevel;
  }
  const items = new Map<string, number>();
  for (const item of refundItems as unknown[]) {
    const { lineItemId, refundAmount } = (item ?? {}) as Record<string, unknown>;
    if (typeof lineItemId !== 'string' || !lineItemId)
      return refuse(34910, 'Either legacyReference or lineItemId must be specified for item level refund.');
    if (!order.lineItems.some((l) => l.lineItemId === lineItemId))
      return refuse(34914, "Can't find the item in the order.");
    const amount = readAmount(refundAmount, currency);
    if (typeof amount !== 'number') return amount;
    items.set(lineItemId, (items.get(lineItemId) ?? 0) + amount);
  }
  return { ...read, items };
}

/** Why eBay would not give this back: refunded already, or more than is left of the order or a line. */
function overRefund(order: SandboxOrder, orderLevel: number | undefined, items: Map<string, number> | undefined) {
  if (order.orderPaymentStatus === 'FULLY_REFUNDED')
    return refuse(34917, 'This order was already refunded.', 400, true);
  const left = cents(order.pricingSummary.total) - refundedCents(order.paymentSummary.refunds);
  const asked = orderLevel ?? [...items!.values()].reduce((a, b) => a + b, 0);
  if (asked > left) return refuse(34915, 'The refund amount exceeds order amount.');
  for (const [lineItemId, amount] of items ?? []) {
    const line = order.lineItems.find((l) => l.lineItemId === lineItemId)!;
    if (amount > cents(line.total) - refundedCents(line.refunds))
      return refuse(34924, 'The item refund amount exceeds the item remaining amount.', 409, true);
  }
  return undefined;
}

function issueRefund(context: EbayContext, req: Request, res: Response) {
  const grant = authorize(req, res, context, 'fulfillment', ebayScopes.finances, 'user');
  if (!grant) return;
  const given = giveRefund(context, grant.sellerId!, String(req.params.orderId), req.body);
  if ('error' in given) return fail(res, given.status, given.error);
  res.json({ refundId: given.refundId, refundStatus: 'PENDING' });
}

/**
 * `_control/sellers/{id}/orders/{orderId}/refunds`: a refund the seller gives in Seller Hub (the body as
 * issue_refund takes it), or one whose answer a client never received: the order read shows it as any.
 */
export function refundControlRoute(router: Router, context: EbayContext) {
  router.post('/sellers/:sellerId/orders/:orderId/refunds', (req, res) => {
    if (!context.state().sellers[req.params.sellerId!]) return res.status(404).json({ message: 'No such seller' });
    const given = giveRefund(context, req.params.sellerId!, req.params.orderId!, req.body);
    if ('error' in given) return res.status(given.status).json({ errors: [given.error] });
    res.status(201).json({ refundId: given.refundId });
  });
}

/** A refund checked as eBay checks it and given at once: its refundId, or eBay's error. */
function giveRefund(
  context: EbayContext,
  sellerId: string,
  orderId: string,
  body: unknown,
): { refundId: string } | Refusal {
  const state = context.state();
  const seller = state.sellers[sellerId]!;
  const order = seller.orders.find((o) => o.orderId === orderId);
  if (!order) return { status: 404, error: error(34913, DOMAIN_FULFILLMENT, 'Can not find the order.') };
  withShippingDetails(order);
  const read = readRefund(body, order);
  if ('error' in read) return read;
  const refused = overRefund(order, read.orderLevel, read.items);
  if (refused) return refused;

  const currency = order.pricingSummary.total.currency;
  const at = new Date(timeAfter(Date.parse(order.lastModifiedDate))).toISOString();
  const refundId = `5${String(++state.sequence).padStart(11, '0')}`;
  const total = read.orderLevel ?? [...read.items!.values()].reduce((a, b) => a + b, 0);
  order.paymentSummary.refunds.push({
    refundId,
    refundDate: at,
    refundStatus: 'REFUNDED',
    amount: amountOf(total, currency),
  });
  for (const [lineItemId, amount] of read.items ?? []) {
    const line = order.lineItems.find((l) => l.lineItemId === lineItemId)!;
    line.refunds = [...(line.refunds ?? []), { amount: amountOf(amount, currency), refundDate: at, refundId }];
  }
  const left = cents(order.pricingSummary.total) - refundedCents(order.paymentSummary.refunds);
  order.orderPaymentStatus = left > 0 ? 'PARTIALLY_REFUNDED' : 'FULLY_REFUNDED';
  order.paymentSummary.totalDueSeller = amountOf(
    Math.max(0, cents(order.paymentSummary.totalDueSeller) - total),
    currency,
  );
  order.lastModifiedDate = at;
  context.changed(seller.sellerId);
  return { refundId };
}
