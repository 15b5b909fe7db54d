/**
 * Pure translations of Orders API v0 payloads (getOrders, getOrderItems, ORDER_CHANGE, confirmShipment)
 * to and from the engine's shapes. No I/O: tested on the official example payloads.
 */
import crypto from 'node:crypto';
import type {
  FulfilmentStatus,
  MarketplaceOrder,
  Money,
  OrderDetails,
  OrderLine,
  OrderStatus,
  PostalAddress,
  ShipmentConfirmation,
} from '../types.ts';
import type {
  AmazonAddress,
  AmazonOrder,
  AmazonOrderItem,
  AmazonOrderStatus,
  ConfirmShipmentRequest,
  OrderChangePayload,
  OrdersMoney,
} from './types.ts';

const ORDER_STATUS: Record<AmazonOrderStatus, OrderStatus> = {
  Pending: 'open',
  Unshipped: 'open',
  PartiallyShipped: 'open',
  InvoiceUnconfirmed: 'open',
  PendingAvailability: 'open',
  Unfulfillable: 'open',
  Shipped: 'shipped',
  Canceled: 'cancelled',
};

export function orderStatus(status: AmazonOrderStatus): OrderStatus {
  return ORDER_STATUS[status];
}

/**
 * How far the order has gone, in the seller's words. InvoiceUnconfirmed is "all items shipped, invoice
 * not yet confirmed" (ordersV0 OrderStatus); Orders v0 reports no delivery, refund or return.
 */
const FULFILMENT: Record<AmazonOrderStatus, FulfilmentStatus> = {
  Pending: 'unshipped',
  PendingAvailability: 'unshipped',
  Unshipped: 'unshipped',
  Unfulfillable: 'unshipped',
  PartiallyShipped: 'partially shipped',
  Shipped: 'shipped',
  InvoiceUnconfirmed: 'shipped',
  Canceled: 'cancelled',
};

export function fulfilmentStatus(status: AmazonOrderStatus): FulfilmentStatus {
  return FULFILMENT[status];
}

/** Decimal string → integer hundredths (ItemPrice carries two places). */
function toCents(amount: string): number {
  const [whole = '0', fraction = ''] = amount.trim().replace(/^-/, '').split('.');
  const cents = Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
  return amount.trim().startsWith('-') ? -cents : cents;
}

function fromCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const money = (value: OrdersMoney | undefined): Money | null =>
  value?.Amount !== undefined && value.CurrencyCode ? { amount: value.Amount, currency: value.CurrencyCode } : null;

/**
 * One order line. Amazon's ItemPrice is the line total (unit price × QuantityOrdered); the engine's
 * OrderLine.price is the unit price, rounded to the cent when the total does not divide evenly.
 */
export function orderItemToLine(item: AmazonOrderItem, orderStatusValue: AmazonOrderStatus): OrderLine {
  const quantity = item.QuantityOrdered;
  let price: Money | null = null;
  if (item.ItemPrice?.Amount !== undefined && item.ItemPrice.CurrencyCode) {
    const total = toCents(item.ItemPrice.Amount);
    price = {
      amount: fromCents(quantity > 0 ? Math.round(total / quantity) : total),
      currency: item.ItemPrice.CurrencyCode,
    };
  }
  return {
    sku: item.SellerSKU ?? item.ASIN,
    quantity,
    price,
    cancelledQuantity: orderStatusValue === 'Canceled' ? quantity : 0,
    lineId: item.OrderItemId,
    ...(item.Title !== undefined ? { title: item.Title } : {}),
    ...(typeof item.QuantityShipped === 'number' ? { shippedQuantity: item.QuantityShipped } : {}),
  };
}

