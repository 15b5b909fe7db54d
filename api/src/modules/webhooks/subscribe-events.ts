import type { AppContext } from '../../context.ts';
import type { MarketplaceAdapter } from '../../marketplaces/marketplace-adapter.ts';
import type { EventDestination } from '../../marketplaces/marketplace-events.ts';
import { marketplaceEvents } from '../../marketplaces/registry.ts';
import type { ChannelRecord } from '../../db/queries/channels.ts';
import { channelDeliveryKey, webhookUrl } from './marketplace-events.ts';
import { ensureApplicationNotifications } from './ebay-notifications.ts';

/** Where the channel's marketplace is to deliver its events. */
function destinationOf(ctx: AppContext, channel: ChannelRecord): EventDestination {
  return {
    environment: channel.environment,
    callbackUrl: webhookUrl(ctx, channel.kind, channel.id),
    deliveryKey: channelDeliveryKey(ctx, channel.kind, channel.id),
    // Where the marketplace notifies our application instead (eBay), its endpoint is registered first.
    applicationDestination: () => ensureApplicationNotifications(ctx, channel.kind, channel.environment),
  };
}

/**
 * Subscribes a new channel to its marketplace's pushes: its orders, and for the main channel its
 * stock levels too. A target's stock levels teach nothing: they are our own values echoed back, one
 * per value sent (a bulk change of 10,000 SKUs would bring as many), or hand edits, which
 * reconciliation finds. A failure leaves the channel connected (polling still finds every order)
 * and is reported, not thrown.
 */
export async function subscribeToMarketplaceEvents(
  ctx: AppContext,
  channel: ChannelRecord,
  adapter: MarketplaceAdapter,
  log: (line: string) => void = console.warn,
): Promise<boolean> {
  const { topics } = marketplaceEvents[channel.kind];
  if (!adapter.subscribeToEvents) return false;
  try {
    await adapter.subscribeToEvents(
      [...topics.channel, ...(channel.role === 'main' ? topics.main : [])],
      destinationOf(ctx, channel),
    );
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
  const { main } = marketplaceEvents[channel.kind].topics;
  if (main.length === 0) return false;
  try {
    const adapter = await adapterOf();
    if (!adapter.subscribeToEvents) return false;
    await adapter.subscribeToEvents(main, destinationOf(ctx, channel));
    return true;
  } catch (error) {
    log(
      `[channels] ${channel.kind} channel ${channel.id}: subscribing to the main channel's events failed (${error instanceof Error ? error.message : error})`,
    );
    return false;
  }
}
