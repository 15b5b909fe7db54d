import type { AppContext } from '../../context.ts';
import { LATE_COMMIT_MS, latestListingChange, listingsChangedSince } from '../../db/queries/catalogue-version.ts';

/** Each look reaches back this far, so a change committed late is not missed (the ones already told are not told again). */
const LOOKBACK_MS = LATE_COMMIT_MS;
const LIMIT = 1000;

/**
 * The SKUs whose listings changed since the last look, for the live catalogue (GET /api/sync/events,
 * event `listings`). The first look only marks where the feed starts.
 */
export function listingChangeFeed(ctx: AppContext, accountId: string): { next(): Promise<string[]> } {
  let since: number | undefined;
  let reachBack = true;
  const told = new Map<string, number>();
  return {
    async next() {
      if (since === undefined) {
        since = (await latestListingChange(ctx.db, accountId))?.getTime() ?? 0;
        // What changed just before the feed started is in the page the browser reads now.
        for (const row of await listingsChangedSince(ctx.db, accountId, new Date(since - LOOKBACK_MS), LIMIT))
          told.set(row.id, row.updatedAt.getTime());
        return [];
      }
      const rows = await listingsChangedSince(
        ctx.db,
        accountId,
        new Date(reachBack ? since - LOOKBACK_MS : since),
        LIMIT,
      );
      const fresh = rows.filter((row) => told.get(row.id) !== row.updatedAt.getTime());
      for (const row of fresh) told.set(row.id, row.updatedAt.getTime());
      if (rows.length) since = Math.max(since, rows.at(-1)!.updatedAt.getTime());
      // Thousands changed at once (a bulk edit): the next look starts after them; any event refreshes the page anyway.
      reachBack = rows.length < LIMIT;
      for (const [id, at] of told) if (at < since - LOOKBACK_MS) told.delete(id);
      return [...new Set(fresh.map((row) => row.sku))];
    },
  };
}
