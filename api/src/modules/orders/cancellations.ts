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
import { findChannel } from '../../db/queries/channels.ts';
import { insertOrderEvents, ordersOfAccount, shipmentsOfOrders } from '../../db/queries/order-pages.ts';
import {
  cancelOrderUnits,
  cancellationById,
  cancellationsOfOrder,
  countCancellationAttempt,
  insertCancellation,
  settleCancellation,
  type CancellationRecord,
} from '../../db/queries/order-actions.ts';
import { touchOrders } from '../../db/queries/shipments.ts';
import { MarketplaceError } from '../../marketplaces/errors.ts';
import { marketplaceOrderRules } from '../../marketplaces/registry.ts';
import type { CancellationOutcome, CancellationReason } from '../../marketplaces/types.ts';
import { enqueue } from '../../workers/job-queue.ts';
import { ORDERS_FULFIL_QUEUE, type OrdersFulfilJob } from '../../workers/queues.ts';
import { adapterForChannel } from '../channel-access/channel-adapter.ts';
import { failureReason, withChannelHealth } from '../channel-access/channel-health.ts';
import { checkCancellation } from './order-action-checks.ts';
import { moveStockForOrders } from './order-ledger.ts';
import { actorName, marketplaceNames } from './order-timeline.ts';
import { NO_SUCH_ORDER } from './shipping.ts';

/** Attempts (each after pg-boss's growing wait) before a cancellation the marketplace keeps turning away is failed. */
export const MAX_ORDER_REQUEST_ATTEMPTS = 8;

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
 * The 'cancel' job. Safe to run twice: a cancellation no longer sending is left alone, the adapter
 * counts one the marketplace holds already as confirmed, and the units move by what the order holds.
 */
export async function sendCancellation(
  ctx: AppContext,
  job: Extract<OrdersFulfilJob, { mode: 'cancel' }>,
  signal?: AbortSignal,
): Promise<'sent' | 'nothing'> {
  const cancellation = await cancellationById(ctx.db, job.accountId, job.cancellationId);
  if (!cancellation || cancellation.state !== 'sending') return 'nothing';
  const [order] = await ordersOfAccount(ctx.db, job.accountId, [cancellation.orderId]);
  const channel = await findChannel(ctx.db, job.accountId, cancellation.channelId);
  if (!order || !channel) return 'nothing';
  const attempt = await countCancellationAttempt(ctx.db, job.accountId, cancellation.id);
  if (attempt === undefined) return 'nothing';

  let outcome: CancellationOutcome;
  try {
    outcome = await withChannelHealth(ctx, channel, async () => {
      const adapter = await adapterForChannel(ctx, channel);
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
        },
        signal,
      );
    });
  } catch (error) {
    const again = !(error instanceof MarketplaceError) || error.retryable || error.kind === 'outcome_unknown';
    if (again && attempt < MAX_ORDER_REQUEST_ATTEMPTS) throw error;
    outcome = { outcome: 'rejected', message: failureReason(channel, error) };
  }

  const at = ctx.clock();
  const actor = await actorName(ctx, cancellation.createdBy);
  const units = cancellation.lines.reduce((sum, l) => sum + l.quantity, 0);
  await ctx.db.transaction(async (tx) => {
    const settled = await settleCancellation(
      tx,
      job.accountId,
      cancellation.id,
      outcome.outcome === 'confirmed' ? { state: 'confirmed' } : { state: 'failed', message: outcome.message },
      at,
    );
    if (!settled) return;
    if (outcome.outcome === 'rejected') {
      await insertOrderEvents(tx, job.accountId, [
        {
          orderId: order.id,
          kind: 'cancellation failed',
          at,
          actor: marketplaceNames[channel.kind],
          detail: outcome.message,
        },
      ]);
      await touchOrders(tx, job.accountId, [order.id], at);
      return;
    }
    const recorded = await cancelOrderUnits(tx, job.accountId, order.id, cancellation.lines, at);
    await insertOrderEvents(tx, job.accountId, [
      {
        orderId: order.id,
        kind: 'cancelled',
        at,
        actor,
        detail: `${cancellation.wholeOrder ? 'Whole order' : cancellation.lines.map((l) => `${l.quantity} × ${l.sku}`).join(', ')} (${units} unit${units === 1 ? '' : 's'}): ${cancellation.reason}`,
      },
    ]);
    if (recorded) await moveStockForOrders(ctx, tx, channel, [recorded]);
  });
  return 'sent';
}
