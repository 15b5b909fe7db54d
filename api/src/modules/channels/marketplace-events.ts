import crypto from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { ChannelKind } from '../../db/schema/index.ts';
import { findConnectedChannelForWebhook, recordMarketplaceEvent } from '../../db/queries/marketplace-events.ts';
import {
  isOrderWebhook,
  orderWebhookToMarketplaceOrder,
  verifyShopifyWebhook,
} from '../../marketplaces/shopify/index.ts';
import { verifyWalmartWebhook, WALMART_WEBHOOK_HEADER } from '../../marketplaces/walmart/walmart-webhook.ts';
import { isPoCreatedWithOrder, orderFromPoCreated } from '../../marketplaces/walmart/transform.ts';
import type { MarketplaceOrder } from '../../marketplaces/types.ts';
import {
  AmazonNotificationError,
  orderOfDeliveredEvent,
  parseEventBridgeDelivery,
} from '../../marketplaces/amazon/notifications.ts';
import { applicationsFor } from './connect-channel.ts';
import { recordDeliveredOrders, requestDeliveredOrdersApplied, requestOrdersPoll } from '../sync/order-polling.ts';
import { recordOrders, requestMainRefresh } from '../sync/order-ledger.ts';
import { findChannelAtWork } from '../../db/queries/channels.ts';
import { adapterForChannel } from './channel-adapter.ts';
import { confirmOnNotice } from '../sync/listing-confirmation.ts';
import { stockOfInventoryItem } from '../../db/queries/stock.ts';
import { parseStorableJson } from '../../db/storable-text.ts';

export type Verdict = { status: 200; recorded: boolean } | { status: 401 | 404 | 400; message: string };

/** The key an Amazon EventBridge connection sends for this channel: derived, never stored. */
export function amazonWebhookKey(ctx: AppContext, channelId: string): string {
  return crypto.createHmac('sha256', ctx.marketplaces.webhookKey).update(`amazon:${channelId}`).digest('base64url');
}

export const webhookUrl = (ctx: AppContext, kind: ChannelKind, channelId: string) =>
  `${ctx.config.appUrl}/api/webhooks/${kind}/${channelId}`;

interface Delivery {
  raw: Buffer;
  headers: Headers;
}

/** What a delivery says changed: orders, or one listing's stock (by SKU or Shopify inventory item). */
type Change = { kind: 'orders' } | { kind: 'stock'; sku?: string; inventoryItemId?: string; quantity?: number };

/**
 * An order a delivery holds whole, so the sale can count without reading the channel's orders first;
 * `pricesLater`: the marketplace left the prices out (Amazon), for a later read to add.
 */
export interface DeliveredOrder {
  order: MarketplaceOrder;
  pricesLater: boolean;
}

/** How each marketplace's deliveries hold orders (kind → reader, no switch). */
const orderReaders: Partial<Record<ChannelKind, (topic: string, payload: unknown) => DeliveredOrder | undefined>> = {
  shopify: (topic, payload) =>
    isOrderWebhook(topic, payload) ? { order: orderWebhookToMarketplaceOrder(payload), pricesLater: false } : undefined,
  walmart: (_topic, payload) =>
    isPoCreatedWithOrder(payload) ? { order: orderFromPoCreated(payload), pricesLater: false } : undefined,
  amazon: (_topic, payload) => {
    const order = orderOfDeliveredEvent(payload);
    return order ? { order, pricesLater: true } : undefined;
  },
};

/** The whole order a verified delivery of this channel kind holds, if it holds one. */
export function orderInDelivery(kind: ChannelKind, topic: string, payload: unknown): DeliveredOrder | undefined {
  return orderReaders[kind]?.(topic, payload);
}

type Check = (
  ctx: AppContext,
  channel: { id: string; environment: 'sandbox' | 'production'; externalSellerId: string },
  credentials: Record<string, string>,
  delivery: Delivery,
) =>
  | { ok: true; topic: string; deliveryId: string; payload: unknown; change: Change }
  | { ok: false; status: 401 | 400; message: string };

/** A verified body as JSON; a NUL in it (which no query could hold) becomes U+FFFD before anything reads it. */
const parse = (raw: Buffer): unknown => {
  try {
    return parseStorableJson(raw.toString('utf8'));
  } catch {
    return undefined;
  }
};
const digest = (raw: Buffer) => crypto.createHash('sha256').update(raw).digest('hex');

