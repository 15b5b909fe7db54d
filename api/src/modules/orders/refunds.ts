/**
 * A seller's refund, the whole order or by line: checked against the order and the refunds before
 * it, recorded, and, where the marketplace's API takes refunds, handed to the `orders.fulfil` job in
 * the same transaction, which sends it until the marketplace answers. Where it does not, the refund
 * is `recorded`: the seller gives it on the marketplace, and it is kept here for analytics.
 */
import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import type { AuditContext } from '../audit/audit-log.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { insertOrderEvents, ordersOfAccount } from '../../db/queries/order-pages.ts';
import { insertRefund, refundById, refundsOfOrder, type RefundRecord } from '../../db/queries/order-actions.ts';
import { touchOrders } from '../../db/queries/shipments.ts';
import { marketplaceOrderRules } from '../../marketplaces/registry.ts';
import type { RefundReason } from '../../marketplaces/types.ts';
import { enqueue } from '../../workers/job-queue.ts';
import { ORDERS_FULFIL_QUEUE, type OrdersFulfilJob } from '../../workers/queues.ts';
import { earlierAttempt, sendToMarketplace, type OutboxStep } from './marketplace-sending.ts';
import { checkRefund, refundableCents, toCents } from './order-action-checks.ts';
import { actorName, marketplaceNames } from './order-timeline.ts';
import { NO_SUCH_ORDER } from './shipping.ts';

export interface RefundAsked {
  reason: RefundReason;
  note?: string;
  lines?: Array<{ lineId: string; quantity: number; amount?: string }>;
}

const refundDetail = (refund: Pick<RefundRecord, 'wholeOrder' | 'totalAmount' | 'currency' | 'lines' | 'reason'>) =>
  `${refund.totalAmount} ${refund.currency}${
    refund.wholeOrder ? ', whole order' : `: ${refund.lines.map((l) => `${l.quantity} × ${l.sku}`).join(', ')}`
  } (${refund.reason})`;

export async function refundOrder(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  orderId: string,
  asked: RefundAsked,
): Promise<RefundRecord> {
  // Read before the transaction: on the embedded database, whose one connection the transaction holds.
  const actor = await actorName(ctx, audit.actorUserId);
  return ctx.db.transaction(async (tx) => {
    const [order] = await ordersOfAccount(tx, accountId, [orderId], { lock: true });
    if (!order) throw new AppError(404, NO_SUCH_ORDER);
    const earlier = await refundsOfOrder(tx, accountId, orderId);
    const check = checkRefund(order, earlier, asked);
    if (!check.ok) throw new AppError(check.status, check.message);
    const byApi = marketplaceOrderRules[order.channelKind].refund.api;
    const at = ctx.clock();
    const refund = await insertRefund(
      tx,
      accountId,
      {
        orderId,
        channelId: order.channelId,
        reason: asked.reason,
        note: asked.note?.trim() || null,
        wholeOrder: check.wholeOrder,
        lines: check.lines,
        totalAmount: check.total.amount,
        currency: check.total.currency,
        state: byApi ? 'sending' : 'recorded',
        createdBy: audit.actorUserId,
      },
      at,
    );
    if (byApi)
      await enqueue<OrdersFulfilJob>(
        ctx.jobs,
        tx,
        ORDERS_FULFIL_QUEUE,
        { mode: 'refund', accountId, refundId: refund.id },
        { groupId: order.channelId },
      );
    else await settleRefunded(ctx, tx, accountId, order, [...earlier, refund], refund, actor, at);
    await touchOrders(tx, accountId, [orderId], at);
    await recordAudit(tx, audit, {
      action: 'orders.refunded',
      accountId,
      targetType: 'order',
      targetId: orderId,
      after: { total: check.total, wholeOrder: check.wholeOrder, lines: check.lines, sent: byApi },
    });
    return refund;
  });
}

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

/** A refund given: the timeline says so, and an order refunded in full is `refunded`. */
async function settleRefunded(
  ctx: AppContext,
  tx: Tx,
  accountId: string,
  order: Awaited<ReturnType<typeof ordersOfAccount>>[number],
  refunds: RefundRecord[],
  refund: RefundRecord,
  actor: string,
  at: Date,
) {
  await insertOrderEvents(tx, accountId, [
    {
      orderId: order.id,
      kind: 'refunded',
      at,
      actor,
      detail: `${refundDetail(refund)}${refund.state === 'recorded' ? ` — recorded; given on ${marketplaceNames[order.channelKind]}` : ''}`,
    },
  ]);
  const settledRefunds = refunds.map((r) => (r.id === refund.id ? { ...r, state: refund.state } : r));
  const fully =
    order.totalAmount !== null && refundableCents(order, settledRefunds) === 0 && toCents(order.totalAmount) > 0;
  await touchOrders(tx, accountId, [order.id], at, fully ? 'refunded' : undefined);
}

/**
 * The 'refund' job, by `sendToMarketplace`. Safe to run twice: the adapter counts one the marketplace
 * holds as confirmed (an attempt after one whose answer was lost reads the order back first).
 */
export function sendRefund(
  ctx: AppContext,
  job: Extract<OrdersFulfilJob, { mode: 'refund' }>,
  signal?: AbortSignal,
): Promise<'sent' | 'nothing'> {
  const { accountId } = job;
  const step: OutboxStep<RefundRecord> = {
    kind: 'refund',
    load: (db) => refundById(db, accountId, job.refundId),
    async send(adapter, { order, row: refund, attempt }, sendSignal) {
      if (!adapter.refundOrder) return { outcome: 'rejected', message: 'This marketplace takes no refunds by API.' };
      const outcome = await adapter.refundOrder(
        {
          marketplaceOrderId: order.marketplaceOrderId,
          refundId: refund.id,
          reason: refund.reason,
          wholeOrder: refund.wholeOrder,
          lines: refund.lines,
          total: { amount: refund.totalAmount, currency: refund.currency },
          note: refund.note,
          ...earlierAttempt(refund, attempt),
        },
        sendSignal,
      );
      return outcome.outcome === 'confirmed'
        ? { outcome: 'confirmed', marketplaceId: outcome.marketplaceRefundId }
        : outcome;
    },
    failure: { event: 'refund failed', by: 'marketplace' },
    async confirm(tx, { order, row: refund, actor, at }) {
      const refunds = await refundsOfOrder(tx, accountId, order.id);
      await settleRefunded(ctx, tx, accountId, order, refunds, { ...refund, state: 'confirmed' }, actor, at);
    },
  };
  return sendToMarketplace(ctx, accountId, step, signal);
}
