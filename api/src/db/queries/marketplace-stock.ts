import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { listings, listingWrites, orders } from '../schema/index.ts';

// Offers a marketplace fulfils from its own stock (Amazon FBA, Walmart WFS): which listings they are, and
// the units the marketplace holds for each, as last read. Scoped by account and channel.

/**
 * Marks these SKUs' listings on the channel as fulfilled by the marketplace with its quantity; a listing
 * already holding that figure is not written. A quantity of ours still waiting to be sent to a listing
 * marked is dropped (superseded): the marketplace's stock is never overwritten. Answers the listings
 * marked or moved. With `alreadyMarked`, only listings marked before have their figure moved (a notification
 * tells the units, not who fulfils the offer).
 */
export async function markMarketplaceStock(
  db: Db,
  accountId: string,
  channelId: string,
  stock: ReadonlyArray<{ sku: string; quantity: number }>,
  at: Date,
  options: { alreadyMarked?: boolean } = {},
): Promise<number> {
  let moved = 0;
  const marked: string[] = [];
  for (const { sku, quantity } of stock) {
    const rows = await db
      .update(listings)
      .set({ fulfilledByMarketplace: true, marketplaceQuantity: quantity, updatedAt: at })
      .where(
        and(
          eq(listings.accountId, accountId),
          eq(listings.channelId, channelId),
          eq(listings.sku, sku),
          options.alreadyMarked
            ? sql`${listings.fulfilledByMarketplace} and ${listings.marketplaceQuantity} is distinct from ${quantity}`
            : sql`(not ${listings.fulfilledByMarketplace} or ${listings.marketplaceQuantity} is distinct from ${quantity})`,
        ),
      )
      .returning({ id: listings.id });
    moved += rows.length;
    marked.push(...rows.map((r) => r.id));
  }
  if (marked.length > 0) {
    await db
      .update(listingWrites)
      .set({ status: 'superseded', updatedAt: at })
      .where(
        and(
          eq(listingWrites.accountId, accountId),
          inArray(listingWrites.listingId, marked),
          eq(listingWrites.field, 'quantity'),
          eq(listingWrites.status, 'pending'),
        ),
      );
    await db
      .update(listings)
      .set({ desiredQuantity: null })
      .where(and(eq(listings.accountId, accountId), inArray(listings.id, marked)));
  }
  return moved;
}

/** These SKUs' listings on the channel are the seller's to fulfil again (the marketplace no longer holds stock of them). */
export async function unmarkMarketplaceStock(
  db: Db,
  accountId: string,
  channelId: string,
  skus: string[],
  at: Date,
): Promise<number> {
  if (skus.length === 0) return 0;
  const rows = await db
    .update(listings)
    .set({ fulfilledByMarketplace: false, marketplaceQuantity: null, updatedAt: at })
    .where(
      and(
        eq(listings.accountId, accountId),
        eq(listings.channelId, channelId),
        inArray(listings.sku, skus),
        eq(listings.fulfilledByMarketplace, true),
      ),
    )
    .returning({ id: listings.id });
  return rows.length;
}

/** Which of these orders the marketplace fulfilled from its own stock (their returns go back to its stock, not ours). */
export async function ordersFulfilledByMarketplace(
  db: Db,
  accountId: string,
  orderIds: readonly string[],
): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.accountId, accountId), inArray(orders.id, [...orderIds]), eq(orders.fulfilledByMarketplace, true)),
    );
  return new Set(rows.map((r) => r.id));
}
