import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { rowsOf, run, statement } from '../statements.ts';
import { listingWrites, type ListingWriteField } from '../schema/index.ts';
import { claimedWriteColumns, claimedWriteReturning, type ClaimedWrite } from './listing-writes-sending.ts';

// What became of values on their way: the writes a submission or an acceptance holds, confirmed
// (the listings then show them) or superseded by a newer value, and what a sale on the channel
// leaves unknown.

/** The marketplace holds the values: the writes are confirmed and the listings show them. */
export async function confirmWrites(
  db: Db,
  writes: Array<Pick<ClaimedWrite, 'id' | 'listingId' | 'field' | 'after'>>,
  at: Date,
): Promise<void> {
  if (writes.length === 0) return;
  // One statement (a push settles each call's answer: two round trips were a tenth of a stream's).
  // Only writes still on their way: a second confirmation of the same answer (a check on notice and
  // a scheduled one) changes nothing, and never overrides a write settled otherwise meanwhile. A
  // listing's quantity and price arrive on one row (an UPDATE … FROM applies one joined row per
  // target row), the later write of a field winning as in the list given. A listing in error that
  // takes a value is active again, or inactive while the seller holds it off sale.
  await run(db, confirmWritesStatement, [writes.map((w) => w.id), at]);
}

const confirmWritesStatement = statement(
  'confirm_writes',
  `with given(id, position) as (select * from unnest($1::uuid[]) with ordinality),
    settled as (
      update listing_writes set status = 'confirmed', message = null, confirmed_at = $2, updated_at = $2
      from given
      where listing_writes.id = given.id and listing_writes.status in ('sending', 'submitted', 'accepted')
      returning listing_writes.listing_id, listing_writes.field, listing_writes.after, given.position
    ),
    per_listing as (
      select listing_id,
        ((array_agg(after order by position desc) filter (where field = 'quantity'))[1])::integer as quantity,
        ((array_agg(after order by position desc) filter (where field = 'price'))[1])::numeric as price
      from settled group by listing_id
    )
    update listings set
      confirmed_quantity = coalesce(v.quantity, listings.confirmed_quantity),
      confirmed_price = coalesce(v.price, listings.confirmed_price),
      confirmed_at = $2,
      last_error = case when listings.status = 'error' then null else listings.last_error end,
      status = case when listings.status <> 'error' then listings.status when listings.taken_off_sale_at is null then 'active' else 'inactive' end,
      updated_at = $2
    from per_listing as v
    where listings.id = v.listing_id`,
);

export async function writesOfSubmission(db: Db, channelId: string, submissionId: string): Promise<ClaimedWrite[]> {
  return db
    .select(claimedWriteColumns)
    .from(listingWrites)
    .where(
      and(
        eq(listingWrites.channelId, channelId),
        eq(listingWrites.submissionId, submissionId),
        inArray(listingWrites.status, ['submitted', 'accepted']),
      ),
    )
    .orderBy(asc(listingWrites.submissionPosition));
}

/**
 * A sale or a cancellation on a channel moved that marketplace's own quantity by itself, and maybe
 * before or after the last value we set there landed: what it holds now is not known. Where no
 * quantity of ours is waiting or on its way (a price may be: it leaves the quantity as it is), the
 * recorded quantity is forgotten, so the plan that follows sends the rules' value (a restock on
 * cancel included).
 */
export async function forgetSellingQuantities(db: Db, channelId: string, skus: string[]): Promise<void> {
  if (skus.length === 0) return;
  await db.execute(sql`
    update listings set confirmed_quantity = null, desired_quantity = null, updated_at = now()
    where listings.channel_id = ${channelId} and listings.sku in (${sql.join(
      [...new Set(skus)].map((sku) => sql`${sku}`),
      sql`, `,
    )})
      and not exists (select 1 from listing_writes w where w.listing_id = listings.id and w.field = 'quantity' and w.status in ('pending', 'sending', 'submitted', 'accepted'))`);
}

