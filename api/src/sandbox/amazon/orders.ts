/**
 * The Orders API v0 (getOrders since a time, getOrderItems), and orders placed and cancelled as a
 * buyer would (the control API): stock taken and given back, ORDER_CHANGE sent. Each order has a
 * made-up buyer and US address (buyers.ts) and ships by two business days after it was placed.
 * As on live Amazon, answers carry the buyer's name, e-mail, street and phone only for a call with a
 * Restricted Data Token that grants them (tokens.ts); the control API shows them as Seller Central does.
 */
import type { Request, Response, Router } from 'express';
import { SandboxControlError, timeAfter } from '../shared/sandbox-kit.ts';
import { authenticate } from './auth.ts';
import { businessDaysAfter, buyerOf, sequenceOfOrderId } from './buyers.ts';
import { errorList, send } from './errors.ts';
import { rateOf, throttled } from './limits.ts';
import { notifyOrderChange, notifyQuantity } from './notifications.ts';
import { notifyFbaInventory } from './fba.ts';
import {
  AMAZON_SANDBOX_MARKETPLACE_ID,
  decodeToken,
  digits,
  encodeToken,
  listParam,
  nowIso,
  priceOf,
  fulfilledByAmazon,
  quantityOf,
  setQuantity,
  shippedUnits,
  type AmazonContext,
  type AddressRecord,
  type AmazonSandboxState,
  type ItemRecord,
  type OrderRecord,
} from './state.ts';

export function orderRoutes(router: Router, context: AmazonContext) {
  router.get('/orders/v0/orders', (req, res) => getOrders(context, req, res));
  router.get('/orders/v0/orders/:orderId/orderItems', (req, res) => getOrderItems(context, req, res));
}

