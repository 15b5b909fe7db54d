import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { listingCompetition, listings } from '../schema/index.ts';
import type { ListingCompetition } from '../../marketplaces/types.ts';

/**
 * Keeps what the marketplace told of the competition on the channel's listing of this product (by the
 * marketplace's product id: Amazon's ASIN), in one statement; a report older than the one kept changes
 * nothing. Answers the listing it was kept for and its product, or undefined (no such listing, or an
 * older report).
 */
export async function keepCompetition(
  db: Db,
  channel: { id: string; accountId: string },
  competition: ListingCompetition,
): Promise<{ listingId: string; productId: string | null } | undefined> {
  const currency = competition.featured?.currency ?? competition.lowestOther?.currency ?? 'USD';
  const rows = (await db.execute(sql`
    insert into ${listingCompetition} (listing_id, account_id, lowest_other, featured, featured_is_ours, currency, seen_at, updated_at)
    select l.id, l.account_id, ${competition.lowestOther?.amount ?? null}::numeric, ${competition.featured?.amount ?? null}::numeric,
      ${competition.featuredIsOurs}, ${currency}, ${competition.at}::timestamptz, now()
    from ${listings} l
    where l.channel_id = ${channel.id} and l.account_id = ${channel.accountId} and l.marketplace_id = ${competition.productId}
    on conflict (listing_id) do update set
      lowest_other = excluded.lowest_other, featured = excluded.featured, featured_is_ours = excluded.featured_is_ours,
      currency = excluded.currency, seen_at = excluded.seen_at, updated_at = excluded.updated_at
    where ${listingCompetition.seenAt} < excluded.seen_at
    returning listing_id, (select product_id from ${listings} where id = listing_id) as product_id`)) as unknown as {
    rows: Array<{ listing_id: string; product_id: string | null }>;
  };
  const [row] = rows.rows;
  return row ? { listingId: row.listing_id, productId: row.product_id } : undefined;
}

export interface CompetitionRecord {
  listingId: string;
  lowestOther: string | null;
  featured: string | null;
  featuredIsOurs: boolean;
  currency: string;
  seenAt: Date;
}

/** The competition kept for these listings of the account. */
export async function competitionOfListings(
  db: Db,
  accountId: string,
  listingIds: string[],
): Promise<CompetitionRecord[]> {
  if (listingIds.length === 0) return [];
  return db
    .select({
      listingId: listingCompetition.listingId,
      lowestOther: listingCompetition.lowestOther,
      featured: listingCompetition.featured,
      featuredIsOurs: listingCompetition.featuredIsOurs,
      currency: listingCompetition.currency,
      seenAt: listingCompetition.seenAt,
    })
    .from(listingCompetition)
    .where(and(eq(listingCompetition.accountId, accountId), inArray(listingCompetition.listingId, listingIds)));
}

/** The competition kept for a listing as the planners read it (landed prices as decimal strings). */
export interface ListingCompetitionFigures {
  lowestOther: string | null;
  featured: string | null;
  featuredIsOurs: boolean;
}

/** A listing's competition as JSON, from the listing_competition row joined (left join) as `alias`: null where none is kept. */
export const competitionJson = (alias: string) =>
  `case when ${alias}.listing_id is null then null
  else json_build_object('lowestOther', ${alias}.lowest_other::text, 'featured', ${alias}.featured::text,
    'featuredIsOurs', ${alias}.featured_is_ours) end`;

/** A listing's competition in a select joined to listing_competition (left join): null where none is kept. */
export const competitionOfListing = sql<ListingCompetitionFigures | null>`${sql.raw(competitionJson('listing_competition'))}`;
