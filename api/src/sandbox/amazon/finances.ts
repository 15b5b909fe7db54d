/**
 * The Finances API v0's listFinancialEventsByOrderId (financesV0.json): an order's shipment event, each
 * item with its charges (Principal) and Amazon's fees (ItemFeeList), fees as negative amounts as Amazon
 * posts them. The fee is the sandbox's referral fee rule, kept here: 15 % of the item's price, at least
 * $0.30 per unit, as Amazon's fee schedule charges most categories
 * (https://sellercentral.amazon.com/gp/help/200336920). Amazon posts an order's shipment event when it ships,
 * not when it is placed: an order not shipped yet, or canceled, has no events (a seller's finances read comes back
 * empty until then), and a partly shipped one has the units shipped so far. A refund (control API) posts a refund
 * event later: the refunded units' principal and referral fee credited back, and the refund administration fee
 * charged, the lesser of $5.00 and 20 % of that referral fee (the same fee schedule page).
 */
import type { Request, Response, Router } from 'express';
import { answerControl } from '../shared/control-answer.ts';
import { ORDER_LINES_MESSAGE, orderLinesOk } from '../shared/return-control.ts';
import { SandboxControlError } from '../shared/sandbox-kit.ts';
import { authenticate } from './auth.ts';
import { errorList, send } from './errors.ts';
import { rateOf, throttled } from './limits.ts';
import { controlledOrder } from './orders.ts';
import { shippedUnits, type AmazonContext, type OrderRecord } from './state.ts';

/** Amazon's referral fee in the sandbox: a share of the item price, with a minimum per unit. */
export const REFERRAL_FEE_RATE = 0.15;
export const REFERRAL_FEE_MINIMUM_CENTS = 30;
/** The refund administration fee: a share of the referral fee refunded, at most $5.00 per item. */
export const REFUND_FEE_RATE = 0.2;
export const REFUND_FEE_MAXIMUM_CENTS = 500;

const toCents = (amount: string) => Math.round(Number(amount) * 100);
/** financesV0 BigDecimal: a number, two decimals. */
const amount = (cents: number) => Math.round(cents) / 100;

/** The referral fee on one order item (whole line), in cents. */
export function referralFeeCents(unitPrice: string, quantity: number): number {
  return Math.max(Math.round(toCents(unitPrice) * quantity * REFERRAL_FEE_RATE), REFERRAL_FEE_MINIMUM_CENTS * quantity);
}

/** financesV0 `ShipmentEvent` of an order's units shipped so far, posted when its last package shipped; none before. */
export function shipmentEventOf(order: OrderRecord) {
  const packages = order.packages ?? [];
  if (order.OrderStatus === 'Canceled' || packages.length === 0) return undefined;
  const shipped = order.items
    .map((item) => ({ item, units: shippedUnits(order, item.OrderItemId) }))
    .filter(({ units }) => units > 0);
  return {
    AmazonOrderId: order.AmazonOrderId,
    MarketplaceName: 'Amazon.com',
    PostedDate: packages.at(-1)!.confirmedAt,
    ShipmentItemList: shipped.map(({ item, units }) => ({
      SellerSKU: item.SellerSKU,
      OrderItemId: item.OrderItemId,
      QuantityShipped: units,
      ItemChargeList: [
        {
          ChargeType: 'Principal',
          ChargeAmount: {
            CurrencyCode: item.currency,
            CurrencyAmount: amount(toCents(item.unitPrice) * units),
          },
        },
      ],
      ItemFeeList: [
        {
          FeeType: 'Commission',
          FeeAmount: {
            CurrencyCode: item.currency,
            CurrencyAmount: -amount(referralFeeCents(item.unitPrice, units)),
          },
        },
      ],
    })),
  };
}

/** The refund administration fee on a refunded item's referral fee, in cents. */
export function refundAdministrationFeeCents(referralCents: number): number {
  return Math.min(Math.round(referralCents * REFUND_FEE_RATE), REFUND_FEE_MAXIMUM_CENTS);
}

