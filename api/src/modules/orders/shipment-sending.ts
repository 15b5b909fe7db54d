/**
 * The 'ship' job: one shipment sent to the order's marketplace by `sendToMarketplace`. The adapter's
 * confirmShipment counts one the marketplace holds already as confirmed; once confirmed, the
 * timeline says what left with which carrier, and the order's status follows its shipments.
 */
import type { AppContext } from '../../context.ts';
import { insertOrderEvents, shipmentsOfOrders } from '../../db/queries/order-pages.ts';
import { shipmentById, touchOrders, type SentShipment } from '../../db/queries/shipments.ts';
import { marketplaceOrderRules } from '../../marketplaces/registry.ts';
import type { OrdersFulfilJob } from '../../workers/queues.ts';
import { sendToMarketplace, type OutboxStep } from './marketplace-sending.ts';
import { fulfilmentAfterShipping } from './shipment-checks.ts';

export function sendShipment(
  ctx: AppContext,
  job: Extract<OrdersFulfilJob, { mode: 'ship' }>,
  signal?: AbortSignal,
): Promise<'sent' | 'nothing'> {
  const { accountId } = job;
  const step: OutboxStep<SentShipment> = {
    kind: 'shipment',
    load: (db) => shipmentById(db, accountId, job.shipmentId),
    async send(adapter, { order, row: shipment }, sendSignal) {
      const outcome = await adapter.confirmShipment(
        {
          marketplaceOrderId: order.marketplaceOrderId,
          shipmentId: shipment.id,
          carrier: shipment.carrier,
          trackingNumber: shipment.trackingNumber,
          shippedAt: shipment.shippedAt.toISOString(),
          lines: shipment.lines,
        },
        sendSignal,
      );
      return outcome.outcome === 'confirmed'
        ? { outcome: 'confirmed', marketplaceId: outcome.marketplaceShipmentId }
        : outcome;
    },
    failure: { event: 'shipment failed', by: 'seller' },
    async confirm(tx, { order, row: shipment, actor, at }) {
      const carrierName =
        marketplaceOrderRules[order.channelKind].carriers.find((c) => c.code === shipment.carrier)?.name ??
        shipment.carrier;
      const units = shipment.lines.reduce((sum, l) => sum + l.quantity, 0);
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
    },
  };
  return sendToMarketplace(ctx, accountId, step, signal);
}
