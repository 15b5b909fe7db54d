import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { channels, listingWrites, type ListingWriteField } from '../schema/index.ts';

// The values' progress as the activity views read it: per channel, waiting, on their way,
// confirmed and refused; the refused ones not sent again.

export interface PushCounts {
  channelId: string;
  kind: (typeof channels.$inferSelect)['kind'];
  displayName: string;
  pending: number;
  onTheirWay: number;
  confirmed: number;
  failed: number;
}

/**
 * Per connected channel of the account: values waiting, on their way, confirmed since `since`, and
 * refused since `since` and not sent again (a value sent again is superseded).
 */
export async function pushCounts(db: Db, accountId: string, since: Date): Promise<PushCounts[]> {
  return (
    db
      .select({
        channelId: channels.id,
        kind: channels.kind,
        displayName: channels.displayName,
        pending: sql<number>`count(${listingWrites.id}) filter (where ${listingWrites.status} = 'pending')::int`,
        onTheirWay: sql<number>`count(${listingWrites.id}) filter (where ${listingWrites.status} in ('sending', 'submitted', 'accepted'))::int`,
        confirmed: sql<number>`count(${listingWrites.id}) filter (where ${listingWrites.status} = 'confirmed' and ${listingWrites.confirmedAt} >= ${since})::int`,
        failed: sql<number>`count(${listingWrites.id}) filter (where ${listingWrites.status} = 'failed' and ${listingWrites.updatedAt} >= ${since})::int`,
      })
      .from(channels)
      // Only the writes still open or settled since `since`: a channel's history of writes only grows.
      .leftJoin(
        listingWrites,
        and(
          eq(listingWrites.channelId, channels.id),
          sql`(${listingWrites.status} in ('pending', 'sending', 'submitted', 'accepted') or ${listingWrites.updatedAt} >= ${since})`,
        ),
      )
      .where(and(eq(channels.accountId, accountId), ne(channels.status, 'disconnected')))
      .groupBy(channels.id, channels.kind, channels.displayName, channels.role, channels.connectedAt)
      .orderBy(sql`${channels.role} = 'main' desc`, asc(channels.connectedAt))
  );
}

export interface FailedWrite {
  id: string;
  channelId: string;
  kind: (typeof channels.$inferSelect)['kind'];
  sku: string;
  field: ListingWriteField;
  after: string;
  message: string | null;
  attempts: number;
  updatedAt: Date;
}

/** Values the marketplaces refused and that were not sent again, newest first; and how many there are. */
export async function failedWrites(
  db: Db,
  accountId: string,
  limit: number,
): Promise<{ items: FailedWrite[]; total: number }> {
  // A refused value that a newer one of the same listing and field has followed needs nothing more.
  const scope = and(
    eq(listingWrites.accountId, accountId),
    eq(listingWrites.status, 'failed'),
    ne(channels.status, 'disconnected'),
    sql`not exists (select 1 from listing_writes newer where newer.listing_id = ${listingWrites.listingId} and newer.field = ${listingWrites.field} and newer.created_at > ${listingWrites.createdAt})`,
  );
  const items = await db
    .select({
      id: listingWrites.id,
      channelId: listingWrites.channelId,
      kind: channels.kind,
      sku: listingWrites.sku,
      field: listingWrites.field,
      after: listingWrites.after,
      message: listingWrites.message,
      attempts: listingWrites.attempts,
      updatedAt: listingWrites.updatedAt,
    })
    .from(listingWrites)
    .innerJoin(channels, eq(channels.id, listingWrites.channelId))
    .where(scope)
    .orderBy(sql`${listingWrites.updatedAt} desc`, asc(listingWrites.sku))
    .limit(limit);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(listingWrites)
    .innerJoin(channels, eq(channels.id, listingWrites.channelId))
    .where(scope);
  return { items, total: count?.n ?? 0 };
}