/** financesV0 refund events (each a `ShipmentEvent` with ShipmentItemAdjustmentList) of the order's refunds. */
export function refundEventsOf(order: OrderRecord) {
  return (order.refunds ?? []).map((refund, index) => ({
    AmazonOrderId: order.AmazonOrderId,
    MarketplaceName: 'Amazon.com',
    PostedDate: refund.refundedAt,
    ShipmentItemAdjustmentList: refund.lines.map((line, position) => {
      const item = order.items.find((i) => i.SellerSKU === line.sku)!;
      const referral = referralFeeCents(item.unitPrice, line.quantity);
      return {
        SellerSKU: item.SellerSKU,
        OrderAdjustmentItemId: `${item.OrderItemId}${index}${position}`,
        QuantityShipped: line.quantity,
        ItemChargeAdjustmentList: [
          {
            ChargeType: 'Principal',
            ChargeAmount: {
              CurrencyCode: item.currency,
              CurrencyAmount: -amount(toCents(item.unitPrice) * line.quantity),
            },
          },
        ],
        ItemFeeAdjustmentList: [
          { FeeType: 'Commission', FeeAmount: { CurrencyCode: item.currency, CurrencyAmount: amount(referral) } },
          {
            FeeType: 'RefundCommission',
            FeeAmount: { CurrencyCode: item.currency, CurrencyAmount: -amount(refundAdministrationFeeCents(referral)) },
          },
        ],
      };
    }),
  }));
}

/** Amazon refunds shipped units of an order to its buyer (at most the units shipped and not refunded yet). */
export function refundOrder(
  context: AmazonContext,
  sellerId: string,
  orderId: string,
  body: unknown,
): NonNullable<OrderRecord['refunds']>[number] {
  const lines = (body as { lines?: unknown } | null)?.lines;
  if (!orderLinesOk(lines)) throw new SandboxControlError(400, ORDER_LINES_MESSAGE);
  const { order } = controlledOrder(context.state(), sellerId, orderId);
  for (const { sku, quantity } of lines) {
    const item = order.items.find((i) => i.SellerSKU === sku);
    if (!item) throw new SandboxControlError(409, `SKU ${sku} is not in order ${orderId}`);
    const refunded = (order.refunds ?? [])
      .flatMap((r) => r.lines)
      .reduce((n, l) => n + (l.sku === sku ? l.quantity : 0), 0);
    const refundable = shippedUnits(order, item.OrderItemId) - refunded;
    if (quantity > refundable)
      throw new SandboxControlError(
        409,
        `Order ${orderId} has ${refundable} shipped unit(s) of ${sku} not refunded yet`,
      );
  }
  const refund = {
    refundedAt: new Date().toISOString(),
    lines: lines.map(({ sku, quantity }) => ({ sku, quantity })),
  };
  (order.refunds ??= []).push(refund);
  return refund;
}

/** The control API: a refund of an order (as Amazon issues one on a return, or as a concession). */
export function financesControlRoutes(router: Router, context: AmazonContext) {
  router.post('/sellers/:sellerId/orders/:orderId/refunds', (req, res) => {
    const { sellerId, orderId } = req.params as { sellerId: string; orderId: string };
    answerControl(
      res,
      201,
      () => context.changed(sellerId),
      () => refundOrder(context, sellerId, orderId, req.body),
    );
  });
}

export function financesRoutes(router: Router, context: AmazonContext) {
  router.get('/finances/v0/orders/:orderId/financialEvents', (req, res) => listByOrder(context, req, res));
}

function listByOrder(context: AmazonContext, req: Request<{ orderId: string }>, res: Response) {
  const caller = authenticate(context.state(), req, res, 'seller');
  if (!caller || throttled(context, res, caller.seller!.sellerId, 'listFinancialEventsByOrderId')) return;
  const max = req.query.MaxResultsPerPage === undefined ? 100 : Number(req.query.MaxResultsPerPage);
  if (!Number.isInteger(max) || max < 1 || max > 100)
    return send(res, 400, errorList('InvalidInput', 'MaxResultsPerPage must be a whole number from 1 to 100'));
  const order = caller.seller!.orders[req.params.orderId];
  // Amazon answers an order it holds no events for with empty lists, not a 404.
  const event = order ? shipmentEventOf(order) : undefined;
  const events = event ? [event] : [];
  const refunds = order && event ? refundEventsOf(order) : [];
  send(
    res,
    200,
    { payload: { FinancialEvents: { ShipmentEventList: events, RefundEventList: refunds } } },
    rateOf(context, 'listFinancialEventsByOrderId', res),
  );
}
