import { and, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { executeWithKeptPlan } from '../kept-plans.ts';
import { listings } from '../schema/index.ts';

// Whether the catalogue changed: its version (a page or a count read at the same version still
// holds), and the listings changed since a moment, which the live catalogue refreshes.

/**
 * How long after its stamp a change may still commit: a change is stamped when its transaction (or
 * the job that makes it) starts, and is seen once it commits. The live feed reaches back this far,
 * and a catalogue whose latest change is older than this is settled.
 */
export const LATE_COMMIT_MS = 3000;

export interface CatalogueState {
  /**
   * The account's catalogue's version: per table (products, listings) its latest stamp and a digest
   * (sum and count) of every stamp within LATE_COMMIT_MS before it; the channels' stamps; how many
   * channels are connected. A change committed after the version was read either stamps later than
   * its latest stamp, or (committing late) stamps inside that window and changes its digest: either
   * way the version is a new one.
   */
  version: string;
  /** The latest change is older than LATE_COMMIT_MS: the catalogue is not changing now. */
  settled: boolean;
}

/** The catalogue's version, each part read from an index, newest first. A count or a page read at the same version still holds. */
export async function catalogueState(db: Db, accountId: string): Promise<CatalogueState> {
  const result = await executeWithKeptPlan<CatalogueState>(db, catalogueStateSql(accountId));
  return result.rows[0] ?? { version: '', settled: false };
}

const lateCommitWindow = sql.raw(`interval '${LATE_COMMIT_MS} milliseconds'`);
/** More stamps than this within the window (a bulk change under way): no digest, the version is new on every read. */
const RECENT_STAMPS_DIGESTED = 1000;

/**
 * A table's stamps (of the account) within LATE_COMMIT_MS of its latest one: their sum to the
 * microsecond and their count. Only while that latest stamp is recent: once it is older than
 * LATE_COMMIT_MS, any change still to commit stamps later than it. Past RECENT_STAMPS_DIGESTED
 * stamps, the read's own time stands in, so that version matches no other.
 */
const recentStamps = (table: 'products' | 'listings', accountId: string, latest: SQL) =>
  sql`case when ${latest} is null or ${latest} < now() - ${lateCommitWindow} then '' else (
    select case when count(*) > ${sql.raw(String(RECENT_STAMPS_DIGESTED))} then clock_timestamp()::text else concat(sum(extract(epoch from r.updated_at)), ':', count(*)) end
    from (select r.updated_at from ${sql.raw(table)} r where r.account_id = ${accountId} and r.updated_at >= ${latest} - ${lateCommitWindow} limit ${sql.raw(String(RECENT_STAMPS_DIGESTED + 1))}) r) end`;

export function catalogueStateSql(accountId: string): SQL {
  return sql`select concat_ws('|', coalesce(s.products::text, '-'), ${recentStamps('products', accountId, sql`s.products`)}, coalesce(s.listings::text, '-'), ${recentStamps('listings', accountId, sql`s.listings`)}, s.channels, s.connected::text) as version,
      coalesce(greatest(s.products, s.listings) < now() - ${lateCommitWindow}, true) as settled
    from (select
      (select p.updated_at from products p where p.account_id = ${accountId} order by p.updated_at desc limit 1) as products,
      (select l.updated_at from listings l where l.account_id = ${accountId} order by l.updated_at desc limit 1) as listings,
      (select concat(sum(extract(epoch from c.updated_at)), ':', count(*)) from channels c where c.account_id = ${accountId}) as channels,
      (select count(*) from channels c where c.account_id = ${accountId} and c.status <> 'disconnected') as connected) s`;
}

/** Listings of the account changed after `since`, oldest change first (at most `limit`): what the live catalogue refreshes. */
export async function listingsChangedSince(
  db: Db,
  accountId: string,
  since: Date,
  limit: number,
): Promise<Array<{ id: string; sku: string; updatedAt: Date }>> {
  return db
    .select({ id: listings.id, sku: listings.sku, updatedAt: listings.updatedAt })
    .from(listings)
    .where(and(eq(listings.accountId, accountId), gt(listings.updatedAt, since)))
    .orderBy(listings.updatedAt)
    .limit(limit);
}

/** The account's latest listing change: where a live feed starts. */
export async function latestListingChange(db: Db, accountId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: listings.updatedAt })
    .from(listings)
    .where(eq(listings.accountId, accountId))
    .orderBy(desc(listings.updatedAt))
    .limit(1);
  return row?.at ?? null;
}
