/**
 * Marking orders shipped: each shipment checked before anything is sent, the good ones recorded and
 * handed to the `orders.fulfil` job in the same transaction, which sends each to the order's
 * marketplace until it confirms or refuses.
 */
import type { AppContext } from '../../context.ts';
import type { AuditContext } from '../audit/audit-log.ts';
import { recordAudit } from '../audit/audit-log.ts';
import {
  ordersOfAccount,
  shipmentsOfOrders,
  type OrderRecord,
  type ShipmentRecord,
} from '../../db/queries/order-pages.ts';
import { insertShipments, touchOrders, type NewShipment } from '../../db/queries/shipments.ts';
import { marketplaceOrderRules } from '../../marketplaces/registry.ts';
import { enqueueEach } from '../../workers/job-queue.ts';
import { ORDERS_FULFIL_QUEUE, type OrdersFulfilJob } from '../../workers/queues.ts';
import { checkShipment, type ShipmentAsked } from './shipment-checks.ts';
import { marketplaceNames } from './order-timeline.ts';

export interface ShipmentRequest extends ShipmentAsked {
  orderId: string;
}

export interface ShipmentResult {
  orderId: string;
  outcome: 'sending' | 'ready' | 'refused';
  shipmentId: string | null;
  message: string | null;
}

export const NO_SUCH_ORDER = 'No such order.';

/** Checks every shipment against its order (and the ones before it in the same request), then records the good ones. */
export async function shipOrders(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  requests: ShipmentRequest[],
  options: { dryRun: boolean },
): Promise<ShipmentResult[]> {
  const orderIds = [...new Set(requests.map((r) => r.orderId))];
  const [found, earlier] = await Promise.all([
    ordersOfAccount(ctx.db, accountId, orderIds),
    shipmentsOfOrders(ctx.db, accountId, orderIds),
  ]);
  const orders = new Map(found.map((o) => [o.id, o]));
  const sent = new Map<string, Pick<ShipmentRecord, 'lines' | 'state'>[]>();
  for (const shipment of earlier) sent.set(shipment.orderId, [...(sent.get(shipment.orderId) ?? []), shipment]);
  const now = ctx.clock();

  const accepted: Array<{ index: number; shipment: NewShipment }> = [];
  const results: ShipmentResult[] = requests.map((request, index) => {
    const order = orders.get(request.orderId);
    if (!order) return { orderId: request.orderId, outcome: 'refused', shipmentId: null, message: NO_SUCH_ORDER };
    const check = checkShipment(
      order,
      marketplaceNames[order.channelKind],
      marketplaceOrderRules[order.channelKind].carriers,
      sent.get(order.id) ?? [],
      request,
      now,
    );
    if (!check.ok) return { orderId: order.id, outcome: 'refused', shipmentId: null, message: check.message };
    // A later shipment of the same order in this request ships only what this one leaves.
    sent.set(order.id, [...(sent.get(order.id) ?? []), { lines: check.lines, state: 'sending' }]);
    accepted.push({ index, shipment: shipmentOf(order, check, audit.actorUserId) });
    return { orderId: order.id, outcome: 'ready', shipmentId: null, message: null };
  });
  if (options.dryRun || accepted.length === 0) return results;

  await ctx.db.transaction(async (tx) => {
    const recorded = await insertShipments(
      tx,
      accountId,
      accepted.map((a) => a.shipment),
      now,
    );
    for (const [i, { index }] of accepted.entries())
      results[index] = { ...results[index]!, outcome: 'sending', shipmentId: recorded[i]!.id };
    await enqueueEach<OrdersFulfilJob>(
      ctx.jobs,
      tx,
      ORDERS_FULFIL_QUEUE,
      recorded.map((shipment, i) => ({
        data: { mode: 'ship', accountId, shipmentId: shipment.id },
        // Grouped by channel: a marketplace that paces slowly (Amazon's 2 a second) holds at most its group's share of the workers.
        options: { groupId: accepted[i]!.shipment.channelId },
      })),
    );
    await touchOrders(
      tx,
      accountId,
      accepted.map((a) => a.shipment.orderId),
      now,
    );
    await recordAudit(tx, audit, {
      action: 'orders.shipped',
      accountId,
      targetType: 'order',
      ...(accepted.length === 1 ? { targetId: accepted[0]!.shipment.orderId } : {}),
      after: {
        shipments: accepted.length,
        orders: accepted.slice(0, 50).map((a) => ({
          orderId: a.shipment.orderId,
          carrier: a.shipment.carrier,
          trackingNumber: a.shipment.trackingNumber,
          units: a.shipment.lines.reduce((sum, l) => sum + l.quantity, 0),
        })),
      },
    });
  });
  return results;
}

function shipmentOf(
  order: OrderRecord,
  check: Extract<ReturnType<typeof checkShipment>, { ok: true }>,
  createdBy: string | null,
): NewShipment {
  return {
    orderId: order.id,
    channelId: order.channelId,
    carrier: check.carrier.code,
    trackingNumber: check.trackingNumber,
    shippedAt: check.shippedAt,
    lines: check.lines,
    createdBy,
  };
}
