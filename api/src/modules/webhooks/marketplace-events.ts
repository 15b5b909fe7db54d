import crypto from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { ChannelKind } from '../../db/schema/index.ts';
import { findConnectedChannelForWebhook, recordMarketplaceEvent } from '../../db/queries/marketplace-events.ts';
import type { WebhookDelivery } from '../../marketplaces/marketplace-events.ts';
import { marketplaceEvents } from '../../marketplaces/registry.ts';
import { applicationSecretsAccepted } from '../channel-access/marketplace-adapters.ts';
import {
  orderInDelivery,
  recordDeliveredOrders,
  requestDeliveredOrdersApplied,
  requestOrdersPoll,
} from '../orders/order-polling.ts';
import { recordOrders } from '../orders/order-ledger.ts';
import { NOTICE_READ_DELAY_SECONDS, requestMainRefresh } from '../stock/main-channel-requests.ts';
import { requestLightRead } from '../stock/light-read-requests.ts';
import { untilMainStockMoves } from '../stock/main-sale-signals.ts';
import { findChannelAtWork } from '../../db/queries/channels.ts';
import { adapterForChannel } from '../channel-access/channel-adapter.ts';
import { confirmOnNotice } from '../push/listing-confirmation.ts';
import { mainStockOfSkus, stockOfInventoryItem } from '../../db/queries/stock.ts';
import { parseStorableJson } from '../../db/storable-text.ts';
import { keepCompetition } from '../../db/queries/listing-competition.ts';
import { noteMarketplaceStock } from '../stock/marketplace-stock.ts';
import { planListingWrites } from '../push/plan-writes.ts';
import { requestListingIssuesRead } from '../compliance/marketplace-issues.ts';

export type Verdict = { status: 200; recorded: boolean } | { status: 401 | 404 | 400; message: string };

/**
 * The key our endpoint gives a marketplace for a channel's deliveries, where we choose one (Amazon's
 * EventBridge connection sends it in a header): derived, never stored.
 */
export function channelDeliveryKey(ctx: AppContext, kind: ChannelKind, channelId: string): string {
  return crypto.createHmac('sha256', ctx.marketplaces.webhookKey).update(`${kind}:${channelId}`).digest('base64url');
}

export const webhookUrl = (ctx: AppContext, kind: ChannelKind, channelId: string) =>
  `${ctx.config.appUrl}/api/webhooks/${kind}/${channelId}`;

