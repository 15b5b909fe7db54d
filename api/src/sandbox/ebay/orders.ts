/**
 * The Fulfillment API's getOrders (by creation or last-modified date, by order ids, by fulfillment
 * status), and orders placed and cancelled as a buyer would (the control API): stock taken and given
 * back, ORDER_CONFIRMATION sent. Each order carries its buyer, address, ship-by date and fees
 * (order-details.ts); shipping it is shipping-fulfillments.ts.
 */
import type { Request, Response, Router } from 'express';
import { SandboxControlError, timeAfter } from '../shared/sandbox-kit.ts';
import { authorize, ebayScopes } from './auth.ts';
import { DOMAIN_FULFILLMENT, error, fail } from './errors.ts';
import { publish } from './notifications.ts';
import { orderShipping, recordFullRefund, withShippingDetails } from './order-details.ts';
import type { EbayContext, EbayState, SandboxOrder, SandboxSeller } from './state.ts';

const FULFILLMENT = '/sell/fulfillment/v1';

export function orderRoutes(router: Router, context: EbayContext) {
  router.get(`${FULFILLMENT}/order`, (req, res) => getOrders(context, req, res));
}

/** getOrders' filter: the date field and its range, and the fulfillment statuses. */
interface OrdersFilter {
  field: 'creationDate' | 'lastModifiedDate';
  from: number;
  to: number;
  statuses: string[] | undefined;
}

/** getOrders' `filter` read (creationdate, lastmodifieddate, orderfulfillmentstatus); its error answered when wrong. */
function ordersFilter(filter: string, res: Response): OrdersFilter | undefined {
  const now = Date.now();
  const read: OrdersFilter = { field: 'creationDate', from: now - 90 * 86_400_000, to: now, statuses: undefined };
  const refuse = (errorId: number, message: string) => void fail(res, 400, error(errorId, DOMAIN_FULFILLMENT, message));
  for (const [, name, value] of filter.matchAll(/([a-z]+):(\[[^\]]*\]|\{[^}]*\})/gi)) {
    const key = name!.toLowerCase();
    if (key === 'creationdate' || key === 'lastmodifieddate') {
      const range = /^\[([^.\]]*(?:\.\d+)?[^.\]]*)\.\.([^\]]*)\]$/.exec(value!);
      if (!range) return refuse(30810, 'Invalid date format');
      if (!range[1]) return refuse(30820, 'Start date is missing');
      const start = Date.parse(range[1]);
      const end = range[2] ? Date.parse(range[2]) : now;
      if (!Number.isFinite(start) || !Number.isFinite(end)) return refuse(30810, 'Invalid date format');
      if (start > now + 60_000 || (range[2] && end > now + 60_000))
        return refuse(30850, "Start and end dates can't be in the future");
      if (start > end) return refuse(30840, 'Start date should be before end date');
      read.field = key === 'creationdate' ? 'creationDate' : 'lastModifiedDate';
      read.from = start;
      read.to = end;
    } else if (key === 'orderfulfillmentstatus') {
      read.statuses = value!.slice(1, -1).split('|');
    } else {
      return refuse(30700, `Invalid filter name: ${name}`);
    }
  }
  if (filter && ![...filter.matchAll(/([a-z]+):(\[[^\]]*\]|\{[^}]*\})/gi)].length)
    return refuse(30700, `Invalid filter name: ${filter.split(':')[0]}`);
  return read;
}

