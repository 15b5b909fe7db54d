/**
 * An order's timeline as the engine records it (received, cancelled, acknowledged), and Walmart's
 * acknowledgement of new purchase orders.
 */
import { marketplaceNames } from '../../marketplaces/names.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { ChannelRecord } from '../../db/queries/channels.ts';
import type { RecordedOrder } from '../../db/queries/orders.ts';
import { insertFirstOrderEvents, insertOrderEvents, ordersOfAccount } from '../../db/queries/order-pages.ts';
import { markAcknowledged } from '../../db/queries/shipments.ts';
import type { OrderEventKind } from '../../db/schema/index.ts';
import { marketplaceOrderRules } from '../../marketplaces/registry.ts';
import type { MarketplaceKind } from '../../marketplaces/types.ts';
import { enqueue } from '../../workers/job-queue.ts';
import { ORDERS_FULFIL_QUEUE, type OrdersFulfilJob } from '../../workers/queues.ts';
import { adapterForChannel } from '../channel-access/channel-adapter.ts';
import { withChannelHealth } from '../channel-access/channel-health.ts';
import { findChannel } from '../../db/queries/channels.ts';
import { findUserById } from '../../db/queries/users.ts';

export { marketplaceNames };

/** Who the timeline names when the engine acted on its own. */
export const HUB_ACTOR = 'Marketplace Hub';

/** The name the timeline gives a person who acted (the engine, when nobody did). */
export async function actorName(ctx: AppContext, userId: string | null): Promise<string> {
  if (!userId) return HUB_ACTOR;
  const user = await findUserById(ctx.db, userId);
  if (!user) return HUB_ACTOR;
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}

/** The steps recording these orders took: a new order was received; an order that held units was cancelled. */
export function recordedOrderEvents(
  kind: MarketplaceKind,
  recorded: RecordedOrder[],
  at: Date,
): Array<{ orderId: string; kind: OrderEventKind; at: Date; actor: string }> {
  const actor = marketplaceNames[kind];
  return recorded.flatMap((order) => {
    const events: Array<{ orderId: string; kind: OrderEventKind; at: Date; actor: string }> = [];
    if (order.created) events.push({ orderId: order.id, kind: 'received', at, actor });
    const heldUnits = Object.values(order.accountedUnits).some((units) => units > 0);
    if (order.status === 'cancelled' && (order.created || heldUnits))
      events.push({ orderId: order.id, kind: 'cancelled', at, actor });
    return events;
  });
}

/**
 * Orders the marketplace now reports delivered (Walmart's Delivered line status) get a 'delivered'
 * step on their timeline, once: later reads of the same order find it told.
 */
export async function recordDeliveries(
  tx: Db,
  channel: Pick<ChannelRecord, 'accountId' | 'kind'>,
  recorded: RecordedOrder[],
  at: Date,
): Promise<void> {
  const delivered = recorded.filter((o) => o.fulfilment === 'delivered').map((o) => o.id);
  await insertFirstOrderEvents(tx, channel.accountId, 'delivered', delivered, at, marketplaceNames[channel.kind]);
}

/** New open orders of a marketplace that wants each acknowledged: one job for the lot, in the recording transaction. */
export async function requestAcknowledgements(
  ctx: AppContext,
  tx: Db,
  channel: Pick<ChannelRecord, 'id' | 'accountId' | 'kind'>,
  recorded: RecordedOrder[],
): Promise<void> {
  if (!marketplaceOrderRules[channel.kind].acknowledge) return;
  const orderIds = recorded.filter((o) => o.created && o.status === 'open').map((o) => o.id);
  if (orderIds.length === 0) return;
  await enqueue<OrdersFulfilJob>(
    ctx.jobs,
    tx,
    ORDERS_FULFIL_QUEUE,
    {
      mode: 'acknowledge',
      accountId: channel.accountId,
      channelId: channel.id,
      orderIds,
    },
    { groupId: channel.id },
  );
}

/** The 'acknowledge' job: each order acknowledged once (a replay finds it done), its timeline told. */
export async function acknowledgeOrders(
  ctx: AppContext,
  job: Extract<OrdersFulfilJob, { mode: 'acknowledge' }>,
  signal?: AbortSignal,
): Promise<void> {
  const channel = await findChannel(ctx.db, job.accountId, job.channelId);
  if (!channel) return;
  const waiting = (await ordersOfAccount(ctx.db, job.accountId, job.orderIds)).filter(
    (o) => o.acknowledgedAt === null && o.status === 'open',
  );
  if (waiting.length === 0) return;
  await withChannelHealth(ctx, channel, async () => {
    const adapter = await adapterForChannel(ctx, channel);
    if (!adapter.acknowledgeOrder) return;
    for (const order of waiting) {
      await adapter.acknowledgeOrder(order.marketplaceOrderId, signal);
      const at = ctx.clock();
      await ctx.db.transaction(async (tx) => {
        if (await markAcknowledged(tx, job.accountId, order.id, at))
          await insertOrderEvents(tx, job.accountId, [
            { orderId: order.id, kind: 'acknowledged', at, actor: HUB_ACTOR },
          ]);
      });
    }
  });
}
