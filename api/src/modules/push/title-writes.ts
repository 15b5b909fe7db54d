/**
 * Titles edited in the hub (the SKU drawer, a CSV import, an undo) reach the channels: each edit is
 * a change with its before and after, and a write per linked listing on every channel whose rules
 * sync titles (the main channel included, so its next catalogue read does not bring the old title
 * back). The writes wait in the push outbox like prices and go as the marketplace's own title call
 * (the adapter's updateTitle), one SKU a call; a marketplace without one (Walmart) is not sent titles.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { insertChanges, type ChangeInput } from '../../db/queries/changes.ts';
import { channels, listings, listingWrites, type ChannelKind, type ChannelRules } from '../../db/schema/index.ts';
import type { MarketplaceAdapter } from '../../marketplaces/marketplace-adapter.ts';
import type { UpdateOutcome } from '../../marketplaces/types.ts';
import { requestChannelPushes } from './plan-writes.ts';

export interface TitleEdit {
  productId: string;
  sku: string;
  before: string | null;
  after: string;
}

/** Why a marketplace takes no title from us, where it has no call for it. */
const noTitleCall: Partial<Record<ChannelKind, string>> = {
  walmart: "Walmart's API has no title-only update: change the title in Seller Center.",
};

/** Whether a channel takes titles edited in the hub: on unless the seller turned it off (rules saved before the rule existed included). */
export function syncsTitles(rules: ChannelRules): boolean {
  return rules.syncTitle !== false;
}

/**
 * Records each title edit as a change and queues its title for every channel that syncs titles, in
 * the caller's transaction; the channels' pushes are asked for with them.
 */
export async function queueTitleEdits(
  ctx: AppContext,
  tx: Db,
  accountId: string,
  edits: TitleEdit[],
  recordAs: Pick<ChangeInput, 'cause' | 'causeRef' | 'actorUserId'>,
): Promise<void> {
  if (edits.length === 0) return;
  const at = ctx.clock();
  const changeIds = await insertChanges(
    tx,
    accountId,
    edits.map((e) => ({
      ...recordAs,
      productId: e.productId,
      sku: e.sku,
      field: 'title',
      before: e.before,
      after: e.after,
    })),
    at,
  );
  const byProduct = new Map(edits.map((e, i) => [e.productId, { ...e, changeId: changeIds[i]! }]));
  const targets = (
    await tx
      .select({
        listingId: listings.id,
        channelId: listings.channelId,
        productId: listings.productId,
        sku: listings.sku,
        kind: channels.kind,
        rules: channels.rules,
      })
      .from(listings)
      .innerJoin(channels, eq(channels.id, listings.channelId))
      .where(
        and(
          eq(listings.accountId, accountId),
          inArray(listings.productId, [...byProduct.keys()]),
          ne(channels.status, 'disconnected'),
          sql`${listings.marketplaceId} is not null`,
        ),
      )
  )
    // A marketplace without a title call (Walmart) is not sent one: a refusal there would put a listing whose
    // stock and price sync well in error. The seller changes the title there (noTitleCall says where).
    .filter((l) => syncsTitles(l.rules) && noTitleCall[l.kind] === undefined);
  if (targets.length === 0) return;
  // One title waiting per listing: a newer edit replaces one not sent yet.
  await tx
    .update(listingWrites)
    .set({ status: 'superseded', updatedAt: at })
    .where(
      and(
        eq(listingWrites.status, 'pending'),
        eq(listingWrites.field, 'title'),
        inArray(
          listingWrites.listingId,
          targets.map((t) => t.listingId),
        ),
      ),
    );
  await tx.insert(listingWrites).values(
    targets.map((t) => {
      const edit = byProduct.get(t.productId!)!;
      return {
        accountId,
        channelId: t.channelId,
        listingId: t.listingId,
        changeId: edit.changeId,
        sku: t.sku,
        field: 'title' as const,
        before: edit.before,
        after: edit.after,
        status: 'pending' as const,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
  await requestChannelPushes(ctx, tx, accountId, targets);
}

/**
 * One title on one channel, as the marketplace's title call answers. A title the marketplace
 * accepted for processing (Amazon's PATCH) counts as set: it is absolute and applies there shortly.
 */
export async function sendTitle(
  adapter: MarketplaceAdapter,
  write: { sku: string; after: string },
  signal?: AbortSignal,
): Promise<UpdateOutcome> {
  if (!adapter.updateTitle)
    return {
      sku: write.sku,
      outcome: 'rejected',
      message: noTitleCall[adapter.kind] ?? 'This marketplace takes no title from the hub.',
    };
  const outcome = await adapter.updateTitle(write.sku, write.after, signal);
  return outcome.outcome === 'accepted' ? { sku: write.sku, outcome: 'confirmed' } : outcome;
}