function getOrders(context: EbayContext, req: Request, res: Response) {
  const grant = authorize(req, res, context, 'fulfillment', ebayScopes.fulfillment, 'user');
  if (!grant) return;
  const seller = context.state().sellers[grant.sellerId!]!;
  const limit = req.query.limit === undefined ? 50 : Number(req.query.limit);
  const offset = req.query.offset === undefined ? 0 : Number(req.query.offset);
  if (!Number.isInteger(limit) || limit < 1 || limit > 200)
    return fail(res, 400, error(31100, DOMAIN_FULFILLMENT, `Invalid limit: ${String(req.query.limit)}`));
  if (!Number.isInteger(offset) || offset < 0)
    return fail(res, 400, error(31000, DOMAIN_FULFILLMENT, `Invalid offset: ${String(req.query.offset)}`));
  const filter = typeof req.query.filter === 'string' ? req.query.filter : '';
  const read = ordersFilter(filter, res);
  if (!read) return;
  const orderIds = typeof req.query.orderIds === 'string' ? req.query.orderIds.split(',') : undefined;
  if (orderIds && orderIds.length > 50)
    return fail(
      res,
      400,
      error(30900, DOMAIN_FULFILLMENT, 'Exceeded maximum number of order IDs (the current limit is 50)'),
    );
  const { field, from, to, statuses } = read;
  const matching = seller.orders
    .filter((o) =>
      orderIds
        ? orderIds.includes(o.orderId)
        : Date.parse(o[field]) >= from &&
          Date.parse(o[field]) <= to &&
          (!statuses || statuses.includes(o.orderFulfillmentStatus)),
    )
    .sort((a, b) => a.lastModifiedDate.localeCompare(b.lastModifiedDate) || a.orderId.localeCompare(b.orderId));
  const page = matching.slice(offset, offset + limit);
  if (page.map(withShippingDetails).some(Boolean)) context.changed(seller.sellerId);
  const link = (o: number) => {
    const url = new URL(`${context.baseUrl}${FULFILLMENT}/order`);
    if (filter) url.searchParams.set('filter', filter);
    url.searchParams.set('limit', String(limit));
    url.searchParams.set('offset', String(o));
    return url.toString();
  };
  res.json({
    href: link(offset),
    limit,
    offset,
    total: matching.length,
    ...(offset + limit < matching.length ? { next: link(offset + limit) } : {}),
    ...(offset > 0 ? { prev: link(Math.max(0, offset - limit)) } : {}),
    orders: page,
  });
}

/** The seller by id or by username (the control API takes either). */
function sellerOf(state: EbayState, sellerId: string): SandboxSeller {
  const seller = state.sellers[sellerId] ?? Object.values(state.sellers).find((s) => s.username === sellerId);
  if (!seller) throw new SandboxControlError(404, `No sandbox seller ${sellerId}`);
  return seller;
}

