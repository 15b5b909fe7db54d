import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { listChannels } from '../../db/queries/channels.ts';
import { markSynced, productIdsBySku, upsertListings, upsertProducts, type ListingInput } from '../../db/queries/catalogue.ts';
import type { CatalogueItem } from '../../marketplaces/types.ts';
import type { MarketplaceAdapter } from '../../marketplaces/marketplace-adapter.ts';
import { adapterForChannel } from '../channels/channel-adapter.ts';
import { enqueue } from '../../workers/job-queue.ts';
import { CATALOGUE_QUEUE, type CatalogueJob } from '../../workers/queues.ts';

/** Asks for the account's catalogue to be read again, with the change that calls for it (same transaction). */
export function requestCatalogueImport(ctx: AppContext, tx: Db, accountId: string): Promise<string | null> {
  // One waiting import per account is enough: a second request finds the first still queued.
  return enqueue<CatalogueJob>(ctx.jobs, tx, CATALOGUE_QUEUE, { accountId }, { singletonKey: `catalogue:${accountId}` });
}

const READ_BATCH = 20;

/** Every page of a channel's catalogue; items whose stock the listing page leaves out are read per SKU. */
async function readCatalogue(adapter: MarketplaceAdapter, signal?: AbortSignal): Promise<CatalogueItem[]> {
  const items: CatalogueItem[] = [];
  let cursor: string | undefined;
  do {
    const page = await adapter.listCatalogue(cursor, signal);
    items.push(...page.items);
    cursor = page.next;
  } while (cursor);
  const unknown = items.filter((i) => i.quantity === null).map((i) => i.sku);
  for (let i = 0; i < unknown.length; i += READ_BATCH) {
    const states = await adapter.readListings(unknown.slice(i, i + READ_BATCH), signal);
    const bySku = new Map(states.map((s) => [s.sku, s]));
    for (const item of items) {
      const state = bySku.get(item.sku);
      if (state && item.quantity === null) item.quantity = state.quantity;
    }
  }
  return items;
}

const asListing = (i: CatalogueItem): ListingInput => ({ sku: i.sku, marketplaceId: i.marketplaceId, status: i.status, quantity: i.quantity, price: i.price?.amount ?? null });

/**
 * Reads the main channel's catalogue into products (its stock is the truth) and its listings, then
 * every target's listings, linked to the products by SKU. A SKU on a target that the main channel
 * lacks is kept unlinked: shown, never deleted. Upserts throughout, so running twice is harmless.
 */
export async function importCatalogue(ctx: AppContext, job: CatalogueJob, signal?: AbortSignal): Promise<{ products: number; channels: number }> {
  const channels = (await listChannels(ctx.db, job.accountId)).filter((c) => c.status === 'active');
  const main = channels.find((c) => c.role === 'main');
  if (!main) return { products: 0, channels: 0 };

  const mainItems = await readCatalogue(await adapterForChannel(ctx, main), signal);
  const now = ctx.clock();
  const productIds = new Map<string, string>();
  for (let i = 0; i < mainItems.length; i += 500) {
    const page = mainItems.slice(i, i + 500);
    await ctx.db.transaction(async (tx) => {
      const ids = await upsertProducts(
        tx,
        job.accountId,
        main.id,
        page.map((item) => ({
          sku: item.sku,
          title: item.title,
          description: item.description,
          brand: item.brand,
          gtin: item.gtin,
          images: item.images,
          attributes: item.attributes,
          price: item.price?.amount ?? null,
          currency: item.price?.currency ?? null,
          onHand: item.quantity,
        })),
        now,
      );
      ids.forEach((id, sku) => productIds.set(sku, id));
      await upsertListings(tx, job.accountId, main.id, page.map(asListing), ids, now);
    });
  }
  await markSynced(ctx.db, job.accountId, main.id, now);

  const known = await productIdsBySku(ctx.db, job.accountId);
  for (const target of channels.filter((c) => c.role === 'target')) {
    const items = await readCatalogue(await adapterForChannel(ctx, target), signal);
    for (let i = 0; i < items.length; i += 500) {
      await upsertListings(ctx.db, job.accountId, target.id, items.slice(i, i + 500).map(asListing), known, ctx.clock());
    }
    await markSynced(ctx.db, job.accountId, target.id, ctx.clock());
  }
  return { products: productIds.size, channels: channels.length };
}
