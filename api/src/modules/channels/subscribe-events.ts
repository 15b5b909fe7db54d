import type { AppContext } from '../../context.ts';
import type { ChannelKind } from '../../db/schema/index.ts';
import type { MarketplaceAdapter } from '../../marketplaces/marketplace-adapter.ts';
import type { ShopifyAdapter } from '../../marketplaces/shopify/index.ts';
import type { WalmartAdapter } from '../../marketplaces/walmart/walmart-adapter.ts';
import type { AmazonAdapter } from '../../marketplaces/amazon/amazon-adapter.ts';
import type { ChannelRecord } from '../../db/queries/channels.ts';
import { amazonWebhookKey, webhookUrl } from './marketplace-events.ts';
import type { EbayAdapter } from '../../marketplaces/ebay/ebay-adapter.ts';
import { subscribeSellerToOrders } from './ebay-account-deletion.ts';

type Subscribe = (ctx: AppContext, channel: ChannelRecord, adapter: MarketplaceAdapter) => Promise<void>;

/**
 * Stock levels of the main channel (the truth) are read as they change. A target's teach nothing:
 * they are our own values echoed back, one per value sent (a bulk change of 10,000 SKUs would bring
 * as many), or hand edits, which reconciliation finds. So only the main channel subscribes.
 */
async function subscribeShopifyStock(ctx: AppContext, channel: ChannelRecord, shopify: ShopifyAdapter): Promise<void> {
  await shopify.subscribeWebhook('INVENTORY_LEVELS_UPDATE', webhookUrl(ctx, 'shopify', channel.id));
}

/** What only the main channel subscribes to (kind → subscription): a channel made main subscribes then. */
const mainSubscriptions: Partial<Record<ChannelKind, Subscribe>> = {
  shopify: (ctx, channel, adapter) => subscribeShopifyStock(ctx, channel, adapter as ShopifyAdapter),
};

/** Where each marketplace sends orders and stock changes for this channel (kind → subscription, no switch). */
const subscriptions: Partial<Record<ChannelKind, Subscribe>> = {
  shopify: async (ctx, channel, adapter) => {
    const shopify = adapter as ShopifyAdapter;
    await shopify.subscribeWebhook('ORDERS_CREATE', webhookUrl(ctx, 'shopify', channel.id));
    // Cancellations and edits of orders: their units are released or moved at once.
    await shopify.subscribeWebhook('ORDERS_UPDATED', webhookUrl(ctx, 'shopify', channel.id));
    if (channel.role === 'main') await subscribeShopifyStock(ctx, channel, shopify);
  },
  ebay: async (ctx, channel, adapter) => {
    await subscribeSellerToOrders(ctx, channel.environment, (adapter as EbayAdapter).client);
  },
  walmart: async (ctx, channel, adapter) => {
    await (adapter as WalmartAdapter).subscribeOrderWebhook(webhookUrl(ctx, 'walmart', channel.id));
  },
  amazon: async (ctx, channel, adapter) => {
    // Live Amazon delivers through an EventBridge rule and API destination configured in the AWS account.
    if (channel.environment !== 'sandbox') return;
    await (adapter as AmazonAdapter).subscribeNotifications({
      accountId: '000000000000',
      region: 'us-east-1',
      sandboxApiDestination: { url: webhookUrl(ctx, 'amazon', channel.id), apiKey: amazonWebhookKey(ctx, channel.id) },
    });
  },
};

/**
 * Subscribes a new channel to its marketplace's pushes. A failure leaves the channel connected
 * (polling still finds every order) and is reported, not thrown.
 */
export async function subscribeToMarketplaceEvents(
  ctx: AppContext,
  channel: ChannelRecord,
  adapter: MarketplaceAdapter,
  log: (line: string) => void = console.warn,
): Promise<boolean> {
  const subscribe = subscriptions[channel.kind];
  if (!subscribe) return false;
  try {
    await subscribe(ctx, channel, adapter);
    return true;
  } catch (error) {
    log(
      `[channels] ${channel.kind} channel ${channel.id}: subscribing to events failed (${error instanceof Error ? error.message : error}); orders will be polled`,
    );
    return false;
  }
}

/**
 * A channel just made main subscribes to what only the main channel's marketplace tells (Shopify's
 * stock levels). Like the first subscriptions, a failure is reported, not thrown: the main channel's
 * stock is read on its schedule all the same.
 */
export async function subscribeAsMainChannel(
  ctx: AppContext,
  channel: ChannelRecord,
  adapterOf: () => Promise<MarketplaceAdapter>,
  log: (line: string) => void = console.warn,
): Promise<boolean> {
  const subscribe = mainSubscriptions[channel.kind];
  if (!subscribe) return false;
  try {
    await subscribe(ctx, channel, await adapterOf());
    return true;
  } catch (error) {
    log(
      `[channels] ${channel.kind} channel ${channel.id}: subscribing to the main channel's events failed (${error instanceof Error ? error.message : error})`,
    );
    return false;
  }
}