function multiply(unitPrice: string, quantity: number): string {
  const [whole = '0', fraction = ''] = unitPrice.split('.');
  const cents = (Number(whole) * 100 + Number((fraction + '00').slice(0, 2))) * quantity;
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Days a seller has to ship: the sandbox's handling time (Amazon's is the seller's own setting). */
const HANDLING_BUSINESS_DAYS = 2;

/** The order's buyer, and its ship dates; made up for an order stored before the sandbox kept them. */
function shippingOf(order: OrderRecord) {
  return {
    buyer: order.buyer ?? buyerOf(sequenceOfOrderId(order.AmazonOrderId)),
    EarliestShipDate: order.EarliestShipDate ?? order.PurchaseDate,
    LatestShipDate: order.LatestShipDate ?? businessDaysAfter(order.PurchaseDate, HANDLING_BUSINESS_DAYS),
  };
}

/** Every element of a buyer's personal data: what Seller Central (the control API) shows the seller. */
export const ALL_PERSONAL_DATA: ReadonlySet<string> = new Set(['buyerInfo', 'shippingAddress']);

/** The address as an answer without `shippingAddress` carries it: enough to rate shipping, not to ship. */
const addressWithoutPersonalData = (address: AddressRecord) => ({
  City: address.City,
  StateOrRegion: address.StateOrRegion,
  PostalCode: address.PostalCode,
  CountryCode: address.CountryCode,
  AddressType: address.AddressType,
});

/** ordersV0 `Order`, with the buyer's personal data the call's Restricted Data Token grants. */
export function orderJson(order: OrderRecord, personalData: ReadonlySet<string> = ALL_PERSONAL_DATA) {
  const currency = order.items[0]?.currency ?? 'USD';
  const totalCents = order.items.reduce(
    (sum, i) => sum + Math.round(Number(multiply(i.unitPrice, i.QuantityOrdered)) * 100),
    0,
  );
  const shipped = order.items.reduce((n, i) => n + shippedUnits(order, i.OrderItemId), 0);
  const units = order.items.reduce((n, i) => n + i.QuantityOrdered, 0);
  const { buyer, EarliestShipDate, LatestShipDate } = shippingOf(order);
  return {
    AmazonOrderId: order.AmazonOrderId,
    PurchaseDate: order.PurchaseDate,
    LastUpdateDate: order.LastUpdateDate,
    OrderStatus: order.OrderStatus,
    FulfillmentChannel: order.FulfillmentChannel ?? 'MFN',
    SalesChannel: 'Amazon.com',
    ShipServiceLevel: 'Std US D2D Dom',
    OrderTotal: {
      CurrencyCode: currency,
      Amount: `${Math.floor(totalCents / 100)}.${String(totalCents % 100).padStart(2, '0')}`,
    },
    NumberOfItemsShipped: shipped,
    NumberOfItemsUnshipped: order.OrderStatus === 'Canceled' ? 0 : units - shipped,
    PaymentMethod: 'Other',
    MarketplaceId: AMAZON_SANDBOX_MARKETPLACE_ID,
    ShipmentServiceLevelCategory: 'Standard',
    OrderType: 'StandardOrder',
    IsBusinessOrder: false,
    IsPrime: false,
    IsPremiumOrder: false,
    IsGlobalExpressEnabled: false,
    IsReplacementOrder: false,
    IsSoldByAB: false,
    IsISPU: false,
    EarliestShipDate,
    LatestShipDate,
    // No address on a canceled order: Amazon sends it for (partially) shipped and unshipped ones only.
    ...(order.OrderStatus !== 'Canceled'
      ? {
          ShippingAddress: personalData.has('shippingAddress')
            ? buyer.ShippingAddress
            : addressWithoutPersonalData(buyer.ShippingAddress),
        }
      : {}),
    ...(personalData.has('buyerInfo')
      ? { BuyerInfo: { BuyerEmail: buyer.BuyerEmail, BuyerName: buyer.BuyerName } }
      : {}),
  };
}

/** ordersV0 `OrderItem`s; ItemPrice is the line total. */
export function orderItemsJson(order: OrderRecord) {
  return order.items.map((i) => ({
    ASIN: i.ASIN,
    SellerSKU: i.SellerSKU,
    OrderItemId: i.OrderItemId,
    Title: i.Title,
    QuantityOrdered: i.QuantityOrdered,
    QuantityShipped: shippedUnits(order, i.OrderItemId),
    ItemPrice: { CurrencyCode: i.currency, Amount: multiply(i.unitPrice, i.QuantityOrdered) },
  }));
}

type OrdersFilter = { field: 'PurchaseDate' | 'LastUpdateDate'; after: string; offset: number };

/** getOrders' filter: from its NextToken, or from exactly one of CreatedAfter and LastUpdatedAfter; else the error. */
function ordersFilter(req: Request): OrdersFilter | string {
  if (req.query.NextToken !== undefined) {
    const decoded = decodeToken<OrdersFilter>(String(req.query.NextToken));
    if (!decoded || !Number.isInteger(decoded.offset)) return 'Invalid NextToken';
    return decoded;
  }
  const created = req.query.CreatedAfter;
  const updated = req.query.LastUpdatedAfter;
  if ((created === undefined) === (updated === undefined))
    return 'Exactly one of CreatedAfter and LastUpdatedAfter must be specified';
  const after = String(created ?? updated);
  if (!Number.isFinite(Date.parse(after)))
    return `${created !== undefined ? 'CreatedAfter' : 'LastUpdatedAfter'} is not an ISO 8601 date: ${after}`;
  return {
    field: created !== undefined ? 'PurchaseDate' : 'LastUpdateDate',
    after: new Date(after).toISOString(),
    offset: 0,
  };
}

function getOrders(context: AmazonContext, req: Request, res: Response) {
  const caller = authenticate(context.state(), req, res, 'seller');
  if (!caller || throttled(context, res, caller.seller!.sellerId, 'getOrders')) return;
  const seller = caller.seller!;
  const ordersError = (message: string) => send(res, 400, errorList('InvalidInput', message));
  if (listParam(req.query.MarketplaceIds).length === 0) return ordersError('Missing required parameter MarketplaceIds');
  const max = req.query.MaxResultsPerPage === undefined ? 100 : Number(req.query.MaxResultsPerPage);
  if (!Number.isInteger(max) || max < 1 || max > 100)
    return ordersError('MaxResultsPerPage must be a whole number from 1 to 100');
  const filter = ordersFilter(req);
  if (typeof filter === 'string') return ordersError(filter);
  const matching = Object.values(seller.orders)
    .filter((o) => o[filter.field] >= filter.after)
    .sort((a, b) => a[filter.field].localeCompare(b[filter.field]) || a.AmazonOrderId.localeCompare(b.AmazonOrderId));
  const page = matching.slice(filter.offset, filter.offset + max);
  const more = filter.offset + max < matching.length;
  send(
    res,
    200,
    {
      payload: {
        Orders: page.map((order) => orderJson(order, caller.dataElements)),
        ...(more ? { NextToken: encodeToken({ ...filter, offset: filter.offset + max }) } : {}),
        ...(filter.field === 'LastUpdateDate' ? { LastUpdatedBefore: nowIso() } : { CreatedBefore: nowIso() }),
      },
    },
    rateOf(context, 'getOrders', res),
  );
}

function getOrderItems(context: AmazonContext, req: Request<{ orderId: string }>, res: Response) {
  const caller = authenticate(context.state(), req, res, 'seller');
  if (!caller || throttled(context, res, caller.seller!.sellerId, 'getOrderItems')) return;
  const order = caller.seller!.orders[req.params.orderId!];
  if (!order) return send(res, 404, errorList('NotFound', `Order ${req.params.orderId} was not found`));
  send(
    res,
    200,
    {
      payload: {
        AmazonOrderId: order.AmazonOrderId,
        OrderItems: orderItemsJson(order),
      },
    },
    rateOf(context, 'getOrderItems', res),
  );
}

/**
 * A buyer's order (Unshipped): the units leave the listings' quantity. An order of FBA offers is Amazon's to
 * fulfil (AFN), from its own stock; FBA and merchant-fulfilled SKUs are not mixed in one order.
 */
export function placeOrder(
  state: AmazonSandboxState,
  sellerId: string,
  lines: Array<{ sku: string; quantity: number }>,
  context: AmazonContext,
) {
  const seller = state.sellers[sellerId];
  if (!seller) throw new SandboxControlError(404, `No sandbox seller ${sellerId}`);
  const wanted = new Map<string, number>();
  for (const line of lines) wanted.set(line.sku, (wanted.get(line.sku) ?? 0) + line.quantity);
  for (const [sku, quantity] of wanted) {
    const item = seller.items[sku];
    if (!item) throw new SandboxControlError(404, `SKU ${sku} is not listed by seller ${sellerId}`);
    const price = priceOf(item);
    if (!price) throw new SandboxControlError(409, `SKU ${sku} has no price, so it cannot be bought`);
    if (quantityOf(item) < quantity)
      throw new SandboxControlError(
        409,
        `SKU ${sku} has ${quantityOf(item)} available; the order asks for ${quantity}`,
      );
  }
  const byAmazon = [...wanted.keys()].filter((sku) => fulfilledByAmazon(seller.items[sku]!)).length;
  if (byAmazon > 0 && byAmazon < wanted.size)
    throw new SandboxControlError(
      409,
      'Order FBA and merchant-fulfilled SKUs separately: Amazon ships one order from one network',
    );
  const now = nowIso();
  const order: OrderRecord = {
    AmazonOrderId: `${digits(3)}-${digits(7)}-${digits(7)}`,
    PurchaseDate: now,
    LastUpdateDate: now,
    OrderStatus: 'Unshipped',
    ...(byAmazon > 0 ? { FulfillmentChannel: 'AFN' as const } : {}),
    items: [],
    buyer: buyerOf(Object.keys(seller.orders).length + 1),
    EarliestShipDate: now,
    LatestShipDate: businessDaysAfter(now, HANDLING_BUSINESS_DAYS),
    packages: [],
  };
  for (const [sku, quantity] of wanted) {
    const item = seller.items[sku]!;
    const price = priceOf(item)!;
    setQuantity(item, quantityOf(item) - quantity);
    item.lastUpdatedDate = now;
    const title = item.attributes.item_name?.[0]?.value;
    order.items.push({
      OrderItemId: digits(14),
      ASIN: item.asin,
      SellerSKU: sku,
      Title: typeof title === 'string' ? title : sku,
      QuantityOrdered: quantity,
      unitPrice: price.amount,
      currency: price.currency,
    });
  }
  seller.orders[order.AmazonOrderId] = order;
  context.changed(seller.sellerId);
  notifyOrderChange(state, context, seller, order);
  for (const sku of wanted.keys()) {
    notifyQuantity(state, context, seller, seller.items[sku]!);
    notifyFbaInventory(state, context, seller, seller.items[sku]!);
  }
  return orderJson(order);
}

/** A seller's order named by the control API: the seller and the order, or a 404 naming which is missing. */
export function controlledOrder(state: AmazonSandboxState, sellerId: string, orderId: string) {
  const seller = state.sellers[sellerId];
  if (!seller) throw new SandboxControlError(404, `No sandbox seller ${sellerId}`);
  const order = seller.orders[orderId];
  if (!order) throw new SandboxControlError(404, `No order ${orderId} for seller ${sellerId}`);
  return { seller, order };
}

/**
 * The buyer cancels an unshipped order: Canceled, its last update moved on, the units back in the
 * merchant-fulfilled quantity.
 */
export function cancelOrder(state: AmazonSandboxState, sellerId: string, orderId: string, context: AmazonContext) {
  const { seller, order } = controlledOrder(state, sellerId, orderId);
  if (order.OrderStatus === 'Canceled') throw new SandboxControlError(409, `Order ${orderId} is already canceled`);
  // A buyer can cancel only what has not shipped; the sandbox cancels whole orders, so only an unshipped one.
  if (order.OrderStatus !== 'Unshipped')
    throw new SandboxControlError(
      409,
      `Order ${orderId} is ${order.OrderStatus}: only an unshipped order can be canceled`,
    );
  const now = new Date(timeAfter(Date.parse(order.LastUpdateDate))).toISOString();
  order.OrderStatus = 'Canceled';
  order.LastUpdateDate = now;
  // The units go back to the seller's merchant-fulfilled quantity.
  const restocked = new Set<ItemRecord>();
  for (const line of order.items) {
    const item = seller.items[line.SellerSKU];
    if (!item) continue;
    setQuantity(item, quantityOf(item) + line.QuantityOrdered);
    item.lastUpdatedDate = now;
    restocked.add(item);
  }
  context.changed(seller.sellerId);
  notifyOrderChange(state, context, seller, order);
  for (const item of restocked) {
    notifyQuantity(state, context, seller, item);
    notifyFbaInventory(state, context, seller, item);
  }
  return orderJson(order);
}
