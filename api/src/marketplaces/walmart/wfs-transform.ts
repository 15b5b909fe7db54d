/**
 * Walmart's own stock of the items it fulfils (WFS), from getWFSInventory (inventory.json
 * WfsInventoryDTO): the units available to sell at its WFS nodes, per SKU.
 */
import type { MarketplaceStock } from '../types.ts';
import type { WalmartWfsInventoryPage } from './types.ts';

/** Each item's SKU and the units Walmart can sell from its WFS nodes (availToSellQty summed); an item without a SKU is left out. */
export function marketplaceStockFromWfs(page: WalmartWfsInventoryPage): MarketplaceStock[] {
  return (page.payload?.inventory ?? []).flatMap((item) => {
    if (!item.sku) return [];
    const nodes = (item.shipNodes ?? []).filter((n) => (n.shipNodeType ?? 'WFSFulfilled') === 'WFSFulfilled');
    const quantity = nodes.reduce(
      (sum, n) => sum + (Number.isFinite(n.availToSellQty) ? Math.max(0, Math.floor(n.availToSellQty!)) : 0),
      0,
    );
    return [{ sku: item.sku, quantity }];
  });
}
