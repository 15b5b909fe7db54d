/**
 * Walmart's own stock of the items it fulfils (WFS), through GET /v3/fulfillment/inventory
 * (inventory.json getWFSInventory): every item, or those modified since a time, 300 a page.
 */
import type { MarketplaceAdapter } from '../marketplace-adapter.ts';
import type { MarketplaceStock } from '../types.ts';
import type { WalmartClient } from './walmart-client.ts';
import type { WalmartWfsInventoryPage } from './types.ts';
import { marketplaceStockFromWfs } from './wfs-transform.ts';

/** getWFSInventory's largest page ("Cannot be larger than 300"). */
export const WFS_INVENTORY_PAGE_SIZE = 300;

export function walmartMarketplaceStock(
  client: WalmartClient,
): Required<Pick<MarketplaceAdapter, 'listMarketplaceStock'>> {
  return {
    async listMarketplaceStock(since, signal): Promise<MarketplaceStock[]> {
      const found: MarketplaceStock[] = [];
      for (let offset = 0; ; offset += WFS_INVENTORY_PAGE_SIZE) {
        const { body } = await client.call<WalmartWfsInventoryPage>(
          'inventoryRead',
          {
            method: 'GET',
            url: client.endpoints.wfsInventory({
              limit: WFS_INVENTORY_PAGE_SIZE,
              offset,
              ...(since ? { fromModifiedDate: since.toISOString() } : {}),
            }),
          },
          signal,
        );
        const items = body.payload?.inventory ?? [];
        found.push(...marketplaceStockFromWfs(body));
        const total = body.headers?.totalCount;
        if (items.length < WFS_INVENTORY_PAGE_SIZE || (total !== undefined && offset + items.length >= total)) break;
      }
      return found;
    },
  };
}