const present = (value: string | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * The shipping address, or null when the answer holds too little to ship to. ShippingAddress's Name,
 * AddressLine1-3 and Phone are restricted data, sent only to a call carrying a Restricted Data Token
 * (ordersV0 Order.ShippingAddress): the client asks for one on every orders read; where Amazon refuses
 * it (the application lacks the restricted roles) the answer holds only city, region, postal code and
 * country, and the address stays null.
 */
export function postalAddress(address: AmazonAddress | undefined): PostalAddress | null {
  if (!address || !present(address.Name) || !present(address.AddressLine1)) return null;
  if (!present(address.City) || !present(address.PostalCode) || !present(address.CountryCode)) return null;
  const extraLines = [address.AddressLine2, address.AddressLine3].filter(present);
  return {
    name: address.Name,
    line1: address.AddressLine1,
    line2: extraLines.length ? extraLines.join(', ') : null,
    city: address.City,
    region: present(address.StateOrRegion) ? address.StateOrRegion : null,
    postalCode: address.PostalCode,
    countryCode: address.CountryCode,
    phone: present(address.Phone) ? address.Phone : null,
  };
}

/**
 * What the seller needs to ship, from the getOrders answer. BuyerInfo.BuyerName is restricted data
 * like the address: null where the answer leaves it out. Orders v0 reports no fees on the order (they
 * are in the Finances API), so fees stay null.
 */
export function orderDetails(order: AmazonOrder): OrderDetails {
  const buyerName = order.BuyerInfo?.BuyerName;
  return {
    orderNumber: order.AmazonOrderId,
    buyerName: present(buyerName) ? buyerName : null,
    shipTo: postalAddress(order.ShippingAddress),
    total: money(order.OrderTotal),
    shipBy: order.LatestShipDate ? new Date(order.LatestShipDate).toISOString() : null,
    fulfilment: fulfilmentStatus(order.OrderStatus),
    fees: null,
  };
}

export function orderToMarketplaceOrder(order: AmazonOrder, items: AmazonOrderItem[]): MarketplaceOrder {
  return {
    marketplaceOrderId: order.AmazonOrderId,
    status: orderStatus(order.OrderStatus),
    lines: items.map((item) => orderItemToLine(item, order.OrderStatus)),
    createdAt: new Date(order.PurchaseDate).toISOString(),
    updatedAt: new Date(order.LastUpdateDate).toISOString(),
    details: orderDetails(order),
    // Fulfilled by Amazon from its own stock (FBA): it takes none of ours.
    ...(order.FulfillmentChannel === 'AFN' ? { fulfilledByMarketplace: true } : {}),
  };
}

/**
 * The order an ORDER_CHANGE notification describes, so a sale counts before any read of the
 * channel's orders: each item's SKU and quantity and the order's status. Only an OrderLevel
 * notification lists every item (an OrderItemLevel one names the items that changed), and Amazon
 * leaves prices out: the lines carry none, for the next read of the channel's orders to add.
 * Undefined when the notification cannot stand for the whole order.
 */
export function orderOfChangeNotification(
  change: OrderChangePayload['OrderChangeNotification'],
  eventTime: string,
): MarketplaceOrder | undefined {
  const { Summary: summary } = change;
  if (change.NotificationLevel !== 'OrderLevel' || !ORDER_STATUS[summary.OrderStatus]) return undefined;
  const items = summary.OrderItems ?? [];
  if (
    items.length === 0 ||
    items.some((item) => !item.SellerSKU || !Number.isInteger(item.Quantity) || item.Quantity < 0)
  )
    return undefined;
  const changedAt = new Date(change.OrderChangeTrigger?.TimeOfOrderChange ?? eventTime).toISOString();
  return {
    marketplaceOrderId: change.AmazonOrderId,
    status: orderStatus(summary.OrderStatus),
    lines: items.map((item) => ({
      sku: item.SellerSKU,
      quantity: item.Quantity,
      price: null,
      cancelledQuantity: summary.OrderStatus === 'Canceled' ? item.Quantity : 0,
    })),
    createdAt: summary.PurchaseDate ? new Date(summary.PurchaseDate).toISOString() : changedAt,
    updatedAt: changedAt,
    ...(summary.FulfillmentType === 'AFN' ? { fulfilledByMarketplace: true } : {}),
  };
}

/**
 * confirmShipment's packageReferenceId for our shipment: "a seller-supplied identifier that uniquely
 * identifies a package within the scope of an order. Only positive numeric values are supported"
 * (ordersV0 PackageReferenceId). A shipment id that is a positive number already is sent as it is;
 * any other (our UUIDs) becomes a stable number from its SHA-256 (52 bits, so it stays exact wherever
 * it is parsed as a double), the same on every retry.
 */
export function packageReferenceId(shipmentId: string): string {
  if (/^[1-9]\d{0,14}$/.test(shipmentId)) return shipmentId;
  const hash = crypto.createHash('sha256').update(shipmentId).digest('hex');
  return String(parseInt(hash.slice(0, 13), 16) + 1);
}

/** The confirmShipment body for one parcel; lines naming the same order item are added together. */
export function confirmShipmentRequest(shipment: ShipmentConfirmation, marketplaceId: string): ConfirmShipmentRequest {
  const units = new Map<string, number>();
  for (const line of shipment.lines) units.set(line.lineId, (units.get(line.lineId) ?? 0) + line.quantity);
  return {
    marketplaceId,
    packageDetail: {
      packageReferenceId: packageReferenceId(shipment.shipmentId),
      carrierCode: shipment.carrier,
      trackingNumber: shipment.trackingNumber,
      shipDate: new Date(shipment.shippedAt).toISOString(),
      orderItems: [...units].map(([orderItemId, quantity]) => ({ orderItemId, quantity })),
    },
  };
}
