import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { channels, listings, products } from '../schema/index.ts';
import type { ChannelRules } from '../schema/index.ts';

/**
 * Moves a product's stock by an order's units, atomically in the database:
 * a sale on the main channel lowers on hand (the marketplace already did); a sale elsewhere
 * commits units until the main channel shows it. Answers the SKUs that exist in the catalogue.
 */
export async function applySale(db: Db, accountId: string, lines: Array<{ sku: string; quantity: number }>, onMainChannel: boolean, at: Date): Promise<string[]> {
  const moved: string[] = [];
  for (const line of lines) {
    const [row] = await db
      .update(products)
      .set(
        onMainChannel
          ? { onHand: sql`greatest(0, ${products.onHand} - ${line.quantity})`, updatedAt: at }
          : { committed: sql`${products.committed} + ${line.quantity}`, updatedAt: at },
      )
      .where(and(eq(products.accountId, accountId), eq(products.sku, line.sku)))
      .returning({ sku: products.sku });
    if (row) moved.push(row.sku);
  }
  return moved;
}

export interface PushTarget {
  listingId: string;
  channelId: string;
  sku: string;
  confirmedQuantity: number | null;
  desiredQuantity: number | null;
  onHand: number;
  committed: number;
  rules: ChannelRules;
}

/** Every listing of these SKUs on the account's active target channels, with the product's stock and the channel's rules. */
export async function pushTargets(db: Db, accountId: string, skus: string[]): Promise<PushTarget[]> {
  if (skus.length === 0) return [];
  return db
    .select({
      listingId: listings.id,
      channelId: listings.channelId,
      sku: listings.sku,
      confirmedQuantity: listings.confirmedQuantity,
      desiredQuantity: listings.desiredQuantity,
      onHand: products.onHand,
      committed: products.committed,
      rules: channels.rules,
    })
    .from(listings)
    .innerJoin(products, eq(products.id, listings.productId))
    .innerJoin(channels, eq(channels.id, listings.channelId))
    .where(and(eq(listings.accountId, accountId), inArray(listings.sku, skus), eq(channels.status, 'active'), ne(channels.role, 'main')));
}

export async function recordPushOutcome(
  db: Db,
  listingId: string,
  outcome: { desired: number; confirmed: boolean; error: string | null },
  at: Date,
): Promise<void> {
  await db
    .update(listings)
    .set({
      desiredQuantity: outcome.desired,
      ...(outcome.confirmed ? { confirmedQuantity: outcome.desired, confirmedAt: at, lastError: null } : {}),
      ...(outcome.error !== null ? { lastError: outcome.error, status: 'error' as const } : {}),
      updatedAt: at,
    })
    .where(eq(listings.id, listingId));
}
