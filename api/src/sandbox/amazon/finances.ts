/**
 * The Finances API v0's listFinancialEventsByOrderId (financesV0.json): an order's shipment event, each
 * item with its charges (Principal) and Amazon's fees (ItemFeeList), fees as negative amounts as Amazon
 * posts them. The fee is the sandbox's referral fee rule, kept here: 15 % of the item's price, at least
 * $0.30 per unit, as Amazon's fee schedule charges most categories
 * (https://sellercentral.amazon.com/gp/help/200336920). A canceled order has no events.
 */
import type { Request, Response, Router } from 'express';
import { authenticate } from './auth.ts';
import { errorList, send } from './errors.ts';
import { rateOf, throttled } from './limits.ts';
import type { AmazonContext, OrderRecord } from './state.ts';

/** Amazon's referral fee in the sandbox: a share of the item price, with a minimum per unit. */
export const REFERRAL_FEE_RATE = 0.15;
export const REFERRAL_FEE_MINIMUM_CENTS = 30;

const toCents = (amount: string) => Math.round(Number(amount) * 100);
/** financesV0 BigDecimal: a number, two decimals. */
const amount = (cents: number) => Math.round(cents) / 100;

/** The referral fee on one order item (whole line), in cents. */
export function referralFeeCents(unitPrice: string, quantity: number): number {
  return Math.max(Math.round(toCents(unitPrice) * quantity * REFERRAL_FEE_RATE), REFERRAL_FEE_MINIMUM_CENTS * quantity);
}

/** financesV0 `ShipmentEvent` of an order: one per order, posted when the order was placed. */
export function shipmentEventOf(order: OrderRecord) {
  return {
    AmazonOrderId: order.AmazonOrderId,
    MarketplaceName: 'Amazon.com',
    PostedDate: order.PurchaseDate,
    ShipmentItemList: order.items.map((item) => ({
      SellerSKU: item.SellerSKU,
      OrderItemId: item.OrderItemId,
      QuantityShipped: item.QuantityOrdered,
      ItemChargeList: [
        {
          ChargeType: 'Principal',
          ChargeAmount: {
            CurrencyCode: item.currency,
            CurrencyAmount: amount(toCents(item.unitPrice) * item.QuantityOrdered),
          },
        },
      ],
      ItemFeeList: [
        {
          FeeType: 'Commission',
          FeeAmount: {
            CurrencyCode: item.currency,
            CurrencyAmount: -amount(referralFeeCents(item.unitPrice, item.QuantityOrdered)),
          },
        },
      ],
    })),
  };
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
  const events = order && order.OrderStatus !== 'Canceled' ? [shipmentEventOf(order)] : [];
  send(
    res,
    200,
    { payload: { FinancialEvents: { ShipmentEventList: events, RefundEventList: [] } } },
    rateOf(context, 'listFinancialEventsByOrderId', res),
  );
}
