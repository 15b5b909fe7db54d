/**
 * Orders of a target channel created in the main Shopify store (the channel's rule
 * `createOrdersInShopify`), so the seller ships every order from Shopify:
 * - when the target's new order is recorded, a copy is asked for in the same transaction (a row
 *   here and a job), once per order;
 * - the job creates it with orderCreate (tagged, not charged, stock bypassed: the marketplace's
 *   sale moved our stock already), finding it by its tag first when an earlier answer was lost;
 * - once the seller fulfils it in Shopify, its tracking is sent to the marketplace the order came
 *   from, as a shipment the seller marked (shipping.ts), once.
 */
import { marketplaceNames } from '../../marketplaces/names.ts';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { listChannels, type ChannelRecord } from '../../db/queries/channels.ts';
import type { RecordedOrder } from '../../db/queries/orders.ts';
import { listings, orders, shopifyOrderCopies } from '../../db/schema/index.ts';
import { MarketplaceError } from '../../marketplaces/errors.ts';
import { copyTag, createShopifyOrderCopy } from '../../marketplaces/shopify/order-copies.ts';
import type { ShopifyAdapter } from '../../marketplaces/shopify/shopify-adapter.ts';
import { shipmentOrderQuery, SHIPMENT_ORDER_QUERY_COST } from '../../marketplaces/shopify/queries.ts';
import type { ShopifyShipmentOrder } from '../../marketplaces/shopify/types.ts';
import type { MarketplaceAdapter } from '../../marketplaces/marketplace-adapter.ts';
import { enqueue } from '../../workers/job-queue.ts';
import { shipOrders } from './shipping.ts';
import { ORDERS_FULFIL_QUEUE, type OrdersFulfilJob } from '../../workers/queues.ts';
import { adapterForChannel } from '../channel-access/channel-adapter.ts';

/**
 * Asks for the Shopify copies of a target channel's newly recorded orders, where its rules say so
 * and the main channel is a Shopify store; in the orders' transaction.
 */
export async function requestShopifyCopies(
  ctx: AppContext,
  tx: Db,
  channel: Pick<ChannelRecord, 'id' | 'accountId' | 'role' | 'rules'>,
  recorded: RecordedOrder[],
): Promise<void> {
  // The channel's own rule first (off by default): most orders need no read of the account's channels.
  if (channel.role !== 'target' || !channel.rules.createOrdersInShopify) return;
  const fresh = recorded.filter((o) => o.created && o.status === 'open');
  if (fresh.length === 0) return;
  const channels = await listChannels(tx, channel.accountId);
  const main = channels.find((c) => c.role === 'main');
  const own = channels.find((c) => c.id === channel.id);
  if (main?.kind !== 'shopify' || !own?.rules.createOrdersInShopify) return;
  const rows = await tx
    .insert(shopifyOrderCopies)
    .values(
      fresh.map((o) => ({
        accountId: channel.accountId,
        orderId: o.id,
        shopifyChannelId: main.id,
        tag: copyTag(o.id),
      })),
    )
    .onConflictDoNothing()
    .returning({ orderId: shopifyOrderCopies.orderId });
  if (rows.length === 0) return;
  await enqueue<OrdersFulfilJob>(
    ctx.jobs,
    tx,
    ORDERS_FULFIL_QUEUE,
    { mode: 'shopify-copy', accountId: channel.accountId, orderIds: rows.map((r) => r.orderId) },
    { groupId: main.id },
  );
}

/** The 'shopify-copy' job: each asked-for copy created once in the main Shopify store. */
export async function createShopifyCopies(
  ctx: AppContext,
  job: Extract<OrdersFulfilJob, { mode: 'shopify-copy' }>,
  signal?: AbortSignal,
): Promise<void> {
  const pending = await ctx.db
    .select({
      copyId: shopifyOrderCopies.id,
      orderId: orders.id,
      shopifyChannelId: shopifyOrderCopies.shopifyChannelId,
      channelId: orders.channelId,
      orderNumber: orders.orderNumber,
      currency: orders.currency,
      lines: orders.lines,
      shipTo: orders.shipTo,
      buyerName: orders.buyerName,
    })
    .from(shopifyOrderCopies)
    .innerJoin(orders, eq(orders.id, shopifyOrderCopies.orderId))
    .where(
      and(
        eq(shopifyOrderCopies.accountId, job.accountId),
        inArray(shopifyOrderCopies.orderId, job.orderIds),
        eq(shopifyOrderCopies.status, 'pending'),
      ),
    );
  if (pending.length === 0) return;
  const channels = await listChannels(ctx.db, job.accountId);
  for (const copy of pending) {
    const main = channels.find((c) => c.id === copy.shopifyChannelId);
    const origin = channels.find((c) => c.id === copy.channelId);
    if (!main || main.kind !== 'shopify' || !origin) continue;
    const adapter = (await adapterForChannel(ctx, main)) as ShopifyAdapter;
    const variants = await variantsOfSkus(
      ctx.db,
      job.accountId,
      main.id,
      copy.lines.map((l) => l.sku),
    );
    const currency = copy.currency ?? copy.lines.find((l) => l.price)?.price?.currency ?? 'USD';
    try {
      const { shopifyOrderId, shopifyOrderName } = await createShopifyOrderCopy(
        adapter.client,
        {
          orderId: copy.orderId,
          marketplace: marketplaceNames[origin.kind],
          orderNumber: copy.orderNumber,
          currency,
          lines: copy.lines
            .filter((l) => l.quantity - l.cancelledQuantity > 0)
            .map((l) => ({
              sku: l.sku,
              title: l.title ?? l.sku,
              quantity: l.quantity - l.cancelledQuantity,
              price: l.price?.amount ?? '0.00',
              variantId: variants.get(l.sku) ?? null,
            })),
          shipTo: copy.shipTo ?? null,
        },
        signal,
      );
      await ctx.db
        .update(shopifyOrderCopies)
        .set({ status: 'created', shopifyOrderId, shopifyOrderName, message: null, updatedAt: ctx.clock() })
        .where(and(eq(shopifyOrderCopies.id, copy.copyId), eq(shopifyOrderCopies.status, 'pending')));
    } catch (error) {
      // A refusal is kept with Shopify's words; anything else is retried by the queue.
      if (!(error instanceof MarketplaceError) || error.kind !== 'rejected') throw error;
      await ctx.db
        .update(shopifyOrderCopies)
        .set({ status: 'failed', message: error.message, updatedAt: ctx.clock() })
        .where(eq(shopifyOrderCopies.id, copy.copyId));
    }
  }
}

