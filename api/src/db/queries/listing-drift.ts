import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { channels, listingDrift, listings, listingWrites, type DriftField } from '../schema/index.ts';

// Values changed by hand on a target channel (drift): opened by a reconciliation, listed for the
// seller, and resolved by accepting the value found (a price becomes the listing's own) or
// overwriting it.

/** Opens (or refreshes) a drift entry for a value changed by hand on a target channel. */
export async function openDrift(
  db: Db,
  input: {
    accountId: string;
    channelId: string;
    listingId: string;
    sku: string;
    field: DriftField;
    expected: string | null;
    found: string | null;
  },
  at: Date,
): Promise<void> {
  await db
    .insert(listingDrift)
    .values({ ...input, detectedAt: at })
    .onConflictDoUpdate({
      target: [listingDrift.listingId, listingDrift.field],
      targetWhere: sql`${listingDrift.resolvedAt} is null`,
      set: { found: sql`excluded.found`, detectedAt: sql`excluded.detected_at` },
    });
}

export interface OpenDrift {
  id: string;
  channelId: string;
  channelKind: 'amazon' | 'walmart' | 'ebay' | 'shopify';
  listingId: string;
  productId: string | null;
  sku: string;
  field: DriftField;
  expected: string | null;
  found: string | null;
  detectedAt: Date;
}

const driftColumns = {
  id: listingDrift.id,
  channelId: listingDrift.channelId,
  channelKind: channels.kind,
  listingId: listingDrift.listingId,
  productId: listings.productId,
  sku: listingDrift.sku,
  field: listingDrift.field,
  expected: listingDrift.expected,
  found: listingDrift.found,
  detectedAt: listingDrift.detectedAt,
};

export async function listOpenDrift(db: Db, accountId: string, limit = 500): Promise<OpenDrift[]> {
  return db
    .select(driftColumns)
    .from(listingDrift)
    .innerJoin(channels, eq(channels.id, listingDrift.channelId))
    .innerJoin(listings, eq(listings.id, listingDrift.listingId))
    .where(and(eq(listingDrift.accountId, accountId), isNull(listingDrift.resolvedAt)))
    .orderBy(desc(listingDrift.detectedAt))
    .limit(limit);
}

/** An open drift entry of the account, locked for its resolution. */
export async function lockOpenDrift(db: Db, accountId: string, driftId: string): Promise<OpenDrift | undefined> {
  const [row] = await db
    .select(driftColumns)
    .from(listingDrift)
    .innerJoin(channels, eq(channels.id, listingDrift.channelId))
    .innerJoin(listings, eq(listings.id, listingDrift.listingId))
    .where(and(eq(listingDrift.id, driftId), eq(listingDrift.accountId, accountId), isNull(listingDrift.resolvedAt)))
    .for('update', { of: listingDrift });
  return row;
}

export async function resolveDrift(
  db: Db,
  driftId: string,
  resolution: 'accepted' | 'overwritten',
  userId: string | null,
  at: Date,
): Promise<void> {
  await db
    .update(listingDrift)
    .set({ resolvedAt: at, resolution, resolvedBy: userId })
    .where(eq(listingDrift.id, driftId));
}

/** The listing's own price there; when it is what the channel holds already, it is also what we ask for. */
export async function setPriceOverride(db: Db, listingId: string, price: string | null, at: Date): Promise<void> {
  await db
    .update(listings)
    .set({
      priceOverride: price,
      ...(price !== null
        ? {
            desiredPrice: sql`case when ${listings.confirmedPrice} = ${price}::numeric then ${price}::numeric else ${listings.desiredPrice} end`,
          }
        : {}),
      updatedAt: at,
    })
    .where(eq(listings.id, listingId));
}

/** Our title sent to one listing again (overwriting one set there by hand): a write waiting in the push outbox. */
export async function queueListingTitle(
  db: Db,
  drift: { channelId: string; listingId: string; sku: string; found: string | null; changeId: string; title: string },
  accountId: string,
  at: Date,
): Promise<void> {
  // One title waiting per listing: this one replaces one not sent yet.
  await db
    .update(listingWrites)
    .set({ status: 'superseded', updatedAt: at })
    .where(
      and(
        eq(listingWrites.listingId, drift.listingId),
        eq(listingWrites.field, 'title'),
        eq(listingWrites.status, 'pending'),
      ),
    );
  await db.insert(listingWrites).values({
    accountId,
    channelId: drift.channelId,
    listingId: drift.listingId,
    changeId: drift.changeId,
    sku: drift.sku,
    field: 'title',
    before: drift.found,
    after: drift.title,
    status: 'pending',
    createdAt: at,
    updatedAt: at,
  });
}
