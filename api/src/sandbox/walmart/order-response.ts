/**
 * A sandbox purchase order in Walmart's shape (orders.json GetOrderResponseRecord, as its examples
 * show it), the unit counts of its lines, and the control API's view of it with its shipments.
 */
import { buyerOf, deliverByOf, shipByOf } from './buyers.ts';
import type {
  WalmartSandboxLineShipment,
  WalmartSandboxOrder,
  WalmartSandboxOrderLine,
  WalmartSandboxRefund,
  WalmartSandboxSeller,
  WalmartSandboxState,
} from './state.ts';

export const shippedUnits = (line: WalmartSandboxOrderLine) =>
  (line.shipments ?? []).reduce((sum, shipment) => sum + shipment.units, 0);
/** Units neither cancelled nor shipped: what may still be shipped or cancelled. */
export const openUnits = (line: WalmartSandboxOrderLine) => line.quantity - line.cancelledQuantity - shippedUnits(line);
/** Whether some units of the line have shipped (or the line was stored shipped before shipments were recorded). */
export const hasShipped = (line: WalmartSandboxOrderLine) =>
  shippedUnits(line) > 0 || line.status === 'Shipped' || line.status === 'Delivered';

/** The order's nth place among the seller's (older stored orders have no sequence of their own). */
const sequenceOf = (seller: WalmartSandboxSeller, order: WalmartSandboxOrder) =>
  order.sequence ?? seller.orders.indexOf(order) + 1;

/** The order total as placed: each line's unit price times its units (the sandbox charges no tax or shipping). */
function totalOf(order: WalmartSandboxOrder): number {
  const cents = order.lines.reduce((sum, line) => sum + Math.round(Number(line.unitPrice) * 100) * line.quantity, 0);
  return cents / 100;
}

export function orderResponse(seller: WalmartSandboxSeller, order: WalmartSandboxOrder) {
  const buyer = buyerOf(sequenceOf(seller, order));
  const currency = order.lines[0]?.currency ?? 'USD';
  return {
    purchaseOrderId: order.purchaseOrderId,
    customerOrderId: order.customerOrderId,
    customerEmailId: `${order.customerOrderId}@relay.walmart.com`,
    orderType: 'REGULAR',
    orderDate: order.orderDate,
    shippingInfo: {
      phone: buyer.phone,
      estimatedDeliveryDate: deliverByOf(order.orderDate),
      estimatedShipDate: shipByOf(order.orderDate),
      methodCode: 'Standard',
      postalAddress: {
        name: buyer.name,
        address1: buyer.address1,
        ...(buyer.address2 ? { address2: buyer.address2 } : {}),
        city: buyer.city,
        state: buyer.state,
        postalCode: buyer.postalCode,
        country: 'USA',
        addressType: 'RESIDENTIAL',
      },
    },
    orderLines: { orderLine: order.lines.map(lineResponse) },
    orderSummary: { totalAmount: { currencyAmount: totalOf(order), currencyUnit: currency } },
    shipNode:
      order.shipNodeType === 'WFSFulfilled'
        ? { type: 'WFSFulfilled', name: 'Walmart Fulfillment Services' }
        : { type: 'SellerFulfilled', name: `Seller ${seller.sellerId}`, id: seller.sellerId },
  };
}

function lineResponse(line: WalmartSandboxOrderLine) {
  return {
    lineNumber: line.lineNumber,
    item: { productName: line.productName, sku: line.sku },
    charges: {
      charge: [
        {
          chargeType: 'PRODUCT',
          chargeName: 'ItemPrice',
          chargeAmount: { currency: line.currency, amount: Number(line.unitPrice) },
        },
      ],
    },
    orderLineQuantity: { unitOfMeasurement: 'EACH', amount: String(line.quantity) },
    statusDate: line.statusDate,
    orderLineStatuses: { orderLineStatus: lineStatuses(line) },
    ...(line.refunds?.length ? { refund: refundResponse(line.refunds.at(-1)!) } : {}),
    fulfillment: { fulfillmentOption: 'S2H', shipMethod: 'STANDARD' },
  };
}

/** A line's refund as OrderLineType.refund (RefundType) holds it: the line carries its latest one. */
function refundResponse(refund: WalmartSandboxRefund) {
  return {
    refundId: refund.refundId,
    ...(refund.refundComments ? { refundComments: refund.refundComments } : {}),
    refundCharges: {
      refundCharge: refund.charges.map((charge) => ({
        refundReason: charge.refundReason,
        charge: {
          chargeType: charge.chargeType,
          chargeName: charge.chargeName,
          chargeAmount: { currency: charge.currency, amount: charge.amount },
        },
      })),
    },
  };
}

const quantity = (amount: number) => ({ unitOfMeasurement: 'EACH', amount: String(amount) });

/** The trackingInfo of a Shipped status, as the seller sent it. */
export function trackingInfo(shipment: WalmartSandboxLineShipment) {
  return {
    shipDateTime: shipment.shipDateTime,
    carrierName: shipment.carrier ? { carrier: shipment.carrier } : { otherCarrier: shipment.otherCarrier },
    methodCode: shipment.methodCode,
    trackingNumber: shipment.trackingNumber,
    ...(shipment.trackingURL ? { trackingURL: shipment.trackingURL } : {}),
  };
}

/** Walmart reports a line's units by status: the open ones, one Shipped status per shipment, the cancelled ones. */
function lineStatuses(line: WalmartSandboxOrderLine) {
  const open = openUnits(line);
  return [
    ...(open > 0 ? [{ status: line.status, statusQuantity: quantity(open) }] : []),
    ...(line.shipments ?? []).map((shipment) => ({
      status: shipment.deliveredAt === undefined ? 'Shipped' : 'Delivered',
      statusQuantity: quantity(shipment.units),
      trackingInfo: trackingInfo(shipment),
    })),
    ...(line.cancelledQuantity > 0
      ? [
          {
            status: 'Cancelled',
            statusQuantity: quantity(line.cancelledQuantity),
            ...(line.cancellationReason ? { cancellationReason: line.cancellationReason } : {}),
          },
        ]
      : []),
  ];
}

/**
 * The control API's view: the order as Walmart answers it, each shipment with its line, the units
 * cancelled per line, and every refund (a line's answer carries only its latest).
 */
export function orderView(state: WalmartSandboxState, sellerId: string, orderId: string) {
  const seller = state.sellers[sellerId];
  const order = seller?.orders.find((o) => o.purchaseOrderId === orderId);
  if (!seller || !order) return undefined;
  return {
    order: orderResponse(seller, order),
    shipments: order.lines.flatMap((line) =>
      (line.shipments ?? []).map((shipment) => ({
        lineNumber: line.lineNumber,
        sku: line.sku,
        quantity: shipment.units,
        ...trackingInfo(shipment),
        shipDateTime: new Date(shipment.shipDateTime).toISOString(),
        recordedAt: new Date(shipment.recordedAt).toISOString(),
        deliveredAt: shipment.deliveredAt === undefined ? null : new Date(shipment.deliveredAt).toISOString(),
      })),
    ),
    cancellations: order.lines
      .filter((line) => line.cancelledQuantity > 0)
      .map((line) => ({
        lineNumber: line.lineNumber,
        sku: line.sku,
        quantity: line.cancelledQuantity,
        cancellationReason: line.cancellationReason ?? null,
      })),
    refunds: order.lines.flatMap((line) =>
      (line.refunds ?? []).map((refund) => ({
        lineNumber: line.lineNumber,
        sku: line.sku,
        ...refundResponse(refund),
        recordedAt: new Date(refund.recordedAt).toISOString(),
      })),
    ),
  };
}
