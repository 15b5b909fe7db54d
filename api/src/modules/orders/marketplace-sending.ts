/**
 * One outbox row (a shipment, a cancellation, a refund) sent to the order's marketplace by the
 * `orders.fulfil` job. Every step runs the same way: the row read, left alone once settled, an
 * attempt counted, the marketplace's call made, and its answer settled with the step's effects in one
 * transaction. Safe to run twice: a row no longer sending is left alone, and the adapters count what
 * the marketplace holds already as confirmed. A 429, a 5xx or a lost answer is thrown, so pg-boss
 * tries again with its growing wait, until MAX_SEND_ATTEMPTS; a refusal fails the row with the
 * marketplace's words.
 */
import type { AppContext } from '../../context.ts';
import type { Db, Transaction } from '../../db/client.ts';
import { findChannel, type ChannelRecord } from '../../db/queries/channels.ts';
import { insertOrderEvents, ordersOfAccount } from '../../db/queries/order-pages.ts';
import { countOutboxAttempt, settleOutboxRow, type OutboxKind } from '../../db/queries/order-outbox.ts';
import { touchOrders } from '../../db/queries/shipments.ts';
import type { OrderEventKind } from '../../db/schema/index.ts';
import { MarketplaceError } from '../../marketplaces/errors.ts';
import type { MarketplaceAdapter } from '../../marketplaces/marketplace-adapter.ts';
import { adapterForChannel } from '../channel-access/channel-adapter.ts';
import { failureReason, withChannelHealth } from '../channel-access/channel-health.ts';
import { actorName, marketplaceNames } from './order-timeline.ts';

/** Attempts (each after pg-boss's growing wait) before a row the marketplace keeps turning away is failed. */
export const MAX_SEND_ATTEMPTS = 8;

export type SentOrder = Awaited<ReturnType<typeof ordersOfAccount>>[number];

/** What every outbox row carries. */
export interface OutboxRow {
  id: string;
  orderId: string;
  channelId: string;
  state: string;
  createdBy: string | null;
  createdAt: Date;
}

/** The marketplace's answer to one step, its own id for what it holds where it gives one. */
export type StepOutcome =
  { outcome: 'confirmed'; marketplaceId?: string | null } | { outcome: 'rejected'; message: string };

export interface Sending<Row extends OutboxRow> {
  order: SentOrder;
  channel: ChannelRecord;
  row: Row;
  /** This attempt's number (1 for the first): above 1, an earlier one never settled, its outcome maybe unknown. */
  attempt: number;
}

/** The step-specific parts of sending one outbox row. */
export interface OutboxStep<Row extends OutboxRow> {
  kind: OutboxKind;
  load(db: Db): Promise<Row | undefined>;
  /** The marketplace's own call, or a refusal where the adapter has none. */
  send(adapter: MarketplaceAdapter, sending: Sending<Row>, signal?: AbortSignal): Promise<StepOutcome>;
  /** The timeline event of a refusal, and whom it names: the seller who asked, or the marketplace that refused. */
  failure: { event: OrderEventKind; by: 'seller' | 'marketplace' };
  /** What confirming does besides settling the row (timeline, status, stock), in the same transaction. */
  confirm(
    tx: Transaction,
    sending: Sending<Row> & { actor: string; at: Date; marketplaceId: string | null },
  ): Promise<void>;
}

export async function sendToMarketplace<Row extends OutboxRow>(
  ctx: AppContext,
  accountId: string,
  step: OutboxStep<Row>,
  signal?: AbortSignal,
): Promise<'sent' | 'nothing'> {
  const row = await step.load(ctx.db);
  if (!row || row.state !== 'sending') return 'nothing';
  const [order] = await ordersOfAccount(ctx.db, accountId, [row.orderId]);
  const channel = await findChannel(ctx.db, accountId, row.channelId);
  if (!order || !channel) return 'nothing';
  const attempt = await countOutboxAttempt(ctx.db, step.kind, accountId, row.id);
  if (attempt === undefined) return 'nothing';
  const sending: Sending<Row> = { order, channel, row, attempt };

  let outcome: StepOutcome;
  try {
    outcome = await withChannelHealth(ctx, channel, async () =>
      step.send(await adapterForChannel(ctx, channel), sending, signal),
    );
  } catch (error) {
    const again = !(error instanceof MarketplaceError) || error.retryable || error.kind === 'outcome_unknown';
    if (again && attempt < MAX_SEND_ATTEMPTS) throw error;
    outcome = { outcome: 'rejected', message: failureReason(channel, error) };
  }

  // Read before the transaction: on the embedded database, whose one connection the transaction holds.
  const at = ctx.clock();
  const actor = await actorName(ctx, row.createdBy);
  await ctx.db.transaction(async (tx) => {
    const settled = await settleOutboxRow(
      tx,
      step.kind,
      accountId,
      row.id,
      outcome.outcome === 'confirmed'
        ? { state: 'confirmed', marketplaceId: outcome.marketplaceId ?? null }
        : { state: 'failed', message: outcome.message },
      at,
    );
    if (!settled) return;
    if (outcome.outcome === 'rejected') {
      const by = step.failure.by === 'seller' ? actor : marketplaceNames[channel.kind];
      await insertOrderEvents(tx, accountId, [
        { orderId: order.id, kind: step.failure.event, at, actor: by, detail: outcome.message },
      ]);
      await touchOrders(tx, accountId, [order.id], at);
      return;
    }
    await step.confirm(tx, { ...sending, actor, at, marketplaceId: outcome.marketplaceId ?? null });
  });
  return 'sent';
}

/**
 * On an attempt after one whose answer never came (a timeout, a 5xx after sending), the adapter is
 * told since when the marketplace may hold this request already: where the marketplace takes no key
 * of ours (eBay refunds, Walmart cancellations), it reads the order back before sending again.
 */
export const earlierAttempt = (row: OutboxRow, attempt: number): { earlierAttemptSince?: string } =>
  attempt > 1 ? { earlierAttemptSince: row.createdAt.toISOString() } : {};
