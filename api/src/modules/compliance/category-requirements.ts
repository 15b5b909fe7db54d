import type { AppContext } from '../../context.ts';
import {
  categoriesToRead,
  categoryKeyOf,
  productsInCategories,
  requirementsOf,
  saveRequirements,
  type CategoryKey,
  type CategoryRead,
} from '../../db/queries/category-requirements.ts';
import { findChannelAtWork } from '../../db/queries/channels.ts';
import type { ChannelKind } from '../../db/schema/index.ts';
import { MarketplaceError } from '../../marketplaces/errors.ts';
import { marketplaceNames } from '../../marketplaces/names.ts';
import type { CategoryRequirementsJob } from '../../workers/queues.ts';
import { adapterForChannel } from '../channel-access/channel-adapter.ts';
import { requestCategoryReads } from './category-requirement-requests.ts';
import { recheckProducts } from './recheck.ts';

// What each marketplace category asks of a listing, read from the marketplace's own definition (Amazon's product
// type definitions, eBay's item aspects) and kept a week. A check that meets a listing in a category not read yet
// asks for this job in its own transaction, as for images; the job reads a batch, keeps it, checks again the
// products listed in those categories and asks for itself again while categories wait. A publish reads the
// categories it is about to create listings in before its checks (a call away, outside any transaction). Run
// twice, a read writes the same requirements again.

/** Categories read by one job: the next batch is another job. */
export const CATEGORY_READ_BATCH = 20;

/**
 * Reads these categories of one channel from its marketplace. A category the marketplace refuses (not a leaf, not
 * a product type it has) or cannot answer for now is kept as a failure, in its words; a channel whose
 * marketplace publishes no definitions asks nothing of any category.
 */
async function readChannelCategories(
  ctx: AppContext,
  accountId: string,
  channelId: string,
  categories: readonly string[],
  signal?: AbortSignal,
): Promise<CategoryRead[]> {
  const channel = await findChannelAtWork(ctx.db, accountId, channelId);
  if (!channel) return [];
  const failed = (category: string, failure: string): CategoryRead => ({
    channelId,
    category,
    categoryName: null,
    attributes: [],
    failure,
  });
  const adapter = await adapterForChannel(ctx, channel);
  if (!adapter.categoryRequirements)
    return categories.map((category) => ({ channelId, category, categoryName: null, attributes: [], failure: null }));
  const reads: CategoryRead[] = [];
  for (const category of categories) {
    signal?.throwIfAborted();
    try {
      const found = await adapter.categoryRequirements(category, signal);
      reads.push({
        channelId,
        category,
        categoryName: found.categoryName,
        attributes: found.attributes,
        failure: null,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      const words = error instanceof MarketplaceError ? error.message : String(error);
      reads.push(failed(category, `${marketplaceNames[channel.kind as ChannelKind]} could not say: ${words}`));
    }
  }
  return reads;
}

async function readCategories(
  ctx: AppContext,
  accountId: string,
  keys: readonly CategoryKey[],
  signal?: AbortSignal,
): Promise<CategoryRead[]> {
  const byChannel = new Map<string, string[]>();
  for (const key of keys) byChannel.set(key.channelId, [...(byChannel.get(key.channelId) ?? []), key.category]);
  const reads: CategoryRead[] = [];
  for (const [channelId, categories] of byChannel)
    reads.push(...(await readChannelCategories(ctx, accountId, channelId, categories, signal)));
  return reads;
}

/** The job: a batch of the account's waiting categories read, kept, and their products checked. Answers how many. */
export async function readWaitingCategories(
  ctx: AppContext,
  job: CategoryRequirementsJob,
  signal?: AbortSignal,
): Promise<number> {
  const keys = await categoriesToRead(ctx.db, job.accountId, CATEGORY_READ_BATCH);
  if (keys.length === 0) return 0;
  const reads = await readCategories(ctx, job.accountId, keys, signal);
  await ctx.db.transaction(async (tx) => {
    await saveRequirements(tx, job.accountId, reads);
    if (keys.length === CATEGORY_READ_BATCH) await requestCategoryReads(ctx, tx, job.accountId);
  });
  await recheckProducts(ctx, job.accountId, await productsInCategories(ctx.db, job.accountId, keys));
  return reads.length;
}

/**
 * The requirements of the categories a publish is about to create listings in, read from the marketplace first
 * where not read yet (or too long ago), so the publish check holds each new listing to them. By category.
 */
export async function readCategoriesForPublish(
  ctx: AppContext,
  accountId: string,
  channelId: string,
  categories: readonly string[],
  signal?: AbortSignal,
): Promise<void> {
  const keys = [...new Set(categories)].map((category) => ({ channelId, category }));
  if (keys.length === 0) return;
  const stored = await requirementsOf(ctx.db, accountId, keys);
  const waiting = keys.filter((key) => stored.get(categoryKeyOf(key))?.stale !== false);
  if (waiting.length === 0) return;
  await saveRequirements(ctx.db, accountId, await readCategories(ctx, accountId, waiting, signal));
}
