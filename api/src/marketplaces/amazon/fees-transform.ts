/**
 * An order's fees from the Finances API v0 (financesV0.json, listFinancialEventsByOrderId): every fee
 * Amazon posted on the order's shipment events (per item: ItemFeeList and ItemFeeAdjustmentList; per
 * shipment and order: ShipmentFeeList, OrderFeeList and their adjustments), and the fee adjustments it posted
 * after them on the order's refund, guarantee claim and chargeback events (each a `ShipmentEvent` whose items are
 * in ShipmentItemAdjustmentList: on a refund, the referral fee credited back and the refund commission charged).
 * Amazon posts fees as negative amounts (a debit to the seller); the sum is turned into a positive cost.
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
  ShipmentItemList?: ShipmentItem[];
  /** On refund, guarantee claim and chargeback events: the items adjusted. */
  ShipmentItemAdjustmentList?: ShipmentItem[];
}

/** financesV0 `ShipmentItem`: the fields read. */
export interface ShipmentItem {
  SellerSKU?: string;
  OrderItemId?: string;
  OrderAdjustmentItemId?: string;
  QuantityShipped?: number;
  ItemChargeList?: Array<{ ChargeType?: string; ChargeAmount?: FinancesCurrency }>;
  ItemChargeAdjustmentList?: Array<{ ChargeType?: string; ChargeAmount?: FinancesCurrency }>;
  ItemFeeList?: FeeComponent[];
  ItemFeeAdjustmentList?: FeeComponent[];
}

/** financesV0 `ListFinancialEventsResponse`. */
export interface ListFinancialEventsResponse {
  payload?: {
    NextToken?: string;
    FinancialEvents?: {
      ShipmentEventList?: ShipmentEvent[];
      RefundEventList?: ShipmentEvent[];
      GuaranteeClaimEventList?: ShipmentEvent[];
      ChargebackEventList?: ShipmentEvent[];
    };
  };
}

/** The fee components of a shipment event, wherever Amazon lists them. */
function feesOf(event: ShipmentEvent): FeeComponent[] {
  return [
    ...(event.ShipmentFeeList ?? []),
    ...(event.ShipmentFeeAdjustmentList ?? []),
    ...(event.OrderFeeList ?? []),
    ...(event.OrderFeeAdjustmentList ?? []),
    ...[...(event.ShipmentItemList ?? []), ...(event.ShipmentItemAdjustmentList ?? [])].flatMap((item) => [
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
  const ofOrder = (events: ShipmentEvent[] | undefined) =>
    (events ?? []).filter((event) => event.AmazonOrderId === undefined || event.AmazonOrderId === orderId);
  const shipments = pages.flatMap((page) => ofOrder(page.payload?.FinancialEvents?.ShipmentEventList));
  if (shipments.length === 0) return { status: 'pending' };
  const adjustments = pages.flatMap((page) => {
    const events = page.payload?.FinancialEvents;
    return [
      ...ofOrder(events?.RefundEventList),
      ...ofOrder(events?.GuaranteeClaimEventList),
      ...ofOrder(events?.ChargebackEventList),
    ];
  });
  const fees = [...shipments, ...adjustments]
    .flatMap(feesOf)
    .filter((fee) => fee.FeeAmount?.CurrencyAmount !== undefined);
  const currency = fees.find((fee) => fee.FeeAmount?.CurrencyCode)?.FeeAmount?.CurrencyCode;
  const cents = fees.reduce((sum, fee) => sum + Math.round(fee.FeeAmount!.CurrencyAmount! * 100), 0);
  // A debit is negative: the seller's cost is its opposite (a refunded fee lowers it).
  const cost = -cents;
  return {
    status: 'reported',
    fees: { amount: (cost / 100).toFixed(2), currency: currency ?? 'USD' },
  };
}
