import { and, asc, eq, inArray, lte, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';
import { writableAt } from './billing.ts';
import { accounts, channels, listings, listingWrites, type ListingWriteField, type Plan } from '../schema/index.ts';

// A push's side of the values waiting: claiming them (one value of a SKU on its way at a time),
// taking back the claims of a push that crashed, marking those a marketplace took for later, and
// the channels with values still to send.

export interface ClaimedWrite {
  id: string;
  listingId: string;
  sku: string;
  field: ListingWriteField;
  after: string;
  attempts: number;
  changeId: string | null;
}

/** The columns of a write as a push holds it, read or claimed. */
export const claimedWriteColumns = {
  id: listingWrites.id,
  listingId: listingWrites.listingId,
  sku: listingWrites.sku,
  field: listingWrites.field,
  after: listingWrites.after,
  attempts: listingWrites.attempts,
  changeId: listingWrites.changeId,
};

/**
 * A crashed push leaves claims behind; the next push of the channel (only one runs at a time) takes
 * them back. A claim that a newer value superseded meanwhile is dropped.
 */
export async function releaseClaims(
  db: Db,
  channelId: string,
  at: Date,
  ids?: string[],
  message?: string,
): Promise<void> {
  // One statement (every push starts here): the claims with a newer value waiting are dropped, the
  // others wait again. Both parts see the claims as they were, so the second leaves out the first's.
  // An array renders as a parenthesised list of parameters; an empty one matches nothing.
  const scope = sql`claim.channel_id = ${channelId} and claim.status = 'sending'${ids ? (ids.length > 0 ? sql` and claim.id in ${ids}` : sql` and false`) : sql``}`;
  await db.execute(sql`
    with superseded as (
      update ${listingWrites} as claim set status = 'superseded', updated_at = ${at}
      where ${scope} and exists (select 1 from ${listingWrites} as newer where newer.listing_id = claim.listing_id and newer.field = claim.field and newer.status = 'pending')
      returning claim.id
    )
    update ${listingWrites} as claim set status = 'pending', updated_at = ${at}${message ? sql`, message = ${message}` : sql``}
    where ${scope} and claim.id not in (select id from superseded)`);
}

/**
 * Claims up to `limit` pending writes of a channel, oldest first, skipping listings with a value
 * still in flight (being sent by another round of the push, in a feed, accepted for later): one SKU's
 * values reach the marketplace in order.
 */
export async function claimPendingWrites(
  db: Db,
  channelId: string,
  limit: number,
  at: Date,
  queuedUpTo: Date | null = null,
): Promise<ClaimedWrite[]> {
  const inFlight = alias(listingWrites, 'in_flight');
  const candidates = db
    .select({ id: listingWrites.id })
    .from(listingWrites)
    .where(
      and(
        eq(listingWrites.channelId, channelId),
        // Statuses written out, not bound: a plan kept for the statement can then use the partial indexes.
        sql`${listingWrites.status} = 'pending'`,
        ...(queuedUpTo ? [lte(listingWrites.createdAt, queuedUpTo)] : []),
        notExists(
          db
            .select({ one: sql`1` })
            .from(inFlight)
            .where(
              and(
                eq(inFlight.listingId, listingWrites.listingId),
                sql`${inFlight.status} in ('sending', 'submitted', 'accepted')`,
              ),
            ),
        ),
        // A published listing the marketplace does not hold yet: the publish job creates it with these values.
        sql`not exists (select 1 from ${listings} as awaiting where awaiting.id = ${listingWrites.listingId} and awaiting.status = 'pending' and awaiting.marketplace_id is null and awaiting.confirmed_at is null and awaiting.product_id is not null)`,
      ),
    )
    // Values of the same moment (a bulk edit, a rule change) in SKU order: variants of one product
    // usually share the start of their SKU, and Shopify sets a product's prices in one call.
    .orderBy(asc(listingWrites.createdAt), asc(listingWrites.sku))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(listingWrites)
    .set({ status: 'sending', attempts: sql`${listingWrites.attempts} + 1`, updatedAt: at })
    .where(and(inArray(listingWrites.id, candidates), sql`${listingWrites.status} = 'pending'`))
    .returning(claimedWriteColumns);
}

/**
 * The writes wait on the marketplace: a feed, or an acceptance to read back later. `ids` in the
 * order their SKUs were submitted (a write's position is its SKU's place in the feed).
 */
export async function markInFlight(
  db: Db,
  ids: string[][],
  status: 'submitted' | 'accepted',
  submissionId: string,
  at: Date,
): Promise<void> {
  if (ids.length === 0) return;
  const values = sql.join(
    ids.flatMap((group, position) => group.map((id) => sql`(${id}::uuid, ${position}::integer)`)),
    sql`, `,
  );
  await db.execute(sql`
    update ${listingWrites} set status = ${status}, submission_id = ${submissionId}, submission_position = v.position, updated_at = ${at}
    from (values ${values}) as v(id, position)
    where ${listingWrites.id} = v.id`);
}

/** Channels with values waiting to be sent, of accounts that may sync: the schedule's safety net when a push was lost. */
export async function channelsWithPendingWrites(
  db: Db,
  now: Date,
): Promise<Array<{ accountId: string; channelId: string; plan: Plan }>> {
  return db
    .selectDistinct({ accountId: listingWrites.accountId, channelId: listingWrites.channelId, plan: accounts.plan })
    .from(listingWrites)
    .innerJoin(channels, eq(channels.id, listingWrites.channelId))
    .innerJoin(accounts, eq(accounts.id, listingWrites.accountId))
    .where(
      and(
        inArray(listingWrites.status, ['pending', 'sending']),
        inArray(channels.status, ['active', 'error']),
        writableAt(now),
      ),
    );
}
