import { and, asc, eq, inArray, lte, ne, notExists, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';
import {
  accounts,
  changes,
  channels,
  listingDrift,
  listings,
  listingWrites,
  products,
  type ChangeCause,
  type ChangeField,
  type ChannelKind,
  type ChannelRules,
  type ListingWriteField,
  type Plan,
} from '../schema/index.ts';

export interface ChangeInput {
  productId: string | null;
  channelId?: string | null;
  sku: string;
  cause: ChangeCause;
  causeRef?: string | null;
  orderId?: string | null;
  actorUserId?: string | null;
  field: ChangeField;
  before: string | null;
  after: string | null;
}

/** Records changes; answers their ids in the order given. */
export async function insertChanges(db: Db, accountId: string, items: ChangeInput[], at: Date): Promise<string[]> {
  if (items.length === 0) return [];
  const ids: string[] = [];
  for (let i = 0; i < items.length; i += 1000) {
    const rows = await db
      .insert(changes)
      .values(items.slice(i, i + 1000).map((c) => ({ accountId, ...c, createdAt: at })))
      .returning({ id: changes.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** What the planner needs of one target listing: the product's stock and price, the channel's rules, what we last asked for. */
export interface PlannableListing {
  listingId: string;
  channelId: string;
  sku: string;
  productId: string;
  onHand: number;
  committed: number;
  price: string | null;
  rules: ChannelRules;
  confirmedQuantity: number | null;
  confirmedPrice: string | null;
  desiredQuantity: number | null;
  desiredPrice: string | null;
  priceOverride: string | null;
  /** A hand edit of the price waits for the seller's decision: the price is left alone meanwhile. */
  priceDriftOpen: boolean;
  channelKind: ChannelKind;
  /** The seller took the listing off sale: no value may put it back on sale. */
  takenOffSale: boolean;
  /** The account's plan (whether its values go at once), read with the listings to save a statement. */
  plan: Plan;
}

/**
 * Every linked listing of these products on the account's target channels that sync runs for
 * (active, or in error and being retried), with what the planner needs; the products stay locked
 * until the transaction ends.
 *
 * The products are locked first (in id order, so planners never deadlock): a planner waits for a
 * change of the same stock to commit. Then everything is read in a statement of its own, so it is
 * read as that change left it. Read in the locking statement, only the locked products would be
 * fresh. A channel's rules and its listings' desired values would still be from before the wait:
 * a "Sync now" repair that waited for a rule change then sent the old rules' quantity over it.
 */
export async function plannableListings(
  db: Db,
  accountId: string,
  productIds: string[] | 'all',
  channelId?: string,
): Promise<PlannableListing[]> {
  if (productIds.length === 0) return [];
  const where = and(
    eq(listings.accountId, accountId),
    ...(productIds === 'all' ? [] : [inArray(listings.productId, productIds)]),
    inArray(channels.status, ['active', 'error']),
    ne(channels.role, 'main'),
    ...(channelId ? [eq(listings.channelId, channelId)] : []),
  );
  await db
    .select({ id: products.id })
    .from(listings)
    .innerJoin(products, eq(products.id, listings.productId))
    .innerJoin(channels, eq(channels.id, listings.channelId))
    .where(where)
    .orderBy(asc(products.id))
    .for('update', { of: products });
  return db
    .select({
      listingId: listings.id,
      channelId: listings.channelId,
      sku: listings.sku,
      productId: products.id,
      onHand: products.onHand,
      committed: products.committed,
      price: products.price,
      rules: channels.rules,
      confirmedQuantity: listings.confirmedQuantity,
      confirmedPrice: listings.confirmedPrice,
      desiredQuantity: listings.desiredQuantity,
      desiredPrice: listings.desiredPrice,
      priceOverride: listings.priceOverride,
      priceDriftOpen: sql<boolean>`exists (select 1 from ${listingDrift} where ${listingDrift.listingId} = ${listings.id} and ${listingDrift.field} = 'price' and ${listingDrift.resolvedAt} is null)`,
      channelKind: channels.kind,
      takenOffSale: sql<boolean>`${listings.takenOffSaleAt} is not null`,
      plan: accounts.plan,
    })
    .from(listings)
    .innerJoin(products, eq(products.id, listings.productId))
    .innerJoin(channels, eq(channels.id, listings.channelId))
    .innerJoin(accounts, eq(accounts.id, listings.accountId))
    .where(where)
    .orderBy(asc(products.id));
}

export interface WriteInput {
  channelId: string;
  listingId: string;
  changeId: string | null;
  sku: string;
  field: ListingWriteField;
  before: string | null;
  after: string;
}

/**
 * Queues values to set: a newer value for a listing replaces one not yet sent, and the listing's
 * desired value becomes the new one. Same transaction as the change that calls for them.
 */
export async function queueWrites(db: Db, accountId: string, items: WriteInput[], at: Date): Promise<void> {
  for (let i = 0; i < items.length; i += 1000) {
    const page = items.slice(i, i + 1000);
    // In one statement (a round trip less while the transaction holds its locks): the values still
    // waiting for these listings are replaced, and the listings' desired values become what we now
    // ask for. The new writes go in after, once no value of theirs is pending (one pending per field).
    const fields = sql.join(
      page.map((w) => sql`(${w.listingId}::uuid, ${w.field}::text)`),
      sql`, `,
    );
    await db.execute(sql`
      with superseded as (
        update ${listingWrites} set status = 'superseded', updated_at = ${at}
        where ${listingWrites.status} = 'pending' and (${listingWrites.listingId}, ${listingWrites.field}) in (values ${fields})
      )
      update ${listings} set
        desired_quantity = coalesce(v.quantity, ${listings.desiredQuantity}),
        desired_price = coalesce(v.price, ${listings.desiredPrice}),
        updated_at = ${at}
      from (values ${valuesPerListing(page)}) as v(listing_id, quantity, price)
      where ${listings.id} = v.listing_id`);
    await db
      .insert(listingWrites)
      .values(page.map((w) => ({ accountId, ...w, status: 'pending' as const, createdAt: at, updatedAt: at })));
  }
}

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
  const given = sql.join(
    writes.map((w, position) => sql`(${w.id}::uuid, ${position}::integer)`),
    sql`, `,
  );
  await db.execute(sql`
    with given(id, position) as (values ${given}),
    settled as (
      update ${listingWrites} set status = 'confirmed', message = null, confirmed_at = ${at}, updated_at = ${at}
      from given
      where ${listingWrites.id} = given.id and ${listingWrites.status} in ('sending', 'submitted', 'accepted')
      returning ${listingWrites.listingId} as listing_id, ${listingWrites.field} as field, ${listingWrites.after} as after, given.position
    ),
    per_listing as (
      select listing_id,
        ((array_agg(after order by position desc) filter (where field = 'quantity'))[1])::integer as quantity,
        ((array_agg(after order by position desc) filter (where field = 'price'))[1])::numeric as price
      from settled group by listing_id
    )
    update ${listings} set
      confirmed_quantity = coalesce(v.quantity, ${listings.confirmedQuantity}),
      confirmed_price = coalesce(v.price, ${listings.confirmedPrice}),
      confirmed_at = ${at},
      last_error = case when ${listings.status} = 'error' then null else ${listings.lastError} end,
      status = case when ${listings.status} <> 'error' then ${listings.status} when ${listings.takenOffSaleAt} is null then 'active' else 'inactive' end,
      updated_at = ${at}
    from per_listing as v
    where ${listings.id} = v.listing_id`);
}

/**
 * One row per listing with its new quantity and price (null where unchanged). An UPDATE … FROM
 * applies only one joined row to each target row, so a listing's quantity and price must arrive
 * on the same row or one of them is silently lost.
 */
function valuesPerListing(writes: Array<{ listingId: string; field: ListingWriteField; after: string }>): SQL {
  const perListing = new Map<string, { quantity: string | null; price: string | null }>();
  for (const w of writes) {
    const row = perListing.get(w.listingId) ?? { quantity: null, price: null };
    row[w.field] = w.after;
    perListing.set(w.listingId, row);
  }
  return sql.join(
    [...perListing].map(([listingId, v]) => sql`(${listingId}::uuid, ${v.quantity}::integer, ${v.price}::numeric)`),
    sql`, `,
  );
}

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
  return db
    .select({ ...claimedWriteColumns, submissionId: listingWrites.submissionId })
    .from(listingWrites)
    .where(
      and(eq(listingWrites.channelId, channelId), eq(listingWrites.sku, sku), eq(listingWrites.status, 'accepted')),
    );
}

/** Whether values wait to be sent for any of these listings (queued behind one in flight, say). */
export async function hasPendingWrites(db: Db, listingIds: string[]): Promise<boolean> {
  if (listingIds.length === 0) return false;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(listingWrites)
    .where(and(inArray(listingWrites.listingId, listingIds), sql`${listingWrites.status} = 'pending'`))
    .limit(1);
  return row !== undefined;
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

/** Channels with values waiting to be sent: the schedule's safety net when a push was lost. */
export async function channelsWithPendingWrites(
  db: Db,
): Promise<Array<{ accountId: string; channelId: string; plan: Plan }>> {
  return db
    .selectDistinct({ accountId: listingWrites.accountId, channelId: listingWrites.channelId, plan: accounts.plan })
    .from(listingWrites)
    .innerJoin(channels, eq(channels.id, listingWrites.channelId))
    .innerJoin(accounts, eq(accounts.id, listingWrites.accountId))
    .where(and(inArray(listingWrites.status, ['pending', 'sending']), inArray(channels.status, ['active', 'error'])));
}

/** On a scheduled plan, the channel's sync is due: what is queued until now is to be sent. */
export async function markWritesDue(db: Db, channelId: string, until: Date): Promise<void> {
  await db.update(channels).set({ writesDueUntil: until }).where(eq(channels.id, channelId));
}

/** Open writes of a channel, for progress and for tests. */
export async function openWriteCount(db: Db, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(listingWrites)
    .where(
      and(
        eq(listingWrites.accountId, accountId),
        inArray(listingWrites.status, ['pending', 'sending', 'submitted', 'accepted']),
      ),
    );
  return row?.n ?? 0;
}

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

export interface MainListing {
  listingId: string;
  channelId: string;
  productId: string;
  sku: string;
  confirmedPrice: string | null;
}

/** These products' listings on the account's main channel. */
export async function mainListingsOf(db: Db, accountId: string, productIds: string[]): Promise<MainListing[]> {
  if (productIds.length === 0) return [];
  const found: MainListing[] = [];
  for (let i = 0; i < productIds.length; i += 5000) {
    const rows = await db
      .select({
        listingId: listings.id,
        channelId: listings.channelId,
        productId: sql<string>`${listings.productId}`,
        sku: listings.sku,
        confirmedPrice: listings.confirmedPrice,
      })
      .from(listings)
      .innerJoin(channels, eq(channels.id, listings.channelId))
      .where(
        and(
          eq(listings.accountId, accountId),
          eq(channels.role, 'main'),
          ne(channels.status, 'disconnected'),
          inArray(listings.productId, productIds.slice(i, i + 5000)),
        ),
      );
    found.push(...rows);
  }
  return found;
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
