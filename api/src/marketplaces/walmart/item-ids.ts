import { MarketplaceError } from '../errors.ts';
import { mapConcurrent } from '../shared/concurrency.ts';
import type { WalmartItemsPage } from './types.ts';
import type { WalmartClient } from './walmart-client.ts';

/** Item lookups at once: Walmart's items read limit is a few a second. */
const LOOKUPS_AT_ONCE = 2;

/**
 * The seller's SKU of each Walmart item id (GET /v3/items/{id}?productIdType=ITEM_ID, items.json getAnItem): the
 * bridge from Walmart Connect, which names an ad's item by its Walmart id, to the catalogue's SKUs. Answers are
 * kept (an item's id never moves to another SKU), so each id is asked once per adapter; an id that is not the
 * seller's item is left out.
 */
export function walmartSkusOfItems(client: WalmartClient) {
  const known = new Map<string, string | null>();
  return async (itemIds: string[], signal?: AbortSignal): Promise<Record<string, string>> => {
    const unknown = [...new Set(itemIds)].filter((id) => !known.has(id));
    await mapConcurrent(unknown, LOOKUPS_AT_ONCE, async (itemId) => {
      try {
        const page = await client.call<WalmartItemsPage>(
          'itemsRead',
          { method: 'GET', url: client.endpoints.itemOfWalmartId(itemId) },
          signal,
        );
        known.set(itemId, page.body.ItemResponse?.[0]?.sku ?? null);
      } catch (error) {
        if (error instanceof MarketplaceError && error.details.status === 404) known.set(itemId, null);
        else throw error;
      }
    });
    return Object.fromEntries(itemIds.flatMap((id) => (known.get(id) ? [[id, known.get(id)!]] : [])));
  };
}