/** A delivery as received, its body read as JSON once, with a NUL in it (which no query could hold) as U+FFFD. */
function deliveryOf(raw: Buffer, headers: Headers): WebhookDelivery {
  let json: { value: unknown } | undefined;
  return {
    raw,
    headers,
    json() {
      if (!json) {
        try {
          json = { value: parseStorableJson(raw.toString('utf8')) };
        } catch {
          json = { value: undefined };
        }
      }
      return json.value;
    },
  };
}

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
  delivery: { raw: Buffer; headers: Headers },
): Promise<Verdict> {
  const readDelivery = marketplaceEvents[kind]?.readDelivery;
  if (!readDelivery || !/^[0-9a-f-]{36}$/i.test(channelId)) return { status: 404, message: 'No such webhook endpoint' };
  // Kept in memory between deliveries (most are notices of values we set, several per order), told of changes by the database.
  const channel = await ctx.caches.webhookChannels
    .get(ctx.db, channelId, async (db) => {
      const found = await findConnectedChannelForWebhook(db, channelId);
      if (!found) throw new ChannelNotFound();
      return found;
    })
    .catch((error: unknown) => {
      if (error instanceof ChannelNotFound) return undefined;
      throw error;
    });
  if (!channel || channel.kind !== kind) return { status: 404, message: 'No such webhook endpoint' };
  const credentials = ctx.marketplaces.vault.open(channel.sealed, {
    accountId: channel.accountId,
    channelId: channel.id,
  });
  const verdict = readDelivery(deliveryOf(delivery.raw, delivery.headers), {
    credentials,
    sellerId: channel.externalSellerId,
    applicationSecrets: await applicationSecretsAccepted(ctx, kind, channel.environment),
    deliveryKey: channelDeliveryKey(ctx, kind, channel.id),
  });
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
  // A stock notice on the main channel saying it holds what we hold, or will once our adjustment on
  // its way is answered (most often that adjustment, echoed back before its answer, or a sale there
  // whose order has taken the units off already), has nothing to teach: no read, and, acting on it
  // twice changing nothing, it is not recorded. A later change there sends its own notice.
  // A notice of less than we hold is most often a sale there whose order is being recorded: it waits
  // a moment for that order (in this process) before it is checked again. The marketplace is answered
  // after, so should this process die meanwhile, the notice is sent again.
  let mainStock: { sku: string; onHand: number | undefined; sending: number } | undefined;
  if (change.kind === 'stock') {
    mainStock = await mainStockOfNotice(ctx, channel.accountId, change);
    if (!mainStock || noticeKnown(change.quantity, mainStock)) return { status: 200, recorded: false };
    if (change.quantity !== undefined && mainStock.onHand !== undefined && change.quantity < mainStock.onHand) {
      await untilMainStockMoves(channel.accountId, mainStock.sku, NOTICE_WAITS_FOR_ORDER_MS);
      mainStock = await mainStockOfNotice(ctx, channel.accountId, change);
      if (!mainStock || noticeKnown(change.quantity, mainStock)) return { status: 200, recorded: false };
    }
  }
  // Other sellers' offers on one of our products: kept for the listing (a newer report replaces an older
  // one, so a repeat changes nothing and the delivery is not recorded), and its price planned again in the
  // same transaction: a rule following competitors moves it (a change, cause pricing_rule), others leave it.
  if (change.kind === 'competition') {
    if (channel.status === 'active' || channel.status === 'error')
      await ctx.db.transaction(async (tx) => {
        const kept = await keepCompetition(tx, channel, change.competition);
        if (kept?.productId)
          await planListingWrites(ctx, tx, channel.accountId, [kept.productId], {
            channelId: channel.id,
            priceOnly: true,
            recordAs: { cause: 'pricing_rule', causeRef: 'competitor offers' },
          });
      });
    return { status: 200, recorded: false };
  }
  // The problems the marketplace reports on a listing changed (Amazon's LISTINGS_ITEM_ISSUES_CHANGE, which names
  // the SKU only): a job reads the listing's issues and checks them (one per channel and SKU; a failed read is
  // retried by the queue), so /compliance shows the marketplace's reason, or clears it, and the notice is
  // answered without waiting for the marketplace. Reading twice changes nothing, so it is not recorded.
  if (change.kind === 'listing_issues') {
    if (channel.status === 'active' || channel.status === 'error')
      await requestListingIssuesRead(ctx, ctx.db, {
        accountId: channel.accountId,
        channelId: channel.id,
        sku: change.sku,
      });
    return { status: 200, recorded: false };
  }
  // The marketplace's own stock of an offer it fulfils (FBA) moved: kept on the listing, shown as it is. It is
  // never sent anywhere nor our stock moved by it; a repeat changes nothing, so it is not recorded.
  if (change.kind === 'marketplace_stock') {
    if (channel.status === 'active' || channel.status === 'error')
      await ctx.db.transaction((tx) => noteMarketplaceStock(tx, channel, [change.stock], ctx.clock()));
    return { status: 200, recorded: false };
  }
  // A product edited in the marketplace's own UI (Shopify's products/update) has the channel read for it, as
  // the light read every few minutes would: on the main channel the new truth, on a target drift. Our own
  // values echoed back find nothing changed; reading twice changes nothing, so it is not recorded.
  if (change.kind === 'listing') {
    if (channel.status === 'active' || channel.status === 'error')
      await requestLightRead(ctx, ctx.db, { accountId: channel.accountId, channelId: channel.id });
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
    else if (change.kind === 'stock' && mainStock) {
      // Less than we hold, still unknown after the wait: read a moment later, and not at all once we hold
      // what it says (its order recorded meanwhile, by a job or another process). Anything else: read now.
      const less =
        change.quantity !== undefined && mainStock.onHand !== undefined && change.quantity < mainStock.onHand;
      await requestMainRefresh(
        ctx,
        tx,
        {
          accountId: channel.accountId,
          skus: [mainStock.sku],
          ...(less ? { expect: { [mainStock.sku]: change.quantity! } } : {}),
        },
        less ? { startAfter: NOTICE_READ_DELAY_SECONDS } : {},
      );
    }
    return true;
  });
  return { status: 200, recorded };
}

/** No connected channel by that id: not kept (anyone may ask for any id). */
class ChannelNotFound extends Error {}

/** The SKU a main channel's stock notice is about, with the on hand we hold for it and the units of our adjustments on their way there. */
async function mainStockOfNotice(
  ctx: AppContext,
  accountId: string,
  change: { sku?: string; inventoryItemId?: string },
): Promise<{ sku: string; onHand: number | undefined; sending: number } | undefined> {
  if (change.sku) {
    const held = (await mainStockOfSkus(ctx.db, accountId, [change.sku])).get(change.sku);
    return { sku: change.sku, onHand: held?.onHand, sending: held?.sending ?? 0 };
  }
  return change.inventoryItemId ? stockOfInventoryItem(ctx.db, accountId, change.inventoryItemId) : undefined;
}

/** How long a main channel's notice of less stock waits for the order of that sale to be recorded. */
export const NOTICE_WAITS_FOR_ORDER_MS = 1000;

/** Whether the main channel's notice says it holds what we hold, or will once our adjustment on its way is answered. */
function noticeKnown(quantity: number | undefined, stock: { onHand: number | undefined; sending: number }): boolean {
  return (
    stock.onHand !== undefined &&
    quantity !== undefined &&
    (quantity === stock.onHand || quantity === stock.onHand + stock.sending)
  );
}
