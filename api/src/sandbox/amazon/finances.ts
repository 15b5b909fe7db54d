/**
 * The Finances API v0's listFinancialEventsByOrderId (financesV0.json): an order's shipment event, each
 * item with its charges (Principal) and Amazon's fees (ItemFeeList), fees as negative amounts as Amazon
 * posts them. The fee is the sandbox's referral fee rule, kept here: 15 % of the item's price, at least
 * $0.30 per unit, as Amazon's fee schedule charges most categories
 * (https://sellercentral.amazon.com/gp/help/200336920). Amazon posts an order's shipment event when it ships,
 * not when it is placed: an order not shipped yet, or canceled, has no events (a seller's finances read comes back
 * empty until then), and a partly shipped one has the units shipped so far.
 */
import type { Request, Response, Router } from 'express';
import { authenticate } from './auth.ts';
import { errorList, send } from './errors.ts';
import { rateOf, throttled } from './limits.ts';
import { shippedUnits, type AmazonContext, type OrderRecord } from './state.ts';

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
  send(
    res,
    200,
    { payload: { FinancialEvents: { ShipmentEventList: events, RefundEventList: [] } } },
    rateOf(context, 'listFinancialEventsByOrderId', res),
  );
}
