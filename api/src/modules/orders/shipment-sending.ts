/**
 * The 'ship' job: one shipment sent to the order's marketplace. Safe to run twice: a shipment no
 * longer sending is left alone, and the adapter's confirmShipment counts one the marketplace holds
 * already as confirmed. A 429 or 5xx is thrown, so pg-boss tries again with backoff, until
 * MAX_SHIPMENT_ATTEMPTS; a refusal fails the shipment with the marketplace's words.
 */
import type { AppContext } from '../../context.ts';
import { findChannel } from '../../db/queries/channels.ts';
import { insertOrderEvents, ordersOfAccount, shipmentsOfOrders } from '../../db/queries/order-pages.ts';
import {
  countShipmentAttempt,
  touchOrders,
  settleShipment,
  shipmentById,
  type SentShipment as Shipment,
} from '../../db/queries/shipments.ts';
import { MarketplaceError } from '../../marketplaces/errors.ts';
import { marketplaceOrderRules } from '../../marketplaces/registry.ts';
import type { ShipmentOutcome } from '../../marketplaces/types.ts';
import type { OrdersFulfilJob } from '../../workers/queues.ts';
import { adapterForChannel } from '../channel-access/channel-adapter.ts';
import { failureReason, withChannelHealth } from '../channel-access/channel-health.ts';
import { actorName } from './order-timeline.ts';
import { fulfilmentAfterShipping } from './shipment-checks.ts';

/** Attempts (each after pg-boss's growing wait) before a shipment the marketplace keeps turning away is failed. */
export const MAX_SHIPMENT_ATTEMPTS = 8;

export async function sendShipment(
  ctx: AppContext,
  job: Extract<OrdersFulfilJob, { mode: 'ship' }>,
  signal?: AbortSignal,
): Promise<'sent' | 'nothing'> {
  const shipment = await shipmentById(ctx.db, job.accountId, job.shipmentId);
  if (!shipment || shipment.state !== 'sending') return 'nothing';
  const [order] = await ordersOfAccount(ctx.db, job.accountId, [shipment.orderId]);
  const channel = await findChannel(ctx.db, job.accountId, shipment.channelId);
  if (!order || !channel) return 'nothing';
  const attempt = await countShipmentAttempt(ctx.db, job.accountId, shipment.id);
  if (attempt === undefined) return 'nothing';

  let outcome: ShipmentOutcome;
  try {
    outcome = await withChannelHealth(ctx, channel, async () => {
      const adapter = await adapterForChannel(ctx, channel);
      return adapter.confirmShipment(
        {
          marketplaceOrderId: order.marketplaceOrderId,
          shipmentId: shipment.id,
          carrier: shipment.carrier,
          trackingNumber: shipment.trackingNumber,
          shippedAt: shipment.shippedAt.toISOString(),
          lines: shipment.lines,
        },
        signal,
      );
    });
  } catch (error) {
    const again = !(error instanceof MarketplaceError) || error.retryable || error.kind === 'outcome_unknown';
    if (again && attempt < MAX_SHIPMENT_ATTEMPTS) throw error;
    outcome = { outcome: 'rejected', message: failureReason(channel, error) };
  }
  await settle(ctx, job.accountId, shipment, order, outcome);
  return 'sent';
}

type Order = Awaited<ReturnType<typeof ordersOfAccount>>[number];

/** The marketplace's answer recorded: the shipment settled, the order's timeline and status told, in one transaction. */
async function settle(ctx: AppContext, accountId: string, shipment: Shipment, order: Order, outcome: ShipmentOutcome) {
  const at = ctx.clock();
  const carrierName =
    marketplaceOrderRules[order.channelKind].carriers.find((c) => c.code === shipment.carrier)?.name ??
    shipment.carrier;
  const units = shipment.lines.reduce((sum, l) => sum + l.quantity, 0);
  const actor = await actorName(ctx, shipment.createdBy);
  await ctx.db.transaction(async (tx) => {
    const settled = await settleShipment(
      tx,
      accountId,
      shipment.id,
      outcome.outcome === 'confirmed'
        ? { state: 'confirmed', marketplaceShipmentId: outcome.marketplaceShipmentId }
        : { state: 'failed', message: outcome.message },
      at,
    );
    if (!settled) return;
    if (outcome.outcome === 'rejected') {
      await insertOrderEvents(tx, accountId, [
        { orderId: order.id, kind: 'shipment failed', at, actor, detail: outcome.message },
      ]);
      await touchOrders(tx, accountId, [order.id], at);
      return;
    }
    await insertOrderEvents(tx, accountId, [
      {
        orderId: order.id,
        kind: 'shipped',
        at,
        actor,
        detail: `${carrierName} ${shipment.trackingNumber}, ${units} unit${units === 1 ? '' : 's'}`,
      },
    ]);
    const all = await shipmentsOfOrders(tx, accountId, [order.id]);
    const fulfilment = fulfilmentAfterShipping(order, all);
    await touchOrders(tx, accountId, [order.id], at, fulfilment !== order.fulfilment ? fulfilment : undefined);
  });
}
