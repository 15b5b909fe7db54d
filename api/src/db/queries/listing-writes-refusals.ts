import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';
import { channels, listings, listingWrites, type ListingWriteField } from '../schema/index.ts';

// Values that did not land: refused by the marketplace (kept with its message), sent back to wait
// again, and the refused ones a seller sends again.

/** The marketplace refused: the writes and their listings keep its message; the others go on. */
export async function failWrites(
  db: Db,
  writes: Array<{ id: string; listingId: string; message: string }>,
  at: Date,
): Promise<void> {
  for (const write of writes) {
    await db
      .update(listingWrites)
      .set({ status: 'failed', message: write.message, updatedAt: at })
      .where(eq(listingWrites.id, write.id));
    await db
      .update(listings)
      .set({ status: 'error', lastError: write.message, updatedAt: at })
      .where(eq(listings.id, write.listingId));
  }
}

/** An in-flight write goes back to be sent again (a feed that failed as a whole, a value that did not show). */
export async function requeueWrites(
  db: Db,
  writes: Array<{ id: string; listingId: string; field: ListingWriteField }>,
  message: string,
  at: Date,
): Promise<void> {
  for (const write of writes) {
    const [newer] = await db
      .select({ id: listingWrites.id })
      .from(listingWrites)
      .where(
        and(
          eq(listingWrites.listingId, write.listingId),
          eq(listingWrites.field, write.field),
          eq(listingWrites.status, 'pending'),
        ),
      );
    await db
      .update(listingWrites)
      .set({
        status: newer ? 'superseded' : 'pending',
        message,
        submissionId: null,
        submissionPosition: null,
        updatedAt: at,
      })
      .where(eq(listingWrites.id, write.id));
  }
}

export interface RetryableWrite {
  id: string;
  channelId: string;
  listingId: string;
  changeId: string | null;
  sku: string;
  field: ListingWriteField;
  after: string;
  /** A newer value for the same listing and field exists: this one is not sent again. */
  replaced: boolean;
  confirmedQuantity: number | null;
  confirmedPrice: string | null;
}

/**
 * The account's refused writes among `ids` (or all of one channel's), locked until the transaction
 * ends, with whether a newer value of the same listing and field has been asked for since.
 */
export async function lockFailedWrites(
  db: Db,
  accountId: string,
  scope: { writeIds: string[] } | { channelId: string },
): Promise<RetryableWrite[]> {
  const newer = alias(listingWrites, 'newer');
  return db
    .select({
      id: listingWrites.id,
      channelId: listingWrites.channelId,
      listingId: listingWrites.listingId,
      changeId: listingWrites.changeId,
      sku: listingWrites.sku,
      field: listingWrites.field,
      after: listingWrites.after,
      replaced: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(newer)
        .where(
          and(
            eq(newer.listingId, listingWrites.listingId),
            eq(newer.field, listingWrites.field),
            sql`${newer.createdAt} > ${listingWrites.createdAt}`,
            ne(newer.status, 'superseded'),
          ),
        )})`,
      confirmedQuantity: listings.confirmedQuantity,
      confirmedPrice: listings.confirmedPrice,
    })
    .from(listingWrites)
    .innerJoin(listings, eq(listings.id, listingWrites.listingId))
    .innerJoin(channels, eq(channels.id, listingWrites.channelId))
    .where(
      and(
        eq(listingWrites.accountId, accountId),
        eq(listingWrites.status, 'failed'),
        ne(channels.status, 'disconnected'),
        'writeIds' in scope ? inArray(listingWrites.id, scope.writeIds) : eq(listingWrites.channelId, scope.channelId),
      ),
    )
    .orderBy(asc(listingWrites.createdAt))
    .for('update', { of: listingWrites });
}
