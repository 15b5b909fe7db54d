/**
 * A seller's cancellations and refunds by Walmart's Orders API (cancelOrderLines, refundOrderLines), and
 * buyers' returns by its Returns API (getReturns).
 *
 * Sending again. Walmart takes no idempotency key. A refund carries our refundId (RefundType.refundId)
 * and the order read hands it back on the line, so a refund reads the order first and one held already
 * counts as confirmed. A cancellation carries nothing of ours: Walmart reports only how many units of
 * each line are Cancelled. So the units each line had cancelled before a cancellation was first sent
 * are kept per cancellationId, and a resend reads the order first: the lines cancelled that much further
 * count as this cancellation. After a restart that memory is gone: an attempt after one whose outcome
 * is unknown says since when Walmart may hold it (`earlierAttemptSince`), and lines that hold its units
 * cancelled and changed status since then count as this cancellation (walmartCancellationSince), so
 * nothing is cancelled twice. Walmart's own guard stands besides (it refuses to cancel more units than
 * are open), and such a refusal, with at least these units cancelled and fewer open, counts as this one.
 */
import { MarketplaceError } from '../errors.ts';
import type {
  CancellationOutcome,
  CancellationRequest,
  MarketplaceReturn,
  Page,
  RefundOutcome,
  RefundRequest,
} from '../types.ts';
import {
  cancellationUnits,
  cancelledUnitsByLine,
  invalidWalmartCancellation,
  invalidWalmartRefund,
  openUnitsByLine,
  walmartCancellationRecorded,
  walmartCancellationRequest,
  walmartCancellationSince,
  walmartRefundRecorded,
  walmartRefundRequest,
} from './order-actions-transform.ts';
import { returnsFromWalmart } from './returns-transform.ts';
import type { WalmartReturnsPage } from './order-action-types.ts';
import type { WalmartOrder, WalmartOrderResponse } from './types.ts';
import type { WalmartClient } from './walmart-client.ts';

/** Return orders per GET /v3/returns page (returns.json: cannot be larger than 200). */
export const RETURNS_PAGE_SIZE = 100;

/** What this process sent of a cancellation: the units per line, and each line's cancelled units before. */
export interface CancellationSent {
  units: Map<string, number>;
  before: Map<string, number>;
}

async function readOrder(client: WalmartClient, purchaseOrderId: string, signal?: AbortSignal): Promise<WalmartOrder> {
  const url = client.endpoints.order(purchaseOrderId);
  return (await client.call<WalmartOrderResponse>('ordersRead', { method: 'GET', url }, signal)).body.order;
}

/** A refusal in Walmart's words; a lost answer thrown retryable (the next attempt reads first); the rest thrown. */
function refusalOf(error: unknown): { outcome: 'rejected'; message: string; code?: string } {
  if (error instanceof MarketplaceError && error.kind === 'rejected')
    return { outcome: 'rejected', message: error.message, ...(error.details.code ? { code: error.details.code } : {}) };
  if (error instanceof MarketplaceError && error.kind === 'outcome_unknown')
    throw new MarketplaceError('unavailable', error.message, error.details);
  throw error;
}

/** Whether the order shows these units cancelled already and too few open to cancel them again. */
function cancelledBefore(units: Map<string, number>, order: WalmartOrder): boolean {
  const cancelled = cancelledUnitsByLine(order);
  const open = openUnitsByLine(order);
  return [...units].every(([line, amount]) => (cancelled.get(line) ?? 0) >= amount && (open.get(line) ?? 0) < amount);
}

/**
 * Cancels units of a purchase order's lines (every open unit for a whole order). A 429 or 5xx is
 * thrown (retryable); Walmart's refusal is answered in its words.
 */
export async function cancelWalmartOrder(
  client: WalmartClient,
  sent: Map<string, CancellationSent>,
  request: CancellationRequest,
  signal?: AbortSignal,
): Promise<CancellationOutcome> {
  const invalid = invalidWalmartCancellation(request);
  if (invalid) return { outcome: 'rejected', message: invalid };
  const purchaseOrderId = request.marketplaceOrderId;
  try {
    const order = await readOrder(client, purchaseOrderId, signal);
    const earlier = sent.get(request.cancellationId);
    if (earlier && walmartCancellationRecorded(earlier.units, earlier.before, order)) return { outcome: 'confirmed' };
    const since = request.earlierAttemptSince;
    if (!earlier && since && walmartCancellationSince(request, order, since)) return { outcome: 'confirmed' };
    const units = earlier?.units ?? cancellationUnits(request, order);
    if (units.size === 0)
      return { outcome: 'rejected', message: `Purchase order ${purchaseOrderId} has no open units` };
    if (!earlier) sent.set(request.cancellationId, { units, before: cancelledUnitsByLine(order) });
    try {
      await client.call<WalmartOrderResponse>(
        'ordersUpdate',
        {
          method: 'POST',
          url: client.endpoints.cancel(purchaseOrderId),
          body: walmartCancellationRequest(units, request.reason),
        },
        signal,
      );
    } catch (error) {
      // Sent before this process knew of it (a restart): Walmart refuses units no longer open.
      const refused = error instanceof MarketplaceError && error.kind === 'rejected' && error.details.status === 400;
      if (refused && !earlier && cancelledBefore(units, await readOrder(client, purchaseOrderId, signal)))
        return { outcome: 'confirmed' };
      throw error;
    }
    return { outcome: 'confirmed' };
  } catch (error) {
    return refusalOf(error);
  }
}

/**
 * Refunds order lines, each by its amount, under our refundId. The order is read first: a refund it
 * holds already is confirmed without another call. A 429 or 5xx is thrown (retryable); Walmart's
 * refusal is answered in its words.
 */
export async function refundWalmartOrder(
  client: WalmartClient,
  request: RefundRequest,
  signal?: AbortSignal,
): Promise<RefundOutcome> {
  const invalid = invalidWalmartRefund(request);
  if (invalid) return { outcome: 'rejected', message: invalid };
  const purchaseOrderId = request.marketplaceOrderId;
  try {
    const order = await readOrder(client, purchaseOrderId, signal);
    if (walmartRefundRecorded(request, order)) return { outcome: 'confirmed', marketplaceRefundId: request.refundId };
    const answer = await client.call<WalmartOrderResponse>(
      'ordersUpdate',
      { method: 'POST', url: client.endpoints.refund(purchaseOrderId), body: walmartRefundRequest(request) },
      signal,
    );
    const held = answer.body?.order?.orderLines?.orderLine.find((line) => line.refund?.refundId === request.refundId);
    return { outcome: 'confirmed', marketplaceRefundId: held?.refund?.refundId ?? request.refundId };
  } catch (error) {
    return refusalOf(error);
  }
}

/** Return orders modified since the time, a page at a time (Walmart's nextCursor), oldest change first. */
export async function walmartReturnsSince(
  client: WalmartClient,
  since: Date,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<MarketplaceReturn>> {
  const api = client.endpoints;
  const url = cursor
    ? api.returnsNext(cursor)
    : api.returns({ returnLastModifiedStartDate: since.toISOString(), limit: RETURNS_PAGE_SIZE });
  const body = (await client.call<WalmartReturnsPage>('returnsRead', { method: 'GET', url }, signal)).body;
  const orders = body.returnOrders ?? [];
  return {
    items: orders.flatMap(returnsFromWalmart).sort((a, b) => a.updatedAt.localeCompare(b.updatedAt)),
    next: orders.length > 0 && body.meta?.nextCursor ? body.meta.nextCursor : undefined,
  };
}