/** How each marketplace proves a delivery is its own, and names it (kind → check, no switch). */
const checks: Partial<Record<ChannelKind, Check>> = {
  shopify: (ctx, channel, _credentials, { raw, headers }) => {
    const app = applicationsFor(ctx, channel.environment).shopify;
    if (!app) return { ok: false, status: 401, message: 'Shopify is not configured' };
    const verdict = verifyShopifyWebhook(raw, headers, app.clientSecret);
    if (!verdict.ok) return { ok: false, status: 401, message: verdict.reason };
    if (verdict.shopDomain !== channel.externalSellerId)
      return { ok: false, status: 401, message: 'The webhook is for another shop' };
    const payload = parse(raw);
    if (payload === undefined) return { ok: false, status: 400, message: 'The body is not JSON' };
    const { inventory_item_id: item, available } = payload as {
      inventory_item_id?: number | string;
      available?: unknown;
    };
    const change: Change =
      verdict.topic === 'inventory_levels/update' && item !== undefined
        ? {
            kind: 'stock',
            inventoryItemId: `gid://shopify/InventoryItem/${item}`,
            ...(typeof available === 'number' ? { quantity: available } : {}),
          }
        : { kind: 'orders' };
    return { ok: true, topic: verdict.topic, deliveryId: verdict.webhookId, payload, change };
  },
  walmart: (_ctx, _channel, credentials, { raw, headers }) => {
    if (!verifyWalmartWebhook(raw, headers, credentials.clientSecret ?? '', WALMART_WEBHOOK_HEADER))
      return { ok: false, status: 401, message: 'The webhook signature does not match' };
    const payload = parse(raw) as
      { eventType?: string; eventId?: string; source?: { eventType?: string; eventId?: string } } | undefined;
    if (payload === undefined) return { ok: false, status: 400, message: 'The body is not JSON' };
    // Walmart names its events; where a delivery carries no id, the body itself identifies it.
    const deliveryId = payload.source?.eventId ?? payload.eventId ?? digest(raw);
    return {
      ok: true,
      topic: payload.source?.eventType ?? payload.eventType ?? 'PO_CREATED',
      deliveryId,
      payload,
      change: { kind: 'orders' },
    };
  },
  amazon: (ctx, channel, _credentials, { raw, headers }) => {
    const body = parse(raw);
    if (body === undefined) return { ok: false, status: 400, message: 'The body is not JSON' };
    try {
      const { event, notification } = parseEventBridgeDelivery(headers, body, amazonWebhookKey(ctx, channel.id));
      const change: Change =
        notification.kind === 'quantity_changed'
          ? { kind: 'stock', sku: notification.sku, quantity: notification.quantity }
          : { kind: 'orders' };
      return { ok: true, topic: notification.kind, deliveryId: event.id, payload: body, change };
    } catch (error) {
      if (error instanceof AmazonNotificationError)
        return { ok: false, status: error.status === 401 ? 401 : 400, message: error.message };
      throw error;
    }
  },
};

/**
 * Deliveries of one channel whose orders this process applies as they arrive, each in its own
 * transaction, a few at a time: beyond that (a burst), they are kept for the channel's job, which
 * applies every one waiting in one transaction instead of queuing them behind one another on the
 * same products and jobs.
 */
const ORDERS_APPLIED_ON_ARRIVAL_PER_CHANNEL = 4;
export const ordersAppliedOnArrival = {
  underWay: new Map<string, number>(),
  take(channelId: string): boolean {
    const underWay = this.underWay.get(channelId) ?? 0;
    if (underWay >= ORDERS_APPLIED_ON_ARRIVAL_PER_CHANNEL) return false;
    this.underWay.set(channelId, underWay + 1);
    return true;
  },
  release(channelId: string): void {
    const underWay = (this.underWay.get(channelId) ?? 1) - 1;
    if (underWay > 0) this.underWay.set(channelId, underWay);
    else this.underWay.delete(channelId);
  },
};

/**
 * A notification that names an order without holding it (eBay's ORDER_CONFIRMATION): the order is read
 * by its id and recorded with the notification, at once, as a delivery holding it would be. Answers
 * false, having stored nothing, when it is left to a read of the channel's orders instead: a burst,
 * a marketplace that cannot read orders by id, an order not readable yet, or a failure.
 */
export async function recordAnnouncedOrder(
  ctx: AppContext,
  channelRef: { id: string; accountId: string },
  event: { topic: string; deliveryId: string; payload: unknown },
  orderId: string,
): Promise<boolean> {
  if (!ordersAppliedOnArrival.take(channelRef.id)) return false;
  try {
    const channel = await findChannelAtWork(ctx.db, channelRef.accountId, channelRef.id);
    if (!channel || (channel.status !== 'active' && channel.status !== 'error')) return false;
    const adapter = await adapterForChannel(ctx, channel);
    if (!adapter.ordersById) return false;
    const orders = await adapter.ordersById([orderId]);
    if (orders.length === 0) return false;
    await ctx.db.transaction(async (tx) => {
      if (await recordMarketplaceEvent(tx, { channelId: channel.id, ...event }, ctx.clock()))
        await recordOrders(ctx, tx, channel, orders);
    });
    return true;
  } catch (error) {
    console.warn(
      `[webhooks] ${event.topic}: order ${orderId} is left to the channel's read: ${(error as Error).message}`,
    );
    return false;
  } finally {
    ordersAppliedOnArrival.release(channelRef.id);
  }
}

