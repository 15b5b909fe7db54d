/**
 * An order's fees from the Finances API v0 (financesV0.json, listFinancialEventsByOrderId): every fee
 * Amazon posted on the order's shipment events (per item: ItemFeeList and ItemFeeAdjustmentList; per
 * shipment and order: ShipmentFeeList, OrderFeeList and their adjustments). Amazon posts fees as negative
 * amounts (a debit to the seller); the sum is turned into a positive cost.
 */
import type { OrderFeesRead } from '../types.ts';

/** financesV0 `Currency`. */
export interface FinancesCurrency {
  CurrencyCode?: string;
  CurrencyAmount?: number;
}

/** financesV0 `FeeComponent`. */
export interface FeeComponent {
  FeeType?: string;
  FeeAmount?: FinancesCurrency;
}

/** financesV0 `ShipmentEvent`: the fields read. */
export interface ShipmentEvent {
  AmazonOrderId?: string;
  MarketplaceName?: string;
  PostedDate?: string;
  ShipmentFeeList?: FeeComponent[];
  ShipmentFeeAdjustmentList?: FeeComponent[];
  OrderFeeList?: FeeComponent[];
  OrderFeeAdjustmentList?: FeeComponent[];
  ShipmentItemList?: Array<{
    SellerSKU?: string;
    OrderItemId?: string;
    QuantityShipped?: number;
    ItemChargeList?: Array<{ ChargeType?: string; ChargeAmount?: FinancesCurrency }>;
    ItemFeeList?: FeeComponent[];
    ItemFeeAdjustmentList?: FeeComponent[];
  }>;
}

/** financesV0 `ListFinancialEventsResponse`. */
export interface ListFinancialEventsResponse {
  payload?: {
    NextToken?: string;
    FinancialEvents?: { ShipmentEventList?: ShipmentEvent[] };
  };
}

/** The fee components of a shipment event, wherever Amazon lists them. */
function feesOf(event: ShipmentEvent): FeeComponent[] {
  return [
    ...(event.ShipmentFeeList ?? []),
    ...(event.ShipmentFeeAdjustmentList ?? []),
    ...(event.OrderFeeList ?? []),
    ...(event.OrderFeeAdjustmentList ?? []),
    ...(event.ShipmentItemList ?? []).flatMap((item) => [
      ...(item.ItemFeeList ?? []),
      ...(item.ItemFeeAdjustmentList ?? []),
    ]),
  ];
}

/**
 * The order's fees from the pages of its financial events: 'pending' while Amazon has posted no shipment
 * event for it (it may take 48 hours). Amounts are summed in cents, so many fees add up without float error.
 */
export function orderFeesFromEvents(orderId: string, pages: readonly ListFinancialEventsResponse[]): OrderFeesRead {
  const events = pages
    .flatMap((page) => page.payload?.FinancialEvents?.ShipmentEventList ?? [])
    .filter((event) => event.AmazonOrderId === undefined || event.AmazonOrderId === orderId);
  if (events.length === 0) return { status: 'pending' };
  const fees = events.flatMap(feesOf).filter((fee) => fee.FeeAmount?.CurrencyAmount !== undefined);
  const currency = fees.find((fee) => fee.FeeAmount?.CurrencyCode)?.FeeAmount?.CurrencyCode;
  const cents = fees.reduce((sum, fee) => sum + Math.round(fee.FeeAmount!.CurrencyAmount! * 100), 0);
  // A debit is negative: the seller's cost is its opposite (a refunded fee lowers it).
  const cost = -cents;
  return {
    status: 'reported',
    fees: { amount: (cost / 100).toFixed(2), currency: currency ?? 'USD' },
  };
}