/** A SKU's values a channel accepted for later (Amazon's PATCH), with the submission each waits in. */
export async function acceptedWritesOfSku(
  db: Db,
  channelId: string,
  sku: string,
): Promise<Array<ClaimedWrite & { submissionId: string | null }>> {
  return rowsOf(db, acceptedWritesOfSkuStatement, [channelId, sku]);
}

const acceptedWritesOfSkuStatement = statement<ClaimedWrite & { submissionId: string | null }>(
  'accepted_writes_of_sku',
  `select ${claimedWriteReturning}, listing_writes.submission_id as "submissionId" from listing_writes
   where listing_writes.channel_id = $1 and listing_writes.sku = $2 and listing_writes.status = 'accepted'`,
);

/** Whether values wait to be sent for any of these listings (queued behind one in flight, say). */
export async function hasPendingWrites(db: Db, listingIds: string[]): Promise<boolean> {
  if (listingIds.length === 0) return false;
  const [row] = await rowsOf(db, hasPendingWritesStatement, [listingIds]);
  return row !== undefined;
}

const hasPendingWritesStatement = statement<{ one: number }>(
  'has_pending_writes',
  `select 1 as one from listing_writes where listing_writes.listing_id = any($1::uuid[]) and listing_writes.status = 'pending' limit 1`,
);

/** Listings (and fields) among these writes' that have a newer value waiting to be sent. */
export async function listingsWithNewerWrites(
  db: Db,
  writes: Array<{ listingId: string; field: ListingWriteField }>,
): Promise<Set<string>> {
  if (writes.length === 0) return new Set();
  const rows = await db
    .select({ listingId: listingWrites.listingId, field: listingWrites.field })
    .from(listingWrites)
    .where(
      and(
        inArray(listingWrites.listingId, [...new Set(writes.map((w) => w.listingId))]),
        eq(listingWrites.status, 'pending'),
      ),
    );
  return new Set(rows.map((r) => `${r.listingId}:${r.field}`));
}

/**
 * Quantities taken for later whose listing sold on that channel since: the marketplace took the
 * units off by itself, before or after our value landed, so a read may never show that value.
 */
export async function quantitiesMovedBySale(db: Db, channelId: string, writeIds: string[]): Promise<Set<string>> {
  if (writeIds.length === 0) return new Set();
  const result = (await db.execute(sql`
    select w.id from listing_writes w
    where w.channel_id = ${channelId} and w.field = 'quantity' and w.id in (${sql.join(
      writeIds.map((id) => sql`${id}`),
      sql`, `,
    )})
      and exists (
        select 1 from orders o
        where o.channel_id = w.channel_id
          -- Recorded since the value was taken (the marketplace's own times bound the index scan).
          and o.marketplace_updated_at >= w.updated_at - interval '1 day' and o.updated_at >= w.updated_at
          and o.accounted_units ? w.sku)`)) as unknown as { rows: Array<{ id: string }> };
  return new Set(result.rows.map((r) => r.id));
}

/** Values a newer one replaced before they were confirmed. */
export async function supersedeWrites(db: Db, writes: Array<{ id: string }>, at: Date): Promise<void> {
  if (writes.length === 0) return;
  await db
    .update(listingWrites)
    .set({ status: 'superseded', updatedAt: at })
    .where(
      inArray(
        listingWrites.id,
        writes.map((w) => w.id),
      ),
    );
}

/**
 * SKUs of a channel with a price of ours not yet confirmed there (waiting or on its way), or
 * confirmed since `readAt`: what was read there may not show it yet.
 */
export async function skusWithOpenPriceWrites(
  db: Db,
  channelId: string,
  skus: string[],
  readAt: Date,
): Promise<Set<string>> {
  if (skus.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ sku: listingWrites.sku })
    .from(listingWrites)
    .where(
      and(
        eq(listingWrites.channelId, channelId),
        eq(listingWrites.field, 'price'),
        inArray(listingWrites.sku, skus),
        sql`(${listingWrites.status} in ('pending', 'sending', 'submitted', 'accepted') or (${listingWrites.status} = 'confirmed' and ${listingWrites.confirmedAt} >= ${readAt}))`,
      ),
    );
  return new Set(rows.map((r) => r.sku));
}
