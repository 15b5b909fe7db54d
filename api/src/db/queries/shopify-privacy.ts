import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { channels, marketplaceEvents, orders, shopifyOrderCopies, type ChannelEnvironment } from '../schema/index.ts';

/** Every account's Shopify channels of this shop (connected or not): what a compliance webhook is about. */
export async function channelsOfShop(db: Db, environment: ChannelEnvironment, shopDomain: string) {
  return db
    .select({ id: channels.id, accountId: channels.accountId })
    .from(channels)
    .where(
      and(
        eq(channels.kind, 'shopify'),
        eq(channels.environment, environment),
        eq(channels.externalSellerId, shopDomain),
      ),
    );
}

/** The shop's orders by Shopify's ids (gid://shopify/Order/…): its own sales, and our copies of other sales in it. */
function ordersNamed(channelIds: string[], orderGids: string[]) {
  return or(
    and(inArray(orders.channelId, channelIds), inArray(orders.marketplaceOrderId, orderGids)),
    inArray(
      orders.id,
      sql`(select ${shopifyOrderCopies.orderId} from ${shopifyOrderCopies}
        where ${inArray(shopifyOrderCopies.shopifyChannelId, channelIds)}
        and ${inArray(shopifyOrderCopies.shopifyOrderId, orderGids)})`,
    ),
  );
}

export async function orderNumbersNamed(db: Db, channelIds: string[], orderGids: string[]) {
  if (channelIds.length === 0 || orderGids.length === 0) return [];
  return db
    .select({ accountId: orders.accountId, orderNumber: orders.orderNumber })
    .from(orders)
    .where(ordersNamed(channelIds, orderGids));
}

/**
 * The orders named that we hold, with which of the customer's details each still keeps: what a data request
 * tells the account's owners. The channel is named by its marketplace and name.
 */
export async function ordersHeldNamed(db: Db, channelIds: string[], orderGids: string[]) {
  if (channelIds.length === 0 || orderGids.length === 0) return [];
  return db
    .select({
      accountId: orders.accountId,
      orderNumber: orders.orderNumber,
      channelKind: channels.kind,
      channelName: channels.displayName,
      buyerName: sql<boolean>`${orders.buyerName} is not null`,
      shippingAddress: sql<boolean>`${orders.shipTo} is not null`,
    })
    .from(orders)
    .innerJoin(channels, eq(channels.id, orders.channelId))
    .where(ordersNamed(channelIds, orderGids))
    .orderBy(orders.orderNumber);
}

/**
 * Erases the buyer's name and address from these orders (the order, its lines and totals stay), and the
 * deliveries that carried them, as the retention erasure does; answers the orders erased by account.
 */
export async function eraseCustomerOrders(db: Db, channelIds: string[], orderGids: string[], at: Date) {
  if (channelIds.length === 0 || orderGids.length === 0) return [];
  const erased = await db
    .update(orders)
    .set({
      buyerName: null,
      shipTo: null,
      personalDataErasedAt: at,
      updatedAt: at,
      searchText: sql`lower(${orders.orderNumber} || ' ' || ${orders.marketplaceOrderId} || ' ' || coalesce((select string_agg(l->>'sku', ' ') from jsonb_array_elements(${orders.lines}) as l), ''))`,
    })
    .where(ordersNamed(channelIds, orderGids))
    .returning({ accountId: orders.accountId, orderNumber: orders.orderNumber });
  await db
    .update(marketplaceEvents)
    .set({ payload: { redacted: true } })
    .where(
      and(
        inArray(marketplaceEvents.channelId, channelIds),
        isNotNull(marketplaceEvents.processedAt),
        inArray(sql`${marketplaceEvents.payload}->>'admin_graphql_api_id'`, orderGids),
      ),
    );
  return erased;
}

/** The shop's channels go, and with them (their foreign keys cascade) their listings, orders and deliveries. */
export async function deleteChannels(db: Db, channelIds: string[]): Promise<void> {
  if (channelIds.length > 0) await db.delete(channels).where(inArray(channels.id, channelIds));
}