/** The main store's variant GIDs of these SKUs (what its catalogue read recorded). */
async function variantsOfSkus(
  db: Db,
  accountId: string,
  channelId: string,
  skus: string[],
): Promise<Map<string, string>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({ sku: listings.sku, marketplaceId: listings.marketplaceId })
    .from(listings)
    .where(and(eq(listings.accountId, accountId), eq(listings.channelId, channelId), inArray(listings.sku, skus)));
  return new Map(rows.flatMap((r) => (r.marketplaceId ? [[r.sku, r.marketplaceId] as const] : [])));
}

/** Who ships a copy: the seller, in the Shopify store (no user of ours). */
const SHOPIFY_STORE = { actorUserId: null, impersonatorUserId: null, ip: null, userAgent: 'Shopify store' };

/**
 * The tracking of copies fulfilled in the main Shopify store, sent to their orders' marketplaces:
 * each copy's Shopify order read, and its first fulfillment with a tracking number recorded as the
 * order's shipment (checked and sent as one the seller marked), once. Run after each read of a
 * Shopify main channel's orders (whose webhooks announce the fulfilment).
 */
export async function sendShopifyCopyTracking(
  ctx: AppContext,
  channel: Pick<ChannelRecord, 'id' | 'accountId' | 'kind' | 'role'>,
  adapter: MarketplaceAdapter,
  signal?: AbortSignal,
): Promise<number> {
  if (channel.kind !== 'shopify' || channel.role !== 'main') return 0;
  const waiting = await ctx.db
    .select({
      id: shopifyOrderCopies.id,
      orderId: shopifyOrderCopies.orderId,
      shopifyOrderId: shopifyOrderCopies.shopifyOrderId,
    })
    .from(shopifyOrderCopies)
    .where(
      and(
        eq(shopifyOrderCopies.accountId, channel.accountId),
        eq(shopifyOrderCopies.shopifyChannelId, channel.id),
        eq(shopifyOrderCopies.status, 'created'),
      ),
    );
  const client = (adapter as ShopifyAdapter).client;
  let sent = 0;
  for (const copy of waiting) {
    if (!copy.shopifyOrderId) continue;
    const data = await client.graphql<{ order: ShopifyShipmentOrder | null }>(
      shipmentOrderQuery,
      { id: copy.shopifyOrderId },
      { cost: SHIPMENT_ORDER_QUERY_COST, signal },
    );
    const tracking = (data.order?.fulfillments ?? [])
      .filter((f) => !['CANCELLED', 'ERROR', 'FAILURE'].includes(f.status))
      .flatMap((f) => f.trackingInfo)
      .find((info) => info.number);
    if (!tracking?.number) continue;
    // Claimed first: a second read at the same time sends nothing.
    const claimed = await ctx.db
      .update(shopifyOrderCopies)
      .set({ status: 'shipped', updatedAt: ctx.clock() })
      .where(and(eq(shopifyOrderCopies.id, copy.id), eq(shopifyOrderCopies.status, 'created')))
      .returning({ id: shopifyOrderCopies.id });
    if (claimed.length === 0) continue;
    const [result] = await shipOrders(
      ctx,
      SHOPIFY_STORE,
      channel.accountId,
      [{ orderId: copy.orderId, carrier: tracking.company ?? '', trackingNumber: tracking.number }],
      { dryRun: false },
    );
    if (result?.outcome === 'refused')
      await ctx.db
        .update(shopifyOrderCopies)
        .set({ status: 'failed', message: result.message, updatedAt: ctx.clock() })
        .where(eq(shopifyOrderCopies.id, copy.id));
    else sent++;
  }
  return sent;
}

export type ShopifyCopyState = 'pending' | 'created' | 'shipped' | 'failed';

/** What an order's drawer says of its copy in the main Shopify store, if it has one. */
export async function shopifyCopyOfOrder(
  db: Db,
  accountId: string,
  orderId: string,
): Promise<{
  status: ShopifyCopyState;
  shopifyOrderName: string | null;
  message: string | null;
  updatedAt: Date;
} | null> {
  const [copy] = await db
    .select({
      status: shopifyOrderCopies.status,
      shopifyOrderName: shopifyOrderCopies.shopifyOrderName,
      message: shopifyOrderCopies.message,
      updatedAt: shopifyOrderCopies.updatedAt,
    })
    .from(shopifyOrderCopies)
    .where(and(eq(shopifyOrderCopies.accountId, accountId), eq(shopifyOrderCopies.orderId, orderId)));
  return copy ? { ...copy, status: copy.status as ShopifyCopyState } : null;
}
