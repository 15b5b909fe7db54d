/**
 * Refunds on eBay: issueRefund (POST /order/{order_id}/issue_refund, sell_fulfillment_v1) gives back a
 * whole order's amount (orderLevelRefundAmount) or amounts by line (refundItems), with eBay's reason and
 * the seller's note to the buyer as its comment.
 *
 * Sending again. eBay takes no idempotency key here, and IssueRefundRequest has no field of ours that
 * eBay hands back: the comment is shown to the buyer and no read returns it, so our refundId is not put
 * in it (it would only cost the buyer's note 36 of its 100 characters). What getOrder does return is
 * every refund eBay holds under eBay's own refundId, with its amounts: paymentSummary.refunds (OrderRefund)
 * for an order-level refund, lineItems[].refunds (LineItemRefund) for refunds by line. So a refund is
 * recognised by its amounts among those eBay did not hold before we first sent it: the refund ids held
 * then are kept per refundId (with eBay's id once confirmed), and a resend reads the order first. After a
 * restart that memory is gone, so an attempt after one whose outcome is unknown says since when eBay may
 * hold it (`earlierAttemptSince`, when we recorded the refund): a refund of exactly these amounts that eBay
 * dated since then counts as ours, and nothing is sent again (a partial refund would otherwise be given
 * twice: eBay refuses only what exceeds the order). eBay's own guards stand besides (34917 "already
 * refunded", 34915 and 34924 "exceeds" what is left): such a refusal with a refund of exactly these amounts
 * held counts as ours.
 */
import { MarketplaceError } from '../errors.ts';
import type { RefundOutcome, RefundReason, RefundRequest } from '../types.ts';
import type { EbayClient } from './ebay-client.ts';
import { toEbayAmount } from './transform.ts';
import type { EbayAmount, EbayIssueRefundRequest, EbayOrder, EbayRefundReason, EbayRefundResponse } from './types.ts';

/** The comment's "Max Length: 100" (IssueRefundRequest.comment). */
export const EBAY_REFUND_COMMENT_MAX = 100;

/**
 * Our reasons as eBay's ReasonForRefundEnum: a damaged item is one "not as described" on eBay; a
 * refund for a late parcel is a goodwill adjustment (ITEM_NOT_RECEIVED is for a parcel that never came).
 */
const ebayReasonOf: Record<RefundReason, EbayRefundReason> = {
  'buyer returned': 'BUYER_RETURN',
  damaged: 'ITEM_NOT_AS_DESCRIBED',
  'not as described': 'ITEM_NOT_AS_DESCRIBED',
  'buyer cancelled': 'BUYER_CANCEL',
  'shipping delay': 'OTHER_ADJUSTMENT',
  other: 'OTHER_ADJUSTMENT',
};

/** eBay's refusals that say the money was given back already: a lost answer's refund may be the cause. */
const ALREADY_REFUNDED_CODES = new Set(['34915', '34917', '34924']);
/** "Refund can't be issued while previous refund is processing": try again later. */
const PREVIOUS_REFUND_PROCESSING = '34922';

export const REFUND_SCOPE_MISSING =
  'This eBay channel was connected before Marketplace Hub could issue refunds: reconnect it to eBay (granting refunds), or refund the buyer in Seller Hub.';

const cents = (value: string | undefined) => Math.round(Number(value ?? NaN) * 100);

/** issueRefund's body: the whole order's amount, or each line's (summed when a line is named twice). */
export function toIssueRefundRequest(request: RefundRequest): EbayIssueRefundRequest {
  const note = request.note?.trim().slice(0, EBAY_REFUND_COMMENT_MAX);
  const common = { reasonForRefund: ebayReasonOf[request.reason], ...(note ? { comment: note } : {}) };
  if (request.wholeOrder || request.lines.length === 0)
    return { ...common, orderLevelRefundAmount: toEbayAmount(request.total) };
  const byLine = new Map<string, EbayAmount>();
  for (const line of request.lines) {
    const sum = cents(byLine.get(line.lineId)?.value ?? '0') + cents(line.amount.amount);
    byLine.set(line.lineId, { value: (sum / 100).toFixed(2), currency: line.amount.currency });
  }
  return { ...common, refundItems: [...byLine].map(([lineItemId, refundAmount]) => ({ lineItemId, refundAmount })) };
}

/** A refund eBay holds on an order: its whole amount, and per line where it was given by line (cents). */
export interface HeldRefund {
  totalCents: number;
  currency: string | undefined;
  lines: Map<string, number>;
  /** eBay's refundDate (the earliest, for a refund by line), when it gives one. */
  at: string | undefined;
}

/** The refunds an order read shows, by eBay's refund id (FAILED ones left out: no money moved). */
export function heldRefunds(order: EbayOrder): Map<string, HeldRefund> {
  const held = new Map<string, HeldRefund>();
  const entry = (id: string) => {
    let refund = held.get(id);
    if (!refund) held.set(id, (refund = { totalCents: 0, currency: undefined, lines: new Map(), at: undefined }));
    return refund;
  };
  const orderLevel = new Set<string>();
  for (const refund of order.paymentSummary?.refunds ?? []) {
    const id = refund.refundId ?? refund.refundReferenceId;
    if (!id || refund.refundStatus === 'FAILED') continue;
    Object.assign(entry(id), {
      totalCents: cents(refund.amount?.value),
      currency: refund.amount?.currency,
      at: refund.refundDate,
    });
    orderLevel.add(id);
  }
  for (const line of order.lineItems ?? [])
    for (const refund of line.refunds ?? []) {
      if (!refund.refundId || !line.lineItemId) continue;
      const held = entry(refund.refundId);
      const amount = cents(refund.amount?.value);
      held.lines.set(line.lineItemId, (held.lines.get(line.lineItemId) ?? 0) + amount);
      if (refund.refundDate && !(held.at && held.at <= refund.refundDate)) held.at = refund.refundDate;
      if (!orderLevel.has(refund.refundId)) {
        held.totalCents += amount;
        held.currency ??= refund.amount?.currency;
      }
    }
  return held;
}

