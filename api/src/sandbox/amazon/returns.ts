/**
 * Buyers' returns, held per seller: made and received through the control API (a buyer returns some
 * shipped units; the seller receives the parcel), and written as rows of Amazon's "Flat File Returns
 * Report by Return Date" (GET_FLAT_FILE_RETURNS_DATA_BY_RETURN_DATE, tab-separated, Amazon's column
 * names) for the reports in reports.ts. A merchant-fulfilled return comes back to the seller: receiving
 * it moves no listing quantity (the seller restocks, or not, in their own stock).
 */
import crypto from 'node:crypto';
import type { Router } from 'express';
import { returnControlRoutes as sharedReturnControlRoutes } from '../shared/return-control.ts';
import { controlledOrder } from './orders.ts';
import { SandboxControlError } from '../shared/sandbox-kit.ts';
import {
  randomChars,
  shippedUnits,
  type AmazonContext,
  type AmazonSandboxState,
  type OrderRecord,
  type ReturnRecord,
  type SellerRecord,
} from './state.ts';

/** The report's columns, in Amazon's order (https://developer-docs.amazon.com/sp-api/docs/returns-reports-attributes). */
export const RETURNS_REPORT_COLUMNS = [
  'order-id',
  'order-date',
  'return-request-date',
  'return-request-status',
  'amazon-rma-id',
  'seller-rma-id',
  'label-type',
  'label-cost',
  'currency-code',
  'return-carrier',
  'tracking-id',
  'label-to-be-paid-by',
  'a-to-z-claim',
  'is-prime',
  'asin',
  'merchant-sku',
  'item-name',
  'return-quantity',
  'return-reason',
  'in-policy',
  'return-type',
  'resolution',
  'invoice-number',
  'return-delivery-date',
  'order-amount',
  'order-quantity',
  'safet-action-reason',
  'safet-claim-id',
  'safet-claim-state',
  'safet-claim-creation-time',
  'safet-claim-reimbursement-amount',
  'refunded-amount',
  'category',
] as const;

/** The buyer's reason when the control call gives none: Amazon's code for an item no longer wanted. */
const DEFAULT_RETURN_REASON = 'CR-UNWANTED_ITEM';

/** Report dates as Amazon's flat files write them: ISO 8601 with an offset, no milliseconds. */
const reportTime = (iso: string) => iso.replace(/\.\d{3}Z$/, '+00:00');

function sellerOf(state: AmazonSandboxState, sellerId: string): SellerRecord {
  const seller = state.sellers[sellerId];
  if (!seller) throw new SandboxControlError(404, `No sandbox seller ${sellerId}`);
  return seller;
}

const returnedUnits = (seller: SellerRecord, orderId: string, sku: string) =>
  Object.values(seller.returns ?? {})
    .filter((r) => r.orderId === orderId)
    .flatMap((r) => r.lines)
    .reduce((n, l) => n + (l.sku === sku ? l.quantity : 0), 0);

/** The buyer returns shipped units of the order: an authorized return under a new RMA id. */
export function createReturn(
  state: AmazonSandboxState,
  sellerId: string,
  orderId: string,
  body: { lines: Array<{ sku: string; quantity: number }>; reason?: string },
): ReturnRecord {
  const { seller, order } = controlledOrder(state, sellerId, orderId);
  for (const { sku, quantity } of body.lines) {
    const item = order.items.find((i) => i.SellerSKU === sku);
    if (!item) throw new SandboxControlError(409, `SKU ${sku} is not in order ${orderId}`);
    const returnable = shippedUnits(order, item.OrderItemId) - returnedUnits(seller, orderId, sku);
    if (quantity > returnable)
      throw new SandboxControlError(
        409,
        `Order ${orderId} has ${returnable} shipped unit(s) of ${sku} not returned yet; the return asks for ${quantity}`,
      );
  }
  let returnId: string;
  do returnId = `D${randomChars('ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789', 8)}RRMA`;
  while (seller.returns?.[returnId]);
  const record: ReturnRecord = {
    returnId,
    orderId,
    requestedAt: new Date().toISOString(),
    reason: body.reason || DEFAULT_RETURN_REASON,
    lines: body.lines.map(({ sku, quantity }) => ({ sku, quantity })),
  };
  (seller.returns ??= {})[returnId] = record;
  return record;
}

