import type { AppContext } from '../../context.ts';
import { latestOrderChange } from '../../db/queries/order-pages.ts';

/**
 * Whether the account's orders changed since the last look, for the live Orders page (GET
 * /api/sync/events, event `orders`): answers the new latest change, or null. The first look only
 * marks where the feed starts.
 */
export function orderChangeFeed(ctx: AppContext, accountId: string): { next(): Promise<string | null> } {
  let seen: number | undefined;
  return {
    async next() {
      const latest = (await latestOrderChange(ctx.db, accountId))?.getTime() ?? 0;
      const first = seen === undefined;
      const changed = !first && latest > seen!;
      seen = Math.max(seen ?? 0, latest);
      return changed ? new Date(latest).toISOString() : null;
    },
  };
}