/** A buyer's order, paid and not started: the units leave the listings, ORDER_CONFIRMATION per line. */
export function placeOrder(
  state: EbayState,
  sellerId: string,
  lines: Array<{ sku: string; quantity: number }>,
  context: EbayContext,
) {
  const seller = sellerOf(state, sellerId);
  const wanted = new Map<string, number>();
  for (const line of lines) wanted.set(line.sku, (wanted.get(line.sku) ?? 0) + line.quantity);
  for (const [sku, quantity] of wanted) {
    const item = seller.items[sku];
    if (!item || item.offerStatus !== 'PUBLISHED') throw new SandboxControlError(409, `${sku} is not listed`);
    if (item.quantity < quantity)
      throw new SandboxControlError(409, `Only ${item.quantity} of ${sku} available, ${quantity} ordered`);
  }
  state.sequence++;
  const createdMs = Date.now();
  const now = new Date(createdMs).toISOString();
  const digits = String(state.sequence).padStart(12, '0');
  const orderId = `${digits.slice(0, 2)}-${digits.slice(2, 7)}-${digits.slice(7)}`;
  const currency = seller.items[lines[0]!.sku]!.price.currency;
  const lineCosts = [...wanted].map(([sku, quantity]) => {
    const item = seller.items[sku]!;
    return { sku, quantity, cost: (Math.round(Number(item.price.value) * 100) * quantity) / 100 };
  });
  const total = { value: lineCosts.reduce((sum, l) => sum + l.cost, 0).toFixed(2), currency };
  const { lineInstructions, ...shipping } = orderShipping(state.sequence, createdMs, total);
  const lineItems: SandboxOrder['lineItems'] = lineCosts.map(({ sku, quantity, cost }, index) => {
    const item = seller.items[sku]!;
    item.quantity -= quantity;
    item.soldQuantity += quantity;
    const amount = { value: cost.toFixed(2), currency: item.price.currency };
    return {
      lineItemId: `${10_000_000_000 + state.sequence * 100 + index}`,
      legacyItemId: item.listingId,
      sku,
      title: item.product.title,
      quantity,
      lineItemCost: amount,
      total: amount,
      deliveryCost: { shippingCost: { value: '0.00', currency: item.price.currency } },
      appliedPromotions: [],
      taxes: [],
      refunds: [],
      lineItemFulfillmentStatus: 'NOT_STARTED',
      lineItemFulfillmentInstructions: lineInstructions,
      listingMarketplaceId: 'EBAY_US',
      purchaseMarketplaceId: 'EBAY_US',
      soldFormat: 'FIXED_PRICE',
    };
  });
  const order: SandboxOrder = {
    orderId,
    creationDate: now,
    lastModifiedDate: now,
    orderFulfillmentStatus: 'NOT_STARTED',
    orderPaymentStatus: 'PAID',
    sellerId: seller.username,
    salesRecordReference: String(state.sequence),
    pricingSummary: { priceSubtotal: total, deliveryCost: { value: '0.00', currency }, total },
    cancelStatus: { cancelState: 'NONE_REQUESTED', cancelRequests: [] },
    ...shipping,
    lineItems,
  };
  seller.orders.push(order);
  // eBay sends ORDER_CONFIRMATION per line item
  // (https://developer.ebay.com/api-docs/master/commerce/notification/asyncapi/order_confirmation.yaml);
  // the payload's data fields are not confirmed.
  for (const line of lineItems)
    publish(context, 'ORDER_CONFIRMATION', seller.sellerId, {
      orderId,
      lineItemId: line.lineItemId,
      legacyItemId: line.legacyItemId,
      sku: line.sku,
      quantity: line.quantity,
      sellerUsername: seller.username,
    });
  return order;
}

/** The buyer cancels before shipping: cancelled, refunded, the units back in stock. */
export function cancelOrder(state: EbayState, sellerId: string, orderId: string, context: EbayContext) {
  const seller = sellerOf(state, sellerId);
  const order = seller.orders.find((o) => o.orderId === orderId);
  if (!order) throw new SandboxControlError(404, `No order ${orderId} for seller ${sellerId}`);
  if (order.cancelStatus.cancelState === 'CANCELED')
    throw new SandboxControlError(409, `Order ${orderId} is already cancelled`);
  withShippingDetails(order);
  if (order.orderFulfillmentStatus !== 'NOT_STARTED')
    throw new SandboxControlError(409, `Order ${orderId} has shipped and cannot be cancelled`);
  const now = new Date(timeAfter(Date.parse(order.lastModifiedDate))).toISOString();
  // A completed cancellation as getOrders shows it: CANCELED, refunded, nothing left to ship
  // (orderFulfillmentStatus FULFILLED, not confirmed: eBay's usual answer for a cancelled order, not in the
  // definition).
  order.cancelStatus = { cancelState: 'CANCELED', cancelledDate: now, cancelRequests: [] };
  order.orderFulfillmentStatus = 'FULFILLED';
  recordFullRefund(order, now);
  order.lastModifiedDate = now;
  for (const line of order.lineItems) {
    const item = seller.items[line.sku];
    if (!item) continue;
    item.quantity += line.quantity;
    item.soldQuantity = Math.max(0, item.soldQuantity - line.quantity);
  }
  context.changed(seller.sellerId);
  // The Notification API has no order-cancellation topic (the sandbox serves ORDER_CONFIRMATION only): no push.
  return order;
}
