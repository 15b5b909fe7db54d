import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { rowsOf, run, statement } from '../statements.ts';
import { writableAt } from './billing.ts';
import { accounts, channels, listingWrites, type ListingWriteField, type Plan } from '../schema/index.ts';

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
  return queuedUpTo
    ? rowsOf(db, claimQueuedUpTo, [channelId, limit, at, queuedUpTo])
    : rowsOf(db, claimPending, [channelId, limit, at]);
}

// Statuses written out, not bound: a plan kept for the statement can then use the partial indexes.
// A published listing the marketplace does not hold yet is left out: the publish job creates it
// with these values. Values of the same moment (a bulk edit, a rule change) go in SKU order:
// variants of one product usually share the start of their SKU, and Shopify sets a product's
// prices in one call.
const claimText = (queuedUpTo: string) => `
  update listing_writes set status = 'sending', attempts = listing_writes.attempts + 1, updated_at = $3
  where listing_writes.status = 'pending' and listing_writes.id in (
    select candidate.id from listing_writes as candidate
    where candidate.channel_id = $1 and candidate.status = 'pending'${queuedUpTo}
      and not exists (select 1 from listing_writes as in_flight
        where in_flight.listing_id = candidate.listing_id and in_flight.status in ('sending', 'submitted', 'accepted'))
      and not exists (select 1 from listings as awaiting
        where awaiting.id = candidate.listing_id and awaiting.status = 'pending' and awaiting.marketplace_id is null
          and awaiting.confirmed_at is null and awaiting.product_id is not null)
    order by candidate.created_at, candidate.sku
    limit $2
    for update skip locked)
  returning ${claimedWriteReturning}`;
/** A claimed write's columns as `ClaimedWrite` names them. */
export const claimedWriteReturning = `listing_writes.id, listing_writes.listing_id as "listingId", listing_writes.sku, listing_writes.field,
  listing_writes.after, listing_writes.attempts, listing_writes.change_id as "changeId"`;
const claimPending = statement<ClaimedWrite>('claim_pending_writes', claimText(''));
const claimQueuedUpTo = statement<ClaimedWrite>(
  'claim_pending_writes_queued_up_to',
  claimText(' and candidate.created_at <= $4'),
);

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
  const positions = ids.flatMap((group, position) => group.map(() => position));
  await run(db, markWritesInFlight, [status, submissionId, at, ids.flat(), positions]);
}

const markWritesInFlight = statement(
  'mark_writes_in_flight',
  `update listing_writes set status = $1, submission_id = $2, submission_position = v.position, updated_at = $3
   from unnest($4::uuid[], $5::integer[]) as v(id, position)
   where listing_writes.id = v.id`,
);

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