/** A webhook for one channel: verified with the channel's secret, recorded once per delivery id. */
export async function receiveWebhook(
  ctx: AppContext,
  kind: ChannelKind,
  channelId: string,
  delivery: Delivery,
): Promise<Verdict> {
  const check = checks[kind];
  if (!check || !/^[0-9a-f-]{36}$/i.test(channelId)) return { status: 404, message: 'No such webhook endpoint' };
  const channel = await findConnectedChannelForWebhook(ctx.db, channelId);
  if (!channel || channel.kind !== kind) return { status: 404, message: 'No such webhook endpoint' };
  const credentials = ctx.marketplaces.vault.open(channel.sealed, {
    accountId: channel.accountId,
    channelId: channel.id,
  });
  const verdict = check(ctx, channel, credentials, delivery);
  if (!verdict.ok) return { status: verdict.status, message: verdict.message };
  // A push means something changed, acted on in the same transaction as the record: a delivery
  // holding a whole order has it applied there and then, or in a burst kept for the channel's job
  // (ordersAppliedOnArrival); other order news makes the channel's orders be read now; a stock change
  // on the main channel (the truth) is read for that SKU and passed to the targets.
  const change = verdict.change;
  // A stock notice on a target is our own value echoed back (a push of 10,000 SKUs brings as many) or
  // a hand edit there, which reconciliation finds. Acting on it twice changes nothing, so it is not
  // recorded: Amazon's names the quantity and confirms a value of ours it had accepted; Shopify's
  // (an inventory item's level) has nothing to teach.
  if (change.kind === 'stock' && channel.role !== 'main') {
    if (change.sku)
      await confirmOnNotice(ctx, { accountId: channel.accountId, id: channel.id }, change.sku, change.quantity);
    return { status: 200, recorded: false };
  }
  // A paused channel's orders wait for its resume, which reads them.
  const syncing = channel.status === 'active' || channel.status === 'error';
  const delivered =
    change.kind === 'orders' && syncing ? orderInDelivery(kind, verdict.topic, verdict.payload) : undefined;
  const event = { channelId, topic: verdict.topic, deliveryId: verdict.deliveryId, payload: verdict.payload };
  if (delivered && ordersAppliedOnArrival.take(channelId)) {
    try {
      // The order counts in the delivery's own transaction: no job to wait for between the sale and its
      // new quantities. Should it fail, nothing was stored, and the delivery is kept for the job below.
      const recorded = await ctx.db.transaction(async (tx) => {
        if (!(await recordMarketplaceEvent(tx, event, ctx.clock()))) return false;
        await recordDeliveredOrders(ctx, tx, channel, [delivered]);
        return true;
      });
      return { status: 200, recorded };
    } catch (error) {
      console.warn(
        `[webhooks] ${kind}: the order of delivery ${verdict.deliveryId} is left to the channel's job: ${(error as Error).message}`,
      );
    } finally {
      ordersAppliedOnArrival.release(channelId);
    }
  }
  const recorded = await ctx.db.transaction(async (tx) => {
    const isNew = await recordMarketplaceEvent(tx, { ...event, toApply: delivered !== undefined }, ctx.clock());
    if (!isNew) return false;
    if (delivered) await requestDeliveredOrdersApplied(ctx, tx, { accountId: channel.accountId, channelId });
    else if (change.kind === 'orders') await requestOrdersPoll(ctx, tx, { accountId: channel.accountId, channelId });
    else if (channel.role === 'main') {
      const stock = change.sku
        ? { sku: change.sku, onHand: undefined, sending: 0 }
        : change.inventoryItemId
          ? await stockOfInventoryItem(tx, channel.accountId, change.inventoryItemId)
          : undefined;
      // The main channel saying it holds what we hold, or will once our adjustment on its way is
      // answered (most often that adjustment, echoed back before its answer), has nothing to teach:
      // no read. A later change there sends its own notification.
      const known =
        stock?.onHand !== undefined &&
        (change.quantity === stock.onHand || change.quantity === stock.onHand + stock.sending);
      if (stock && !known) await requestMainRefresh(ctx, tx, { accountId: channel.accountId, skus: [stock.sku] });
    }
    return true;
  });
  return { status: 200, recorded };
}
