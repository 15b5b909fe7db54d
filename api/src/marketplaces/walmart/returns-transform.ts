/**
 * Buyers' returns from Walmart's getReturns (returns.json GetReturnOrdersResponse) as the hub's returns.
 * Pure: no I/O.
 *
 * How far a return has gone is each line's status with the latest event of its returnTrackingDetail
 * (Walmart's guide maps them: INITIATED with RETURN_INITIATED or RETURN_IN_TRANSIT; DELIVERED with
 * DELIVERED_AT_RETURN_CENTER; COMPLETED with REFUND_INITIATED, REFUND_ISSUED, INTRANSIT_AFTER_INVOICE,
 * DELIVERED_AFTER_INVOICE or RETURN_CANCELLED; https://developer.walmart.com/global-marketplace/docs/returns-and-refunds-api-overview).
 *
 * Whether units go back to stock: Walmart's return data names no disposition. What it does say is
 * whether the item comes back at all (returnExpectedFlag; isKeepIt: the buyer keeps it) and whether it
 * reached the return centre (the delivery events). A line is restocked when its item came back and was
 * expected back; a kept item, or one not yet back, is not.
 */
import type { MarketplaceReturn, Money, ReturnStatus } from '../types.ts';
import type { WalmartReturnMoney, WalmartReturnOrder, WalmartReturnOrderLine } from './order-action-types.ts';

const RECEIVED_EVENTS = new Set(['DELIVERED_AT_RETURN_CENTER', 'DELIVERED_AFTER_INVOICE']);
const REFUNDED_EVENTS = new Set([
  'REFUND_INITIATED',
  'REFUND_ISSUED',
  'INTRANSIT_AFTER_INVOICE',
  'DELIVERED_AFTER_INVOICE',
]);
/** Least advanced first: a return stands where its least advanced open line does. */
const progress: readonly ReturnStatus[] = ['requested', 'in transit', 'received', 'refunded'];

/** The line's latest event tag (by sequence number, else by time). */
function latestEvent(line: WalmartReturnOrderLine): string | undefined {
  const events = [...(line.returnTrackingDetail ?? [])].sort(
    (a, b) => (a.sequenceNo ?? 0) - (b.sequenceNo ?? 0) || (a.eventTime ?? '').localeCompare(b.eventTime ?? ''),
  );
  return events.at(-1)?.eventTag?.toUpperCase();
}

/** One line's status in the seller's words. */
export function returnLineStatus(line: WalmartReturnOrderLine): ReturnStatus {
  const status = line.status?.toUpperCase();
  const event = latestEvent(line);
  if (status === 'CANCELLED' || event === 'RETURN_CANCELLED') return 'closed';
  if (status === 'COMPLETED' || (event && REFUNDED_EVENTS.has(event))) return 'refunded';
  if (status === 'DELIVERED' || (event && RECEIVED_EVENTS.has(event))) return 'received';
  if (event === 'RETURN_IN_TRANSIT' || line.currentDeliveryStatus?.toUpperCase() === 'IN_TRANSIT') return 'in transit';
  return 'requested';
}

/** Whether the line's item came back to the seller, expected back (not kept by the buyer). */
export function returnLineRestocks(line: WalmartReturnOrderLine): boolean {
  if (line.isKeepIt === true || line.returnExpectedFlag === false) return false;
  const events = (line.returnTrackingDetail ?? []).map((e) => e.eventTag?.toUpperCase());
  return (
    line.status?.toUpperCase() === 'DELIVERED' ||
    line.currentDeliveryStatus?.toUpperCase() === 'DELIVERED' ||
    events.some((tag) => tag !== undefined && RECEIVED_EVENTS.has(tag))
  );
}

/** The return's status: closed when every line is; else where its least advanced open line stands. */
function returnStatusOf(lines: WalmartReturnOrderLine[]): ReturnStatus {
  const open = lines.map(returnLineStatus).filter((s) => s !== 'closed');
  if (open.length === 0) return lines.length > 0 ? 'closed' : 'requested';
  return progress[Math.min(...open.map((s) => progress.indexOf(s)))]!;
}

const money = (value: WalmartReturnMoney): Money => ({
  amount: value.currencyAmount.toFixed(2),
  currency: value.currencyUnit,
});

/** The latest time the return changed: its lines' status and event times, else the return's own date. */
function updatedAtOf(order: WalmartReturnOrder, lines: WalmartReturnOrderLine[], createdAt: string): string {
  const times = lines.flatMap((line) => [
    line.statusTime,
    ...(line.returnTrackingDetail ?? []).map((e) => e.eventTime),
    ...(line.currentTrackingStatuses ?? []).map((s) => s.statusTime),
  ]);
  const ms = times.map((t) => (t ? Date.parse(t) : NaN)).filter(Number.isFinite);
  return ms.length ? new Date(Math.max(Date.parse(createdAt) || 0, ...ms)).toISOString() : createdAt;
}

/**
 * A Walmart return order as the hub's returns, one per purchase order it covers (a return is made per
 * customer order, which Walmart may have split into purchase orders; ours are purchase orders). The
 * amount refunded is totalRefundAmount once Walmart reports the refund made.
 */
export function returnsFromWalmart(order: WalmartReturnOrder): MarketplaceReturn[] {
  const returnOrderId = order.returnOrderId ?? '';
  const byPurchaseOrder = new Map<string, WalmartReturnOrderLine[]>();
  for (const line of order.returnOrderLines ?? []) {
    const po = line.purchaseOrderId ?? order.customerOrderId ?? '';
    byPurchaseOrder.set(po, [...(byPurchaseOrder.get(po) ?? []), line]);
  }
  const createdAt = order.returnOrderDate ? new Date(order.returnOrderDate).toISOString() : new Date(0).toISOString();
  return [...byPurchaseOrder].map(([purchaseOrderId, lines]) => {
    const status = returnStatusOf(lines);
    return {
      marketplaceReturnId: byPurchaseOrder.size > 1 ? `${returnOrderId}/${purchaseOrderId}` : returnOrderId,
      marketplaceOrderId: purchaseOrderId,
      status,
      reason: lines.find((line) => line.returnReason)?.returnReason ?? null,
      lines: lines.map((line) => ({
        lineId: line.purchaseOrderLineNumber !== undefined ? String(line.purchaseOrderLineNumber) : null,
        sku: line.item?.sku ?? '',
        quantity: line.quantity?.measurementValue ?? 0,
        restock: returnLineRestocks(line),
      })),
      refunded: status === 'refunded' && order.totalRefundAmount ? money(order.totalRefundAmount) : null,
      createdAt,
      updatedAt: updatedAtOf(order, lines, createdAt),
    };
  });
}
