/**
 * A seller's cancellation: checked against the order, recorded and handed to the `orders.fulfil`
 * job in one transaction; the job sends it by the marketplace's own call until it answers. Once the
 * marketplace confirms it, the units are released as a marketplace's own cancellation releases them
 * (every channel sent its new quantity), and the timeline says who cancelled what.
 */
import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import type { AuditContext } from '../audit/audit-log.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { insertOrderEvents, ordersOfAccount, shipmentsOfOrders } from '../../db/queries/order-pages.ts';
import {
  cancelOrderUnits,
  cancellationById,
  cancellationsOfOrder,
  insertCancellation,
  type CancellationRecord,
} from '../../db/queries/order-actions.ts';
import { touchOrders } from '../../db/queries/shipments.ts';
import { marketplaceOrderRules } from '../../marketplaces/registry.ts';
import type { CancellationReason } from '../../marketplaces/types.ts';
import { enqueue } from '../../workers/job-queue.ts';
import { ORDERS_FULFIL_QUEUE, type OrdersFulfilJob } from '../../workers/queues.ts';
import { checkCancellation } from './order-action-checks.ts';
import { moveStockForOrders } from './order-ledger.ts';
import { earlierAttempt, sendToMarketplace, type OutboxStep } from './marketplace-sending.ts';
import { marketplaceNames } from './order-timeline.ts';
import { NO_SUCH_ORDER } from './shipping.ts';

export interface CancellationAsked {
  reason: CancellationReason;
  lines?: Array<{ lineId: string; quantity: number }>;
}

export async function cancelOrder(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  orderId: string,
  asked: CancellationAsked,
): Promise<CancellationRecord> {
  return ctx.db.transaction(async (tx) => {
    const [order] = await ordersOfAccount(tx, accountId, [orderId], { lock: true });
    if (!order) throw new AppError(404, NO_SUCH_ORDER);
    const rules = marketplaceOrderRules[order.channelKind];
    if (!rules.cancel.api) throw new AppError(409, rules.cancel.why);
    const [sent, earlier] = await Promise.all([
      shipmentsOfOrders(tx, accountId, [orderId]),
      cancellationsOfOrder(tx, accountId, orderId),
    ]);
    const check = checkCancellation(order, rules, marketplaceNames[order.channelKind], sent, earlier, asked);
    if (!check.ok) throw new AppError(check.status, check.message);
    const at = ctx.clock();
    const cancellation = await insertCancellation(
      tx,
      accountId,
      {
        orderId,
        channelId: order.channelId,
        reason: asked.reason,
        wholeOrder: check.wholeOrder,
        lines: check.lines,
        createdBy: audit.actorUserId,
      },
      at,
    );
    await enqueue<OrdersFulfilJob>(
      ctx.jobs,
      tx,
      ORDERS_FULFIL_QUEUE,
      { mode: 'cancel', accountId, cancellationId: cancellation.id },
      { groupId: order.channelId },
    );
    await touchOrders(tx, accountId, [orderId], at);
    await recordAudit(tx, audit, {
      action: 'orders.cancelled',
      accountId,
      targetType: 'order',
      targetId: orderId,
      after: { reason: asked.reason, wholeOrder: check.wholeOrder, lines: check.lines },
    });
    return cancellation;
  });
}

/**
 * The 'cancel' job, by `sendToMarketplace`. Safe to run twice: the adapter counts one the marketplace
 * holds already as confirmed (an attempt after one whose answer was lost reads the order back first),
 * and the units move by what the order holds.
 */
export function sendCancellation(
  ctx: AppContext,
  job: Extract<OrdersFulfilJob, { mode: 'cancel' }>,
  signal?: AbortSignal,
): Promise<'sent' | 'nothing'> {
  const { accountId } = job;
  const step: OutboxStep<CancellationRecord> = {
    kind: 'cancellation',
    load: (db) => cancellationById(db, accountId, job.cancellationId),
    async send(adapter, { order, channel, row: cancellation, attempt }, sendSignal) {
      const rule = marketplaceOrderRules[channel.kind].cancel;
      if (!adapter.cancelOrder || !rule.api)
        return { outcome: 'rejected', message: rule.api ? 'This marketplace takes no cancellations.' : rule.why };
      return adapter.cancelOrder(
        {
          marketplaceOrderId: order.marketplaceOrderId,
          cancellationId: cancellation.id,
          reason: cancellation.reason,
          wholeOrder: cancellation.wholeOrder,
          lines: cancellation.lines,
          ...earlierAttempt(cancellation, attempt),
        },
        sendSignal,
      );
    },
    failure: { event: 'cancellation failed', by: 'marketplace' },
    async confirm(tx, { order, channel, row: cancellation, actor, at }) {
      const units = cancellation.lines.reduce((sum, l) => sum + l.quantity, 0);
      const recorded = await cancelOrderUnits(tx, accountId, order.id, cancellation.lines, at);
      const what = cancellation.wholeOrder
        ? 'Whole order'
        : cancellation.lines.map((l) => `${l.quantity} × ${l.sku}`).join(', ');
      await insertOrderEvents(tx, accountId, [
        {
          orderId: order.id,
          kind: 'cancelled',
          at,
          actor,
          detail: `${what} (${units} unit${units === 1 ? '' : 's'}): ${cancellation.reason}`,
        },
      ]);
      if (recorded) await moveStockForOrders(ctx, tx, channel, [recorded]);
    },
  };
  return sendToMarketplace(ctx, accountId, step, signal);
}