/** The seller receives the returned parcel: its delivery date set, the seller's restock choice noted. */
export function receiveReturn(state: AmazonSandboxState, sellerId: string, returnId: string, restock: boolean) {
  const record = sellerOf(state, sellerId).returns?.[returnId];
  if (!record) throw new SandboxControlError(404, `No return ${returnId} for seller ${sellerId}`);
  if (record.receivedAt) throw new SandboxControlError(409, `Return ${returnId} was received already`);
  record.receivedAt = new Date().toISOString();
  record.restock = restock;
  return record;
}

/** The report's rows of one return: one per SKU returned. */
function reportRows(order: OrderRecord, record: ReturnRecord): string[][] {
  return record.lines.map((line) => {
    const item = order.items.find((i) => i.SellerSKU === line.sku)!;
    const cells: Record<(typeof RETURNS_REPORT_COLUMNS)[number], string> = Object.fromEntries(
      RETURNS_REPORT_COLUMNS.map((c) => [c, '']),
    ) as Record<(typeof RETURNS_REPORT_COLUMNS)[number], string>;
    Object.assign(cells, {
      'order-id': order.AmazonOrderId,
      'order-date': reportTime(order.PurchaseDate),
      'return-request-date': reportTime(record.requestedAt),
      'return-request-status': record.receivedAt ? 'Closed' : 'Approved',
      'amazon-rma-id': record.returnId,
      'currency-code': item.currency,
      'a-to-z-claim': 'N',
      'is-prime': 'N',
      asin: item.ASIN,
      'merchant-sku': item.SellerSKU,
      'item-name': item.Title.replace(/[\t\r\n]+/g, ' '),
      'return-quantity': String(line.quantity),
      'return-reason': record.reason,
      'in-policy': 'Y',
      'return-type': 'C-Returns',
      resolution: 'StandardRefund',
      'return-delivery-date': record.receivedAt ? reportTime(record.receivedAt) : '',
      'order-amount': (Number(item.unitPrice) * item.QuantityOrdered).toFixed(2),
      'order-quantity': String(item.QuantityOrdered),
    });
    return RETURNS_REPORT_COLUMNS.map((c) => cells[c]);
  });
}

/** The returns report of a seller for returns requested from `start` to `end` (ISO): the file, or undefined when none. */
export function returnsReport(seller: SellerRecord, start: string, end: string): string | undefined {
  const rows = Object.values(seller.returns ?? {})
    .filter((r) => r.requestedAt >= start && r.requestedAt <= end && seller.orders[r.orderId])
    .sort((a, b) => a.requestedAt.localeCompare(b.requestedAt))
    .flatMap((r) => reportRows(seller.orders[r.orderId]!, r));
  if (rows.length === 0) return undefined;
  return [RETURNS_REPORT_COLUMNS.join('\t'), ...rows.map((row) => row.join('\t'))].join('\n') + '\n';
}

/** The control API's returns (see the shared returnControlRoutes). */
export function returnControlRoutes(router: Router, context: AmazonContext) {
  sharedReturnControlRoutes(router, context, {
    request: (sellerId, orderId, asked) => createReturn(context.state(), sellerId, orderId, asked).returnId,
    receive: (sellerId, returnId, restock) => receiveReturn(context.state(), sellerId, returnId, restock),
  });
}

/** A report document's id, as Amazon's look (amzn1.spdoc...). */
export const reportDocumentId = () => `amzn1.spdoc.1.4.na.${crypto.randomUUID()}`;
