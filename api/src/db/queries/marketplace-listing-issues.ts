import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { channelViolationReads, marketplaceListingIssues, type MarketplaceIssueValue } from '../schema/index.ts';

// The problems marketplaces report on listings, kept per listing as the latest read found them.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The same problems, in any order. */
const sameIssues = (a: readonly MarketplaceIssueValue[], b: readonly MarketplaceIssueValue[]) => {
  const key = (list: readonly MarketplaceIssueValue[]) =>
    list
      .map((i) => JSON.stringify([i.code, i.severity, i.suppressing, i.message]))
      .sort()
      .join('\n');
  return key(a) === key(b);
};

/**
 * The channel's listings' problems become those read: for the SKUs read (`scope` 'read'), or for every
 * listing of the channel (`scope` 'channel': a SKU not read has none, as eBay lists only the listings with
 * violations). A listing whose problems changed is stamped (`updated_at`), so the compliance check takes
 * it up. SKUs the channel has no listing of are passed over. Answers how many listings changed.
 */
export async function storeMarketplaceIssues(
  db: Db,
  channel: { id: string; accountId: string },
  read: ReadonlyMap<string, readonly MarketplaceIssueValue[]>,
  scope: 'read' | 'channel',
): Promise<number> {
  const skus = [...read.keys()];
  const listingRows = rowsOf<{ id: string; sku: string }>(
    await db.execute(sql`select id, sku from listings where channel_id = ${channel.id}
      and account_id = ${channel.accountId}
      and sku in (select jsonb_array_elements_text(${JSON.stringify(skus)}::jsonb))`),
  );
  const held = rowsOf<{ listing_id: string; sku: string; issues: MarketplaceIssueValue[] }>(
    await db.execute(sql`select m.listing_id, l.sku, m.issues from ${marketplaceListingIssues} m
      join listings l on l.id = m.listing_id
      where m.channel_id = ${channel.id} and m.account_id = ${channel.accountId}`),
  );
  const heldBySku = new Map(held.map((h) => [h.sku, h]));
  const changed: string[] = [];
  for (const listing of listingRows) {
    const issues = read.get(listing.sku) ?? [];
    if (sameIssues(heldBySku.get(listing.sku)?.issues ?? [], issues)) continue;
    changed.push(listing.id);
    if (issues.length === 0)
      await db.execute(sql`delete from ${marketplaceListingIssues} where listing_id = ${listing.id}`);
    else
      await db
        .insert(marketplaceListingIssues)
        .values({ listingId: listing.id, accountId: channel.accountId, channelId: channel.id, issues: [...issues] })
        .onConflictDoUpdate({
          target: marketplaceListingIssues.listingId,
          set: { issues: [...issues], readAt: sql`now()` },
        });
  }
  if (scope === 'channel')
    for (const gone of held.filter((h) => !read.has(h.sku))) {
      changed.push(gone.listing_id);
      await db.execute(sql`delete from ${marketplaceListingIssues} where listing_id = ${gone.listing_id}`);
    }
  if (changed.length > 0)
    await db.execute(sql`update listings set updated_at = now()
      where id = any(${`{${changed.join(',')}}`}::uuid[]) and account_id = ${channel.accountId}`);
  return changed.length;
}

/**
 * The channels at work whose listing violations are due for a read at `now`: never read, or last read
 * `everyMs` ago or more (`channel_violation_reads`). Oldest turn first.
 */
export async function channelsDueForViolationsRead(
  db: Db,
  now: Date,
  everyMs: number,
): Promise<Array<{ id: string; accountId: string }>> {
  const dueBefore = new Date(now.getTime() - everyMs + 5_000);
  return rowsOf<{ id: string; accountId: string }>(
    await db.execute(sql`select c.id, c.account_id as "accountId" from channels c
      left join ${channelViolationReads} r on r.channel_id = c.id
      where c.status in ('active', 'error') and (r.read_at is null or r.read_at <= ${dueBefore})
      order by r.read_at nulls first, c.id`),
  );
}

/** Notes that the channel's listing violations were read (or tried: a failed read waits for the next turn) at `at`. */
export async function stampViolationsRead(db: Db, channel: { id: string; accountId: string }, at: Date): Promise<void> {
  await db
    .insert(channelViolationReads)
    .values({ channelId: channel.id, accountId: channel.accountId, readAt: at })
    .onConflictDoUpdate({ target: channelViolationReads.channelId, set: { readAt: at } });
}