/** Whether a refund eBay holds gives back exactly what this request sends. */
export function isSameRefund(held: HeldRefund, sent: EbayIssueRefundRequest): boolean {
  if (sent.orderLevelRefundAmount)
    return (
      held.totalCents === cents(sent.orderLevelRefundAmount.value) &&
      (held.currency ?? sent.orderLevelRefundAmount.currency) === sent.orderLevelRefundAmount.currency
    );
  const items = sent.refundItems ?? [];
  return (
    held.lines.size === items.length &&
    items.every((item) => held.lines.get(item.lineItemId) === cents(item.refundAmount.value))
  );
}

/** The id of a refund eBay holds that is this one, among those not in `before` (all of them when undefined). */
export function findSameRefund(
  held: Map<string, HeldRefund>,
  sent: EbayIssueRefundRequest,
  before: ReadonlySet<string> | undefined,
): string | undefined {
  for (const [id, refund] of held) if (!before?.has(id) && isSameRefund(refund, sent)) return id;
  return undefined;
}

/** Leeway between our clock and eBay's, when telling refunds given before a request was recorded. */
export const EBAY_CLOCK_LEEWAY_MS = 60_000;

/**
 * The refunds eBay held before a request recorded at `since` could have reached it: all of them when
 * `since` is undefined (a first attempt); else those eBay dated before it (less the leeway), or undated.
 */
export function heldBefore(held: Map<string, HeldRefund>, since: string | undefined): Set<string> {
  if (since === undefined) return new Set(held.keys());
  const from = Date.parse(since) - EBAY_CLOCK_LEEWAY_MS;
  return new Set([...held].filter(([, refund]) => !(refund.at && Date.parse(refund.at) >= from)).map(([id]) => id));
}

const orderPath = (orderId: string) => `/order/${encodeURIComponent(orderId)}`;

/** What this process sent of a refund: the eBay refunds the order held before, and eBay's id once confirmed. */
export interface RefundSent {
  before: ReadonlySet<string>;
  confirmedAs?: string | null;
}

/**
 * Issues one refund. The order is read first: a resend finds its refund there (confirmed with eBay's
 * id) instead of refunding twice. 429 is retried by the client; a 5xx is not (eBay may have refunded),
 * it is thrown retryable like a 429 whose retries are spent, and the next attempt reads first. eBay's
 * refusal comes back in its words; "a previous refund is processing" is thrown retryable.
 */
export async function refundEbayOrder(
  client: EbayClient,
  refundsSent: Map<string, RefundSent>,
  request: RefundRequest,
  signal?: AbortSignal,
): Promise<RefundOutcome> {
  const sent = toIssueRefundRequest(request);
  const withSignal = signal ? { signal } : {};
  const readHeld = async () =>
    heldRefunds(
      (
        await client.request<EbayOrder>('fulfillment', {
          method: 'GET',
          url: orderPath(request.marketplaceOrderId),
          ...withSignal,
        })
      ).body,
    );
  const sentAlready = refundsSent.get(request.refundId);
  if (sentAlready?.confirmedAs !== undefined)
    return { outcome: 'confirmed', marketplaceRefundId: sentAlready.confirmedAs };
  const confirmed = (marketplaceRefundId: string | null): RefundOutcome => {
    refundsSent.set(request.refundId, { before: new Set(), confirmedAs: marketplaceRefundId });
    return { outcome: 'confirmed', marketplaceRefundId };
  };

  let held: Map<string, HeldRefund>;
  try {
    held = await readHeld();
  } catch (error) {
    if (!(error instanceof MarketplaceError) || error.kind !== 'rejected') throw error;
    return { outcome: 'rejected', message: error.message, ...(error.details.code ? { code: error.details.code } : {}) };
  }
  const before = sentAlready?.before ?? heldBefore(held, request.earlierAttemptSince);
  const heldAlready = (sentAlready || request.earlierAttemptSince) && findSameRefund(held, sent, before);
  if (heldAlready) return confirmed(heldAlready);
  refundsSent.set(request.refundId, { before });

  try {
    const { body } = await client.request<EbayRefundResponse>('fulfillment', {
      method: 'POST',
      url: `${orderPath(request.marketplaceOrderId)}/issue_refund`,
      body: sent,
      notReplayable: true,
      ...withSignal,
    });
    if (body.refundStatus === 'FAILED') {
      refundsSent.delete(request.refundId);
      return { outcome: 'rejected', message: 'eBay could not issue the refund (refundStatus FAILED).' };
    }
    return confirmed(body.refundId ?? null);
  } catch (error) {
    if (!(error instanceof MarketplaceError) || (error.kind !== 'rejected' && error.kind !== 'outcome_unknown'))
      throw error;
    const after = await readHeld();
    const code = error.details.code;
    const mine =
      findSameRefund(after, sent, before) ??
      (code && ALREADY_REFUNDED_CODES.has(code) ? findSameRefund(after, sent, undefined) : undefined);
    if (mine) return confirmed(mine);
    if (error.kind === 'outcome_unknown') throw error;
    if (code === PREVIOUS_REFUND_PROCESSING) throw new MarketplaceError('unavailable', error.message, error.details);
    refundsSent.delete(request.refundId);
    return { outcome: 'rejected', message: error.message, ...(code ? { code } : {}) };
  }
}
